// Copyright 2026 the skillscope authors. MIT license.
/**
 * `fetchBytes()`: the one HTTP GET of the well-known subsystem. HTTPS only
 * (plain HTTP for loopback hosts), the `--allow-net` grant checked before
 * every request, redirects followed by hand within one origin and at most
 * {@linkcode MAX_REDIRECTS} times, the body read up to a byte cap while it
 * streams, and one time cap over all of it.
 *
 * @module
 */
import { readBounded } from "../shared/bounded_read.ts";
import { WebFetchError } from "./errors.ts";
import {
  assertNetPermission,
  assertRedirect,
  assertWebUrl,
  displayUrl,
} from "./url_policy.ts";
import { messageOf } from "../shared/errors.ts";
import { networkCause } from "./network_cause.ts";

/** Longest one download may take, redirects and body included (ms). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Most redirects one download follows. */
export const MAX_REDIRECTS = 5;

/**
 * Options of {@linkcode fetchBytes}.
 */
export interface WebFetchOptions {
  /** Largest body accepted (bytes); more is `web-too-large`. */
  readonly maxBytes: number;
  /** Longest the whole download may take (ms, default 30 000). */
  readonly timeoutMs?: number | undefined;
  /** Most redirects followed (default 5). */
  readonly maxRedirects?: number | undefined;
  /** Request headers (e.g. `If-None-Match`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Cancels the download. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * What {@linkcode fetchBytes} returns.
 */
export interface WebResponse {
  /** The URL that answered, after redirects. */
  readonly url: URL;
  /** A 2xx status, or 304 for a conditional request that matched. */
  readonly status: number;
  /** The response headers. */
  readonly headers: Headers;
  /** The body (empty for 304). */
  readonly bytes: Uint8Array;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `url` and returns its body, within the caps.
 *
 * @example Fetch from a loopback server
 * ```ts ignore
 * import { fetchBytes } from "./fetch.ts";
 *
 * const { bytes } = await fetchBytes("http://127.0.0.1:8080/.well-known/agent-skills/index.json", {
 *   maxBytes: 1024 * 1024,
 * });
 * ```
 *
 * @param url The URL.
 * @param options Byte cap, time cap, redirects, headers, signal.
 * @returns The final URL, status, headers and body.
 * @throws {WebFetchError} for a refused URL or redirect, an error status, a
 *   body over the cap, a timeout or a network failure.
 * @throws {PermissionDeniedError} naming `--allow-net=HOST` when not granted.
 */
export async function fetchBytes(
  url: URL | string,
  options: WebFetchOptions,
): Promise<WebResponse> {
  let current = typeof url === "string" ? parseUrl(url) : url;
  assertWebUrl(current);
  const ms = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(ms);
  const signal = options.signal === undefined
    ? timeout
    : AbortSignal.any([options.signal, timeout]);
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const fail = (error: unknown, at: URL): never => {
    if (error instanceof WebFetchError) throw error;
    if (timeout.aborted) {
      throw new WebFetchError(
        "web-timeout",
        displayUrl(at),
        `GET "${displayUrl(at)}" took longer than ${ms} ms`,
        undefined,
        { cause: error, reason: "timeout" },
      );
    }
    if (options.signal?.aborted) throw options.signal.reason;
    const detail = failureCause(error, at);
    const cause = networkCause(detail, at);
    throw new WebFetchError(
      "web-network",
      displayUrl(at),
      `GET "${displayUrl(at)}" failed: ${
        cause === undefined
          ? detail
          : cause.reason === "tls" || cause.reason === "connection-reset"
          // What the handshake or the closing said is worth keeping (a
          // certificate's problem); a refusal or a name says it all.
          ? `${cause.said} (${detail})`
          : cause.said
      }`,
      undefined,
      cause === undefined
        ? { cause: error }
        : { cause: error, reason: cause.reason },
    );
  };
  for (let hop = 0;; hop++) {
    assertNetPermission(current);
    let response: Response;
    try {
      response = await fetch(current, {
        redirect: "manual",
        signal,
        headers: { ...options.headers },
      });
    } catch (error) {
      return fail(error, current);
    }
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => {});
      const next = nextHop(response, current, hop, maxRedirects);
      current = next;
      continue;
    }
    if (response.status === 304) {
      await response.body?.cancel().catch(() => {});
      return {
        url: current,
        status: 304,
        headers: response.headers,
        bytes: new Uint8Array(),
      };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new WebFetchError(
        "web-http-status",
        displayUrl(current),
        `GET "${displayUrl(current)}" answered ${response.status}${
          response.statusText === "" ? "" : ` ${response.statusText}`
        }`,
        response.status,
      );
    }
    try {
      const bytes = await readCapped(response, current, options.maxBytes);
      return {
        url: current,
        status: response.status,
        headers: response.headers,
        bytes,
      };
    } catch (error) {
      return fail(error, current);
    }
  }
}

/** Most `cause` links followed for a failure's reason. */
const MAX_CAUSES = 8;

/**
 * Why a request failed, from the error and its `cause` chain: `fetch`
 * throws a bare "fetch failed" and keeps the reason (a refused connection,
 * a name that does not resolve, a certificate) in `cause`, wrapped in text
 * that repeats the URL the message already names. The URL as requested
 * (credentials, query) is never repeated.
 */
function failureCause(error: unknown, url: URL): string {
  const shown = displayUrl(url);
  const said: string[] = [];
  let current: unknown = error;
  for (let i = 0; i < MAX_CAUSES && current !== undefined; i++) {
    const text = messageOf(current)
      .replaceAll(url.href, shown)
      // Deno's wrappers, which name the URL (and the local address) again:
      // "error sending request [from ADDR ]for [url ]URL (…): ".
      .replace(
        /^error sending request (?:from \S+ )?for (?:url )?\S+(?: \([^)]*\))?: /,
        "",
      )
      .replace(/^client error \([^)]*\): /, "")
      .replace(/ \(os error \d+\)$/, "");
    if (text !== "" && !/^fetch failed$/i.test(text)) said.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return said.length === 0 ? "fetch failed" : said.join(": ");
}

function parseUrl(url: string): URL {
  const parsed = URL.parse(url);
  if (parsed === null) {
    throw new WebFetchError(
      "web-url-refused",
      url,
      `${JSON.stringify(url)} is not a URL`,
    );
  }
  return parsed;
}

/** Where a redirect leads, checked. */
function nextHop(
  response: Response,
  current: URL,
  hop: number,
  maxRedirects: number,
): URL {
  const location = response.headers.get("location");
  const next = location === null ? null : URL.parse(location, current);
  if (next === null) {
    throw new WebFetchError(
      "web-redirect-refused",
      displayUrl(current),
      `GET "${
        displayUrl(current)
      }" answered ${response.status} without a usable Location`,
      response.status,
    );
  }
  if (hop >= maxRedirects) {
    throw new WebFetchError(
      "web-too-many-redirects",
      displayUrl(current),
      `GET "${displayUrl(current)}" redirected more than ${maxRedirects} times`,
    );
  }
  assertRedirect(current, next);
  return next;
}

/** The body, read while it streams, refused as soon as it passes `max`. */
async function readCapped(
  response: Response,
  url: URL,
  max: number,
): Promise<Uint8Array> {
  const tooLarge = (): WebFetchError =>
    new WebFetchError(
      "web-too-large",
      displayUrl(url),
      `GET "${displayUrl(url)}" sent more than ${max} bytes`,
    );
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (declared > max) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (response.body === null) return new Uint8Array();
  let over = false;
  const bytes = await readBounded(response.body, {
    bytes: max,
    over: () => over = true,
  });
  if (over) throw tooLarge();
  return bytes;
}
