// Copyright 2026 the skillscope authors. MIT license.
/**
 * Whether bytes are text: valid UTF-8 without NUL bytes (a BOM kept).
 *
 * @module
 */

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The bytes as text when they are valid UTF-8 without NUL bytes, else
 * `undefined` (serve them as bytes). A BOM is kept.
 *
 * @example Usage
 * ```ts
 * import { utf8Text } from "./utf8_text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(utf8Text(new TextEncoder().encode("hi")), "hi");
 * assert.equal(utf8Text(new Uint8Array([0xff])), undefined);
 * assert.equal(utf8Text(new Uint8Array([0x68, 0])), undefined);
 * ```
 *
 * @param bytes The bytes.
 * @returns The text, or `undefined`.
 */
export function utf8Text(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return fatal.decode(bytes);
  } catch {
    return undefined;
  }
}
