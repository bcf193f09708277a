// Copyright 2026 the skillscope authors. MIT license.
/**
 * The package version (kept equal to `deno.json` by a test).
 *
 * @module
 */

/**
 * The version of skillscope.
 *
 * @example Usage
 * ```ts
 * import { VERSION } from "@skillscope/skills";
 *
 * console.log(VERSION); // "0.1.0"
 * ```
 */
export const VERSION = "0.1.0";
