// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading our own state files (`skills.lock`, the journal, the process lock)
 * as the untrusted input they are: a cloned repository may ship any of them,
 * as a symlink to `/dev/zero`, as a FIFO, or gigantic. They are opened the
 * way `SKILL.md` is, through the checked reader (`readCheckedSync`):
 * regular files only (never through a symlink), opened without blocking,
 * read from the descriptor that was checked, size-capped.
 *
 * @module
 */
import { InstallError } from "./errors.ts";
import { ChangedError } from "../shared/open_file.ts";
import { readCheckedSync } from "../shared/checked_read.ts";

/** Largest `skills.lock` read (bytes). */
export const MAX_LOCKFILE_BYTES = 16 * 1024 * 1024;
/** Largest journal read (bytes). */
export const MAX_JOURNAL_BYTES = 4 * 1024 * 1024;
/** Largest process-lock file read (bytes). */
export const MAX_PROCESS_LOCK_BYTES = 4096;

const decoder = new TextDecoder();

/**
 * Reads a state file, or returns `undefined` when there is none.
 *
 * @param path The file.
 * @param maxBytes The size cap.
 * @returns Its text, or `undefined` when absent.
 * @throws {InstallError} `state-file-invalid` for a symlink, a non-regular
 *   file, a file over the cap, or a file swapped while being opened.
 */
export function readStateFileSync(
  path: string,
  maxBytes: number,
): string | undefined {
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new InstallError(
      "state-file-invalid",
      `Cannot read ${path}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (info.isSymlink || !info.isFile) {
    throw new InstallError(
      "state-file-invalid",
      `${path} is not a regular file (${
        info.isSymlink ? "a symlink" : "a directory or special file"
      }); skillscope only writes regular files there, so it was not read`,
    );
  }
  const tooLarge = (size: number) =>
    new InstallError(
      "state-file-invalid",
      `${path} is ${size} bytes or more; the limit is ${maxBytes}`,
    );
  try {
    // Never blocks: a FIFO swapped in after the lstat is refused at once, and
    // a symlink swapped in is another inode than the one checked.
    return decoder.decode(readCheckedSync(path, info, maxBytes, tooLarge));
  } catch (error) {
    if (error instanceof InstallError) throw error;
    if (error instanceof Deno.errors.NotFound) return undefined;
    if (error instanceof ChangedError) {
      throw new InstallError(
        "state-file-invalid",
        `${path} changed while it was being opened`,
      );
    }
    throw new InstallError(
      "state-file-invalid",
      `Cannot read ${path}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
