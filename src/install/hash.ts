// Copyright 2026 the skillscope authors. MIT license.
/**
 * Content hashes of skill trees. Each file gets `sha256-<hex>` of its bytes;
 * the tree hash is SHA-256 over the lines `<file hex>  <relative path>\n`
 * in code-unit order of the paths — the same on every machine for the same
 * files, whatever their timestamps or modes.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { join } from "node:path";

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
  return `sha256-${createHash("sha256").update(bytes).digest("hex")}`;
}

/**
 * The tree hash of per-file hashes.
 *
 * @param files Relative path → `sha256-<hex>`.
 * @returns The tree hash and the files, with keys sorted.
 */
export function treeHash(files: Readonly<Record<string, string>>): TreeHash {
  const paths = Object.keys(files).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const tree = createHash("sha256");
  const sorted: Record<string, string> = {};
  for (const path of paths) {
    const digest = files[path]!;
    tree.update(`${digest.slice("sha256-".length)}  ${path}\n`);
    sorted[path] = digest;
  }
  return { hash: `sha256-${tree.digest("hex")}`, files: sorted };
}

/**
 * Hashes every regular file below `dir`, skipping `.git` (symlinks are
 * hashed by what they point to).
 *
 * @param dir The directory.
 * @returns The tree hash and per-file hashes.
 */
export function hashDirectorySync(dir: string): TreeHash {
  const files: Record<string, string> = {};
  const walk = (abs: string, rel: string): void => {
    for (const entry of Deno.readDirSync(abs)) {
      if (entry.name === ".git") continue;
      const childAbs = join(abs, entry.name);
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      const info = entry.isSymlink ? Deno.statSync(childAbs) : undefined;
      if (entry.isDirectory || info?.isDirectory) walk(childAbs, childRel);
      else if (entry.isFile || info?.isFile) {
        files[childRel] = hashBytes(Deno.readFileSync(childAbs));
      }
    }
  };
  walk(dir, "");
  return treeHash(files);
}
