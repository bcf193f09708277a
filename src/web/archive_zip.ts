// Copyright 2026 the skillscope authors. MIT license.
/**
 * Unpacking a `.zip` in memory with `@zip.js/zip.js` (no web workers): the
 * central directory says what each entry is (symlinks and special files
 * are read from its Unix mode bits), and each file is inflated into a
 * writer that stops at the size it declared and at the skill's byte cap.
 *
 * @module
 */
import { concatBytes } from "../shared/concat_bytes.ts";
import { WebArtifactError } from "./errors.ts";
import type { ArchiveCollector } from "./archive_entry.ts";
import { messageOf } from "../shared/errors.ts";

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

const KINDS: Readonly<Record<number, string>> = {
  0o010000: "FIFO",
  0o020000: "character device",
  0o060000: "block device",
  0o140000: "socket",
};

/**
 * Adds the entries of a `.zip` to `collector`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js";
 * import { ArchiveCollector } from "./archive_entry.ts";
 * import { unpackZip } from "./archive_zip.ts";
 *
 * const writer = new ZipWriter(new Uint8ArrayWriter(), { useWebWorkers: false });
 * await writer.add("SKILL.md", new Uint8ArrayReader(new Uint8Array([104, 105])));
 * const collector = new ArchiveCollector({ maxFiles: 10, maxBytes: 1024 });
 * await unpackZip(await writer.close(), collector);
 * assert.deepEqual([...collector.finish().files.keys()], ["SKILL.md"]);
 * ```
 *
 * @param bytes The archive.
 * @param collector Checks and holds the entries.
 * @throws {WebArtifactError} for a refused entry, the caps, or a corrupt archive.
 */
export async function unpackZip(
  bytes: Uint8Array,
  collector: ArchiveCollector,
): Promise<void> {
  const { configure, Uint8ArrayReader, ZipReader } = await import(
    "@zip.js/zip.js"
  );
  // Small steps: one inflates at most about 16 MiB before a size check
  // (the library reads entries in chunks of this size; it is only used here).
  configure({ chunkSize: 16 * 1024 });
  const reader = new ZipReader(new Uint8ArrayReader(bytes), {
    useWebWorkers: false,
    // Our own path rules decide (the same for tar and zip), with our codes.
    filenameValidation: "tolerant",
  });
  try {
    for await (const entry of reader.getEntriesGenerator()) {
      const name = entry.filename;
      // Unix mode bits, when the entry was made on Unix (host 3).
      const mode = entry.versionMadeBy >> 8 === 3
        ? entry.externalFileAttributes >>> 16
        : 0;
      const type = mode & S_IFMT;
      if (entry.symlink || type === S_IFLNK) {
        collector.link(name, "", "symlink");
      }
      if (entry.encrypted) collector.special(name, "encrypted entry");
      if (entry.directory || type === S_IFDIR) {
        collector.directory(name);
        continue;
      }
      if (type !== 0 && type !== S_IFREG) {
        collector.special(name, KINDS[type] ?? "special file");
      }
      const path = collector.beginFile(name, entry.uncompressedSize);
      const max = Math.min(entry.uncompressedSize, collector.remaining);
      const sink = cappedSink(name, max);
      await entry.getData({ writable: sink.writable });
      collector.addFile(path, sink.bytes(), (mode & 0o111) !== 0);
    }
  } catch (error) {
    if (error instanceof WebArtifactError) throw error;
    throw new WebArtifactError(
      "web-archive-corrupt",
      `The archive is not a readable .zip: ${messageOf(error)}`,
      undefined,
      { cause: error },
    );
  } finally {
    await reader.close().catch(() => {});
  }
}

/** A stream that holds at most `max` bytes and fails past them. */
function cappedSink(
  name: string,
  max: number,
): { writable: WritableStream<Uint8Array>; bytes(): Uint8Array } {
  const chunks: Uint8Array[] = [];
  let total = 0;
  return {
    writable: new WritableStream<Uint8Array>({
      write(chunk): void {
        total += chunk.length;
        if (total > max) {
          throw new WebArtifactError(
            "web-archive-too-large",
            `Archive entry ${
              JSON.stringify(name)
            } unpacks to more than its declared size or the skill's cap (${max} bytes); the archive was refused`,
            name,
          );
        }
        chunks.push(chunk);
      },
    }),
    bytes: (): Uint8Array => concatBytes(chunks),
  };
}
