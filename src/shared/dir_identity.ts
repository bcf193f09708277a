// Copyright 2026 the skillscope authors. MIT license.
/**
 * The identity of a directory (device, inode, birth time): what a state file
 * written by skillscope is tagged with, so that a copy of it in another
 * directory (a cloned repository) is not taken as ours.
 *
 * @module
 */

/** The identity of a directory, as {@linkcode dirIdentitySync} reads it. */
export type DirIdentity = string;

/**
 * Reads the identity of a directory: device, inode and birth time.
 *
 * @param dir The directory.
 * @returns An opaque identity string.
 */
export function dirIdentitySync(dir: string): DirIdentity {
  const info = Deno.statSync(dir);
  return `${info.dev}:${info.ino}:${info.birthtime?.getTime() ?? ""}`;
}
