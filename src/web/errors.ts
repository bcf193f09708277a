// Copyright 2026 the skillscope authors. MIT license.
/**
 * The errors of the well-known subsystem: a download that was refused or
 * failed, an index that cannot be read, an artifact that cannot be trusted.
 *
 * @module
 */

/**
 * Why a download was refused or failed: `web-url-refused` (not HTTPS and
 * not a loopback host, or not HTTP at all), `web-redirect-refused` (to
 * another scheme or origin), `web-too-many-redirects`, `web-http-status`
 * (`status` says which), `web-too-large` (the body passed its cap),
 * `web-timeout`, `web-network`.
 */
export type WebFetchCode =
  | "web-url-refused"
  | "web-redirect-refused"
  | "web-too-many-redirects"
  | "web-http-status"
  | "web-too-large"
  | "web-timeout"
  | "web-network";

/**
 * Thrown when a URL may not be fetched or its download failed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { WebFetchError } from "./errors.ts";
 *
 * const error = new WebFetchError("web-http-status", "http://127.0.0.1/x", 'GET "http://127.0.0.1/x" answered 404', 404);
 * assert.equal(error.status, 404);
 * assert.equal(error.reason, undefined);
 * assert.ok(error instanceof Error);
 * ```
 */
export class WebFetchError extends Error {
  /** Stable code. */
  readonly code: WebFetchCode;
  /** The URL (credentials removed). */
  readonly url: string;
  /** The HTTP status, for `web-http-status`. */
  readonly status: number | undefined;
  /**
   * Why the connection failed, for `web-network` and `web-timeout`, when it
   * is known: refused, a host name that does not resolve, a failed TLS
   * handshake, a connection the host closed, or no answer in time. The
   * message names the host.
   */
  readonly reason:
    | "connection-refused"
    | "dns"
    | "tls"
    | "connection-reset"
    | "timeout"
    | undefined;

  /**
   * Constructs a new instance.
   *
   * @param code Stable code.
   * @param url The URL, credentials removed.
   * @param message Human-readable message.
   * @param status The HTTP status, when there was one.
   * @param options The underlying cause, and why the connection failed.
   */
  constructor(
    code: WebFetchCode,
    url: string,
    message: string,
    status?: number,
    options?: ErrorOptions & { reason?: WebFetchError["reason"] },
  ) {
    super(
      message,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = "WebFetchError";
    this.code = code;
    this.url = url;
    this.status = status;
    this.reason = options?.reason;
  }
}

/**
 * Why an index cannot be read: `web-index-not-found` (neither well-known
 * path answered), `web-index-invalid` (not JSON, not an object, no `skills`
 * list), `web-index-too-large`.
 */
export type WebIndexCode =
  | "web-index-not-found"
  | "web-index-invalid"
  | "web-index-too-large";

/**
 * Thrown when a site has no well-known index or its index cannot be read.
 * Problems with single entries are diagnostics, not this error.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { WebIndexError } from "./errors.ts";
 *
 * const error = new WebIndexError("web-index-invalid", "https://example.com/.well-known/agent-skills/index.json", "Not JSON");
 * assert.ok(error instanceof SyntaxError);
 * ```
 */
export class WebIndexError extends SyntaxError {
  /** Stable code. */
  readonly code: WebIndexCode;
  /** The index URL (or the URL the search started from). */
  readonly url: string;

  /**
   * Constructs a new instance.
   *
   * @param code Stable code.
   * @param url The index URL, credentials removed.
   * @param message Human-readable message.
   * @param options The underlying cause.
   */
  constructor(
    code: WebIndexCode,
    url: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "WebIndexError";
    this.code = code;
    this.url = url;
  }
}

/**
 * Why an artifact was refused: `web-digest-mismatch`, `web-archive-format`
 * (neither `Content-Type` nor the URL names `.tar.gz` or `.zip`),
 * `web-archive-corrupt`, `web-archive-path` (`..`, absolute, backslash,
 * control characters), `web-archive-link` (a symlink or hard link),
 * `web-archive-special` (a device, FIFO or other non-regular entry),
 * `web-archive-duplicate` (one path twice, or a file where a directory must
 * be), `web-archive-too-many-files`, `web-archive-too-large`,
 * `web-skill-md-missing` (no `SKILL.md` at the root), `web-skill-md-invalid`
 * (no parsable frontmatter), `web-name-mismatch` (its `name` differs from
 * the index entry's).
 */
export type WebArtifactCode =
  | "web-digest-mismatch"
  | "web-archive-format"
  | "web-archive-corrupt"
  | "web-archive-path"
  | "web-archive-link"
  | "web-archive-special"
  | "web-archive-duplicate"
  | "web-archive-too-many-files"
  | "web-archive-too-large"
  | "web-skill-md-missing"
  | "web-skill-md-invalid"
  | "web-name-mismatch";

/**
 * Thrown when a downloaded artifact must not be used. Nothing of it has been
 * parsed (digest) or returned (everything else) when this is thrown.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { WebArtifactError } from "./errors.ts";
 *
 * const error = new WebArtifactError("web-archive-path", 'Archive entry "../x" leaves the skill', "../x");
 * assert.equal(error.entry, "../x");
 * assert.ok(error instanceof TypeError);
 * ```
 */
export class WebArtifactError extends TypeError {
  /** Stable code. */
  readonly code: WebArtifactCode;
  /** The archive entry concerned, when there is one. */
  readonly entry: string | undefined;

  /**
   * Constructs a new instance.
   *
   * @param code Stable code.
   * @param message Human-readable message.
   * @param entry The archive entry concerned.
   * @param options The underlying cause.
   */
  constructor(
    code: WebArtifactCode,
    message: string,
    entry?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "WebArtifactError";
    this.code = code;
    this.entry = entry;
  }
}
