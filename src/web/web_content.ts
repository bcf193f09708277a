// Copyright 2026 the skillscope authors. MIT license.
/**
 * The content of skills listed by a well-known index, each a
 * `SkillContent` read behind the rules of `attachRemoteContent`. v0.2: the
 * artifact is fetched on the first read, verified and unpacked; its file
 * list is kept for the session, its files only within one byte budget the
 * whole process shares ({@linkcode MAX_CACHED_WEB_BYTES}, least recently
 * used first out). A read after its files were evicted fetches the
 * artifact again and checks it against the same digest; an artifact that
 * fails (digest, archive rules, caps) poisons the skill with
 * `remote-verification-failed` and nothing of it is served afterwards.
 * v0.1: each file is fetched when read and kept within the same budget;
 * nothing verifies it. At most {@linkcode MAX_WEB_LOADS} downloads are
 * held and unpacked at a time.
 *
 * @module
 */
import { splitFrontmatter } from "../parse/frontmatter.ts";
import {
  isServableAssetPath,
  MAX_ASSET_BYTES,
  MAX_BODY_BYTES,
  MAX_RESOURCES,
  type SkillContent,
  type SkillResources,
} from "../content/skill_content.ts";
import {
  messageOf,
  PermissionDeniedError,
  SkillAccessError,
} from "../shared/errors.ts";
import { fetchArtifact, fetchLegacyFile, legacyFileUrl } from "./artifact.ts";
import { ByteBudgetCache } from "./byte_budget_cache.ts";
import { WebArtifactError, WebFetchError } from "./errors.ts";
import type { WebArtifactEntry, WebLegacyEntry } from "./index_parse.ts";
import { type WebLimits, webLimits } from "./limits.ts";
import { checkSkillMd } from "./skill_check.ts";
import { TaskLimit } from "./task_limit.ts";

/**
 * Most bytes of downloaded skill files one process keeps in memory, across
 * every website and skill (64 MiB); the least recently used go first.
 */
export const MAX_CACHED_WEB_BYTES = 64 * 1024 * 1024;

/**
 * Most downloads of skill content one process holds and unpacks at once;
 * other reads wait their turn.
 */
export const MAX_WEB_LOADS = 2;

/** Verified files by artifact (URL and digest) or v0.1 file URL. */
type Files = ReadonlyMap<string, Uint8Array>;

const CACHED = new ByteBudgetCache<string, Files>(MAX_CACHED_WEB_BYTES);
const LOADS = new TaskLimit(MAX_WEB_LOADS);
// The verified file lists of skills whose files were dropped: within a
// budget of their own, so that 10,000 skills of 10,000 empty files each
// cannot hold their names for the session.
const MAX_LISTED_BYTES = 8 * 1024 * 1024;
const LISTS = new ByteBudgetCache<string, readonly string[]>(MAX_LISTED_BYTES);

/** What one entry of a file map or list costs beyond its bytes (map slot, strings). */
const ENTRY_OVERHEAD = 96;

/** The memory `files` hold: every file's bytes, name and entry. */
function sizeOf(files: Files): number {
  let bytes = 0;
  for (const [path, data] of files) {
    bytes += data.length + path.length * 2 + ENTRY_OVERHEAD;
  }
  return bytes;
}

/** The memory a list of paths holds. */
function sizeOfPaths(paths: readonly string[]): number {
  let bytes = 0;
  for (const path of paths) bytes += path.length * 2 + ENTRY_OVERHEAD;
  return bytes;
}

/** Whether a failure comes from the bytes themselves (so it will recur). */
function fromTheBytes(error: unknown): boolean {
  return error instanceof WebArtifactError ||
    (error instanceof WebFetchError && error.code === "web-too-large");
}

/** A failure of transport (retried on the next read) as a `read-failed`. */
function readFailed(
  error: unknown,
  name: string,
  rel: string,
  key: string,
): Error {
  if (
    error instanceof PermissionDeniedError || error instanceof SkillAccessError
  ) return error;
  return new SkillAccessError(
    "read-failed",
    name,
    `Cannot read "${rel}" of "${name}" from ${key}: ${messageOf(error)}`,
    rel,
  );
}

function poisoned(error: unknown, name: string, key: string): SkillAccessError {
  return new SkillAccessError(
    "remote-verification-failed",
    name,
    `${key} served "${name}" in a form that cannot be trusted (${
      messageOf(error)
    }); the skill's content is not served`,
  );
}

/** The body of a `SKILL.md`, within `maxBytes`. */
function bodyOf(bytes: Uint8Array, name: string, maxBytes: number): string {
  if (bytes.length > maxBytes) {
    throw new SkillAccessError(
      "body-too-large",
      name,
      `The SKILL.md of "${name}" is ${bytes.length} bytes; the limit is ${maxBytes}`,
      "SKILL.md",
    );
  }
  const split = splitFrontmatter(new TextDecoder().decode(bytes), "SKILL.md");
  return split.text.slice(split.bodyStart);
}

/** A copy of a served file, within `maxBytes`. */
function fileOf(
  bytes: Uint8Array | undefined,
  name: string,
  rel: string,
  key: string,
  maxBytes: number,
): Uint8Array {
  if (bytes === undefined) {
    throw new SkillAccessError(
      "asset-not-found",
      name,
      `"${name}" has no file "${rel}" on ${key}`,
      rel,
    );
  }
  if (bytes.length > maxBytes) {
    throw new SkillAccessError(
      "asset-too-large",
      name,
      `"${rel}" of "${name}" is ${bytes.length} bytes; the limit is ${maxBytes}`,
      rel,
    );
  }
  // A copy: the caller may write into it, the verified bytes stay as they are.
  return bytes.slice();
}

/** The listed files a resource listing shows: no SKILL.md, no hidden ones. */
function listed(
  paths: Iterable<string>,
  max: number = MAX_RESOURCES,
): SkillResources {
  const files = [...paths].filter((p) =>
    p !== "SKILL.md" && isServableAssetPath(p)
  ).sort();
  return { files: files.slice(0, max), truncated: files.length > max };
}

/**
 * The content of a v0.2 skill: a verified download on first use, its files
 * kept within the process's byte budget ({@linkcode MAX_CACHED_WEB_BYTES})
 * and only its file list for the session; a read after the files were
 * evicted downloads the artifact again and checks it against the same
 * digest (different bytes poison the skill).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { artifactContent } from "./web_content.ts";
 *
 * const content = artifactContent({
 *   version: "0.2", name: "hi", description: "Hi", type: "skill-md",
 *   url: "http://127.0.0.1:9/hi/SKILL.md", digest: `sha256:${"0".repeat(64)}`,
 * }, "web+http://127.0.0.1:9/");
 * // Nothing is fetched until a read: this one finds no server.
 * await assert.rejects(content.readBody(), (e: Error & { code?: string }) => e.code === "read-failed");
 * ```
 *
 * @param entry The index entry.
 * @param key The source's key, for messages.
 * @param limits Caps of the download.
 * @returns The content.
 */
export function artifactContent(
  entry: WebArtifactEntry,
  key: string,
  limits: WebLimits = {},
): SkillContent {
  const { name } = entry;
  const cacheKey = `${entry.url}\n${entry.digest}`;
  let failure: SkillAccessError | undefined;
  let loading: Promise<Files> | undefined;
  // The file list, once verified: kept within its own budget (paths only).
  const listKey = `${cacheKey}\nlist`;
  const pathsNow = (): readonly string[] | undefined => LISTS.get(listKey);
  const download = async (): Promise<Files> => {
    const held = CACHED.get(cacheKey);
    if (held !== undefined) return held;
    const skill = await fetchArtifact(entry, { limits });
    CACHED.set(cacheKey, skill.files, sizeOf(skill.files));
    return skill.files;
  };
  const known = (files: Files): Files => {
    if (LISTS.get(listKey) === undefined) {
      const paths = [...files.keys()];
      LISTS.set(listKey, paths, sizeOfPaths(paths));
    }
    return files;
  };
  const load = async (rel: string): Promise<Files> => {
    if (failure !== undefined) throw failure;
    const held = CACHED.get(cacheKey);
    if (held !== undefined) return known(held);
    if (loading === undefined) {
      const started = LOADS.run(download).catch((error) => {
        if (fromTheBytes(error)) failure ??= poisoned(error, name, key);
        throw error;
      });
      loading = started;
      // Only while in flight: the files stay in memory through the cache alone.
      started.then(() => {}, () => {}).finally(() => {
        if (loading === started) loading = undefined;
      });
    }
    try {
      return known(await loading);
    } catch (error) {
      throw failure ?? readFailed(error, name, rel, key);
    }
  };
  return {
    async readBody(options = {}): Promise<string> {
      const files = await load("SKILL.md");
      return bodyOf(
        files.get("SKILL.md")!,
        name,
        options.maxBytes ?? MAX_BODY_BYTES,
      );
    },
    async readFile(path, options = {}): Promise<Uint8Array> {
      const maxBytes = options.maxBytes ?? MAX_ASSET_BYTES;
      if (failure !== undefined) throw failure;
      // A path the verified list does not hold needs no download.
      const paths = pathsNow();
      const files = paths !== undefined && !paths.includes(path)
        ? undefined
        : await load(path);
      return fileOf(files?.get(path), name, path, key, maxBytes);
    },
    async listFiles(options = {}): Promise<SkillResources> {
      if (failure !== undefined) throw failure;
      let paths = pathsNow();
      if (paths === undefined) {
        const files = await load("SKILL.md");
        paths = pathsNow() ?? [...files.keys()];
      }
      return listed(paths, options.max);
    },
  };
}

/**
 * The content of a v0.1 skill: each listed file fetched when read and kept
 * within the process's byte budget ({@linkcode MAX_CACHED_WEB_BYTES}),
 * unverified; a `SKILL.md` that names another skill poisons it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { legacyContent } from "./web_content.ts";
 *
 * const content = legacyContent({
 *   version: "0.1", name: "hi", description: "Hi", files: ["SKILL.md", "a.md"],
 *   base: "http://127.0.0.1:9/.well-known/skills/hi/",
 * }, "web+http://127.0.0.1:9/");
 * assert.deepEqual(await content.listFiles({ max: 10 }), { files: ["a.md"], truncated: false });
 * ```
 *
 * @param entry The index entry.
 * @param key The source's key, for messages.
 * @param limits Caps of the downloads.
 * @returns The content.
 */
export function legacyContent(
  entry: WebLegacyEntry,
  key: string,
  limits: WebLimits = {},
): SkillContent {
  const { name } = entry;
  const caps = webLimits(limits);
  const listedFiles = new Set(entry.files);
  const pending = new Map<string, Promise<Uint8Array>>();
  let failure: SkillAccessError | undefined;
  const download = async (
    rel: string,
    cacheKey: string,
    maxBytes: number,
  ): Promise<Uint8Array> => {
    const held = CACHED.get(cacheKey)?.get(rel);
    if (held !== undefined) return held;
    const bytes = await fetchLegacyFile(entry, rel, {
      maxBytes: Math.min(maxBytes, caps.maxBytes),
      timeoutMs: caps.timeoutMs,
    });
    if (rel === "SKILL.md") await checkSkillMd(bytes, name, key);
    CACHED.set(cacheKey, new Map([[rel, bytes]]), bytes.length);
    return bytes;
  };
  const read = async (
    rel: string,
    maxBytes: number,
  ): Promise<Uint8Array | undefined> => {
    if (failure !== undefined) throw failure;
    if (!listedFiles.has(rel)) return undefined;
    const cacheKey = `${legacyFileUrl(entry, rel).href}\n${key}`;
    const held = CACHED.get(cacheKey)?.get(rel);
    let started = held === undefined ? pending.get(rel) : undefined;
    if (held === undefined && started === undefined) {
      const run = LOADS.run(() => download(rel, cacheKey, maxBytes));
      pending.set(rel, started = run);
      run.then(() => {}, () => {}).finally(() => {
        if (pending.get(rel) === run) pending.delete(rel);
      });
    }
    try {
      return held ?? await started!;
    } catch (error) {
      if (error instanceof WebArtifactError) {
        failure ??= poisoned(error, name, key);
        throw failure;
      }
      if (error instanceof WebFetchError && error.code === "web-too-large") {
        throw new SkillAccessError(
          rel === "SKILL.md" ? "body-too-large" : "asset-too-large",
          name,
          `"${rel}" of "${name}" is larger than ${maxBytes} bytes`,
          rel,
        );
      }
      throw readFailed(error, name, rel, key);
    }
  };
  return {
    async readBody(options = {}): Promise<string> {
      const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
      const bytes = await read("SKILL.md", maxBytes);
      return bodyOf(bytes!, name, maxBytes);
    },
    async readFile(path, options = {}): Promise<Uint8Array> {
      const maxBytes = options.maxBytes ?? MAX_ASSET_BYTES;
      return fileOf(await read(path, maxBytes), name, path, key, maxBytes);
    },
    listFiles(options = {}): Promise<SkillResources> {
      return Promise.resolve(listed(entry.files, options.max));
    },
  };
}
