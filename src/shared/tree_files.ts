// Copyright 2026 the skillscope authors. MIT license.
/**
 * The files of a skill tree as content hashes see them, without hashing
 * anything (and so without a crypto import): regular files to read, symlinks
 * with their target (and the file they lead to when it lies inside the
 * tree), and a `special` marker for what is never opened.
 *
 * @module
 */
import { join, sep } from "node:path";

/** Most entries (files and directories) a tree walk visits. */
export const MAX_HASH_ENTRIES = 10_000;
/** Largest file a tree hash reads (bytes). */
export const MAX_HASH_FILE_BYTES = 200 * 1024 * 1024;

/**
 * One entry of a tree: a regular file to read (`path`); a symlink (`link`:
 * its target as written, `path`: the regular file it resolves to when that
 * lies inside the tree, else absent); or a marker for an entry that is never
 * read.
 */
export type TreeEntry =
  | { readonly path: string; readonly link?: undefined }
  | { readonly link: string; readonly path?: string | undefined }
  | "special";

/**
 * The digest recorded for a symlink: its target as written (so retargeting
 * it changes the tree hash) and, when it leads to a regular file inside the
 * tree, that file's digest (so what is served through it is covered).
 *
 * @param target The link's target, as `readLink` returns it.
 * @param fileDigest `sha256-<hex>` of the file it leads to, if read.
 * @returns `symlink:<target, percent-encoded>[:sha256-<hex>]`.
 */
export function symlinkDigest(target: string, fileDigest?: string): string {
  const encoded = `symlink:${encodeURIComponent(target)}`;
  return fileDigest === undefined ? encoded : `${encoded}:${fileDigest}`;
}

/**
 * The entries of a tree by relative path (`/` separators), skipping `.git`,
 * in walk order. A symlink is never walked into; one that resolves to a
 * regular file inside the tree carries that file's real path, so its bytes
 * are hashed — even when the file sits in a skipped `.git` directory — and
 * so does a top-level `SKILL.md` link wherever it leads (discovery serves it).
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
  let realDir: string | undefined;
  const walk = (abs: string, rel: string): void => {
    for (const entry of Deno.readDirSync(abs)) {
      if (entry.name === ".git") continue;
      if (++entries > MAX_HASH_ENTRIES) {
        throw tooLarge(`${dir} holds more than ${MAX_HASH_ENTRIES} entries`);
      }
      const childAbs = join(abs, entry.name);
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isSymlink) {
        realDir ??= Deno.realPathSync(dir);
        // The skill's own SKILL.md is served wherever its link leads.
        files.set(
          childRel,
          linkEntry(childAbs, childRel === "SKILL.md" ? undefined : realDir),
        );
      } else if (entry.isDirectory) walk(childAbs, childRel);
      else if (entry.isFile) files.set(childRel, { path: childAbs });
      else files.set(childRel, "special");
    }
  };
  walk(dir, "");
  return files;
}

/**
 * A symlink's entry: its target, and the regular file it leads to when that
 * lies inside `realDir` (anywhere when `realDir` is undefined).
 */
function linkEntry(abs: string, realDir: string | undefined): TreeEntry {
  const link = Deno.readLinkSync(abs);
  let real: string;
  try {
    real = Deno.realPathSync(abs);
  } catch {
    return { link }; // dangling or looping
  }
  if (realDir !== undefined) {
    const prefix = realDir.endsWith(sep) ? realDir : realDir + sep;
    if (!real.startsWith(prefix)) return { link };
  }
  try {
    if (!Deno.statSync(real).isFile) return { link };
  } catch {
    return { link };
  }
  return { link, path: real };
}
