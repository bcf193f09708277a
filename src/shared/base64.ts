// Copyright 2026 the skillscope authors. MIT license.
/**
 * Base64 encoding of bytes, with the built-in `Uint8Array` methods (no
 * `node:buffer`, whose compatibility layer costs every importer start-up
 * time).
 *
 * @module
 */

/** The built-in base64 methods of `Uint8Array` (ES2026). */
interface Base64Bytes {
  toBase64(): string;
}

/**
 * Encodes bytes as standard base64.
 *
 * @example Usage
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { encodeBase64 } from "./base64.ts";
 *
 * strictEqual(encodeBase64(new Uint8Array([0, 255, 1])), "AP8B");
 * ```
 *
 * @param bytes The bytes.
 * @returns The base64 text.
 */
export function encodeBase64(bytes: Uint8Array): string {
  return (bytes as unknown as Base64Bytes).toBase64();
}
