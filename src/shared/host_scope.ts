// Copyright 2026 the skillscope authors. MIT license.
/**
 * How far a host reaches: this machine, a private network, or the public
 * internet. Addresses are classified by their bytes, whatever spelling
 * named them (see `parseIpAddress`), and names by the few that never leave
 * the machine or the local network. The scope decides which hosts a server
 * may bind without exposing itself, the only hosts plain HTTP is fetched
 * from, and which hosts an index may point a client at.
 *
 * @module
 */
import { parseIpAddress } from "./ip_address.ts";

/**
 * Where a host is: `"loopback"` (127.0.0.0/8, `::1`, `localhost`),
 * `"local"` (this machine by another name: `0.0.0.0/8`, `::`,
 * `*.localhost`), `"private"` (a network that is not the internet: RFC 1918,
 * CGNAT, link-local, unique-local, multicast, reserved and documentation
 * ranges, `.local`, `.internal`, `.home.arpa` and one-label names) or
 * `"public"`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { type HostScope, hostScope } from "./host_scope.ts";
 *
 * const scope: HostScope = hostScope("10.0.0.1");
 * assert.equal(scope, "private");
 * ```
 */
export type HostScope = "loopback" | "local" | "private" | "public";

/** IPv4 ranges that are not public, as [first byte values, prefix length, scope]. */
const IPV4_RANGES: readonly (readonly [number[], number, HostScope])[] = [
  [[127], 8, "loopback"],
  [[0], 8, "local"],
  [[10], 8, "private"],
  [[100, 64], 10, "private"], // CGNAT
  [[169, 254], 16, "private"], // link-local (cloud metadata)
  [[172, 16], 12, "private"],
  [[192, 0, 0], 24, "private"], // IETF protocol assignments
  [[192, 0, 2], 24, "private"], // documentation
  [[192, 88, 99], 24, "private"], // 6to4 relay anycast
  [[192, 168], 16, "private"],
  [[198, 18], 15, "private"], // benchmarking
  [[198, 51, 100], 24, "private"], // documentation
  [[203, 0, 113], 24, "private"], // documentation
  [[224], 4, "private"], // multicast
  [[240], 4, "private"], // reserved, broadcast
];

/** IPv6 ranges that are not public and embed no IPv4 address. */
const IPV6_RANGES: readonly (readonly [number[], number, HostScope])[] = [
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, "private"], // discard
  [[0x20, 0x01, 0x0d, 0xb8], 32, "private"], // documentation
  // Teredo: an IPv4 address behind a relay, in any layout.
  [[0x20, 0x01, 0x00, 0x00], 32, "private"],
  // Local-use NAT64 (RFC 8215): an operator's own layout of IPv4 addresses.
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, "private"],
  [[0xfc], 7, "private"], // unique-local
  [[0xfe, 0x80], 10, "private"], // link-local
  [[0xfe, 0xc0], 10, "private"], // site-local (deprecated)
  [[0xff], 8, "private"], // multicast
];

/** Name suffixes that resolve only on a local network. */
const PRIVATE_SUFFIXES = [".local", ".internal", ".home.arpa", ".localdomain"];

function inRange(bytes: Uint8Array, first: number[], bits: number): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((first[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Scope(bytes: Uint8Array): HostScope {
  for (const [first, bits, scope] of IPV4_RANGES) {
    if (inRange(bytes, first, bits)) return scope;
  }
  return "public";
}

function ipv6Scope(bytes: Uint8Array): HostScope {
  const zeros = (from: number, to: number): boolean =>
    bytes.slice(from, to).every((b) => b === 0);
  const last4 = bytes.slice(12);
  if (zeros(0, 15)) return bytes[15] === 1 ? "loopback" : "local"; // ::1, ::
  // IPv4-mapped (::ffff:a.b.c.d) reaches the IPv4 address itself.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return ipv4Scope(last4);
  }
  // IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d), NAT64
  // (64:ff9b::/96) and 6to4 (2002::/16) lead to an IPv4 address through a
  // gateway: not public when that address is not. (Local-use NAT64 and
  // Teredo, whose layouts vary, are private whatever they hold: below.)
  const embedded = zeros(0, 12) ||
      (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff &&
        zeros(10, 12))
    ? last4
    : inRange(bytes, [0, 0x64, 0xff, 0x9b], 32) && zeros(4, 12)
    ? last4
    : inRange(bytes, [0x20, 0x02], 16)
    ? bytes.slice(2, 6)
    : undefined;
  if (embedded !== undefined) {
    return ipv4Scope(embedded) === "public" ? "public" : "private";
  }
  for (const [first, bits, scope] of IPV6_RANGES) {
    if (inRange(bytes, first, bits)) return scope;
  }
  return "public";
}

/**
 * The scope of an address's bytes (4 for IPv4, 16 for IPv6): see
 * {@linkcode HostScope}. An IPv4-mapped IPv6 address has the scope of its
 * IPv4 address.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { addressScope } from "./host_scope.ts";
 *
 * assert.equal(addressScope(new Uint8Array([169, 254, 169, 254])), "private");
 * assert.equal(addressScope(new Uint8Array([93, 184, 215, 14])), "public");
 * ```
 *
 * @param bytes The address.
 * @returns Its scope.
 */
export function addressScope(bytes: Uint8Array): HostScope {
  return bytes.length === 4 ? ipv4Scope(bytes) : ipv6Scope(bytes);
}

/**
 * The scope of a host as written: an address in any spelling a URL accepts
 * (with or without brackets or a trailing dot), classified by its bytes; a
 * name by its form alone (`localhost`, `*.localhost`, local-network
 * suffixes, one-label names), any other name `"public"` — what it resolves
 * to is not asked here.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { hostScope } from "./host_scope.ts";
 *
 * assert.equal(hostScope("localhost."), "loopback");
 * assert.equal(hostScope(new URL("http://0x7f.1/").hostname), "loopback");
 * assert.equal(hostScope("[::ffff:127.0.0.1]"), "loopback");
 * assert.equal(hostScope("[::]"), "local");
 * assert.equal(hostScope("[fd12::1]"), "private");
 * assert.equal(hostScope("docs.example.com"), "public");
 * ```
 *
 * @param hostname The host name (as `URL.hostname` writes it, or bare).
 * @returns Its scope.
 */
export function hostScope(hostname: string): HostScope {
  const bytes = parseIpAddress(hostname);
  if (bytes !== undefined) return addressScope(bytes);
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (name === "localhost") return "loopback";
  if (name.endsWith(".localhost")) return "local";
  if (!name.includes(".")) return "private";
  if (PRIVATE_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return "private";
  }
  return "public";
}

/**
 * Whether a host is a loopback address (127.0.0.0/8 or `::1`, in any
 * spelling, IPv4-mapped included) or `localhost`: the hosts a server may
 * bind without exposing itself and the only hosts plain HTTP is fetched
 * from. `0.0.0.0` and `::` are not: binding them listens on every
 * interface.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLoopbackHost } from "./host_scope.ts";
 *
 * assert.equal(isLoopbackHost("127.0.0.1"), true);
 * assert.equal(isLoopbackHost(new URL("http://[::1]:8080/").hostname), true);
 * assert.equal(isLoopbackHost("127.1"), true);
 * assert.equal(isLoopbackHost("0.0.0.0"), false);
 * ```
 *
 * @param hostname The host name.
 * @returns `true` for a loopback address.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostScope(hostname) === "loopback";
}

/** How far each scope reaches, nearest first. */
const REACH: Record<HostScope, number> = {
  loopback: 0,
  local: 0,
  private: 1,
  public: 2,
};

/**
 * Whether a document served from a host of scope `from` may send a client
 * to a host of scope `to`: never nearer than itself, so a public index
 * cannot aim at this machine or the local network, and a private one not
 * at this machine.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mayPointAt } from "./host_scope.ts";
 *
 * assert.equal(mayPointAt("public", "private"), false);
 * assert.equal(mayPointAt("loopback", "public"), true);
 * ```
 *
 * @param from The scope of the document's host.
 * @param to The scope of the host it names.
 * @returns `true` when allowed.
 */
export function mayPointAt(from: HostScope, to: HostScope): boolean {
  return REACH[to] >= REACH[from];
}

/**
 * The nearest of several scopes (that of a name resolving to several
 * addresses): `"public"` when there are none.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { nearestScope } from "./host_scope.ts";
 *
 * assert.equal(nearestScope(["public", "loopback"]), "loopback");
 * ```
 *
 * @param scopes The scopes.
 * @returns The one that reaches least far.
 */
export function nearestScope(scopes: Iterable<HostScope>): HostScope {
  let nearest: HostScope = "public";
  for (const scope of scopes) {
    if (REACH[scope] < REACH[nearest] || scope === "loopback") nearest = scope;
  }
  return nearest;
}
