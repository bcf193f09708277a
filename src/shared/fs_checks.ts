// Copyright 2026 the skillscope authors. MIT license.
/**
 * Small file-system predicates that never throw.
 *
 * @module
 */

/**
 * Whether anything (even a dangling symlink) exists at `path`.
 *
 * @param path A path.
 * @returns `true` when `lstat` succeeds.
 */
export function existsSync(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `path` is, or leads through symlinks to, a regular file.
 *
 * @param path A path.
 * @returns `true` for a regular file.
 */
export function isFileSync(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * Whether `path` is, or leads through symlinks to, a directory (a dangling
 * link is not).
 *
 * @param path A path.
 * @returns `true` for a directory.
 */
export function isDirectorySync(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * Whether `path` itself is a symlink.
 *
 * @param path A path.
 * @returns `true` for a symlink (dangling or not).
 */
export function isSymlinkSync(path: string): boolean {
  try {
    return Deno.lstatSync(path).isSymlink;
  } catch {
    return false;
  }
}
