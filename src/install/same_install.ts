// Copyright 2026 the skillscope authors. MIT license.
/**
 * Telling install's own copies from real clashes. `install --client claude
 * --client codex` puts one skill into several agents' directories: the real
 * copy beside `skills.lock`, a symlink or a copy in each other one, recorded
 * as the entry's `targets`. Discovery then finds the skill once per
 * directory; these are one skill seen by several agents, not skills
 * shadowing each other. A copy whose content differs from the real copy (a
 * hand edit on either side) is a real clash.
 *
 * Everything read here is untrusted: locks are read as `readLockfileSync`
 * reads them (regular files, capped, every target checked to stay beside
 * the lock), a lock that does not load counts as none, and a lock can only
 * make two skills "the same" when they are the same directory or their
 * files hash the same. Nothing is written, renamed or deleted; no path is
 * touched without a read grant (queried, never requested).
 *
 * @module
 */
import { basename, dirname, join, resolve } from "../shared/path.ts";
import type { SameSkill } from "../discover/dedup.ts";
import { CLIENT_DIR_SUFFIXES } from "../clients/client_dirs_table.ts";
import { hashDirectorySync } from "../shared/tree_hash.ts";
import type { Skill } from "../shared/types.ts";
import { type LockEntry, readLockfileSync } from "./lockfile.ts";
import { lockOwner } from "./target_path.ts";

/**
 * A {@linkcode SameSkill} test for discovery: a later skill is the winner
 * seen again when both are the same directory (a symlink, recorded or
 * not), or when one lock records both — one as its real copy or a target,
 * the other as a target — and their files hash the same. Each call makes a
 * new test: locks, real paths and hashes are looked up once in its lifetime
 * (discovery makes one per run, so an edit between two runs is seen).
 *
 * @example Usage
 * ```ts
 * import { recordedCopies } from "./same_install.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/a/pdf`, { recursive: true });
 * await Deno.symlink(`${dir}/a`, `${dir}/b`);
 * const skill = (root: string) => ({
 *   name: "pdf", description: "d", path: `${root}/pdf/SKILL.md`, dir: `${root}/pdf`,
 *   source: { kind: "directory" as const, key: root }, frontmatter: {},
 * });
 * assert.equal(recordedCopies()(skill(`${dir}/a`), skill(`${dir}/b`)), true);
 * ```
 *
 * @returns The test.
 */
export function recordedCopies(): SameSkill {
  const locks = new Map<string, Readonly<Record<string, LockEntry>>>();
  const reals = new Map<string, string | undefined>();
  const hashes = new Map<string, string | undefined>();
  const realPath = (path: string): string | undefined =>
    memo(
      reals,
      path,
      () => readable(path) ? Deno.realPathSync(path) : undefined,
    );
  const hashOf = (dir: string): string | undefined =>
    memo(hashes, dir, () => hashDirectorySync(dir).hash);
  const lockOf = (dir: string): Readonly<Record<string, LockEntry>> => {
    let skills = locks.get(dir);
    if (skills === undefined) {
      skills = Object.create(null) as Record<string, LockEntry>;
      if (readable(dir)) {
        try {
          skills = readLockfileSync(dir).skills;
        } catch {
          // A lock that does not load records nothing (verify reports it).
        }
      }
      locks.set(dir, skills);
    }
    return skills;
  };
  // The other client directories of a skills directory's owner whose lock
  // records anything: looked up once per skills directory, since every
  // skill of a root shares them.
  const lockedRoots = new Map<
    string,
    readonly (readonly [string, Readonly<Record<string, LockEntry>>])[]
  >();
  const lockedRootsOf = (
    skillsDir: string,
  ): readonly (readonly [string, Readonly<Record<string, LockEntry>>])[] => {
    let roots = lockedRoots.get(skillsDir);
    if (roots === undefined) {
      const owner = lockOwner(skillsDir).dir;
      roots = CLIENT_DIR_SUFFIXES.map((suffix) => join(owner, suffix))
        .filter((root) => root !== skillsDir)
        .map((root) => [root, lockOf(root)] as const)
        .filter(([, lock]) => Object.keys(lock).length > 0);
      lockedRoots.set(skillsDir, roots);
    }
    return roots;
  };
  // The real copy a skill directory belongs to: itself when the lock beside
  // it names it, else the one whose lock records its directory as a target.
  const realCopyOf = (dir: string): string | undefined => {
    const skillsDir = dirname(dir);
    const name = basename(dir);
    if (lockOf(skillsDir)[name] !== undefined) return dir;
    const here = realPath(skillsDir);
    for (const [root, lock] of lockedRootsOf(skillsDir)) {
      const targets = lock[name]?.targets ?? [];
      const recorded = targets.some((target) => {
        const at = resolve(root, target.dir);
        return at === skillsDir ||
          (here !== undefined && realPath(at) === here);
      });
      if (recorded) return join(root, name);
    }
    return undefined;
  };
  const test = (winner: Skill, loser: Skill): boolean => {
    if (winner.dir === undefined || loser.dir === undefined) return false;
    const a = realPath(winner.dir);
    const b = realPath(loser.dir);
    if (a === undefined || b === undefined) return false;
    if (a === b) return true;
    const realA = realCopyOf(winner.dir);
    const realB = realCopyOf(loser.dir);
    if (realA === undefined || realB === undefined) return false;
    const real = realPath(realA);
    if (real === undefined || real !== realPath(realB)) return false;
    const hash = hashOf(a);
    return hash !== undefined && hash === hashOf(b);
  };
  // Only the directories are read: a streamed listing keeps no more.
  return Object.assign(test, { reads: "place" as const });
}

/** Whether Deno grants reading `path` (queried, never requested). */
function readable(path: string): boolean {
  return Deno.permissions.querySync({ name: "read", path }).state ===
    "granted";
}

/** `make()` once per key; a failure is `undefined`. */
function memo(
  cache: Map<string, string | undefined>,
  key: string,
  make: () => string | undefined,
): string | undefined {
  if (cache.has(key)) return cache.get(key);
  let value: string | undefined;
  try {
    value = make();
  } catch {
    value = undefined;
  }
  cache.set(key, value);
  return value;
}
