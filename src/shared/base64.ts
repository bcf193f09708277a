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
interface Base64Constructor {
  fromBase64(text: string): Uint8Array;
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

/**
 * Decodes standard base64.
 *
 * @example Usage
 * ```ts
 * import { deepStrictEqual } from "node:assert/strict";
 * import { decodeBase64 } from "./base64.ts";
 *
 * deepStrictEqual(decodeBase64("AP8B"), new Uint8Array([0, 255, 1]));
 * ```
 *
 * @param text The base64 text.
 * @returns The bytes.
 * @throws {SyntaxError} when `text` is not base64.
 */
export function decodeBase64(text: string): Uint8Array {
  return (Uint8Array as unknown as Base64Constructor).fromBase64(text);
}
