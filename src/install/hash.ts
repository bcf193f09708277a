// Copyright 2026 the skillscope authors. MIT license.
/**
 * Tree hashes as install records them (see `shared/tree_hash.ts`), with the
 * size bounds reported as `InstallError` `too-large`.
 *
 * @module
 */
import {
  hashDirectorySync as hashTree,
  type TreeHash,
} from "../shared/tree_hash.ts";
import { InstallError } from "./errors.ts";

export { hashBytes, type TreeHash, treeHash } from "../shared/tree_hash.ts";

/**
 * Hashes an installed tree (see `shared/tree_hash.ts`).
 *
 * @param dir The directory.
 * @returns The tree hash and per-file hashes.
 * @throws {InstallError} `too-large` past the bounds.
 */
export function hashDirectorySync(dir: string): TreeHash {
  return hashTree(dir, {
    tooLarge: (message) => new InstallError("too-large", message),
  });
}
