// Copyright 2026 the skillscope authors. MIT license.
/**
 * Content hashes of skill trees. Each file gets `sha256-<hex>` of its bytes;
 * the tree hash is SHA-256 over the lines `<file hex>  <relative path>\n`
 * in code-unit order of the paths — the same on every machine for the same
 * files, whatever their timestamps or modes.
 *
 * @module
 */
import { createSha256, sha256Hex } from "./sha256.ts";
import {
  NotRegularFileError,
  openRegularFileSync,
  type RegularFile,
} from "./open_file.ts";
import { MAX_HASH_FILE_BYTES, symlinkDigest, treeFiles } from "./tree_files.ts";

/** Per-file hashes and the tree hash. */
export interface TreeHash {
  /** `sha256-<hex>` over all files. */
  readonly hash: string;
  /** `sha256-<hex>` of each file's bytes, by relative path. */
  readonly files: Readonly<Record<string, string>>;
}

/**
 * Hashes one file's bytes.
 *
 * @param bytes The bytes.
 * @returns `sha256-<hex>`.
 */
export function hashBytes(bytes: Uint8Array): string {
  return `sha256-${sha256Hex(bytes)}`;
}

/**
 * The tree hash of per-file hashes.
 *
 * @param files Relative path → `sha256-<hex>`.
 * @returns The tree hash and the files, with keys sorted.
 */
export function treeHash(files: Readonly<Record<string, string>>): TreeHash {
  const paths = Object.keys(files).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const tree = createSha256();
  const sorted: Record<string, string> = {};
  for (const path of paths) {
    const digest = files[path]!;
    tree.update(
      `${
        digest.startsWith("sha256-") ? digest.slice("sha256-".length) : digest
      }  ${path}\n`,
    );
    sorted[path] = digest;
  }
  return { hash: `sha256-${tree.digest("hex")}`, files: sorted };
}

/**
 * Hashes a skill tree: regular files and directories, skipping `.git`.
 * Nothing is walked through: a symlink is recorded with its target and, when
 * it leads to a regular file inside the tree, that file's digest (see
 * `symlinkDigest`); any other non-regular entry is `special` and never
 * opened. Install never creates either, so both show up as drift in an
 * installed skill. Bounded in entries and file size (see `tree_files.ts`).
 *
 * @example Usage
 * ```ts
 * import { hashDirectorySync } from "./tree_hash.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/SKILL.md`, "abc");
 * const tree = hashDirectorySync(dir);
 * assert.equal(
 *   tree.files["SKILL.md"],
 *   "sha256-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * // Bytes already read are hashed as given, not read again.
 * const known = new Map([["SKILL.md", new TextEncoder().encode("abd")]]);
 * assert.notEqual(hashDirectorySync(dir, { known }).hash, tree.hash);
 * ```
 *
 * @param dir The directory.
 * @param options `tooLarge` makes the error thrown past the bounds (default
 *   a `RangeError`); `known` gives the bytes of files already read (by
 *   relative path), hashed instead of reading the file again, so what was
 *   parsed and what was hashed are the same bytes.
 * @returns The tree hash and per-file hashes.
 * @throws {UndecodableNameError} when a name in the tree is not valid UTF-8:
 *   its bytes cannot be read, so no hash stands for the tree.
 */
export function hashDirectorySync(
  dir: string,
  options: {
    tooLarge?: (message: string) => Error;
    known?: ReadonlyMap<string, Uint8Array>;
  } = {},
): TreeHash {
  const tooLarge = options.tooLarge ?? ((message) => new RangeError(message));
  const files: Record<string, string> = {};
  const digestOf = (rel: string, path: string): string => {
    const known = options.known?.get(rel);
    return known === undefined
      ? hashFileSync(path, tooLarge)
      : hashBytes(known);
  };
  for (const [rel, entry] of treeFiles(dir, tooLarge)) {
    if (entry === "special") files[rel] = entry;
    else if (entry.link === undefined) files[rel] = digestOf(rel, entry.path);
    else {
      files[rel] = symlinkDigest(
        entry.link,
        entry.path === undefined ? undefined : digestOf(rel, entry.path),
      );
    }
  }
  return treeHash(files);
}

/**
 * Hashes one regular file from a descriptor that never blocks: a FIFO or
 * device found at the path when it is opened is `special`, never read.
 */
function hashFileSync(
  path: string,
  tooLarge: (message: string) => Error,
): string {
  let file: RegularFile;
  try {
    file = openRegularFileSync(path);
  } catch (error) {
    if (error instanceof NotRegularFileError) return "special";
    throw error;
  }
  using _ = file;
  if (file.size > MAX_HASH_FILE_BYTES) {
    throw tooLarge(`${path} is larger than ${MAX_HASH_FILE_BYTES} bytes`);
  }
  const hash = createSha256();
  const buffer = new Uint8Array(64 * 1024);
  let total = 0;
  for (;;) {
    const n = file.readSync(buffer);
    if (n === 0) break;
    total += n;
    if (total > MAX_HASH_FILE_BYTES) {
      throw tooLarge(`${path} is larger than ${MAX_HASH_FILE_BYTES} bytes`);
    }
    hash.update(buffer.subarray(0, n));
  }
  return `sha256-${hash.digest("hex")}`;
}
