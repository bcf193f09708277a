// Copyright 2026 the skillscope authors. MIT license.
/**
 * Replacing a file atomically: the bytes go to a new temporary file beside
 * the target, flushed to disk, which is then renamed over the target, so a
 * reader (or a crash) sees the old file or the new one, never half of one.
 *
 * @module
 */

/**
 * Writes `bytes` to `temp` (created new: an existing file or symlink there
 * is an error, never followed), flushes it, and renames it to `target`
 * (replacing the entry there, a symlink included, without writing through
 * it). On failure the temporary file is removed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeViaTempSync } from "./atomic_write.ts";
 *
 * const dir = await Deno.makeTempDir();
 * writeViaTempSync(`${dir}/.a.tmp`, `${dir}/a.txt`, new TextEncoder().encode("hi\n"));
 * assert.equal(await Deno.readTextFile(`${dir}/a.txt`), "hi\n");
 * assert.throws(() => Deno.statSync(`${dir}/.a.tmp`), Deno.errors.NotFound);
 * ```
 *
 * @param temp The temporary file, in the target's directory.
 * @param target The file to replace.
 * @param bytes The content.
 * @throws {Deno.errors.AlreadyExists} when `temp` exists; any error of the write or rename.
 */
export function writeViaTempSync(
  temp: string,
  target: string,
  bytes: Uint8Array,
): void {
  const file = Deno.openSync(temp, { write: true, createNew: true });
  try {
    let offset = 0;
    while (offset < bytes.length) {
      offset += file.writeSync(bytes.subarray(offset));
    }
    file.syncSync();
  } catch (error) {
    file.close();
    Deno.removeSync(temp);
    throw error;
  }
  file.close();
  try {
    Deno.renameSync(temp, target);
  } catch (error) {
    Deno.removeSync(temp);
    throw error;
  }
}
