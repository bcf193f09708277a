// Copyright 2026 the skillscope authors. MIT license.
/**
 * Keeping a replaced or removed skill tree that held local edits: renamed to
 * a hidden, dated directory in the skills directory, never deleted.
 *
 * @module
 */
import { join } from "../shared/path.ts";

/** Prefix of a kept backup: hidden, so discovery never lists it as a skill. */
export const BACKUP_PREFIX = ".skillscope-backup-";

/**
 * Moves a replaced or removed tree to a backup directory inside the skills
 * directory and returns its path.
 *
 * @param root The skills directory.
 * @param from The tree to keep (our own working directory).
 * @param name The skill.
 * @returns The backup's path.
 */
export function keepBackup(root: string, from: string, name: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = join(root, `${BACKUP_PREFIX}${name}-${stamp}`);
  Deno.renameSync(from, target);
  return target;
}
