// Copyright 2026 the skillscope authors. MIT license.
/**
 * Base64 encoding of bytes (node:buffer, built into Deno).
 *
 * @module
 */
import { Buffer } from "node:buffer";

/**
 * Encodes bytes as standard base64.
 *
 * @param bytes The bytes.
 * @returns The base64 text.
 */
export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
    "base64",
  );
}

/**
 * Decodes standard base64.
 *
 * @param text The base64 text.
 * @returns The bytes.
 */
export function decodeBase64(text: string): Uint8Array {
  const buffer = Buffer.from(text, "base64");
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
