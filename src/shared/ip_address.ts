// Copyright 2026 the skillscope authors. MIT license.
/**
 * IP address literals as bytes. Every spelling the WHATWG URL parser
 * accepts for a host (`127.1`, `0x7f.1`, `2130706433`, `[::ffff:127.0.0.1]`,
 * a trailing dot) is first put in its canonical form by that parser, so the
 * bytes are those a connection would use, whatever was written.
 *
 * @module
 */

const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const GROUPS = /^[0-9a-f:]{2,39}$/;
const NUMBER = /^(?:\d+|0x[0-9a-f]*)$/i;

/** Whether the URL parser reads `host` as IPv4: its last label is a number. */
function endsInNumber(host: string): boolean {
  const trimmed = host.endsWith(".") ? host.slice(0, -1) : host;
  return NUMBER.test(trimmed.slice(trimmed.lastIndexOf(".") + 1));
}

function isCanonicalOctet(part: string): boolean {
  return Number(part) <= 255 && (part === "0" || !part.startsWith("0"));
}

/**
 * The bytes of an IP address literal: 4 for IPv4, 16 for IPv6. A host name
 * as `URL.hostname` gives it (IPv6 in brackets), or any spelling of an
 * address a URL host accepts, including shorthand and hexadecimal IPv4 and
 * IPv4 embedded in IPv6; a trailing dot is ignored. A name is `undefined`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseIpAddress } from "./ip_address.ts";
 *
 * assert.deepEqual(parseIpAddress("0x7f.1"), new Uint8Array([127, 0, 0, 1]));
 * assert.deepEqual(parseIpAddress("[::ffff:127.0.0.1]")?.slice(12), new Uint8Array([127, 0, 0, 1]));
 * assert.equal(parseIpAddress("localhost"), undefined);
 * ```
 *
 * @param host The host or address.
 * @returns The address's bytes, or `undefined` for a name.
 */
export function parseIpAddress(host: string): Uint8Array | undefined {
  const direct = DOTTED.exec(host);
  if (direct !== null && direct.slice(1, 5).every(isCanonicalOctet)) {
    return new Uint8Array(direct.slice(1, 5).map(Number));
  }
  if (!host.includes(":") && !endsInNumber(host)) return undefined;
  const canonical = canonicalHost(host);
  if (canonical === undefined) return undefined;
  const v4 = DOTTED.exec(canonical);
  if (v4 !== null) return new Uint8Array(v4.slice(1, 5).map(Number));
  if (canonical.startsWith("[") && canonical.endsWith("]")) {
    return ipv6Bytes(canonical.slice(1, -1));
  }
  return undefined;
}

/**
 * The host as the URL parser writes it (IPv4 dotted, IPv6 compressed in
 * brackets, names lower-case), without a trailing dot; `undefined` when it
 * is no valid host.
 */
function canonicalHost(host: string): string | undefined {
  if (host.length === 0 || /[\s/?#@\\]/.test(host)) return undefined;
  let bare = host.startsWith("[") && host.endsWith("]")
    ? host.slice(1, -1)
    : host;
  if (bare.endsWith(".")) bare = bare.slice(0, -1);
  const literal = bare.includes(":") ? `[${bare}]` : bare;
  // The URL parser reads every IPv4 and IPv6 spelling a fetch would.
  const parsed = URL.parse(`http://${literal}/`);
  if (parsed === null || parsed.host !== parsed.hostname) return undefined;
  const hostname = parsed.hostname;
  return hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
}

/** The 16 bytes of a compressed IPv6 address as the URL parser writes it. */
function ipv6Bytes(text: string): Uint8Array | undefined {
  if (!GROUPS.test(text)) return undefined;
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (part: string | undefined): string[] =>
    part === undefined || part === "" ? [] : part.split(":");
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [
    ...head,
    ...Array(halves.length === 1 ? 0 : missing).fill("0"),
    ...tail,
  ];
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 8; i++) {
    const group = all[i]!;
    if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  }
  return bytes;
}
