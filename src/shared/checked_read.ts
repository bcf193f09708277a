// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading a file from the descriptor that was checked: the open never
 * blocks, the opened file must be the regular file the path named (same
 * device and inode), the read is capped, and a file replaced in between is
 * read again.
 *
 * @module
 */
import { concatBytes } from "./concat_bytes.ts";
import {
  ChangedError,
  NotRegularFileError,
  openRegularFileSync,
  type RegularFile,
} from "./open_file.ts";
import { ContainmentError, isInside } from "./containment.ts";
import { kindOf } from "./diagnostics.ts";

/** Attempts at a read whose file is replaced while it is opened. */
const READ_ATTEMPTS = 3;

/**
 * Runs a checked read again when the file was replaced between its check
 * and its open (an editor saving by rename): every attempt checks afresh,
 * so the result is the old file or the new one, never a mix.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { retryReplaced } from "./checked_read.ts";
 * import { ChangedError } from "./open_file.ts";
 *
 * let calls = 0;
 * const value = retryReplaced(() => {
 *   if (++calls === 1) throw new ChangedError();
 *   return "second";
 * });
 * assert.equal(value, "second");
 * ```
 *
 * @param read One attempt: checks, opens and reads.
 * @returns What the first attempt that was not interrupted returned.
 * @throws {ChangedError} when every attempt was interrupted; any other error of `read` at once.
 */
export function retryReplaced<T>(read: () => T): T {
  for (let attempt = 1;; attempt++) {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ChangedError) || attempt >= READ_ATTEMPTS) {
        throw error;
      }
    }
  }
}

/**
 * Opens `path` without blocking, checks that the opened file is the regular
 * file `info` describes (same device and inode), and reads at most
 * `maxBytes` from that descriptor; a larger file is refused with
 * `tooLarge(size)`. `after` sees the opened file's stat before anything is
 * read (to check it against the path resolved again).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readCheckedSync } from "./checked_read.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const path = `${dir}/a.txt`;
 * await Deno.writeTextFile(path, "hello");
 * const tooLarge = (size: number) => new RangeError(`${size} bytes`);
 * const bytes = readCheckedSync(path, Deno.statSync(path), 16, tooLarge);
 * assert.equal(new TextDecoder().decode(bytes), "hello");
 * assert.throws(() => readCheckedSync(path, Deno.statSync(path), 4, tooLarge), RangeError);
 * ```
 *
 * @param path The file.
 * @param info Its stat, as the caller checked it.
 * @param maxBytes The cap.
 * @param tooLarge Builds the error for a file over the cap.
 * @param after Runs with the opened file's stat before the read.
 * @returns The bytes.
 * @throws {ChangedError} when the opened file is not the regular file `info` describes.
 */
export function readCheckedSync(
  path: string,
  info: Deno.FileInfo,
  maxBytes: number,
  tooLarge: (size: number) => Error,
  after?: (opened: Deno.FileInfo) => void,
): Uint8Array {
  if (info.size > maxBytes) throw tooLarge(info.size);
  using file = openOrChanged(path, info);
  after?.(file.info());
  if (file.size > maxBytes) throw tooLarge(file.size);
  // One byte more than its size: reading it means the file grew meanwhile.
  const bytes = new Uint8Array(file.size + 1);
  let offset = 0;
  while (offset < bytes.length) {
    const n = file.readSync(bytes, offset);
    if (n === 0) break;
    offset += n;
  }
  if (offset > maxBytes) throw tooLarge(offset);
  if (offset < bytes.length) return bytes.subarray(0, offset);
  // It grew while being read: read on, up to the cap.
  const parts: Uint8Array[] = [bytes];
  let total = offset;
  const chunk = new Uint8Array(64 * 1024);
  for (;;) {
    const n = file.readSync(chunk);
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw tooLarge(total);
    parts.push(chunk.slice(0, n));
  }
  return concatBytes(parts);
}

/**
 * Reads a file that must lie inside a directory: its real path must be
 * inside `realDir`, it must be a regular file within `maxBytes`, and after
 * the open the path is resolved again and must still name the opened file
 * (a symlink flipped between the check and the open is caught); a file
 * replaced meanwhile is read again ({@linkcode retryReplaced}).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readInsideSync } from "./checked_read.ts";
 * import { ContainmentError } from "./containment.ts";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/skill`);
 * await Deno.writeTextFile(`${root}/skill/a.txt`, "inside");
 * await Deno.writeTextFile(`${root}/b.txt`, "outside");
 * await Deno.symlink(`${root}/b.txt`, `${root}/skill/b.txt`);
 * const tooLarge = (size: number) => new RangeError(`${size} bytes`);
 * const options = { maxBytes: 64, tooLarge };
 * const bytes = readInsideSync(`${root}/skill`, `${root}/skill/a.txt`, options);
 * assert.equal(new TextDecoder().decode(bytes), "inside");
 * assert.throws(
 *   () => readInsideSync(`${root}/skill`, `${root}/skill/b.txt`, options),
 *   ContainmentError,
 * );
 * ```
 *
 * @param realDir The directory's real path.
 * @param path The file (any path leading to it).
 * @param options `maxBytes`: the cap; `tooLarge`: the error for a larger file.
 * @returns The bytes.
 * @throws {ContainmentError} `path-outside` when the real path is outside `realDir`.
 * @throws {NotRegularFileError} when it is not a regular file.
 * @throws {Deno.errors.NotFound} when it does not exist.
 */
export function readInsideSync(
  realDir: string,
  path: string,
  options: { maxBytes: number; tooLarge: (size: number) => Error },
): Uint8Array {
  const resolveInside = (): { real: string; info: Deno.FileInfo } => {
    const real = Deno.realPathSync(path);
    if (!isInside(realDir, real, { resolved: true })) {
      throw new ContainmentError("path-outside", realDir, path, real);
    }
    return { real, info: Deno.statSync(real) };
  };
  return retryReplaced(() => {
    const { real, info } = resolveInside();
    if (!info.isFile) throw new NotRegularFileError(real, kindOf(info));
    return readCheckedSync(
      real,
      info,
      options.maxBytes,
      options.tooLarge,
      (opened) => {
        const again = resolveInside();
        if (again.info.ino !== opened.ino || again.info.dev !== opened.dev) {
          throw new ChangedError(); // replaced in between: every check again
        }
      },
    );
  });
}

/**
 * Reads a regular file wherever its path leads (for a file the user named
 * on the command line): the path must lead to a regular file within
 * `maxBytes`, opened without blocking and read from the descriptor that
 * was checked (same device and inode as the `stat`); a FIFO, a device or a
 * directory is refused before anything is read, and a file replaced
 * meanwhile is read again ({@linkcode retryReplaced}). A file inside a
 * directory the user did not choose (a cloned project) is read with
 * {@linkcode readInsideSync} instead.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readRegularSync } from "./checked_read.ts";
 * import { NotRegularFileError } from "./open_file.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.json`, "{}");
 * const tooLarge = (size: number) => new RangeError(`${size} bytes`);
 * const options = { maxBytes: 64, tooLarge };
 * assert.equal(new TextDecoder().decode(readRegularSync(`${dir}/a.json`, options)), "{}");
 * assert.throws(() => readRegularSync(dir, options), NotRegularFileError);
 * ```
 *
 * @param path The file (any path leading to it).
 * @param options `maxBytes`: the cap; `tooLarge`: the error for a larger file.
 * @returns The bytes.
 * @throws {NotRegularFileError} when it is not a regular file.
 * @throws {Deno.errors.NotFound} when it does not exist.
 */
export function readRegularSync(
  path: string,
  options: { maxBytes: number; tooLarge: (size: number) => Error },
): Uint8Array {
  return retryReplaced(() => {
    const info = Deno.statSync(path);
    if (!info.isFile) throw new NotRegularFileError(path, kindOf(info));
    return readCheckedSync(path, info, options.maxBytes, options.tooLarge);
  });
}

/** Opens the file `info` describes; anything else there now is a change. */
function openOrChanged(path: string, info: Deno.FileInfo): RegularFile {
  try {
    return openRegularFileSync(path, { expect: info });
  } catch (error) {
    // `info` was a regular file: a FIFO or device there now replaced it.
    if (error instanceof NotRegularFileError) throw new ChangedError();
    throw error;
  }
}

/**
 * The text of a regular file of at most `maxBytes`, or `undefined` when
 * there is none to read: missing, unreadable, not a regular file (a FIFO is
 * never opened for a blocking read), or larger. For a reader that treats
 * such a file as absent, as an agent's loader does.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readTextIfRegularSync } from "./checked_read.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.md`, "# A\n");
 * assert.equal(readTextIfRegularSync(`${dir}/a.md`, 64), "# A\n");
 * assert.equal(readTextIfRegularSync(`${dir}/a.md`, 2), undefined);
 * assert.equal(readTextIfRegularSync(dir, 64), undefined);
 * assert.equal(readTextIfRegularSync(`${dir}/missing.md`, 64), undefined);
 * ```
 *
 * @param path The file.
 * @param maxBytes The largest file read.
 * @returns Its text, or `undefined`.
 */
export function readTextIfRegularSync(
  path: string,
  maxBytes: number,
): string | undefined {
  try {
    return new TextDecoder().decode(
      readRegularSync(path, {
        maxBytes,
        tooLarge: (size) => new RangeError(`${size} bytes`),
      }),
    );
  } catch {
    return undefined;
  }
}
