// Copyright 2026 the skillscope authors. MIT license.
/**
 * Keeping a replaced or removed skill tree that held local edits: renamed to
 * a hidden, dated directory in the skills directory. The newest
 * {@linkcode BACKUPS_KEPT} backups of each skill there are kept; older ones
 * are deleted when a new one is made.
 *
 * @module
 */
import { existsSync } from "../shared/fs_checks.ts";
import { join } from "../shared/path.ts";

/** Prefix of a kept backup: hidden, so discovery never lists it as a skill. */
export const BACKUP_PREFIX = ".skillscope-backup-";

/**
 * How many backups of one skill a skills directory keeps: the newest ones.
 */
export const BACKUPS_KEPT = 3;

/** The date stamp of a backup's name, as {@linkcode keepBackup} writes it. */
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-\d+)?$/;

/**
 * Moves a replaced or removed tree to a backup directory inside the skills
 * directory and returns its path; then deletes the skill's backups there
 * beyond the newest {@linkcode BACKUPS_KEPT}.
 *
 * @example Usage
 * ```ts
 * import { keepBackup } from "./backup.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/work`);
 * const kept = keepBackup(root, `${root}/work`, "pdf");
 * assert.ok(kept.startsWith(`${root}/.skillscope-backup-pdf-`));
 * ```
 *
 * @param root The skills directory.
 * @param from The tree to keep (our own working directory).
 * @param name The skill.
 * @returns The backup's path.
 */
export function keepBackup(root: string, from: string, name: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  let target = join(root, `${BACKUP_PREFIX}${name}-${stamp}`);
  // Two backups of one skill within a millisecond: the later one numbered.
  for (let n = 2; existsSync(target); n++) {
    target = join(root, `${BACKUP_PREFIX}${name}-${stamp}-${n}`);
  }
  Deno.renameSync(from, target);
  pruneBackups(root, name);
  return target;
}

/**
 * Deletes the backups of `name` in `root` beyond the newest
 * {@linkcode BACKUPS_KEPT}: only directories whose name is exactly a backup
 * of this skill (a skill `pdf-tools`'s backups are not `pdf`'s).
 */
function pruneBackups(root: string, name: string): void {
  const prefix = `${BACKUP_PREFIX}${name}-`;
  const found: { name: string; stamp: string; n: number }[] = [];
  for (const entry of Deno.readDirSync(root)) {
    if (!entry.isDirectory || !entry.name.startsWith(prefix)) continue;
    const stamp = entry.name.slice(prefix.length);
    if (!STAMP.test(stamp)) continue;
    const [, n] = stamp.slice(24).split("-");
    found.push({
      name: entry.name,
      stamp: stamp.slice(0, 24),
      n: Number(n ?? 1),
    });
  }
  found.sort((a, b) =>
    a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : b.n - a.n
  );
  for (const old of found.slice(BACKUPS_KEPT)) {
    try {
      Deno.removeSync(join(root, old.name), { recursive: true });
    } catch {
      // gone already, or not ours to delete: kept
    }
  }
}
