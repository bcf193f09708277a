// Copyright 2026 the skillscope authors. MIT license.
/**
 * The files of a skill tree as content hashes see them, without hashing
 * anything (and so without a crypto import): regular files to read, symlinks
 * with their target (and the file they lead to when it lies inside the
 * tree), and a `special` marker for what is never opened.
 *
 * @module
 */
import { parentOf, UndecodableNameError, walkSkillTree } from "./skill_tree.ts";

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
 * @throws {UndecodableNameError} when a name in the tree is not valid UTF-8.
 */
export function treeFiles(
  dir: string,
  tooLarge: (message: string) => Error,
): Map<string, TreeEntry> {
  const files = new Map<string, TreeEntry>();
  let entries = 0;
  for (const entry of walkSkillTree(dir)) {
    if (++entries > MAX_HASH_ENTRIES) {
      throw tooLarge(`${dir} holds more than ${MAX_HASH_ENTRIES} entries`);
    }
    if (entry.kind === "directory") continue;
    // Its bytes cannot be read, so no hash can stand for the tree.
    if (entry.kind === "undecodable") {
      throw new UndecodableNameError(parentOf(entry));
    }
    if (entry.kind === "file") files.set(entry.rel, { path: entry.path });
    else if (entry.kind === "special") files.set(entry.rel, "special");
    else {
      const to = entry.resolved;
      // The skill's own SKILL.md is served wherever its link leads.
      const served = to !== undefined && to.info.isFile &&
        (to.inside || entry.rel === "SKILL.md");
      files.set(
        entry.rel,
        served ? { link: entry.link!, path: to.real } : { link: entry.link! },
      );
    }
  }
  return files;
}
