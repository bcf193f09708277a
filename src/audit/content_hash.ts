// Copyright 2026 the skillscope authors. MIT license.
/**
 * A skill tree's content hash with Web Crypto, asynchronously: the same
 * values install records (`shared/tree_hash.ts`), for code that must not load
 * `node:crypto` (serving only approved skills).
 *
 * @module
 */
import { MAX_HASH_FILE_BYTES, treeFiles } from "../shared/tree_files.ts";

/** Per-file hashes and the tree hash. */
export interface ContentHash {
  /** `sha256-<hex>` over all files. */
  readonly hash: string;
  /** `sha256-<hex>` of each file's bytes (or `symlink` / `special`), by relative path. */
  readonly files: Readonly<Record<string, string>>;
}

const encoder = new TextEncoder();

/**
 * SHA-256 of bytes as lowercase hex, with Web Crypto.
 *
 * @param bytes The bytes.
 * @returns The digest in hex.
 */
export async function sha256Hex(
  bytes: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Hashes a skill tree as install does, with Web Crypto.
 *
 * @param dir The directory.
 * @returns The tree hash and per-file hashes.
 * @throws {RangeError} past the entry or file-size bounds.
 */
export async function hashSkillTree(dir: string): Promise<ContentHash> {
  const files: Record<string, string> = {};
  for (const [rel, entry] of treeFiles(dir, (m) => new RangeError(m))) {
    if (typeof entry === "string") {
      files[rel] = entry;
      continue;
    }
    const file = await Deno.open(entry.path, { read: true });
    try {
      const info = await file.stat();
      if (!info.isFile) {
        files[rel] = "special";
        continue;
      }
      if (info.size > MAX_HASH_FILE_BYTES) {
        throw new RangeError(
          `${entry.path} is larger than ${MAX_HASH_FILE_BYTES} bytes`,
        );
      }
      const bytes = new Uint8Array(
        await new Response(file.readable).arrayBuffer(),
      );
      files[rel] = `sha256-${await sha256Hex(bytes)}`;
    } finally {
      try {
        file.close();
      } catch {
        // closed by the stream
      }
    }
  }
  const paths = Object.keys(files).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sorted: Record<string, string> = {};
  let lines = "";
  for (const path of paths) {
    const digest = files[path]!;
    lines += `${
      digest.startsWith("sha256-") ? digest.slice(7) : digest
    }  ${path}\n`;
    sorted[path] = digest;
  }
  return {
    hash: `sha256-${await sha256Hex(encoder.encode(lines))}`,
    files: sorted,
  };
}
