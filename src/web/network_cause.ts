// Copyright 2026 the skillscope authors. MIT license.
/**
 * Why a connection to a host failed, in words a person acts on: the
 * connection was refused, the name does not resolve, the TLS handshake
 * failed, the host closed the connection or did not answer in time — each
 * naming the host. Read from the text of the error (Deno's `fetch`) or of
 * git's stderr (curl's messages).
 *
 * @module
 */

/** Why a connection failed (see {@linkcode networkCause}). */
export type NetworkReason =
  | "connection-refused"
  | "dns"
  | "tls"
  | "connection-reset"
  | "timeout";

/** A failure's reason and the words that say it, naming the host. */
export interface NetworkCause {
  /** The reason. */
  readonly reason: NetworkReason;
  /** What happened, naming the host: `connection refused by "127.0.0.1:8080"`. */
  readonly said: string;
}

/**
 * The words of each reason, first match wins: a name that does not resolve
 * and a timeout before a refusal (curl says "Couldn't connect to server"
 * after either), a refusal before TLS.
 */
const PATTERNS: readonly [NetworkReason, RegExp][] = [
  [
    "dns",
    /dns error|failed to lookup address|could not resolve host|name or service not known|nodename nor servname|no such host|temporary failure in name resolution/i,
  ],
  [
    "timeout",
    /timed out|operation too slow|took longer than|deadline has elapsed/i,
  ],
  ["connection-refused", /connection refused|couldn'?t connect to server/i],
  [
    "tls",
    /certificate|\btls\b|\bssl\b|handshake|corrupt message|invalidcontenttype|peer sent no certificates/i,
  ],
  [
    "connection-reset",
    /connection reset|connection closed|broken pipe|empty reply from server|unexpected eof|recv failure/i,
  ],
];

/**
 * The reason of a failed connection to `url`'s host, read from `text` (an
 * error's messages, or git's stderr); `undefined` when the text names none
 * of them.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { networkCause } from "./network_cause.ts";
 *
 * const url = new URL("http://127.0.0.1:8080/x");
 * assert.deepEqual(networkCause("tcp connect error: Connection refused", url), {
 *   reason: "connection-refused",
 *   said: 'connection refused by "127.0.0.1:8080" (nothing listens on that port)',
 * });
 * assert.equal(
 *   networkCause("Could not resolve host: nope.invalid", new URL("https://nope.invalid/"))?.said,
 *   'the host name "nope.invalid" does not resolve (DNS)',
 * );
 * assert.equal(networkCause("HTTP 404", url), undefined);
 * ```
 *
 * @param text What the failure said.
 * @param url The URL that was requested (its host is named).
 * @returns The reason and the words, or `undefined`.
 */
export function networkCause(
  text: string,
  url: URL,
): NetworkCause | undefined {
  const reason = PATTERNS.find(([, pattern]) => pattern.test(text))?.[0];
  if (reason === undefined) return undefined;
  const port = url.port !== ""
    ? url.port
    : url.protocol === "https:"
    ? "443"
    : url.protocol === "http:"
    ? "80"
    : "";
  const host = JSON.stringify(
    port === "" ? url.hostname : `${url.hostname}:${port}`,
  );
  const said = {
    "connection-refused":
      `connection refused by ${host} (nothing listens on that port)`,
    dns: `the host name ${JSON.stringify(url.hostname)} does not resolve (DNS)`,
    timeout: `${host} did not answer in time`,
    tls: `the TLS handshake with ${host} failed`,
    "connection-reset": `${host} closed the connection`,
  }[reason];
  return { reason, said };
}
