// Copyright 2026 the skillscope authors. MIT license.
/**
 * The CLI's permission set (`permissions.cli` of deno.json, the one source
 * of truth) rendered as `deno run` flags: `deno install -g` does not carry a
 * `-P` set into the command it writes, and the npm package runs Deno itself,
 * so both need the flags one by one.
 *
 * `deno run --allow-read .ci/npm/permission_flags.ts` prints the README's
 * `deno install` line for the set as it is.
 *
 * @module
 */

/** A permission set as deno.json's `permissions` holds it. */
export type PermissionSet = Readonly<
  Record<string, boolean | readonly string[] | undefined>
>;

/** The kinds in the order Deno documents them (and the README shows). */
const KINDS = ["read", "write", "env", "run", "net", "sys", "ffi", "import"];

/**
 * The flags that grant `set`: `true` grants a kind wholly, a list grants
 * those values only, `false` or nothing grants nothing.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { permissionFlags } from "./permission_flags.ts";
 *
 * assert.deepEqual(
 *   permissionFlags({ read: true, env: ["HOME", "CI"], net: false }),
 *   ["--allow-read", "--allow-env=HOME,CI"],
 * );
 * ```
 *
 * @param set The permission set.
 * @returns The `--allow-*` flags.
 * @throws {TypeError} for a kind Deno does not know or a value of the wrong type.
 */
export function permissionFlags(set: PermissionSet): string[] {
  const flags: string[] = [];
  for (const kind of Object.keys(set)) {
    if (!KINDS.includes(kind)) {
      throw new TypeError(`Unknown permission "${kind}"`);
    }
  }
  for (const kind of KINDS) {
    const value = set[kind];
    if (value === undefined || value === false) continue;
    if (value === true) flags.push(`--allow-${kind}`);
    else if (Array.isArray(value) && value.length > 0) {
      flags.push(`--allow-${kind}=${value.join(",")}`);
    } else if (!Array.isArray(value)) {
      throw new TypeError(
        `Permission "${kind}" is neither a boolean nor a list`,
      );
    }
  }
  return flags;
}

/**
 * The CLI's permission set, read from deno.json.
 *
 * @example Usage
 * ```ts ignore
 * import { cliPermissions } from "./permission_flags.ts";
 *
 * console.log(await cliPermissions(new URL("../../deno.json", import.meta.url)));
 * ```
 *
 * @param config The deno.json to read.
 * @returns Its `permissions.cli`.
 * @throws {TypeError} when it has none.
 */
export async function cliPermissions(
  config: URL | string,
): Promise<PermissionSet> {
  const json = JSON.parse(await Deno.readTextFile(config));
  const set = json?.permissions?.cli;
  if (typeof set !== "object" || set === null) {
    throw new TypeError(`No "permissions.cli" in "${config}"`);
  }
  return set;
}

if (import.meta.main) {
  // The README's install line, for when the set changes.
  const flags = permissionFlags(
    await cliPermissions(new URL("../../deno.json", import.meta.url)),
  );
  console.log(
    `deno install -g -n skillscope --config deno.json --no-prompt --v8-flags=--max-semi-space-size=2 ${
      flags.join(" ")
    } cli.ts`,
  );
}
