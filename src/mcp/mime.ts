// Copyright 2026 the skillscope authors. MIT license.
/**
 * The MIME type a skill file is served with, from its extension.
 *
 * @module
 */

const TYPES: Readonly<Record<string, string>> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  xml: "application/xml",
  html: "text/html",
  css: "text/css",
  csv: "text/csv",
  js: "text/javascript",
  mjs: "text/javascript",
  ts: "text/typescript",
  py: "text/x-python",
  sh: "text/x-shellscript",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
};

/**
 * The MIME type of a skill file: known extensions map to their type,
 * anything else is `application/octet-stream`.
 *
 * @example Usage
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { mimeTypeOf } from "./mime.ts";
 *
 * strictEqual(mimeTypeOf("SKILL.md"), "text/markdown");
 * strictEqual(mimeTypeOf("scripts/run"), "application/octet-stream");
 * ```
 *
 * @param path A relative path.
 * @returns The MIME type.
 */
export function mimeTypeOf(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "application/octet-stream";
  return TYPES[name.slice(dot + 1).toLowerCase()] ?? "application/octet-stream";
}
