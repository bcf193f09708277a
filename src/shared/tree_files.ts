// Copyright 2026 the skillscope authors. MIT license.
/**
 * The files of a skill tree as content hashes see them, without hashing
 * anything (and so without a crypto import): regular files to read, and
 * `symlink` / `special` markers for what is never followed or opened.
 *
 * @module
 */
import { join } from "node:path";

/** Most entries (files and directories) a tree walk visits. */
export const MAX_HASH_ENTRIES = 10_000;
/** Largest file a tree hash reads (bytes). */
export const MAX_HASH_FILE_BYTES = 200 * 1024 * 1024;

/** A file to hash, or a marker for an entry that is never read. */
export type TreeEntry = { readonly path: string } | "symlink" | "special";

/**
 * The entries of a tree by relative path (`/` separators), skipping `.git`,
 * in walk order.
 *
 * @param dir The directory.
 * @param tooLarge Makes the error thrown past {@linkcode MAX_HASH_ENTRIES}.
 * @returns The entries.
 */
export function treeFiles(
  dir: string,
  tooLarge: (message: string) => Error,
): Map<string, TreeEntry> {
  const files = new Map<string, TreeEntry>();
  let entries = 0;
  const walk = (abs: string, rel: string): void => {
    for (const entry of Deno.readDirSync(abs)) {
      if (entry.name === ".git") continue;
      if (++entries > MAX_HASH_ENTRIES) {
        throw tooLarge(`${dir} holds more than ${MAX_HASH_ENTRIES} entries`);
      }
      const childAbs = join(abs, entry.name);
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isSymlink) files.set(childRel, "symlink");
      else if (entry.isDirectory) walk(childAbs, childRel);
      else if (entry.isFile) files.set(childRel, { path: childAbs });
      else files.set(childRel, "special");
    }
  };
  walk(dir, "");
  return files;
}
