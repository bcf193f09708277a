// Copyright 2026 the skillscope authors. MIT license.
/**
 * Feeding bytes to a decompressor a little at a time.
 *
 * @module
 */

/**
 * A stream of `bytes` in slices of `size`, produced only as fast as it is
 * read: fed to a `DecompressionStream`, it bounds what one step can inflate
 * (about 1 000 times `size` for deflate), where one big chunk would be
 * inflated whole before any reader could stop it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { slicedStream } from "./sliced_stream.ts";
 *
 * const chunks = await Array.fromAsync(slicedStream(new Uint8Array(5), 2));
 * assert.deepEqual(chunks.map((c) => c.length), [2, 2, 1]);
 * ```
 *
 * @param bytes The bytes.
 * @param size Largest slice.
 * @returns The stream.
 */
export function slicedStream(
  bytes: Uint8Array,
  size: number,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller): void {
      if (offset >= bytes.length) return controller.close();
      const end = Math.min(offset + size, bytes.length);
      controller.enqueue(bytes.slice(offset, end) as Uint8Array<ArrayBuffer>);
      offset = end;
    },
  }, { highWaterMark: 0 });
}
