// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading a text file of any size in bounded windows: each window ends at a
 * line break and starts a little before the previous one ended, so what
 * spans a few lines across a cut is seen whole in one window, and memory
 * stays at one window whatever the file's size.
 *
 * @module
 */
import type { RegularFile } from "../shared/open_file.ts";

/** One window of a text file. */
export interface TextWindow {
  /**
   * Its bytes: whole lines, but where a line is longer than a window. A
   * view of one buffer, valid until the next window is asked for.
   */
  readonly bytes: Uint8Array;
  /** Lines of the file before the window's first byte. */
  readonly lineOffset: number;
  /**
   * UTF-16 code units of its first line before the window's first byte:
   * 0, but in a line longer than a window.
   */
  readonly columnOffset: number;
}

/** Bytes a window repeats of the one before (whole lines when it can). */
const OVERLAP = 16 * 1024;
const NEWLINE = 0x0a;

/**
 * The windows of a file, `size` bytes at most each, from the current
 * position to its end; `first`, bytes already read from it, come first.
 *
 * @example Usage
 * ```ts
 * import { textWindows } from "./text_windows.ts";
 * import { openRegularFileSync } from "../shared/open_file.ts";
 * import assert from "node:assert/strict";
 *
 * const path = Deno.makeTempFileSync();
 * Deno.writeTextFileSync(path, "a\nb\nc\n");
 * using file = openRegularFileSync(path);
 * const windows = [];
 * for (const w of textWindows(file, 4)) {
 *   windows.push([new TextDecoder().decode(w.bytes), w.lineOffset]);
 * }
 * assert.deepEqual(windows, [["a\nb\n", 0], ["b\nc\n", 1]]);
 * ```
 *
 * @param file An open regular file.
 * @param size Bytes per window.
 * @param first Bytes already read from the file (at most `size`).
 * @returns The windows, in file order.
 */
export function* textWindows(
  file: RegularFile,
  size: number,
  first: Uint8Array = new Uint8Array(),
): Generator<TextWindow, void, undefined> {
  const buffer = new Uint8Array(Math.max(1, size, first.length));
  buffer.set(first);
  let filled = first.length;
  let lineOffset = 0;
  let ended = false;
  const overlap = Math.min(OVERLAP, Math.floor(buffer.length / 2));
  const fill = (): void => {
    while (filled < buffer.length && !ended) {
      const n = file.readSync(buffer, filled, buffer.length - filled);
      if (n === 0) ended = true;
      else filled += n;
    }
  };
  // Bytes at the start of the buffer that the previous window held too.
  let carried = 0;
  let columnOffset = 0;
  for (;;) {
    fill();
    if (ended) {
      if (filled > carried) {
        yield { bytes: buffer.subarray(0, filled), lineOffset, columnOffset };
      }
      return;
    }
    let end = buffer.lastIndexOf(NEWLINE, filled - 1) + 1;
    yield {
      bytes: buffer.subarray(0, end === 0 ? filled : end),
      lineOffset,
      columnOffset,
    };
    if (end === 0) {
      // One line longer than a window: the next starts inside it, the last
      // `overlap` bytes again, on a character's first byte.
      end = filled - overlap;
      while (end > 1 && (buffer[end]! & 0xc0) === 0x80) end--;
      columnOffset += new TextDecoder().decode(buffer.subarray(0, end)).length;
    } else {
      // The next window starts at a line inside the last `overlap` bytes.
      const start = end - overlap;
      const from = start <= 0 ? 0 : buffer.indexOf(NEWLINE, start - 1) + 1;
      if (from > 0 && from < end) end = from;
      for (let i = 0; i < end; i++) if (buffer[i] === NEWLINE) lineOffset++;
      columnOffset = 0;
    }
    buffer.copyWithin(0, end, filled);
    filled -= end;
    carried = filled;
  }
}
