// Copyright 2026 the skillscope authors. MIT license.
/**
 * The digests of well-known artifacts: `sha256:` and 64 lowercase hex
 * digits of the raw bytes, checked before anything is parsed.
 *
 * @module
 */
import { sha256Hex } from "../shared/sha256.ts";
import { WebArtifactError } from "./errors.ts";

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/**
 * Whether `value` is a digest in the index's form.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isDigest } from "./digest.ts";
 *
 * assert.equal(isDigest(`sha256:${"ab".repeat(32)}`), true);
 * assert.equal(isDigest(`sha256:${"AB".repeat(32)}`), false);
 * ```
 *
 * @param value A candidate.
 * @returns `true` for `sha256:` and 64 lowercase hex digits.
 */
export function isDigest(value: unknown): value is string {
  return typeof value === "string" && DIGEST.test(value);
}

/**
 * The digest of `bytes` in the index's form.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sha256Digest } from "./digest.ts";
 *
 * assert.equal(
 *   sha256Digest(new TextEncoder().encode("abc")),
 *   "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 *
 * @param bytes The artifact's bytes.
 * @returns `sha256:<hex>`.
 */
export function sha256Digest(bytes: Uint8Array): string {
  return `sha256:${sha256Hex(bytes)}`;
}

/**
 * Throws unless `bytes` have the digest `expected`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sha256Digest, verifyDigest } from "./digest.ts";
 *
 * const bytes = new TextEncoder().encode("abc");
 * verifyDigest(bytes, sha256Digest(bytes), "https://example.com/a");
 * assert.throws(() => verifyDigest(bytes, `sha256:${"0".repeat(64)}`, "https://example.com/a"), /digest/);
 * ```
 *
 * @param bytes The downloaded bytes.
 * @param expected The digest the index gives.
 * @param url Where the bytes came from, for the message.
 * @throws {WebArtifactError} `web-digest-mismatch`.
 */
export function verifyDigest(
  bytes: Uint8Array,
  expected: string,
  url: string,
): void {
  const actual = sha256Digest(bytes);
  if (actual === expected) return;
  throw new WebArtifactError(
    "web-digest-mismatch",
    `"${url}" does not match its digest: the index says ${expected}, the ${bytes.length} bytes served have ${actual}`,
  );
}
