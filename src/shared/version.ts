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
 * import assert from "node:assert/strict";
 *
 * assert.match(VERSION, /^\d+\.\d+\.\d+/);
 * ```
 */
export const VERSION = "0.1.0";
