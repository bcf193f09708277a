// Copyright 2026 the skillscope authors. MIT license.
/**
 * The caps on one skill brought onto the machine, shared by every path that
 * does it: install (copy, git checkout) and the well-known sources (download
 * and archive extraction).
 *
 * @module
 */

/**
 * Most files one skill may hold.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_INSTALL_FILES } from "./install_limits.ts";
 *
 * assert.equal(MAX_INSTALL_FILES, 10_000);
 * ```
 */
export const MAX_INSTALL_FILES = 10_000;

/**
 * Most bytes one skill's files may add up to (200 MiB).
 */
export const MAX_INSTALL_BYTES = 200 * 1024 * 1024;
