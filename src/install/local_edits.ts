// Copyright 2026 the skillscope authors. MIT license.
/**
 * Local edits are never lost: an installed skill whose files differ from
 * `skills.lock` is not replaced or removed unless forced, and when forced
 * the changed tree is kept as a backup inside the skills directory.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { firstItems } from "../shared/first_items.ts";
import { InstallError } from "./errors.ts";
import type { LockEntry } from "./lockfile.ts";
import { type SkillVerification, verifyOne, verifyTargets } from "./verify.ts";

/**
 * Checks an installed skill against its lock entry before it is replaced
 * or removed. Changed, added or deleted files stop the operation with
 * `locally-modified`, naming each file, unless `force`.
 *
 * @param root The skills directory.
 * @param name The skill.
 * @param entry Its lock entry.
 * @param force Whether to go on anyway.
 * @param action What would happen, for the message (`"replace"`, `"remove"`).
 * @returns The verification (its status is `"modified"` when forced over edits).
 * @throws {InstallError} `locally-modified`.
 */
export function guardLocalEdits(
  root: string,
  name: string,
  entry: LockEntry,
  force: boolean,
  action: string,
): SkillVerification {
  // What holds content of its own: the installed tree, and copies made into
  // other client directories (a symlink there holds none).
  const { targets = [], ...own } = entry;
  const main = verifyOne(root, name, own);
  const copies = verifyTargets(
    root,
    name,
    targets.filter((t) => t.copy === true),
    entry.hash,
  ).filter((f) => f.change === "modified");
  const drift: SkillVerification = copies.length === 0 ? main : {
    ...main,
    status: main.status === "missing" ? "missing" : "modified",
    files: [...main.files, ...copies],
  };
  if (
    (drift.status === "modified" || copies.length > 0) && !force
  ) {
    const shown = firstItems(
      drift.files.map((f) => `${f.change} ${f.path}`),
      20,
    );
    throw new InstallError(
      "locally-modified",
      `Skill "${name}" in ${
        join(root, name)
      } has local changes (${shown}); nothing was changed. Use --force to ${action} it anyway (the changed files are kept as a backup)`,
    );
  }
  return drift;
}
