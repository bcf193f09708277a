// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which host names are loopback addresses: the hosts a server may bind
 * without exposing itself, and the only hosts plain HTTP is fetched from.
 *
 * @module
 */

/**
 * Whether a host name is a loopback address: `localhost`, 127.0.0.0/8 or
 * `::1` (with or without brackets, as `URL.hostname` writes it).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLoopbackHost } from "./loopback.ts";
 *
 * assert.equal(isLoopbackHost("127.0.0.1"), true);
 * assert.equal(isLoopbackHost(new URL("http://[::1]:8080/").hostname), true);
 * assert.equal(isLoopbackHost("0.0.0.0"), false);
 * ```
 *
 * @param hostname The host name.
 * @returns `true` for a loopback address.
 */
export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}
