// Copyright 2026 the skillscope authors. MIT license.
/**
 * Telling our own working state from state a repository ships. A skills
 * directory inside a cloned project may contain a forged journal or
 * directories named like our working directories; acting on them would let
 * the repository rename or delete files on its word alone. Every working
 * name and the journal therefore carry a tag derived from the identity of
 * the skills directory itself (device, inode, birth time) and a random
 * nonce: a clone or a copy of the directory has another identity, so what it
 * ships never carries a valid tag.
 *
 * @module
 */
import { createSha256 } from "../shared/sha256.ts";
import type { DirIdentity } from "../shared/dir_identity.ts";

/** Prefix of every working directory an operation creates. */
export const WORK_PREFIX = ".skillscope-";

/** The kinds of working directory. */
export type WorkKind = "stage" | "old" | "clone" | "tmp";

const WORK_NAME =
  /^\.skillscope-(stage|old|clone|tmp)-([0-9a-f]{16})-([0-9a-f]{16})$/;

export { type DirIdentity, dirIdentitySync } from "../shared/dir_identity.ts";

/**
 * The tag of a nonce in a directory.
 *
 * @param identity The directory's identity.
 * @param nonce 16 hex digits.
 * @returns 16 hex digits.
 */
export function ownerTag(identity: DirIdentity, nonce: string): string {
  return createSha256().update(`skillscope:${identity}:${nonce}`)
    .digest("hex").slice(0, 16);
}

/**
 * A fresh nonce.
 *
 * @returns 16 random hex digits.
 */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A new working directory name (not created).
 *
 * @param identity The skills directory's identity.
 * @param kind What it is for.
 * @returns `.skillscope-<kind>-<nonce>-<tag>`.
 */
export function workName(identity: DirIdentity, kind: WorkKind): string {
  const nonce = newNonce();
  return `${WORK_PREFIX}${kind}-${nonce}-${ownerTag(identity, nonce)}`;
}

/**
 * Whether `name` is a working directory name created for this directory.
 *
 * @param identity The skills directory's identity.
 * @param name An entry name.
 * @param kind The kind expected, if one.
 * @returns `true` when its tag is valid.
 */
export function isOwnWorkName(
  identity: DirIdentity,
  name: unknown,
  kind?: WorkKind,
): name is string {
  if (typeof name !== "string") return false;
  const match = WORK_NAME.exec(name);
  if (match === null || (kind !== undefined && match[1] !== kind)) {
    return false;
  }
  return ownerTag(identity, match[2]!) === match[3];
}
