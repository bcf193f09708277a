// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading `skills.lock` of a skills directory.
 *
 * @module
 */
import { resolve } from "../shared/path.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { type Lockfile, readLockfileSync } from "./lockfile.ts";

/**
 * Reads the lockfile of a skills directory.
 *
 * @example Usage
 * ```ts
 * import { readLock } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * assert.deepEqual(Object.keys(readLock(dir).skills), []); // no skills.lock yet
 * ```
 *
 * @param dir The skills directory.
 * @returns The lockfile (empty when there is none).
 * @throws {InstallError} `lockfile-invalid`.
 */
export function readLock(dir: string): Lockfile {
  const root = resolve(dir);
  assertReadPermission(root);
  return readLockfileSync(root);
}
