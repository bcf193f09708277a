// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which URLs the well-known client may fetch: HTTPS, or plain HTTP to a
 * loopback host (local development and tests); redirects within one origin;
 * and the `--allow-net` grant, queried (never requested) before a request.
 *
 * @module
 */
import { PermissionDeniedError } from "../shared/errors.ts";
import {
  type HostScope,
  hostScope,
  isLoopbackHost,
  mayPointAt,
} from "../shared/host_scope.ts";
import { WebFetchError } from "./errors.ts";

/**
 * A URL for messages and keys: scheme, host and path, without credentials,
 * query or fragment (which may carry tokens).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { displayUrl } from "./url_policy.ts";
 *
 * assert.equal(displayUrl("https://me:secret@example.com/a?token=1"), "https://example.com/a");
 * ```
 *
 * @param url The URL.
 * @returns Its printable form.
 */
export function displayUrl(url: URL | string): string {
  const parsed = typeof url === "string" ? URL.parse(url) : url;
  if (parsed === null) return JSON.stringify(String(url));
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/**
 * Throws unless `url` may be fetched: `https:`, or `http:` to a loopback
 * host. Every other scheme (`file:`, `data:`, `ftp:` …) is refused.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertWebUrl } from "./url_policy.ts";
 *
 * assertWebUrl(new URL("http://127.0.0.1:8080/index.json"));
 * assert.throws(() => assertWebUrl(new URL("http://example.com/")), /HTTPS/);
 * assert.throws(() => assertWebUrl(new URL("file:///etc/passwd")), /HTTPS/);
 * ```
 *
 * @param url The URL.
 * @throws {WebFetchError} `web-url-refused`.
 */
export function assertWebUrl(url: URL): void {
  if (url.protocol === "https:") return;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return;
  throw new WebFetchError(
    "web-url-refused",
    displayUrl(url),
    `Refusing "${
      displayUrl(url)
    }": only HTTPS URLs are fetched (plain HTTP only from a loopback host)`,
  );
}

/**
 * Resolves a URL written in an index (absolute, path-absolute or relative)
 * against the index's URL, and checks it: fetchable (see
 * {@linkcode assertWebUrl}), and on a host no nearer than the index's own
 * (see `HostScope`): an index on a public host may not point a client at a
 * service on the client's own machine (`localhost.`, `0.0.0.0`, `[::]`,
 * `[::ffff:127.0.0.1]`, `127.1`, `2130706433` …) or at a private network
 * (`10.0.0.0/8`, `169.254.169.254` …). Hosts are classified by their
 * address, whatever the spelling; a name other than `localhost` and the
 * local-network suffixes is taken as public here, and what it resolves to
 * is checked before it is fetched (`fetchWebIndex`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveIndexUrl } from "./url_policy.ts";
 *
 * const index = new URL("https://example.com/.well-known/agent-skills/index.json");
 * assert.equal(resolveIndexUrl("pdf/SKILL.md", index).href, "https://example.com/.well-known/agent-skills/pdf/SKILL.md");
 * assert.equal(resolveIndexUrl("/a.tar.gz", index).href, "https://example.com/a.tar.gz");
 * assert.throws(() => resolveIndexUrl("http://127.0.0.1/x", index), /loopback/);
 * assert.throws(() => resolveIndexUrl("https://0x7f.1/x", index), /loopback/);
 * assert.throws(() => resolveIndexUrl("https://[::]/x", index), /this machine/);
 * assert.throws(() => resolveIndexUrl("https://10.0.0.8/x", index), /private/);
 * ```
 *
 * @param ref The URL as written.
 * @param index The index's URL.
 * @param indexScope What the index's host is taken for (default: its
 *   scope as written).
 * @returns The absolute URL.
 * @throws {WebFetchError} `web-url-refused`.
 */
export function resolveIndexUrl(
  ref: string,
  index: URL,
  indexScope: HostScope = hostScope(index.hostname),
): URL {
  const url = URL.parse(ref, index);
  if (url === null) {
    throw new WebFetchError(
      "web-url-refused",
      ref,
      `${JSON.stringify(ref)} is not a URL`,
    );
  }
  assertWebUrl(url);
  assertPointsAt(url, hostScope(url.hostname), indexScope);
  return url;
}

/** What each scope is called in messages. */
const SCOPE_NAMES: Record<HostScope, string> = {
  loopback: "a loopback host",
  local: "a host on this machine",
  private: "a private-network host",
  public: "a public host",
};

/**
 * Throws unless an index on a host of scope `indexScope` may send a client
 * to `url`, whose host has scope `scope` (as written, or as resolved).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertPointsAt } from "./url_policy.ts";
 *
 * const url = new URL("https://cdn.example.com/a.tar.gz");
 * assertPointsAt(url, "public", "public");
 * assert.throws(() => assertPointsAt(url, "private", "public"), /private-network/);
 * ```
 *
 * @param url The URL the index names.
 * @param scope The scope of its host.
 * @param indexScope The scope of the index's host.
 * @param resolved The address the host resolved to, for the message.
 * @throws {WebFetchError} `web-url-refused`.
 */
export function assertPointsAt(
  url: URL,
  scope: HostScope,
  indexScope: HostScope,
  resolved?: string,
): void {
  if (mayPointAt(indexScope, scope)) return;
  throw new WebFetchError(
    "web-url-refused",
    displayUrl(url),
    `Refusing "${displayUrl(url)}": an index on ${
      SCOPE_NAMES[indexScope]
    } may not point at ${SCOPE_NAMES[scope]}${
      resolved === undefined ? "" : ` (it resolves to ${resolved})`
    }`,
  );
}

/**
 * Throws unless a redirect from `from` to `to` may be followed: same scheme,
 * host and port (so never HTTPS to HTTP, never to `file:`, never to another
 * host: an artifact on a CDN is named by its URL in the index instead).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertRedirect } from "./url_policy.ts";
 *
 * const from = new URL("https://example.com/a");
 * assertRedirect(from, new URL("https://example.com/b"));
 * assert.throws(() => assertRedirect(from, new URL("http://example.com/b")), /redirect/);
 * assert.throws(() => assertRedirect(from, new URL("https://cdn.example.com/b")), /redirect/);
 * ```
 *
 * @param from The URL that answered with a redirect.
 * @param to Where it points.
 * @throws {WebFetchError} `web-redirect-refused`.
 */
export function assertRedirect(from: URL, to: URL): void {
  if (to.protocol === from.protocol && to.host === from.host) return;
  const why = to.protocol !== from.protocol
    ? `another scheme (${to.protocol.slice(0, -1)})`
    : `another host (${to.host})`;
  throw new WebFetchError(
    "web-redirect-refused",
    displayUrl(from),
    `Refusing the redirect from "${displayUrl(from)}" to "${
      displayUrl(to)
    }": it leads to ${why}; only redirects within one origin are followed`,
  );
}

/**
 * Throws unless Deno grants network access to `url`'s host (queried, never
 * requested, so there is no prompt).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertNetPermission } from "./url_policy.ts";
 *
 * if (Deno.permissions.querySync({ name: "net", host: "127.0.0.1:9" }).state !== "granted") {
 *   assert.throws(
 *     () => assertNetPermission(new URL("http://127.0.0.1:9/")),
 *     /--allow-net=127\.0\.0\.1:9/,
 *   );
 * }
 * ```
 *
 * @param url The URL about to be fetched.
 * @throws {PermissionDeniedError} naming `--allow-net=HOST`.
 */
export function assertNetPermission(url: URL): void {
  const status = Deno.permissions.querySync({ name: "net", host: url.host });
  if (status.state !== "granted") {
    throw new PermissionDeniedError("net", url.host, `--allow-net=${url.host}`);
  }
}
