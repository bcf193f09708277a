// Copyright 2026 the skillscope authors. MIT license.
/**
 * Replacing a file atomically: the bytes go to a new temporary file beside
 * the target, flushed to disk, which is then renamed over the target, and
 * the directory is flushed too, so a reader (or a crash, power loss
 * included) sees the old file or the new one, never half of one and never
 * neither.
 *
 * @module
 */
import { dirname } from "./path.ts";

/** How {@linkcode writeViaTempSync} writes. */
export interface WriteViaTempOptions {
  /**
   * Give the new file the permission bits of the file it replaces (a
   * `0600` file stays `0600`); a new target gets the default mode.
   */
  readonly keepMode?: boolean;
}

/**
 * Writes `bytes` to `temp` (created new: an existing file or symlink there
 * is an error, never followed), flushes it, renames it to `target`
 * (replacing the entry there, a symlink included, without writing through
 * it) and flushes the directory, so the rename itself survives a crash.
 * On failure the temporary file is removed; a failure of that removal never
 * hides the error that caused it.
 *
 * @example Replacing a file, keeping its mode
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeViaTempSync } from "./atomic_write.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.txt`, "old\n", { mode: 0o600 });
 * await Deno.chmod(`${dir}/a.txt`, 0o600);
 * writeViaTempSync(`${dir}/.a.tmp`, `${dir}/a.txt`, new TextEncoder().encode("hi\n"), { keepMode: true });
 * assert.equal(await Deno.readTextFile(`${dir}/a.txt`), "hi\n");
 * assert.equal((await Deno.stat(`${dir}/a.txt`)).mode! & 0o777, 0o600);
 * assert.throws(() => Deno.statSync(`${dir}/.a.tmp`), Deno.errors.NotFound);
 * ```
 *
 * @param temp The temporary file, in the target's directory.
 * @param target The file to replace.
 * @param bytes The content.
 * @param options `keepMode`.
 * @throws {Deno.errors.AlreadyExists} when `temp` exists; any error of the write or rename.
 */
export function writeViaTempSync(
  temp: string,
  target: string,
  bytes: Uint8Array,
  options: WriteViaTempOptions = {},
): void {
  const file = Deno.openSync(temp, { write: true, createNew: true });
  try {
    let offset = 0;
    while (offset < bytes.length) {
      offset += file.writeSync(bytes.subarray(offset));
    }
    if (options.keepMode === true) {
      const mode = _modeOf(target);
      if (mode !== undefined) Deno.chmodSync(temp, mode);
    }
    file.syncSync();
  } catch (error) {
    file.close();
    _removeQuietly(temp);
    throw error;
  }
  file.close();
  try {
    Deno.renameSync(temp, target);
  } catch (error) {
    _removeQuietly(temp);
    throw error;
  }
  _syncDirectory(dirname(target));
}

// The permission bits of an existing regular file, else undefined.
function _modeOf(path: string): number | undefined {
  try {
    const info = Deno.lstatSync(path);
    return info.isFile && info.mode !== null ? info.mode & 0o7777 : undefined;
  } catch {
    return undefined;
  }
}

// The cleanup after a failure: its own failure (a directory made read-only
// meanwhile, say) must not replace the error being reported.
function _removeQuietly(path: string): void {
  try {
    Deno.removeSync(path);
  } catch {
    // The error that led here is the one that matters.
  }
}

// Flushes a directory's entries (the rename) to disk. Where a directory
// cannot be opened for that (Windows), the rename stands unflushed, as
// every other program there leaves it.
function _syncDirectory(dir: string): void {
  let handle: Deno.FsFile | undefined;
  try {
    handle = Deno.openSync(dir, { read: true });
    handle.syncSync();
  } catch {
    // Not supported here: the file itself was flushed before the rename.
  } finally {
    handle?.close();
  }
}
