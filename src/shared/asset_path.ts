// Copyright 2026 the skillscope authors. MIT license.
/**
 * The lexical guard on asset paths: relative, no `..`, no NUL.
 *
 * @module
 */

/**
 * Normalizes an asset path requested for a skill, or returns `undefined` when
 * it must be refused: empty, absolute (`/x`, `C:\x`, `\\server\x`), with a
 * `..` segment, or with a NUL byte. Backslashes count as separators; `.` and
 * empty segments are dropped.
 *
 * @example Usage
 * ```ts
 * import { normalizeAssetPath } from "./asset_path.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(normalizeAssetPath("./scripts\\run.py"), "scripts/run.py");
 * assert.equal(normalizeAssetPath("a/../../x"), undefined);
 * assert.equal(normalizeAssetPath("/etc/passwd"), undefined);
 * ```
 *
 * @param path The requested path.
 * @returns The normalized relative path, or `undefined` when refused.
 */
export function normalizeAssetPath(path: string): string | undefined {
  if (typeof path !== "string" || path.includes("\0")) return undefined;
  const unified = path.replaceAll("\\", "/");
  if (unified.startsWith("/") || /^[A-Za-z]:/.test(unified)) return undefined;
  const segments = unified.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.length === 0 || segments.includes("..")) return undefined;
  return segments.join("/");
}
