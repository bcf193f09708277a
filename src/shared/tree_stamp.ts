// Copyright 2026 the skillscope authors. MIT license.
/**
 * File identities, and stamps of a skill directory made of them: what lets
 * a skill's activation and the MCP server's listings and reads be kept while
 * nothing they depend on changed, checked with one `stat` per directory and
 * per entry instead of reading and parsing the files again.
 *
 * @module
 */
import { walkSkillTree } from "./skill_tree.ts";

/**
 * How recent (ms) a modification or change time may be for an identity to
 * be trusted as a cache key: a file written again within the timestamp
 * granularity of its file system would keep its identity (the "racy clean"
 * case of git's index). Entries that recent are not cached.
 */
const RACY_MS = 2_000;

/** A file's identity: device, inode, size, modification and change times. */
export interface FileIdentity {
  /**
   * `path\0dev:ino:size:mtime:ctime`. The path is part of it: another path
   * to the same file (a symlink, a hard link) has another key, so bytes
   * read through a link flipped between the two `stat`s are never kept
   * for a path that did not lead to them.
   */
  readonly key: string;
  /** The size in bytes. */
  readonly size: number;
  /** Whether a time is too recent (or missing) for the key to be trusted. */
  readonly racy: boolean;
}

/**
 * The identity of the file at `path` (through symlinks), `undefined` when it
 * cannot be stat'ed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileIdentity } from "./tree_stamp.ts";
 *
 * const path = Deno.makeTempFileSync();
 * const identity = fileIdentity(path);
 * assert.equal(identity?.size, 0);
 * assert.equal(identity?.racy, true); // just written
 * assert.equal(fileIdentity(`${path}.missing`), undefined);
 * ```
 *
 * @param path The file.
 * @param now The time the identity is judged at (ms since the epoch).
 * @returns The identity.
 */
export function fileIdentity(
  path: string,
  now: number = Date.now(),
): FileIdentity | undefined {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch {
    return undefined;
  }
  const mtime = info.mtime?.getTime();
  const ctime = info.ctime?.getTime();
  return {
    key: `${path}\0${[info.dev, info.ino, info.size, mtime, ctime].join(":")}`,
    size: info.size,
    racy: mtime === undefined || ctime === undefined ||
      Math.max(mtime, ctime) >= now - RACY_MS,
  };
}

/**
 * What a skill directory's listing depends on: the identity of every
 * directory the listing walks (an entry added, removed or renamed changes
 * it) and of every entry in them, through symlinks (a file written, a link
 * retargeted or its target replaced changes it).
 */
export interface TreeStamp {
  /** The paths stamped, the directory first. */
  readonly paths: readonly string[];
  /**
   * Their identity keys (`-` for one that cannot be stat'ed); a symlink's
   * also holds where it resolves to, since a link on the way to its target
   * can be retargeted to another path of the same file (a hard link), which
   * changes whether the target lies inside the skill but not its identity.
   */
  readonly keys: readonly string[];
  /** Which paths are symlinks (their keys hold the resolved path). */
  readonly links: readonly boolean[];
}

/**
 * Stamps a skill directory walked as its listing walks it (hidden entries
 * and `node_modules` skipped, symlinks not entered, at most `maxDepth`
 * deep). `undefined` when it cannot be stamped: more than `maxEntries`
 * entries, a walk that fails, or an identity too recent to be trusted.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { stampTree } from "./tree_stamp.ts";
 *
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/SKILL.md`, "---\nname: x\n---\n");
 * // Just written: too recent to be trusted.
 * assert.equal(stampTree(dir, { maxDepth: 6, maxEntries: 100 }), undefined);
 * const old = stampTree(dir, { maxDepth: 6, maxEntries: 100, now: Date.now() + 60_000 });
 * assert.deepEqual(old?.paths, [dir, `${dir}/SKILL.md`]);
 * ```
 *
 * @param dir The skill directory.
 * @param options Depth and entry bounds; `now` to judge the times at.
 * @returns The stamp.
 */
export function stampTree(
  dir: string,
  options: { maxDepth: number; maxEntries: number; now?: number },
): TreeStamp | undefined {
  const now = options.now ?? Date.now();
  const paths = [dir];
  const links = [false];
  try {
    for (
      const entry of walkSkillTree(dir, {
        skip: "hidden",
        enter: (e) => e.depth < options.maxDepth,
        onError: "skip",
      })
    ) {
      if (paths.length > options.maxEntries) return undefined;
      paths.push(entry.path);
      links.push(entry.kind === "symlink");
    }
  } catch {
    return undefined;
  }
  const keys: string[] = [];
  for (const [i, path] of paths.entries()) {
    const identity = fileIdentity(path, now);
    if (identity?.racy === true) return undefined;
    keys.push(_key(identity, path, links[i]!));
  }
  return { paths, keys, links };
}

/** A stamped path's key: its identity, and for a symlink where it resolves to. */
function _key(
  identity: FileIdentity | undefined,
  path: string,
  link: boolean,
): string {
  if (identity === undefined) return "-";
  if (!link) return identity.key;
  try {
    return `${identity.key}\0${Deno.realPathSync(path)}`;
  } catch {
    return "-";
  }
}

/**
 * Whether every path of a stamp still has the identity it was stamped with.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCurrent, stampTree } from "./tree_stamp.ts";
 *
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/SKILL.md`, "---\nname: x\n---\n");
 * const stamp = stampTree(dir, { maxDepth: 6, maxEntries: 100, now: Date.now() + 60_000 })!;
 * assert.equal(isCurrent(stamp), true);
 * Deno.writeTextFileSync(`${dir}/notes.md`, "new\n");
 * assert.equal(isCurrent(stamp), false);
 * ```
 *
 * @param stamp From {@linkcode stampTree}.
 * @returns `true` when nothing stamped changed.
 */
export function isCurrent(stamp: TreeStamp): boolean {
  const { paths, keys, links } = stamp;
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i]!;
    if (_key(fileIdentity(path), path, links[i]!) !== keys[i]) return false;
  }
  return true;
}
