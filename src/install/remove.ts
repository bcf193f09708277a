// Copyright 2026 the skillscope authors. MIT license.
/**
 * Removing an installed skill and its lock entry.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import { existsSync as exists } from "../shared/fs_checks.ts";
import { InstallError } from "./errors.ts";
import { clearJournalSync, recoverSync, writeJournalSync } from "./journal.ts";
import { readLockfileSync, writeLockfileSync } from "./lockfile.ts";
import { acquireLock } from "./mutex.ts";
import { removeTargets } from "./targets.ts";
import { checkTargets } from "./target_path.ts";
import { guardLocalEdits } from "./local_edits.ts";
import { keepBackup } from "./backup.ts";
import { dirIdentitySync, workName } from "./owner.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import {
  assertWritable,
  type CommonInstallOptions,
  realFs,
} from "./options.ts";

/**
 * Removes an installed skill: its directory and its lock entry together.
 *
 * @example Remove an installed skill
 * ```ts
 * import { install, readLock, remove } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(
 *   join(source, "SKILL.md"),
 *   "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n",
 * );
 * const dir = await Deno.makeTempDir();
 * await install({ source, dir });
 * await remove(dir, "demo");
 * assert.deepEqual(Object.keys(readLock(dir).skills), []);
 * ```
 *
 * @param dir The skills directory.
 * @param name The skill's name.
 * @param options `force` removes a directory that is not in the lockfile
 *   (when it is a symlink, only the link goes, never what it leads to, and
 *   `onUnlinked` hears where that is); lock timeouts; `onTargetRemoved`
 *   hears of each link or copy removed from another client's directory.
 * @returns Notes (e.g. a recovered interrupted operation).
 * @throws {InstallError} `not-installed` or `unlocked-directory`;
 *   `bad-target` or `target-outside` (before anything is removed) for a
 *   recorded target leading outside the project or home that owns the lock.
 */
export async function remove(
  dir: string,
  name: string,
  options: CommonInstallOptions & {
    force?: boolean;
    onTargetRemoved?: (path: string) => void;
    onUnlinked?: (real: string | undefined) => void;
  } = {},
): Promise<string[]> {
  const root = resolve(dir);
  assertWritable(root);
  if (!isValidSkillName(name)) {
    throw new InstallError(
      "not-installed",
      `${JSON.stringify(name)} is not a skill name`,
    );
  }
  const identity = dirIdentitySync(root);
  const lock = await acquireLock(root, options);
  try {
    const notes = recoverSync(root, identity);
    const lock = readLockfileSync(root);
    const final = join(root, name);
    const entry = lock.skills[name];
    checkTargets(root, entry?.targets);
    if (!entry && !exists(final) && !isSymlink(final)) {
      throw new InstallError("not-installed", `No skill "${name}" in ${root}`);
    }
    if (!entry && !options.force) {
      throw new InstallError(
        "unlocked-directory",
        `${final} was not installed by skillscope; use --force to remove it`,
      );
    }
    if (!entry && isSymlink(final)) {
      // Only the link goes: what it leads to was never this directory's.
      const real = realPath(final);
      Deno.removeSync(final);
      options.onUnlinked?.(real);
      return notes;
    }
    const drift = entry && (exists(final) || entry.targets !== undefined)
      ? guardLocalEdits(root, name, entry, options.force === true, "remove")
      : undefined;
    const keep = exists(final) && options.backup !== false &&
      (drift === undefined || drift.status === "modified");
    // The symlinks and copies in other client directories go first, while
    // the real copy they point to is still there to compare with.
    if (entry?.targets !== undefined) {
      notes.push(
        ...removeTargets(root, name, entry.targets, {
          hash: entry.hash,
          backup: options.backup !== false,
          ...(options.onTargetRemoved === undefined
            ? {}
            : { onRemoved: options.onTargetRemoved }),
        }),
      );
    }
    const backup = workName(identity, "old");
    writeJournalSync(root, identity, {
      op: "remove",
      name,
      backup,
      ...(keep ? { keep: true as const } : {}),
    });
    if (exists(final)) (options.fs ?? realFs).rename(final, join(root, backup));
    const skills = { ...lock.skills };
    delete skills[name];
    writeLockfileSync(root, identity, { ...lock, skills });
    if (keep) {
      notes.push(
        `kept the changed files of "${name}" at ${
          keepBackup(root, join(root, backup), name)
        }`,
      );
    } else {
      try {
        Deno.removeSync(join(root, backup), { recursive: true });
      } catch {
        // nothing was there
      }
    }
    clearJournalSync(root);
    return notes;
  } finally {
    lock.release();
  }
}

/** Whether `path` is a symlink. */
function isSymlink(path: string): boolean {
  try {
    return Deno.lstatSync(path).isSymlink;
  } catch {
    return false;
  }
}

/** Where the symlink `path` leads; `undefined` when nothing is there. */
function realPath(path: string): string | undefined {
  try {
    return Deno.realPathSync(path);
  } catch {
    return undefined;
  }
}
