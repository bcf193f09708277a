// Copyright 2026 the skillscope authors. MIT license.
/**
 * The home directory: `HOME`, or on Windows `USERPROFILE`, each read
 * through `env` (which checks its permission). The one reader of the home
 * directory, for discovery and `install` alike.
 *
 * @example Usage
 * ```ts
 * import { homeDirectory } from "./home_directory.ts";
 * import assert from "node:assert/strict";
 *
 * const env = (name: string) => name === "HOME" ? "/home/me" : undefined;
 * assert.equal(homeDirectory(env), "/home/me");
 * assert.equal(homeDirectory(() => undefined), undefined);
 * ```
 *
 * @param env Reads a variable; `undefined` when unset, empty or not granted.
 * @returns The home directory, or `undefined`.
 */
export function homeDirectory(
  env: (name: string) => string | undefined,
): string | undefined {
  return env("HOME") ??
    (Deno.build.os === "windows" ? env("USERPROFILE") : undefined);
}
