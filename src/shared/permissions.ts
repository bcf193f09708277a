// Copyright 2026 the skillscope authors. MIT license.
/**
 * Permission checks. skillscope queries permissions and never requests
 * them: a missing grant becomes a {@linkcode PermissionDeniedError} that
 * names the flag to add.
 *
 * @module
 */
import { resolve } from "./path.ts";
import { PermissionDeniedError } from "./errors.ts";

/**
 * Throws unless Deno grants read access to `path`.
 *
 * @param path A file or directory.
 * @throws {PermissionDeniedError} naming `--allow-read=<absolute path>`.
 */
export function assertReadPermission(path: string): void {
  const status = Deno.permissions.querySync({ name: "read", path });
  if (status.state !== "granted") {
    const absolute = resolve(path);
    throw new PermissionDeniedError(
      "read",
      absolute,
      `--allow-read=${absolute}`,
    );
  }
}

/**
 * Whether Deno grants read access to the environment variable `name`.
 *
 * @param name Variable name.
 * @returns `true` when granted.
 */
export function canReadEnv(name: string): boolean {
  return Deno.permissions.querySync({ name: "env", variable: name }).state ===
    "granted";
}

/**
 * An environment variable's value when reading it is already granted,
 * else `undefined` (never a permission prompt); empty counts as unset.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { grantedEnv } from "./permissions.ts";
 *
 * assert.equal(grantedEnv("SKILLSCOPE_SURELY_UNSET_VARIABLE"), undefined);
 * ```
 *
 * @param name Variable name.
 * @returns The value, or `undefined`.
 */
export function grantedEnv(name: string): string | undefined {
  return canReadEnv(name) ? Deno.env.get(name) || undefined : undefined;
}
