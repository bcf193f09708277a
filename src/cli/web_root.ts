// Copyright 2026 the skillscope authors. MIT license.
/**
 * `--root https://…`: a website's well-known skills as a root. The source
 * is the library's `wellKnownSource`, loaded on its first listing so that
 * commands on local roots load none of the web code.
 *
 * @module
 */
import type { RemoteListing, RemoteSource } from "../content/remote_content.ts";
import {
  assertNetPermission,
  assertWebUrl,
  displayUrl,
} from "../web/url_policy.ts";
import { UsageError } from "./errors.ts";

/**
 * `text` as a URL a website may be read from: `https://`, or `http://` on a
 * loopback host (the rule of the well-known client).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { webUrl } from "./web_root.ts";
 *
 * assert.equal(webUrl("https://docs.example.com", "--base-url", "the base URL").host, "docs.example.com");
 * assert.throws(() => webUrl("ftp://x", "--base-url", "the base URL"), /must be an HTTPS URL/);
 * ```
 *
 * @param text The option's value.
 * @param option The option, for the message.
 * @param what What the value is, for the message.
 * @returns The URL.
 * @throws {UsageError} for anything else.
 */
export function webUrl(text: string, option: string, what: string): URL {
  const url = URL.parse(text);
  try {
    if (url === null) throw new TypeError("not a URL");
    assertWebUrl(url);
    return url;
  } catch {
    throw new UsageError(
      `${option} ${
        JSON.stringify(url === null ? text : displayUrl(url))
      } is refused: ${what} must be an HTTPS URL (plain HTTP only on a loopback host)`,
    );
  }
}

/**
 * The source of a `--root` that is a URL — `https://…`, or `http://…` on a
 * loopback host — or `undefined` for a directory. The network grant for
 * its host is checked at once, so a missing one is the command's error
 * (naming `--allow-net=HOST`), not a warning after an empty listing.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { webRoot } from "./web_root.ts";
 *
 * assert.equal(webRoot("./skills"), undefined);
 * assert.throws(() => webRoot("http://docs.example.com/"), /HTTPS/);
 * ```
 *
 * @param root The `--root` value.
 * @returns The source, or `undefined` when `root` is not a URL.
 * @throws {UsageError} for a URL that is not HTTPS (or HTTP on loopback).
 * @throws {PermissionDeniedError} naming `--allow-net=HOST`.
 */
export function webRoot(root: string): RemoteSource | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(root)) return undefined;
  const url = webUrl(root, "--root", "a website root");
  assertNetPermission(url);
  let source: Promise<RemoteSource> | undefined;
  return {
    kind: "remote",
    // The key wellKnownSource gives the same site.
    key: `web+${displayUrl(url)}`,
    async list(): Promise<RemoteListing> {
      source ??= import("../web/well_known_source.ts").then((m) =>
        m.wellKnownSource(url)
      );
      return await (await source).list();
    },
  };
}
