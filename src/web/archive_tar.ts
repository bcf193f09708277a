// Copyright 2026 the skillscope authors. MIT license.
/**
 * Unpacking a `.tar.gz` in memory: the built-in `DecompressionStream`, a
 * counter that stops the unpacked stream at the skill's byte cap (a gzip
 * bomb ends there, its bytes never held), and `modern-tar`'s streaming
 * decoder, each header checked before its body is read. The compressed
 * bytes are fed in small slices, as fast as the decoder reads them.
 *
 * @module
 */
import { WebArtifactError } from "./errors.ts";
import type { ArchiveCollector } from "./archive_entry.ts";
import { slicedStream } from "./sliced_stream.ts";
import { messageOf } from "../shared/errors.ts";

// Compressed bytes fed to the inflater at a time: one step inflates at most
// about 16 MiB, so a bomb is stopped before its bytes pile up.
const SLICE_BYTES = 16 * 1024;

/** What the entry types refused as special files are called in messages. */
const KINDS: Readonly<Record<string, string>> = {
  "character-device": "character device",
  "block-device": "block device",
  fifo: "FIFO",
};

/**
 * Adds the entries of a `.tar.gz` to `collector`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { packTarGz } from "./pack.ts";
 * import { ArchiveCollector } from "./archive_entry.ts";
 * import { unpackTarGz } from "./archive_tar.ts";
 *
 * const archive = await packTarGz(new Map([["SKILL.md", new Uint8Array([104, 105])]]));
 * const collector = new ArchiveCollector({ maxFiles: 10, maxBytes: 1024 });
 * await unpackTarGz(archive, collector);
 * assert.deepEqual([...collector.finish().files.keys()], ["SKILL.md"]);
 * ```
 *
 * @param bytes The archive.
 * @param collector Checks and holds the entries.
 * @throws {WebArtifactError} for a refused entry, the caps, or a corrupt archive.
 */
export async function unpackTarGz(
  bytes: Uint8Array,
  collector: ArchiveCollector,
): Promise<void> {
  const { createTarDecoder } = await import("modern-tar");
  const budget = collector.remaining + collector.overhead();
  let unpacked = 0;
  let overflow = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller): void {
      unpacked += chunk.length;
      if (unpacked > budget) {
        overflow = true;
        controller.error(new RangeError("The archive unpacks past its cap"));
      } else controller.enqueue(chunk);
    },
  });
  const entries = slicedStream(bytes, SLICE_BYTES)
    .pipeThrough(new DecompressionStream("gzip"))
    .pipeThrough(counter)
    .pipeThrough(createTarDecoder({ strict: true }));
  try {
    for await (const { header, body } of entries) {
      switch (header.type ?? "file") {
        case "file": {
          const path = collector.beginFile(header.name, header.size);
          collector.addFile(
            path,
            await bodyBytes(body, header.size),
            ((header.mode ?? 0) & 0o111) !== 0,
          );
          break;
        }
        case "directory":
          await body.cancel();
          collector.directory(header.name);
          break;
        case "symlink":
          collector.link(header.name, header.linkname ?? "", "symlink");
          break;
        case "link":
          collector.link(header.name, header.linkname ?? "", "hard link");
          break;
        case "pax-global-header":
          await body.cancel();
          break;
        default:
          collector.special(
            header.name,
            KINDS[header.type ?? ""] ?? "special entry",
          );
      }
    }
  } catch (error) {
    if (error instanceof WebArtifactError) throw error;
    if (overflow) {
      throw new WebArtifactError(
        "web-archive-too-large",
        `The archive unpacks to more than ${budget} bytes; it was refused`,
        undefined,
        { cause: error },
      );
    }
    throw new WebArtifactError(
      "web-archive-corrupt",
      `The archive is not a readable .tar.gz: ${messageOf(error)}`,
      undefined,
      { cause: error },
    );
  }
}

/**
 * The bytes of an entry's body, copied into one buffer of its declared
 * size as they come (no list of chunks and second copy); a body longer
 * than declared is corrupt.
 */
async function bodyBytes(
  body: ReadableStream<Uint8Array>,
  size: number,
): Promise<Uint8Array> {
  const data = new Uint8Array(size);
  let filled = 0;
  for await (const chunk of body) {
    if (chunk.length > size - filled) {
      throw new RangeError("An entry's body is longer than its header says");
    }
    data.set(chunk, filled);
    filled += chunk.length;
  }
  return filled === size ? data : data.slice(0, filled);
}
