// Copyright 2026 the skillscope authors. MIT license.
/**
 * The path operations the discovery path needs (`join`, `resolve`,
 * `dirname`, `basename`, `fromFileUrl`), for POSIX and Windows paths, without
 * `node:path`: importing any `node:` module starts Deno's Node compatibility
 * layer, which costs every importer about 15 ms of start-up. Each function
 * returns what `node:path` returns for the same input (a property test checks
 * this against `node:path.posix` and `node:path.win32`).
 *
 * @module
 */

/** One path flavour: POSIX (`/`) or Windows (`\`, drive letters, UNC). */
export interface PathFlavour {
  /** The preferred separator. */
  readonly sep: "/" | "\\";
  /** Joins segments and normalizes the result, as `path.join` does. */
  join(...parts: string[]): string;
  /** An absolute, normalized path, as `path.resolve` does. */
  resolve(cwd: () => string, ...parts: string[]): string;
  /** The parent directory, as `path.dirname` does. */
  dirname(path: string): string;
  /** The last segment, as `path.basename` does. */
  basename(path: string): string;
  /** Whether `path` is absolute. */
  isAbsolute(path: string): boolean;
}

/** Resolves `.` and `..` segments of a path split on `/`; `rooted` paths cannot climb above the root. */
function normalizeSegments(segments: string[], rooted: boolean): string[] {
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
      continue;
    }
    out.push(segment);
  }
  return out;
}

function posixNormalize(path: string): string {
  if (path === "") return ".";
  const rooted = path.charCodeAt(0) === 0x2f;
  const trailing = path.charCodeAt(path.length - 1) === 0x2f;
  let body = normalizeSegments(path.split("/"), rooted).join("/");
  if (body === "" && !rooted) body = ".";
  if (body !== "" && trailing) body += "/";
  return rooted ? `/${body}` : body;
}

/** POSIX paths. */
export const posix: PathFlavour = Object.freeze({
  sep: "/" as const,
  join(...parts: string[]): string {
    const joined = parts.filter((part) => part !== "").join("/");
    return joined === "" ? "." : posixNormalize(joined);
  },
  resolve(cwd: () => string, ...parts: string[]): string {
    let path = "";
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!;
      if (part === "") continue;
      path = path === "" ? part : `${part}/${path}`;
      if (part.charCodeAt(0) === 0x2f) break;
    }
    if (path.charCodeAt(0) !== 0x2f) {
      path = path === "" ? cwd() : `${cwd()}/${path}`;
    }
    const body = normalizeSegments(path.split("/"), true).join("/");
    return `/${body}`;
  },
  dirname(path: string): string {
    if (path === "") return ".";
    const rooted = path.charCodeAt(0) === 0x2f;
    let end = -1;
    let inSegment = false;
    for (let i = path.length - 1; i >= 1; i--) {
      if (path.charCodeAt(i) !== 0x2f) inSegment = true;
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
    return lastSegment(path, 0, (c) => c === 0x2f, -1).base;
  },
  isAbsolute(path: string): boolean {
    return path.charCodeAt(0) === 0x2f;
  },
});

const isSlash = (c: number): boolean => c === 0x2f || c === 0x5c;

/**
 * The last segment of `path` (ignoring trailing separators) and what comes
 * before it. `from` is where segments may start (after a drive letter);
 * `rootEnd` is the length of the root, or -1 when there is none.
 */
function lastSegment(
  path: string,
  from: number,
  isSep: (c: number) => boolean,
  rootEnd: number,
): { dir: string; base: string } {
  let end = -1; // end of the last segment
  let start = from; // start of the last segment
  let i = path.length - 1;
  for (; i >= from; i--) {
    const sep = isSep(path.charCodeAt(i));
    if (end === -1) {
      if (!sep) end = i + 1;
    } else if (sep) {
      start = i + 1;
      break;
    }
  }
  const base = end === -1 ? "" : path.slice(start, end);
  // The directory ends at the separator run's last character before the segment.
  let dirEnd = -1;
  if (end !== -1 && i >= from && i >= Math.max(rootEnd, 1)) dirEnd = i;
  if (dirEnd === -1) {
    if (rootEnd === -1) {
      return {
        dir: path === "" || !isSep(path.charCodeAt(0)) ? "." : path.slice(0, 1),
        base,
      };
    }
    return { dir: path.slice(0, rootEnd), base };
  }
  return { dir: path.slice(0, dirEnd), base };
}

/** The length of a Windows path's root as `dirname` sees it (`C:`, `C:\`, `\`, `\\server\share\`), or -1. */
function win32RootEnd(path: string): number {
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
const isLetter = (c: number): boolean =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

function win32Normalize(path: string): string {
  if (path === "") return ".";
  const rootEnd = win32RootEnd(path);
  let root = rootEnd === -1 ? "" : path.slice(0, rootEnd);
  const unc = rootEnd > 2 && isSlash(path.charCodeAt(0)) &&
    isSlash(path.charCodeAt(1));
  if (unc) root = `\\\\${root.split(/[\\/]+/).filter((s) => s).join("\\")}\\`;
  else root = root.replaceAll("/", "\\");
  const absolute = unc || isSlash(root.charCodeAt(root.length - 1));
  const rest = path.slice(root === "" ? 0 : rootEnd);
  const trailing = rest !== "" && isSlash(rest.charCodeAt(rest.length - 1));
  let body = normalizeSegments(rest.split(/[\\/]/), absolute).join("\\");
  if (body === "" && !absolute) body = ".";
  if (body !== "" && trailing) body += "\\";
  return root + body;
}

/** Windows paths. */
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
    return win32Normalize(joined);
  },
  resolve(cwd: () => string, ...parts: string[]): string {
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
      const end = win32RootEnd(part);
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
    const normalized = win32Normalize(`${device}\\${tail}`);
    return normalized.length > win32RootEnd(normalized) &&
        isSlash(normalized.charCodeAt(normalized.length - 1))
      ? normalized.slice(0, -1)
      : normalized;
  },
  dirname(path: string): string {
    if (path.length === 1) return isSlash(path.charCodeAt(0)) ? path : ".";
    const rootEnd = win32RootEnd(path);
    if (
      rootEnd === path.length && isSlash(path.charCodeAt(1)) &&
      isSlash(path.charCodeAt(0)) && !isSlash(path.charCodeAt(rootEnd - 1))
    ) {
      return path;
    }
    return lastSegment(path, Math.max(rootEnd, 0), isSlash, rootEnd).dir;
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
});

const flavour: PathFlavour = Deno.build.os === "windows" ? win32 : posix;

/**
 * The platform's path separator.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SEP } from "./path.ts";
 *
 * assert.equal(SEP, Deno.build.os === "windows" ? "\\" : "/");
 * ```
 */
export const SEP: "/" | "\\" = flavour.sep;

/**
 * Joins path segments and normalizes the result, as `node:path`'s `join`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { join } from "./path.ts";
 *
 * assert.equal(join("/skills", "pdf", "../SKILL.md"), "/skills/SKILL.md");
 * ```
 *
 * @param parts The segments.
 * @returns The joined path.
 */
export function join(...parts: string[]): string {
  return flavour.join(...parts);
}

/**
 * An absolute, normalized path, as `node:path`'s `resolve`. Reads the current
 * directory only when no part is absolute.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolve } from "./path.ts";
 *
 * assert.equal(resolve("/skills/pdf", "../docx"), "/skills/docx");
 * ```
 *
 * @param parts The segments, resolved right to left.
 * @returns The absolute path.
 */
export function resolve(...parts: string[]): string {
  return flavour.resolve(() => Deno.cwd(), ...parts);
}

/**
 * The parent directory of `path`, as `node:path`'s `dirname`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { dirname } from "./path.ts";
 *
 * assert.equal(dirname("/skills/pdf/SKILL.md"), "/skills/pdf");
 * ```
 *
 * @param path A path.
 * @returns Its directory.
 */
export function dirname(path: string): string {
  return flavour.dirname(path);
}

/**
 * The last segment of `path`, as `node:path`'s `basename`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { basename } from "./path.ts";
 *
 * assert.equal(basename("/skills/pdf/"), "pdf");
 * ```
 *
 * @param path A path.
 * @returns Its last segment.
 */
export function basename(path: string): string {
  return flavour.basename(path);
}

/**
 * The path of a `file:` URL, as `node:url`'s `fileURLToPath`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fromFileUrl } from "./path.ts";
 *
 * assert.equal(fromFileUrl(new URL("file:///skills/a%20b")), "/skills/a b");
 * ```
 *
 * @param url A `file:` URL.
 * @returns The path.
 * @throws {TypeError} when `url` is not a `file:` URL.
 */
export function fromFileUrl(url: URL): string {
  if (url.protocol !== "file:") {
    throw new TypeError(`Not a file: URL: ${url.href}`);
  }
  if (
    /%2f/i.test(url.pathname) ||
    (flavour === win32 && /%5c/i.test(url.pathname))
  ) {
    throw new TypeError(
      `File URL path must not include an encoded separator: ${url.href}`,
    );
  }
  const path = decodeURIComponent(url.pathname);
  if (flavour === posix) {
    if (url.hostname !== "" && url.hostname !== "localhost") {
      throw new TypeError(
        `File URL host must be "localhost" or empty: ${url.href}`,
      );
    }
    return path;
  }
  const local = path.replace(/^\/([A-Za-z]:)/, "$1").replaceAll("/", "\\");
  return url.hostname === "" ? local : `\\\\${url.hostname}${local}`;
}
