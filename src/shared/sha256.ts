// Copyright 2026 the skillscope authors. MIT license.
/**
 * SHA-256 of bytes, as lowercase hex: the digest behind `skills.lock` tree
 * hashes and the MCP skills manifests.
 *
 * @module
 */
import { createHash } from "node:crypto";

/**
 * The SHA-256 of `bytes` as 64 lowercase hex digits.
 *
 * @example Usage
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { sha256Hex } from "./sha256.ts";
 *
 * strictEqual(
 *   sha256Hex(new TextEncoder().encode("abc")),
 *   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 *
 * @param bytes The bytes.
 * @returns The hex digest.
 */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
