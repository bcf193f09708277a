// Copyright 2026 the skillscope authors. MIT license.
/**
 * Joining the chunks of a stream or a file read by hand.
 *
 * @module
 */

/**
 * The chunks as one array (the chunk itself when there is one).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { concatBytes } from "./concat_bytes.ts";
 *
 * assert.deepEqual(concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])]), new Uint8Array([1, 2, 3]));
 * ```
 *
 * @param chunks The chunks, in order.
 * @returns Their bytes.
 */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  let total = 0;
  for (const chunk of chunks) total += chunk.length;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
