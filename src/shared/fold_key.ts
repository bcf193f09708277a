// Copyright 2026 the skillscope authors. MIT license.
/**
 * The key under which a case-insensitive, Unicode-normalizing file system
 * (macOS APFS and HFS+, Windows NTFS) takes two different names for one
 * file. Install and the web archive reader refuse two names of one key, so
 * what a skill directory holds does not depend on the disk it lands on.
 *
 * @module
 */

/**
 * The key two names share when a case-insensitive, normalization-insensitive
 * file system takes them for one: canonical composition (NFC) and simple
 * case folding, one code point at a time (`"ς"` and `"Σ"` fold to `"σ"`;
 * `"ß"` stays itself, as it does on those systems).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldKey } from "./fold_key.ts";
 *
 * assert.equal(foldKey("README.md"), foldKey("readme.md"));
 * assert.equal(foldKey("caf\u00e9"), foldKey("cafe\u0301"));
 * assert.equal(foldKey("ς-x"), foldKey("σ-x"));
 * assert.notEqual(foldKey("ß"), foldKey("ss"));
 * ```
 *
 * @param name A file name or a relative path.
 * @returns Its key.
 */
export function foldKey(name: string): string {
  let key = "";
  for (const char of name.normalize("NFC")) {
    const upper = char.toUpperCase();
    // A one-to-many mapping ("ß" → "SS") is full folding, which those file
    // systems do not do: the character is only lowercased.
    key += [...upper].length === 1 ? upper.toLowerCase() : char.toLowerCase();
  }
  return key.normalize("NFC");
}
