// Copyright 2026 the skillscope authors. MIT license.
/**
 * What the POSIX and the Windows path flavours share: the shape of a flavour
 * and the segment arithmetic both build on.
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
  /** The path from `from` to `to`, both resolved first, as `path.relative` does. */
  relative(cwd: () => string, from: string, to: string): string;
}

/**
 * Resolves the `.` and `..` segments of a path split on its separators and
 * drops empty ones; a `rooted` path cannot climb above its root.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeSegments } from "./path_common.ts";
 *
 * assert.deepEqual(normalizeSegments(["a", "", ".", "b", ".."], false), ["a"]);
 * assert.deepEqual(normalizeSegments(["..", "a"], false), ["..", "a"]);
 * assert.deepEqual(normalizeSegments(["..", "a"], true), ["a"]);
 * ```
 *
 * @param segments The segments, in order.
 * @param rooted Whether the path starts at a root.
 * @returns The normalized segments.
 */
export function normalizeSegments(
  segments: string[],
  rooted: boolean,
): string[] {
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

/**
 * The last segment of `path` (ignoring trailing separators) and what comes
 * before it, as `dirname` and `basename` see them.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastSegment } from "./path_common.ts";
 *
 * const slash = (c: number) => c === 0x2f;
 * assert.deepEqual(lastSegment("/a/b/", 0, slash, -1), { dir: "/a", base: "b" });
 * assert.deepEqual(lastSegment("b", 0, slash, -1), { dir: ".", base: "b" });
 * ```
 *
 * @param path A path.
 * @param from Where segments may start (after a drive letter).
 * @param isSep Whether a character code is a separator.
 * @param rootEnd The length of the path's root, or -1 when it has none.
 * @returns The directory and the last segment.
 */
export function lastSegment(
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

/**
 * The segments that lead from the path split into `from` to the one split
 * into `to`: one `..` per segment of `from` after the common start, then the
 * rest of `to`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { relativeSegments } from "./path_common.ts";
 *
 * const same = (a: string, b: string) => a === b;
 * assert.deepEqual(relativeSegments(["a", "b"], ["a", "c"], same), ["..", "c"]);
 * ```
 *
 * @param from The segments of the starting path (absolute, normalized).
 * @param to The segments of the destination (absolute, normalized).
 * @param same Whether two segments name the same entry.
 * @returns The relative segments (empty when the paths are the same).
 */
export function relativeSegments(
  from: readonly string[],
  to: readonly string[],
  same: (a: string, b: string) => boolean,
): string[] {
  let common = 0;
  while (
    common < from.length && common < to.length &&
    same(from[common]!, to[common]!)
  ) common++;
  return [
    ...Array.from({ length: from.length - common }, () => ".."),
    ...to.slice(common),
  ];
}
