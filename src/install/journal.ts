// Copyright 2026 the skillscope authors. MIT license.
/**
 * The journal that makes an install or a removal all-or-nothing: written
 * before the directory renames, replayed (forward or back) by the next
 * operation if a process died half-way.
 *
 * The journal lives in the skills directory, where a cloned repository can
 * ship a forged one. It is honoured only when it carries the owner tag of
 * this very directory (see `owner.ts`) and every record passes the checks a
 * user's input would: the name is a valid skill name (one path segment), the
 * working directories are our own tagged names, the lock entry is valid.
 * Anything else is ignored with a warning, and nothing is renamed or deleted
 * on its word.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { existsSync as exists } from "../shared/fs_checks.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import {
  type LockEntry,
  lockEntryProblem,
  readLockfileSync,
  writeAtomicSync,
  writeLockfileSync,
} from "./lockfile.ts";
import {
  type DirIdentity,
  isOwnWorkName,
  newNonce,
  ownerTag,
} from "./owner.ts";
import { MAX_JOURNAL_BYTES, readStateFileSync } from "./state_file.ts";
import { keepBackup } from "./backup.ts";

/** The journal's name inside a skills directory (hidden). */
export const JOURNAL = ".skillscope-journal.json";
/** Version of the journal format. */
const JOURNAL_VERSION = 2;

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
    /** The replaced tree holds local edits: keep it as a backup, never delete it. */
    readonly keep?: true;
  }
  | {
    readonly op: "remove";
    readonly name: string;
    readonly backup: string;
    /** The removed tree holds local edits: keep it as a backup, never delete it. */
    readonly keep?: true;
  };

/**
 * Records an operation before it touches the installed trees.
 *
 * @param dir The skills directory.
 * @param identity The directory's identity.
 * @param record The operation.
 */
export function writeJournalSync(
  dir: string,
  identity: DirIdentity,
  record: JournalRecord,
): void {
  const nonce = newNonce();
  writeAtomicSync(
    dir,
    identity,
    JOURNAL,
    JSON.stringify({
      journalVersion: JOURNAL_VERSION,
      nonce,
      tag: ownerTag(identity, nonce),
      record,
    }),
  );
}

/**
 * Forgets the journal once an operation is complete.
 *
 * @param dir The skills directory.
 */
export function clearJournalSync(dir: string): void {
  Deno.removeSync(join(dir, JOURNAL));
}

/** A journal read back: the record, or why it was ignored. */
type Loaded =
  | { readonly record: JournalRecord }
  | { readonly ignored: string }
  | undefined;

function loadJournal(dir: string, identity: DirIdentity): Loaded {
  const path = join(dir, JOURNAL);
  let text: string | undefined;
  try {
    text = readStateFileSync(path, MAX_JOURNAL_BYTES);
  } catch (error) {
    return { ignored: (error as Error).message };
  }
  if (text === undefined) return undefined;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text);
  } catch {
    return { ignored: `${path} is not valid JSON` };
  }
  if (
    typeof data !== "object" || data === null ||
    data.journalVersion !== JOURNAL_VERSION || typeof data.nonce !== "string" ||
    data.tag !== ownerTag(identity, data.nonce)
  ) {
    return {
      ignored:
        `${path} was not written by skillscope for this directory (a copied or cloned journal)`,
    };
  }
  const record = data.record as Record<string, unknown> | null;
  const problem = recordProblem(record, identity, dir);
  if (problem !== undefined) return { ignored: `${path}: ${problem}` };
  return { record: record as unknown as JournalRecord };
}

function recordProblem(
  record: Record<string, unknown> | null,
  identity: DirIdentity,
  dir: string,
): string | undefined {
  if (typeof record !== "object" || record === null) return "no record";
  if (!isValidSkillName(record.name)) {
    return `the name ${JSON.stringify(record.name)} is not a valid skill name`;
  }
  if (!isOwnWorkName(identity, record.backup, "old")) {
    return `the backup ${JSON.stringify(record.backup)} is not a working name`;
  }
  if (record.keep !== undefined && record.keep !== true) {
    return `"keep" is not true`;
  }
  if (record.op === "remove") return undefined;
  if (record.op !== "install") return `unknown operation`;
  if (!isOwnWorkName(identity, record.stage, "stage")) {
    return `the stage ${JSON.stringify(record.stage)} is not a working name`;
  }
  const entry = lockEntryProblem(record.entry, dir);
  return entry === undefined ? undefined : `the lock entry ${entry}`;
}

/** Keeps the replaced or removed tree of a finished operation when it held local edits. */
function keepIfAsked(dir: string, record: JournalRecord): string[] {
  const backup = join(dir, record.backup);
  if (record.keep !== true || !isRealDir(backup)) return [];
  return [
    `kept the changed files of "${record.name}" at ${
      keepBackup(dir, backup, record.name)
    }`,
  ];
}

/** Whether `path` is a real directory (not a symlink to one). */
function isRealDir(path: string): boolean {
  try {
    return Deno.lstatSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * Finishes or undoes an interrupted operation and removes our leftover
 * working directories. Must run under the directory's lock.
 *
 * - install, new tree not yet in place: the old tree is put back.
 * - install, new tree in place: the lock entry is written.
 * - remove, tree already moved away: the lock entry is dropped.
 *
 * @param dir The skills directory.
 * @param identity The directory's identity.
 * @returns Notes on what was recovered or ignored.
 * @throws {InstallError} `lockfile-invalid` when the lockfile is invalid.
 */
export function recoverSync(dir: string, identity: DirIdentity): string[] {
  const notes: string[] = [];
  const loaded = loadJournal(dir, identity);
  if (loaded !== undefined && "ignored" in loaded) {
    notes.push(`warning: ignored a journal: ${loaded.ignored}`);
  } else if (loaded !== undefined) {
    const record = loaded.record;
    const final = join(dir, record.name);
    if (record.op === "install") {
      if (isRealDir(join(dir, record.stage))) {
        const backup = join(dir, record.backup);
        if (!exists(final) && isRealDir(backup)) Deno.renameSync(backup, final);
        notes.push(`rolled back an interrupted install of "${record.name}"`);
      } else {
        const lock = readLockfileSync(dir);
        writeLockfileSync(dir, identity, {
          ...lock,
          skills: { ...lock.skills, [record.name]: record.entry },
        });
        notes.push(`completed an interrupted install of "${record.name}"`);
        notes.push(...keepIfAsked(dir, record));
      }
    } else if (!exists(final)) {
      const lock = readLockfileSync(dir);
      const skills = { ...lock.skills };
      delete skills[record.name];
      writeLockfileSync(dir, identity, { ...lock, skills });
      notes.push(`completed an interrupted removal of "${record.name}"`);
      notes.push(...keepIfAsked(dir, record));
    } else {
      notes.push(`rolled back an interrupted removal of "${record.name}"`);
    }
    clearJournalSync(dir);
  }
  // Only our own tagged working entries are removed, never a look-alike.
  for (const entry of Deno.readDirSync(dir)) {
    if (!isOwnWorkName(identity, entry.name)) continue;
    const path = join(dir, entry.name);
    const info = Deno.lstatSync(path);
    if (info.isDirectory) Deno.removeSync(path, { recursive: true });
    else if (info.isFile) Deno.removeSync(path);
  }
  return notes;
}
