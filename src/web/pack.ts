// Copyright 2026 the skillscope authors. MIT license.
/**
 * Deterministic artifacts for publishing: a `.tar.gz` whose bytes depend
 * only on the files (sorted entries, every directory listed, mtime 0,
 * owner 0:0 without names, mode 0644 or 0755, no links), and the choice
 * between `skill-md` and `archive` for a skill.
 *
 * @module
 */
import { entryPath } from "./archive_entry.ts";
import { sha256Digest } from "./digest.ts";
import { WebArtifactError } from "./errors.ts";

/**
 * Options of {@linkcode packTarGz}.
 */
export interface PackOptions {
  /** Files written with mode 0755 instead of 0644. */
  readonly executable?: ReadonlySet<string> | undefined;
}

const EPOCH = new Date(0);
/** Bytes of a file handed to the packer at a time. */
const SLICE_BYTES = 256 * 1024;
/**
 * Bytes the compressor is handed at a time. The compressor's output
 * depends on how its input is cut: always the same cut (that of a `Blob`'s
 * stream), for the same bytes from the same files.
 */
const CHUNK_BYTES = 64 * 1024;
/** Longest packing runs without giving the event loop a turn (ms). */
const TURN_MS = 10;

/**
 * Packs files into a `.tar.gz`. The same files give the same bytes on every
 * run (with the same Deno): entries in path order, each directory once
 * before its contents, fixed times, owners and modes. The tar is streamed
 * into the compressor (never held whole), and a long packing gives the
 * event loop a turn every few milliseconds.
 *
 * @example Same input, same bytes
 * ```ts
 * import assert from "node:assert/strict";
 * import { packTarGz } from "./pack.ts";
 *
 * const files = new Map([
 *   ["SKILL.md", new TextEncoder().encode("---\nname: a\ndescription: A\n---\n")],
 *   ["scripts/run.sh", new TextEncoder().encode("echo hi\n")],
 * ]);
 * assert.deepEqual(await packTarGz(files), await packTarGz(new Map([...files].reverse())));
 * ```
 *
 * @param files Contents by normalized relative path.
 * @param options Executable files.
 * @returns The archive.
 * @throws {WebArtifactError} `web-archive-path` for a path that is not a plain relative path.
 */
export async function packTarGz(
  files: ReadonlyMap<string, Uint8Array>,
  options: PackOptions = {},
): Promise<Uint8Array> {
  const { createTarPacker } = await import("modern-tar");
  const dirs = new Set<string>();
  for (const path of files.keys()) {
    if (entryPath(path) !== path || path === "") {
      throw new WebArtifactError(
        "web-archive-path",
        `Cannot pack ${JSON.stringify(path)}: not a normalized relative path`,
        path,
      );
    }
    for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) {
      dirs.add(path.slice(0, i));
    }
  }
  const common = { mtime: EPOCH, uid: 0, gid: 0, uname: "", gname: "" };
  const entries = [
    ...[...dirs].map((dir) => ({
      header: {
        ...common,
        name: `${dir}/`,
        type: "directory" as const,
        size: 0,
        mode: 0o755,
      },
      body: undefined,
    })),
    ...[...files].map(([path, bytes]) => ({
      header: {
        ...common,
        name: path,
        type: "file" as const,
        size: bytes.length,
        mode: options.executable?.has(path) ? 0o755 : 0o644,
      },
      body: bytes,
    })),
  ].sort((a, b) =>
    a.header.name < b.header.name ? -1 : a.header.name > b.header.name ? 1 : 0
  );
  // Streamed: no whole tar is held besides the files and the archive, and
  // the event loop gets a turn every few milliseconds of compressing.
  const { readable, controller } = createTarPacker();
  const archive = new Response(
    (readable as ReadableStream<Uint8Array<ArrayBuffer>>)
      .pipeThrough(fixedChunks(CHUNK_BYTES))
      .pipeThrough(new CompressionStream("gzip")),
  ).arrayBuffer();
  let turn = performance.now();
  for (const { header, body } of entries) {
    const writer = controller.add(header).getWriter();
    for (let i = 0; body !== undefined && i < body.length; i += SLICE_BYTES) {
      await writer.write(body.subarray(i, i + SLICE_BYTES));
      if (performance.now() - turn > TURN_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        turn = performance.now();
      }
    }
    await writer.close();
  }
  controller.finalize();
  return new Uint8Array(await archive);
}

/** A stream that cuts what passes into chunks of exactly `size` bytes (the last shorter). */
function fixedChunks(
  size: number,
): TransformStream<Uint8Array, Uint8Array<ArrayBuffer>> {
  let buffer = new Uint8Array(size);
  let filled = 0;
  return new TransformStream({
    transform(chunk, controller): void {
      for (let i = 0; i < chunk.length;) {
        const take = Math.min(size - filled, chunk.length - i);
        buffer.set(chunk.subarray(i, i + take), filled);
        filled += take;
        i += take;
        if (filled === size) {
          controller.enqueue(buffer);
          buffer = new Uint8Array(size);
          filled = 0;
        }
      }
    },
    flush(controller): void {
      if (filled > 0) controller.enqueue(buffer.slice(0, filled));
    },
  });
}

/**
 * One skill's artifact for publishing.
 */
export interface PublishedArtifact {
  /** `"skill-md"` for a skill that is only its `SKILL.md`, else `"archive"`. */
  readonly type: "skill-md" | "archive";
  /** The file name to publish it under: `SKILL.md` or `NAME.tar.gz`. */
  readonly fileName: string;
  /** Its bytes. */
  readonly bytes: Uint8Array;
  /** Their digest, for the index. */
  readonly digest: string;
}

/**
 * The artifact for a skill: its `SKILL.md` itself when that is its only
 * file, else a deterministic `.tar.gz` of all its files.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildArtifact } from "./pack.ts";
 *
 * const md = new TextEncoder().encode("---\nname: a\ndescription: A\n---\n");
 * assert.equal((await buildArtifact("a", new Map([["SKILL.md", md]]))).type, "skill-md");
 * const both = new Map([["SKILL.md", md], ["x.md", md]]);
 * assert.equal((await buildArtifact("a", both)).fileName, "a.tar.gz");
 * ```
 *
 * @param name The skill's name.
 * @param files Its files by relative path.
 * @param options Executable files.
 * @returns The artifact and its digest.
 * @throws {WebArtifactError} `web-skill-md-missing`, `web-archive-path`.
 */
export async function buildArtifact(
  name: string,
  files: ReadonlyMap<string, Uint8Array>,
  options: PackOptions = {},
): Promise<PublishedArtifact> {
  const skillMd = files.get("SKILL.md");
  if (skillMd === undefined) {
    throw new WebArtifactError(
      "web-skill-md-missing",
      `"${name}" has no SKILL.md at its root`,
    );
  }
  if (files.size === 1) {
    return {
      type: "skill-md",
      fileName: "SKILL.md",
      bytes: skillMd,
      digest: sha256Digest(skillMd),
    };
  }
  const bytes = await packTarGz(files, options);
  return {
    type: "archive",
    fileName: `${name}.tar.gz`,
    bytes,
    digest: sha256Digest(bytes),
  };
}
