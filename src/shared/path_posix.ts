// Copyright 2026 the skillscope authors. MIT license.
/**
 * POSIX paths (`/`), each function returning what Node's `path.posix`
 * returns for the same input.
 *
 * @module
 */
import {
  lastSegment,
  normalizeSegments,
  type PathFlavour,
  relativeSegments,
} from "./path_common.ts";

const isSep = (c: number): boolean => c === 0x2f;

function normalize(path: string): string {
  if (path === "") return ".";
  const rooted = isSep(path.charCodeAt(0));
  const trailing = isSep(path.charCodeAt(path.length - 1));
  let body = normalizeSegments(path.split("/"), rooted).join("/");
  if (body === "" && !rooted) body = ".";
  if (body !== "" && trailing) body += "/";
  return rooted ? `/${body}` : body;
}

function resolve(cwd: () => string, ...parts: string[]): string {
  let path = "";
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    if (part === "") continue;
    path = path === "" ? part : `${part}/${path}`;
    if (isSep(part.charCodeAt(0))) break;
  }
  if (!isSep(path.charCodeAt(0))) {
    path = path === "" ? cwd() : `${cwd()}/${path}`;
  }
  return `/${normalizeSegments(path.split("/"), true).join("/")}`;
}

/**
 * POSIX paths.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { posix } from "./path_posix.ts";
 *
 * assert.equal(posix.join("/skills", "pdf", "../SKILL.md"), "/skills/SKILL.md");
 * assert.equal(posix.relative(() => "/", "/skills/pdf", "/skills/docx"), "../docx");
 * ```
 */
export const posix: PathFlavour = Object.freeze({
  sep: "/" as const,
  join(...parts: string[]): string {
    const joined = parts.filter((part) => part !== "").join("/");
    return joined === "" ? "." : normalize(joined);
  },
  resolve,
  dirname(path: string): string {
    if (path === "") return ".";
    const rooted = isSep(path.charCodeAt(0));
    let end = -1;
    let inSegment = false;
    for (let i = path.length - 1; i >= 1; i--) {
      if (!isSep(path.charCodeAt(i))) inSegment = true;
      else if (inSegment) {
        end = i;
        break;
      }
    }
    if (end === -1) return rooted ? "/" : ".";
    // POSIX leaves the meaning of a leading "//" to the system: keep it.
    if (rooted && end === 1) return "//";
    return path.slice(0, end);
  },
  basename(path: string): string {
    return lastSegment(path, 0, isSep, -1).base;
  },
  isAbsolute(path: string): boolean {
    return isSep(path.charCodeAt(0));
  },
  relative(cwd: () => string, from: string, to: string): string {
    if (from === to) return "";
    const split = (path: string): string[] =>
      resolve(cwd, path).split("/").filter((s) => s !== "");
    return relativeSegments(split(from), split(to), (a, b) => a === b)
      .join("/");
  },
});
