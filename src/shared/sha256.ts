// Copyright 2026 the skillscope authors. MIT license.
/**
 * SHA-256, as lowercase hex: the digest behind `skills.lock` tree hashes,
 * install's owner tags and the MCP skills manifests.
 *
 * The hash is Node's `node:crypto`, taken with `process.getBuiltinModule`
 * the first time a digest is asked for: a static `import "node:crypto"`
 * starts Deno's Node layer when the module loads, which costs every command
 * that only might hash (`list` names install's copy test, which hashes only
 * when two copies share a name) about as much as the rest of its start-up.
 *
 * @module
 */
import type * as NodeCrypto from "node:crypto";

let nodeCrypto: typeof NodeCrypto | undefined;

/** An incremental SHA-256: feed it with `update`, read it once with `digest("hex")`. */
export type Sha256 = NodeCrypto.Hash;

/**
 * A new incremental SHA-256.
 *
 * @example Usage
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { createSha256 } from "./sha256.ts";
 *
 * const hash = createSha256();
 * hash.update("a");
 * hash.update(new TextEncoder().encode("bc"));
 * strictEqual(
 *   hash.digest("hex"),
 *   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 *
 * @returns The hash, empty.
 */
export function createSha256(): Sha256 {
  nodeCrypto ??= (globalThis as unknown as {
    process: { getBuiltinModule(id: "node:crypto"): typeof NodeCrypto };
  }).process.getBuiltinModule("node:crypto");
  return nodeCrypto.createHash("sha256");
}

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
  return createSha256().update(bytes).digest("hex");
}
