// Copyright 2026 the skillscope authors. MIT license.
/**
 * Finding and reading a site's well-known index: the v0.2 path first, then
 * the v0.1 one, or the index URL itself; each read conditional on the
 * `ETag` of the last one, so an unchanged index costs one `304`; the hosts
 * its entries name checked; all of it within one deadline.
 *
 * @module
 */
import type { HostScope } from "../shared/host_scope.ts";
import { webDeadline } from "./deadline.ts";
import { checkEntryHosts, type HostResolver } from "./entry_hosts.ts";
import { WebFetchError, WebIndexError } from "./errors.ts";
import { fetchBytes } from "./fetch.ts";
import { parseWebIndex, type WebIndex } from "./index_parse.ts";
import { type WebLimits, webLimits } from "./limits.ts";
import { displayUrl } from "./url_policy.ts";

/** Where a v0.2 index lives on an origin. */
export const AGENT_SKILLS_INDEX = "/.well-known/agent-skills/index.json";

/** Where a v0.1 index lives on an origin. */
export const LEGACY_SKILLS_INDEX = "/.well-known/skills/index.json";

/**
 * The URLs tried for a site, in order: `url` itself when its path ends in
 * `/index.json`, else the v0.2 and then the v0.1 well-known path of its
 * origin.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { indexCandidates } from "./index_client.ts";
 *
 * assert.deepEqual(indexCandidates("https://docs.example.com/guide/intro?x=1").map(String), [
 *   "https://docs.example.com/.well-known/agent-skills/index.json",
 *   "https://docs.example.com/.well-known/skills/index.json",
 * ]);
 * assert.deepEqual(indexCandidates("https://cdn.example.com/v2/index.json").map(String), [
 *   "https://cdn.example.com/v2/index.json",
 * ]);
 * ```
 *
 * @param url An origin, any URL on it, or an index URL.
 * @returns The index URLs to try.
 * @throws {WebFetchError} `web-url-refused` when `url` is not a URL.
 */
export function indexCandidates(url: URL | string): URL[] {
  const parsed = typeof url === "string" ? URL.parse(url) : new URL(url);
  if (parsed === null) {
    throw new WebFetchError(
      "web-url-refused",
      String(url),
      `${JSON.stringify(String(url))} is not a URL`,
    );
  }
  parsed.hash = "";
  if (parsed.pathname.endsWith("/index.json")) return [parsed];
  return [AGENT_SKILLS_INDEX, LEGACY_SKILLS_INDEX].map((path) =>
    new URL(path, parsed.origin)
  );
}

/**
 * Indexes read before, by URL, with their `ETag`: a reader that passes the
 * same cache again sends `If-None-Match` and reuses the parsed index on
 * `304 Not Modified`. In memory only.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { WebIndexCache } from "./index_client.ts";
 *
 * const cache = new WebIndexCache();
 * assert.equal(cache.size, 0);
 * ```
 */
export class WebIndexCache {
  readonly #entries = new Map<string, { etag: string; index: WebIndex }>();

  /** How many indexes are held. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The held index for `url`, with its `ETag`.
   *
   * @param url The index URL.
   * @returns The entry, if any.
   */
  get(url: string): { etag: string; index: WebIndex } | undefined {
    return this.#entries.get(url);
  }

  /**
   * Holds `index` under `url` with its `ETag`.
   *
   * @param url The index URL that was requested.
   * @param etag Its `ETag`.
   * @param index The parsed index.
   */
  set(url: string, etag: string, index: WebIndex): void {
    this.#entries.set(url, { etag, index });
  }

  /** Forgets every index. */
  clear(): void {
    this.#entries.clear();
  }
}

/**
 * Options of {@linkcode fetchWebIndex}.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { type FetchIndexOptions, WebIndexCache } from "./index_client.ts";
 *
 * const options: FetchIndexOptions = { cache: new WebIndexCache(), limits: { maxIndexEntries: 100 } };
 * assert.equal(options.limits?.maxIndexEntries, 100);
 * ```
 */
export interface FetchIndexOptions {
  /** Indexes read before (conditional requests). */
  readonly cache?: WebIndexCache | undefined;
  /**
   * Index size and entry caps, files (and requests) per v0.1 entry, time
   * per request, and the deadline of the whole read.
   */
  readonly limits?: WebLimits | undefined;
  /** Cancels the requests. */
  readonly signal?: AbortSignal | undefined;
  /**
   * How the names the entries lead to are resolved, to check their
   * addresses (default: DNS, when every host is granted; see
   * `resolveWithDns`).
   */
  readonly resolveHost?: HostResolver | undefined;
  /**
   * What the index's host is taken for instead of its address: `"public"`
   * holds a local mirror of a public index to the rules of a public one
   * (no entry may lead to this machine or a private network).
   */
  readonly indexScope?: HostScope | undefined;
}

/**
 * Finds and reads the index of a site (see {@linkcode indexCandidates}):
 * a `404` or `410` moves on to the next candidate; anything else that
 * fails is the answer. Entries leading to a host nearer than the index's
 * own (this machine, a private network: by address as written, or for a
 * name by what it resolves to) are left out with a diagnostic (see
 * `checkEntryHosts`). Every request and lookup shares one deadline
 * (`limits.deadlineMs`).
 *
 * @example Read a local site's index
 * ```ts ignore
 * import { fetchWebIndex } from "./index_client.ts";
 *
 * const index = await fetchWebIndex("http://127.0.0.1:8080/");
 * console.log(index.version, index.entries.map((e) => e.name));
 * ```
 *
 * @param url An origin, any URL on it, or the index URL.
 * @param options Cache, caps, signal.
 * @returns The index (its `url` is where it was found, after redirects).
 * @throws {WebIndexError} `web-index-not-found`, `web-index-invalid`, `web-index-too-large`.
 * @throws {WebFetchError} for a refused URL or redirect, an error status, a
 *   timeout (`web-timeout`, also when the deadline passes).
 * @throws {PermissionDeniedError} naming `--allow-net=HOST`.
 */
export async function fetchWebIndex(
  url: URL | string,
  options: FetchIndexOptions = {},
): Promise<WebIndex> {
  const limits = webLimits(options.limits);
  const candidates = indexCandidates(url);
  using deadline = webDeadline(
    limits.deadlineMs,
    `Reading the skills index of "${displayUrl(candidates[0]!)}"`,
    options.signal,
  );
  const signal = deadline.signal;
  const missing: string[] = [];
  for (const candidate of candidates) {
    const cached = options.cache?.get(candidate.href);
    let response;
    try {
      response = await fetchBytes(candidate, {
        maxBytes: limits.maxIndexBytes,
        timeoutMs: limits.timeoutMs,
        signal,
        headers: {
          accept: "application/json",
          ...(cached === undefined ? {} : { "if-none-match": cached.etag }),
        },
      });
    } catch (error) {
      if (
        error instanceof WebFetchError && error.code === "web-http-status" &&
        (error.status === 404 || error.status === 410)
      ) {
        missing.push(`"${displayUrl(candidate)}"`);
        continue;
      }
      if (error instanceof WebFetchError && error.code === "web-too-large") {
        throw new WebIndexError(
          "web-index-too-large",
          displayUrl(candidate),
          `The index "${
            displayUrl(candidate)
          }" is larger than ${limits.maxIndexBytes} bytes`,
          { cause: error },
        );
      }
      throw error;
    }
    if (response.status === 304) {
      if (cached !== undefined) return cached.index;
      throw new WebIndexError(
        "web-index-invalid",
        displayUrl(candidate),
        `The index "${
          displayUrl(candidate)
        }" answered 304 to a request that was not conditional`,
      );
    }
    const parsed = parseWebIndex(
      new TextDecoder().decode(response.bytes),
      response.url,
      {
        maxEntries: limits.maxIndexEntries,
        maxFiles: Math.min(limits.maxFiles, limits.maxFileRequests),
      },
    );
    const index = await checkEntryHosts(parsed, {
      indexScope: options.indexScope,
      resolveHost: options.resolveHost,
      signal,
    }).catch((error) => {
      throw signal.aborted ? signal.reason : error;
    });
    const etag = response.headers.get("etag");
    if (etag !== null && options.cache !== undefined) {
      options.cache.set(candidate.href, etag, index);
    }
    return index;
  }
  throw new WebIndexError(
    "web-index-not-found",
    displayUrl(candidates[0]!),
    `No well-known skills index: ${missing.join(" and ")} ${
      missing.length === 1 ? "was" : "were"
    } not found`,
  );
}
