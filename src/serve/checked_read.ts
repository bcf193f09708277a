// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading a file from the descriptor that was checked: the opened file must be the one the path named (same device and inode), the read is capped, and a file replaced in between is read again.
 *
 * @module
 */

/** The file at a path was replaced between the check and the open. */
export class ChangedError extends Error {
  constructor() {
    super("it changed while being opened");
  }
}

/** Attempts at a read whose file is replaced while it is opened. */
const READ_ATTEMPTS = 3;

/**
 * Runs a checked read again when the file was replaced between its check
 * and its open (an editor saving by rename): every attempt checks afresh,
 * so the result is the old file or the new one, never a mix.
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
 * Opens `path`, checks that the opened file is the regular file `info`
 * describes (same device and inode), and reads at most `maxBytes` from that
 * descriptor; a larger file is refused with `tooLarge(size)`.
 */
export function readCheckedSync(
  path: string,
  info: Deno.FileInfo,
  maxBytes: number,
  tooLarge: (size: number) => Error,
  after?: (opened: Deno.FileInfo) => void,
): Uint8Array {
  if (info.size > maxBytes) throw tooLarge(info.size);
  const file = Deno.openSync(path, { read: true });
  try {
    const opened = file.statSync();
    if (!opened.isFile || opened.ino !== info.ino || opened.dev !== info.dev) {
      throw new ChangedError();
    }
    after?.(opened);
    if (opened.size > maxBytes) throw tooLarge(opened.size);
    const bytes = new Uint8Array(opened.size + 1);
    let offset = 0;
    while (offset < bytes.length) {
      const n = file.readSync(bytes.subarray(offset));
      if (n === null || n === 0) break;
      offset += n;
    }
    if (offset > maxBytes) throw tooLarge(offset);
    if (offset === bytes.length) {
      // It grew while being read: read on, up to the cap.
      const rest: Uint8Array[] = [bytes];
      let total = offset;
      const chunk = new Uint8Array(64 * 1024);
      for (;;) {
        const n = file.readSync(chunk);
        if (n === null || n === 0) break;
        total += n;
        if (total > maxBytes) throw tooLarge(total);
        rest.push(chunk.slice(0, n));
      }
      const all = new Uint8Array(total);
      let at = 0;
      for (const part of rest) {
        all.set(part, at);
        at += part.length;
      }
      return all;
    }
    return bytes.subarray(0, offset);
  } finally {
    file.close();
  }
}
