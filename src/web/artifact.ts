// Copyright 2026 the skillscope authors. MIT license.
/**
 * Downloading a skill listed in a well-known index. v0.2: the artifact is
 * fetched within the byte cap, its digest checked before a byte of it is
 * parsed, then it is the `SKILL.md` (`skill-md`) or unpacked in memory
 * (`archive`). v0.1: each listed file is fetched as it is; nothing verifies
 * it, and the result says so.
 *
 * @module
 */
import { archiveFormatOf, unpackArchive } from "./archive.ts";
import type { SkillFiles } from "./archive_entry.ts";
import { verifyDigest } from "./digest.ts";
import { WebArtifactError, WebFetchError } from "./errors.ts";
import { fetchBytes } from "./fetch.ts";
import type {
  WebArtifactEntry,
  WebIndexEntry,
  WebLegacyEntry,
} from "./index_parse.ts";
import { type WebLimits, webLimits } from "./limits.ts";
import { checkSkillFiles } from "./skill_check.ts";
import { assertWebUrl, displayUrl } from "./url_policy.ts";

/**
 * A skill downloaded from a website.
 *
 * @example Download and verify a skill from a local site
 * ```ts
 * import { buildSite, fetchWebIndex, fetchWebSkill, type WebSkill } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const site = await buildSite([{ name: "hi", description: "Says hi", files: new Map([["SKILL.md", md]]) }]);
 * await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
 *   const bytes = site.files.get(new URL(request.url).pathname.slice(1));
 *   return bytes ? new Response(new Uint8Array(bytes)) : new Response(null, { status: 404 });
 * });
 * const url = `http://127.0.0.1:${server.addr.port}/`;
 * const index = await fetchWebIndex(url);
 * const skill: WebSkill = await fetchWebSkill(index.entries[0]!);
 * assert.equal(skill.verified, true);
 * assert.deepEqual(skill.files.get("SKILL.md"), md);
 * ```
 */
export interface WebSkill extends SkillFiles {
  /** The skill's name. */
  readonly name: string;
  /** `true` when the bytes matched the index's digest (v0.2); `false` for v0.1. */
  readonly verified: boolean;
  /** The artifact's URL (v0.2) or the skill folder's (v0.1). */
  readonly url: string;
  /** The artifact's digest (v0.2). */
  readonly digest?: string;
}

/**
 * Options of the download functions.
 *
 * @example Refuse a download over the cap
 * ```ts
 * import { buildSite, fetchWebIndex, fetchWebSkill, WebFetchError, type WebSkillOptions } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const site = await buildSite([{ name: "hi", description: "Says hi", files: new Map([["SKILL.md", md]]) }]);
 * await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
 *   const bytes = site.files.get(new URL(request.url).pathname.slice(1));
 *   return bytes ? new Response(new Uint8Array(bytes)) : new Response(null, { status: 404 });
 * });
 * const url = `http://127.0.0.1:${server.addr.port}/`;
 * const options: WebSkillOptions = { limits: { maxBytes: 8 } };
 * const [entry] = (await fetchWebIndex(url)).entries;
 * await assert.rejects(fetchWebSkill(entry!, options), WebFetchError);
 * ```
 */
export interface WebSkillOptions {
  /** Files and bytes per skill, time per request. */
  readonly limits?: WebLimits | undefined;
  /** Cancels the requests. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Downloads, verifies and unpacks the artifact of a v0.2 entry. Nothing is
 * parsed before the digest matched; an archive is refused whole when one
 * entry breaks a rule (see `unpackArchive`); the `SKILL.md` must sit at the
 * root and carry the entry's name.
 *
 * @example Download a skill from a local site
 * ```ts ignore
 * import { fetchWebIndex } from "./index_client.ts";
 * import { fetchArtifact } from "./artifact.ts";
 *
 * const index = await fetchWebIndex("http://127.0.0.1:8080/");
 * const entry = index.entries[0];
 * if (entry?.version === "0.2") {
 *   const skill = await fetchArtifact(entry);
 *   console.log([...skill.files.keys()]);
 * }
 * ```
 *
 * @param entry The index entry.
 * @param options Caps, signal.
 * @returns The skill's files, verified.
 * @throws {WebArtifactError} for a digest mismatch or a refused artifact.
 * @throws {WebFetchError} when the download is refused or fails.
 * @throws {PermissionDeniedError} naming `--allow-net=HOST`.
 */
export async function fetchArtifact(
  entry: WebArtifactEntry,
  options: WebSkillOptions = {},
): Promise<WebSkill> {
  const limits = webLimits(options.limits);
  const where = displayUrl(entry.url);
  const response = await fetchBytes(entry.url, {
    maxBytes: limits.maxBytes,
    timeoutMs: limits.timeoutMs,
    signal: options.signal,
  });
  verifyDigest(response.bytes, entry.digest, where);
  let unpacked: SkillFiles;
  if (entry.type === "skill-md") {
    unpacked = {
      files: new Map([["SKILL.md", response.bytes]]),
      executable: new Set(),
    };
  } else {
    unpacked = await unpackArchive(
      response.bytes,
      archiveFormatOf(response.headers.get("content-type"), entry.url),
      limits,
    );
  }
  await checkSkillFiles(unpacked.files, entry.name, where);
  return {
    name: entry.name,
    ...unpacked,
    verified: true,
    url: entry.url,
    digest: entry.digest,
  };
}

/**
 * The URL of one file of a v0.1 entry: its folder and the path, each
 * segment encoded.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { legacyFileUrl } from "./artifact.ts";
 *
 * const entry = {
 *   version: "0.1", name: "a", description: "A", files: ["SKILL.md"],
 *   base: "https://example.com/.well-known/skills/a/",
 * } as const;
 * assert.equal(legacyFileUrl(entry, "docs/my file.md").href, "https://example.com/.well-known/skills/a/docs/my%20file.md");
 * ```
 *
 * @param entry The index entry.
 * @param path A listed path.
 * @returns Its URL.
 */
export function legacyFileUrl(entry: WebLegacyEntry, path: string): URL {
  const url = new URL(
    path.split("/").map(encodeURIComponent).join("/"),
    entry.base,
  );
  assertWebUrl(url);
  return url;
}

/**
 * Downloads one listed file of a v0.1 entry, unverified.
 *
 * @example Read one file from a local v0.1 site
 * ```ts ignore
 * import { fetchLegacyFile } from "./artifact.ts";
 *
 * const entry = {
 *   version: "0.1", name: "a", description: "A", files: ["SKILL.md"],
 *   base: "http://127.0.0.1:8080/.well-known/skills/a/",
 * } as const;
 * console.log(new TextDecoder().decode(await fetchLegacyFile(entry, "SKILL.md", { maxBytes: 1 << 20 })));
 * ```
 *
 * @param entry The index entry.
 * @param path One of `entry.files`.
 * @param options `maxBytes` for this file, time per request, signal.
 * @returns The bytes.
 * @throws {WebArtifactError} `web-archive-path` when `path` is not listed.
 * @throws {WebFetchError} when the download is refused or fails.
 */
export async function fetchLegacyFile(
  entry: WebLegacyEntry,
  path: string,
  options: {
    maxBytes: number;
    timeoutMs?: number | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<Uint8Array> {
  if (!entry.files.includes(path)) {
    throw new WebArtifactError(
      "web-archive-path",
      `"${entry.name}" does not list "${path.slice(0, 200)}"`,
      path,
    );
  }
  const response = await fetchBytes(legacyFileUrl(entry, path), options);
  return response.bytes;
}

/**
 * Downloads every listed file of a v0.1 entry, within the skill's caps.
 * Nothing verifies them: `verified` is `false`, and the caller records the
 * hashes of what it got.
 *
 * @example Download a whole v0.1 skill
 * ```ts ignore
 * import { fetchLegacySkill } from "./artifact.ts";
 *
 * const entry = {
 *   version: "0.1", name: "a", description: "A", files: ["SKILL.md"],
 *   base: "http://127.0.0.1:8080/.well-known/skills/a/",
 * } as const;
 * const skill = await fetchLegacySkill(entry);
 * console.log(skill.verified); // false
 * ```
 *
 * @param entry The index entry.
 * @param options Caps, signal.
 * @returns The files, unverified.
 * @throws {WebArtifactError} `web-archive-too-large`, or a refused `SKILL.md`.
 * @throws {WebFetchError} when a download is refused or fails.
 */
export async function fetchLegacySkill(
  entry: WebLegacyEntry,
  options: WebSkillOptions = {},
): Promise<WebSkill> {
  const limits = webLimits(options.limits);
  const files = new Map<string, Uint8Array>();
  let remaining = limits.maxBytes;
  for (const path of entry.files) {
    let bytes: Uint8Array;
    try {
      bytes = await fetchLegacyFile(entry, path, {
        maxBytes: remaining,
        timeoutMs: limits.timeoutMs,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof WebFetchError && error.code === "web-too-large") {
        throw new WebArtifactError(
          "web-archive-too-large",
          `The files of "${entry.name}" add up to more than ${limits.maxBytes} bytes; the skill was refused`,
          path,
          { cause: error },
        );
      }
      throw error;
    }
    remaining -= bytes.length;
    files.set(path, bytes);
  }
  await checkSkillFiles(files, entry.name, displayUrl(entry.base));
  return {
    name: entry.name,
    files,
    executable: new Set(),
    verified: false,
    url: entry.base,
  };
}

/**
 * Downloads the skill of an entry of either version.
 *
 * @example Usage
 * ```ts ignore
 * import { fetchWebIndex } from "./index_client.ts";
 * import { fetchWebSkill } from "./artifact.ts";
 *
 * const index = await fetchWebIndex("http://127.0.0.1:8080/");
 * const skill = await fetchWebSkill(index.entries[0]!);
 * ```
 *
 * @param entry The index entry.
 * @param options Caps, signal.
 * @returns The skill's files (`verified` says whether a digest covered them).
 * @throws {WebArtifactError} for a refused artifact.
 * @throws {WebFetchError} when a download is refused or fails.
 */
export function fetchWebSkill(
  entry: WebIndexEntry,
  options: WebSkillOptions = {},
): Promise<WebSkill> {
  return entry.version === "0.2"
    ? fetchArtifact(entry, options)
    : fetchLegacySkill(entry, options);
}
