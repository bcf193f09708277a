// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading a stream within bounds, stopping as soon as one is passed: git's
 * output (a repository of a few KB can make git print gigabytes, a tree
 * that fans out to millions of paths) and a website's answers.
 *
 * @module
 */
import { concatBytes } from "./concat_bytes.ts";

/**
 * Reads a stream up to `bytes` bytes (and `records` NUL bytes); past a
 * bound, calls `over` and stops reading, keeping what was read before.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readBounded } from "./bounded_read.ts";
 *
 * const passed: string[] = [];
 * const read = await readBounded(
 *   ReadableStream.from([new Uint8Array([1, 0, 2, 0]), new Uint8Array([3, 0])]),
 *   { bytes: 100, records: 2, over: (bound) => passed.push(bound) },
 * );
 * assert.deepEqual(passed, ["records"]);
 * assert.deepEqual(read, new Uint8Array([1, 0, 2, 0]));
 * ```
 *
 * @param stream The stream (git's stdout or stderr, a response body).
 * @param options `bytes`: the most bytes read; `records`: the most
 *   NUL-terminated records read, if bounded; `over`: called once a bound
 *   is passed, with which.
 * @returns What was read within the bounds.
 */
export async function readBounded(
  stream: ReadableStream<Uint8Array>,
  options: {
    bytes: number;
    records?: number | undefined;
    over: (bound: "bytes" | "records") => void;
  },
): Promise<Uint8Array> {
  const { bytes, records, over } = options;
  const chunks: Uint8Array[] = [];
  let size = 0;
  let nuls = 0;
  const reader = stream.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (records !== undefined) {
        for (const byte of value) if (byte === 0) nuls++;
      }
      const passed = size > bytes
        ? "bytes"
        : records !== undefined && nuls > records
        ? "records"
        : undefined;
      if (passed !== undefined) {
        over(passed);
        break;
      }
      chunks.push(value);
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return concatBytes(chunks);
}
