// Copyright 2026 the skillscope authors. MIT license.
/**
 * Windows paths (`\` or `/`, drive letters, UNC shares), each function
 * returning what Node's `path.win32` returns for the same input.
 *
 * @module
 */
import {
  lastSegment,
  normalizeSegments,
  type PathFlavour,
  relativeSegments,
} from "./path_common.ts";

const isSlash = (c: number): boolean => c === 0x2f || c === 0x5c;
const isLetter = (c: number): boolean =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** The length of a Windows path's root as `dirname` sees it (`C:`, `C:\`, `\`, `\\server\share\`), or -1. */
function rootEnd(path: string): number {
  const c0 = path.charCodeAt(0);
  if (isSlash(c0)) {
    if (!isSlash(path.charCodeAt(1))) return 1;
    let j = 2;
    const server = j;
    while (j < path.length && !isSlash(path.charCodeAt(j))) j++;
    if (j === path.length || j === server) return 1;
    while (j < path.length && isSlash(path.charCodeAt(j))) j++;
    if (j === path.length) return 1;
    const share = j;
    while (j < path.length && !isSlash(path.charCodeAt(j))) j++;
    if (j === path.length) return j;
    return j === share ? 1 : j + 1;
  }
  if (isLetter(c0) && path.charCodeAt(1) === 0x3a) {
    return isSlash(path.charCodeAt(2)) ? 3 : 2;
  }
  return -1;
}

function normalize(path: string): string {
  if (path === "") return ".";
  const end = rootEnd(path);
  let root = end === -1 ? "" : path.slice(0, end);
  const unc = end > 2 && isSlash(path.charCodeAt(0)) &&
    isSlash(path.charCodeAt(1));
  if (unc) root = `\\\\${root.split(/[\\/]+/).filter((s) => s).join("\\")}\\`;
  else root = root.replaceAll("/", "\\");
  const absolute = unc || isSlash(root.charCodeAt(root.length - 1));
  const rest = path.slice(root === "" ? 0 : end);
  const trailing = rest !== "" && isSlash(rest.charCodeAt(rest.length - 1));
  let body = normalizeSegments(rest.split(/[\\/]/), absolute).join("\\");
  if (body === "" && !absolute) body = ".";
  if (body !== "" && trailing) body += "\\";
  return root + body;
}

function resolve(cwd: () => string, ...parts: string[]): string {
  // Right to left: gather the tail until a rooted part, and the device
  // (drive or UNC share) from the first part that names one.
  let device = "";
  let tail = "";
  let rooted = false;
  const candidates = [...parts];
  let usedCwd = false;
  for (let i = candidates.length - 1; i >= 0 || !usedCwd; i--) {
    if (i < 0) {
      candidates.unshift(cwd());
      usedCwd = true;
      i = 0;
    }
    const part = candidates[i]!;
    if (part === "") continue;
    const end = rootEnd(part);
    const root = end === -1 ? "" : part.slice(0, end);
    const partDevice = isSlash(root.charCodeAt(0))
      ? (isSlash(root.charCodeAt(1)) ? root.replace(/[\\/]+$/, "") : "")
      : root.slice(0, 2);
    if (
      device !== "" && partDevice !== "" &&
      partDevice.toLowerCase() !== device.toLowerCase()
    ) continue;
    if (device === "") device = partDevice;
    if (!rooted) {
      tail = `${part.slice(partDevice.length)}\\${tail}`;
      rooted = isSlash(partDevice.charCodeAt(0)) ||
        isSlash(part.charCodeAt(partDevice.length));
    }
    if (device !== "" && rooted) break;
    if (usedCwd && i === 0) break;
  }
  const normalized = normalize(`${device}\\${tail}`);
  return normalized.length > rootEnd(normalized) &&
      isSlash(normalized.charCodeAt(normalized.length - 1))
    ? normalized.slice(0, -1)
    : normalized;
}

const sameName = (a: string, b: string): boolean =>
  a.toLowerCase() === b.toLowerCase();

/**
 * Windows paths.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { win32 } from "./path_win32.ts";
 *
 * assert.equal(win32.join("C:\\skills", "pdf", "../SKILL.md"), "C:\\skills\\SKILL.md");
 * assert.equal(win32.relative(() => "C:\\", "C:\\Skills\\pdf", "c:\\skills\\docx"), "..\\docx");
 * ```
 */
export const win32: PathFlavour = Object.freeze({
  sep: "\\" as const,
  join(...parts: string[]): string {
    const kept = parts.filter((part) => part !== "");
    if (kept.length === 0) return ".";
    let joined = kept.join("\\");
    // A first part that is not itself a UNC root must not become one.
    if (!isSlash(kept[0]!.charCodeAt(0)) || !isSlash(kept[0]!.charCodeAt(1))) {
      joined = joined.replace(/^[\\/]{2,}/, "\\");
    }
    return normalize(joined);
  },
  resolve,
  dirname(path: string): string {
    if (path.length === 1) return isSlash(path.charCodeAt(0)) ? path : ".";
    const end = rootEnd(path);
    if (
      end === path.length && isSlash(path.charCodeAt(1)) &&
      isSlash(path.charCodeAt(0)) && !isSlash(path.charCodeAt(end - 1))
    ) {
      return path;
    }
    return lastSegment(path, Math.max(end, 0), isSlash, end).dir;
  },
  basename(path: string): string {
    const drive = path.length >= 2 && isLetter(path.charCodeAt(0)) &&
      path.charCodeAt(1) === 0x3a;
    return lastSegment(path, drive ? 2 : 0, isSlash, -1).base;
  },
  isAbsolute(path: string): boolean {
    const c0 = path.charCodeAt(0);
    return isSlash(c0) ||
      (isLetter(c0) && path.charCodeAt(1) === 0x3a &&
        isSlash(path.charCodeAt(2)));
  },
  relative(cwd: () => string, from: string, to: string): string {
    if (from === to) return "";
    const fromPath = resolve(cwd, from);
    const toPath = resolve(cwd, to);
    const fromParts = fromPath.split("\\").filter((s) => s !== "");
    const toParts = toPath.split("\\").filter((s) => s !== "");
    // Another drive or server: no relative path leads there.
    if (!sameName(fromParts[0] ?? "", toParts[0] ?? "")) return toPath;
    return relativeSegments(fromParts, toParts, sameName).join("\\");
  },
});
