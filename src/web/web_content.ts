// Copyright 2026 the skillscope authors. MIT license.
/**
 * The content readers of skills listed by a well-known index. v0.2: the
 * artifact is fetched on the first read, verified and unpacked once, and
 * every later read is served from that verified copy; an artifact that
 * fails (digest, archive rules, caps) poisons the skill with
 * `remote-verification-failed` and nothing of it is served afterwards.
 * v0.1: each file is fetched when read and kept for the session; nothing
 * verifies it.
 *
 * @module
 */
import type { RemoteContent } from "../discover/remote_source.ts";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import { isServableAssetPath } from "../serve/read_skill.ts";
import {
  messageOf,
  PermissionDeniedError,
  SkillAccessError,
} from "../shared/errors.ts";
import { fetchArtifact, fetchLegacyFile, type WebSkill } from "./artifact.ts";
import { WebArtifactError, WebFetchError } from "./errors.ts";
import type { WebArtifactEntry, WebLegacyEntry } from "./index_parse.ts";
import { type WebLimits, webLimits } from "./limits.ts";
import { checkSkillMd } from "./skill_check.ts";

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
  max: number,
): { files: string[]; truncated: boolean } {
  const files = [...paths].filter((p) =>
    p !== "SKILL.md" && isServableAssetPath(p)
  ).sort();
  return { files: files.slice(0, max), truncated: files.length > max };
}

/**
 * The reader of a v0.2 skill: one verified download on first use.
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
 * assert.equal(typeof content.readBody, "function"); // nothing fetched yet
 * ```
 *
 * @param entry The index entry.
 * @param key The source's key, for messages.
 * @param limits Caps of the download.
 * @returns The reader.
 */
export function artifactContent(
  entry: WebArtifactEntry,
  key: string,
  limits: WebLimits = {},
): RemoteContent {
  const { name } = entry;
  let failure: SkillAccessError | undefined;
  let loading: Promise<WebSkill> | undefined;
  const load = async (rel: string): Promise<WebSkill> => {
    if (failure !== undefined) throw failure;
    loading ??= fetchArtifact(entry, { limits }).catch((error) => {
      loading = undefined;
      if (fromTheBytes(error)) failure ??= poisoned(error, name, key);
      throw error;
    });
    try {
      return await loading;
    } catch (error) {
      throw failure ?? readFailed(error, name, rel, key);
    }
  };
  return {
    async readBody(maxBytes: number): Promise<string> {
      const skill = await load("SKILL.md");
      return bodyOf(skill.files.get("SKILL.md")!, name, maxBytes);
    },
    async readFile(path: string, maxBytes: number): Promise<Uint8Array> {
      const skill = await load(path);
      return fileOf(skill.files.get(path), name, path, key, maxBytes);
    },
    async listFiles(
      max: number,
    ): Promise<{ files: string[]; truncated: boolean }> {
      return listed((await load("SKILL.md")).files.keys(), max);
    },
  };
}

/**
 * The reader of a v0.1 skill: each listed file fetched when first read and
 * kept (up to the skill's byte cap), unverified; a `SKILL.md` that names
 * another skill poisons it.
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
 * assert.deepEqual(await content.listFiles(10), { files: ["a.md"], truncated: false });
 * ```
 *
 * @param entry The index entry.
 * @param key The source's key, for messages.
 * @param limits Caps of the downloads.
 * @returns The reader.
 */
export function legacyContent(
  entry: WebLegacyEntry,
  key: string,
  limits: WebLimits = {},
): RemoteContent {
  const { name } = entry;
  const caps = webLimits(limits);
  const listedFiles = new Set(entry.files);
  const kept = new Map<string, Promise<Uint8Array>>();
  let keptBytes = 0;
  let failure: SkillAccessError | undefined;
  const read = async (
    rel: string,
    maxBytes: number,
  ): Promise<Uint8Array | undefined> => {
    if (failure !== undefined) throw failure;
    if (!listedFiles.has(rel)) return undefined;
    let pending = kept.get(rel);
    if (pending === undefined) {
      pending = fetchLegacyFile(entry, rel, {
        maxBytes: Math.min(maxBytes, caps.maxBytes),
        timeoutMs: caps.timeoutMs,
      }).then(async (bytes) => {
        if (rel === "SKILL.md") await checkSkillMd(bytes, name, key);
        return bytes;
      });
      kept.set(rel, pending);
      pending.then((bytes) => {
        keptBytes += bytes.length;
        if (keptBytes > caps.maxBytes) kept.delete(rel);
      }, () => kept.delete(rel));
    }
    try {
      return await pending;
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
    async readBody(maxBytes: number): Promise<string> {
      const bytes = await read("SKILL.md", maxBytes);
      return bodyOf(bytes!, name, maxBytes);
    },
    async readFile(path: string, maxBytes: number): Promise<Uint8Array> {
      return fileOf(await read(path, maxBytes), name, path, key, maxBytes);
    },
    listFiles(
      max: number,
    ): Promise<{ files: string[]; truncated: boolean }> {
      return Promise.resolve(listed(entry.files, max));
    },
  };
}
