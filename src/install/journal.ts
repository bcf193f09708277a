// Copyright 2026 the skillscope authors. MIT license.
/**
 * The journal that makes an install or a removal all-or-nothing: written
 * before the directory renames, replayed (forward or back) by the next
 * operation if a process died half-way.
 *
 * @module
 */
import { join } from "node:path";
import { existsSync as exists } from "../fs_checks.ts";
import {
  type LockEntry,
  readLockfileSync,
  writeAtomicSync,
  writeLockfileSync,
} from "./lock.ts";

/** The journal's name inside a skills directory (hidden). */
export const JOURNAL = ".skillscope-journal.json";
/** Prefix of the hidden working directories an operation creates. */
export const WORK_PREFIX = ".skillscope-";

/** What an unfinished operation was doing. */
export type JournalRecord =
  | {
    readonly op: "install";
    readonly name: string;
    /** Staged new tree (renamed to `name` when the swap happens). */
    readonly stage: string;
    /** Where the old tree is moved first. */
    readonly backup: string;
    /** The lock entry to write once the new tree is in place. */
    readonly entry: LockEntry;
  }
  | { readonly op: "remove"; readonly name: string; readonly backup: string };

/**
 * Records an operation before it touches the installed trees.
 *
 * @param dir The skills directory.
 * @param record The operation.
 */
export function writeJournalSync(dir: string, record: JournalRecord): void {
  writeAtomicSync(join(dir, JOURNAL), JSON.stringify(record));
}

/**
 * Forgets the journal once an operation is complete.
 *
 * @param dir The skills directory.
 */
export function clearJournalSync(dir: string): void {
  Deno.removeSync(join(dir, JOURNAL));
}

/**
 * Finishes or undoes an interrupted operation and removes leftover working
 * directories. Must run under the directory's lock.
 *
 * - install, new tree not yet in place: the old tree is put back.
 * - install, new tree in place: the lock entry is written.
 * - remove, tree already moved away: the lock entry is dropped.
 *
 * @param dir The skills directory.
 * @returns What was recovered, if anything.
 */
export function recoverSync(dir: string): string | undefined {
  let note: string | undefined;
  let record: JournalRecord | undefined;
  try {
    record = JSON.parse(Deno.readTextFileSync(join(dir, JOURNAL)));
  } catch {
    record = undefined;
  }
  if (record) {
    const final = join(dir, record.name);
    if (record.op === "install") {
      if (exists(join(dir, record.stage))) {
        if (!exists(final) && exists(join(dir, record.backup))) {
          Deno.renameSync(join(dir, record.backup), final);
        }
        note = `rolled back an interrupted install of "${record.name}"`;
      } else {
        const lock = readLockfileSync(dir);
        writeLockfileSync(dir, {
          ...lock,
          skills: { ...lock.skills, [record.name]: record.entry },
        });
        note = `completed an interrupted install of "${record.name}"`;
      }
    } else if (!exists(final)) {
      const lock = readLockfileSync(dir);
      const skills = { ...lock.skills };
      delete skills[record.name];
      writeLockfileSync(dir, { ...lock, skills });
      note = `completed an interrupted removal of "${record.name}"`;
    } else {
      note = `rolled back an interrupted removal of "${record.name}"`;
    }
    clearJournalSync(dir);
  }
  for (const entry of Deno.readDirSync(dir)) {
    if (!entry.name.startsWith(WORK_PREFIX) || entry.name === JOURNAL) continue;
    if (entry.name === ".skillscope-lock") continue;
    Deno.removeSync(join(dir, entry.name), { recursive: true });
  }
  for (const entry of Deno.readDirSync(dir)) {
    if (
      entry.name.startsWith("skills.lock.tmp-") ||
      entry.name.startsWith(`${JOURNAL}.tmp-`)
    ) {
      Deno.removeSync(join(dir, entry.name));
    }
  }
  return note;
}
