// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading a well-known index: the v0.2 shape (`$schema`, entries with
 * `type`, `url`, `digest`) and the v0.1 shape (no `$schema`, entries with
 * `files`), each entry checked; a bad entry is left out with a diagnostic,
 * never the whole index.
 *
 * @module
 */
import { truncate } from "../parse/frontmatter.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import type { Diagnostic } from "../shared/types.ts";
import { isDigest } from "./digest.ts";
import { WebIndexError } from "./errors.ts";
import { MAX_INDEX_ENTRIES } from "./limits.ts";
import { MAX_INSTALL_FILES } from "../shared/install_limits.ts";
import { displayUrl, resolveIndexUrl } from "./url_policy.ts";

/** The `$schema` of a v0.2 index, matched exactly. */
export const SCHEMA_V02 =
  "https://schemas.agentskills.io/discovery/0.2.0/schema.json";

/** Longest `url` read from an entry. */
const MAX_URL_CHARS = 4096;

/** A v0.2 entry: one artifact with its digest. */
export interface WebArtifactEntry {
  /** Always `"0.2"`. */
  readonly version: "0.2";
  /** The skill's name (valid by the naming rules). */
  readonly name: string;
  /** The description the index gives. */
  readonly description: string;
  /** `"skill-md"`: the artifact is the `SKILL.md`; `"archive"`: a `.tar.gz` or `.zip`. */
  readonly type: "skill-md" | "archive";
  /** The artifact's absolute URL. */
  readonly url: string;
  /** `sha256:` and 64 lowercase hex digits of the artifact's bytes. */
  readonly digest: string;
}

/** A v0.1 entry: files fetched one by one, without digests. */
export interface WebLegacyEntry {
  /** Always `"0.1"`. */
  readonly version: "0.1";
  /** The skill's name (valid by the naming rules). */
  readonly name: string;
  /** The description the index gives. */
  readonly description: string;
  /** Normalized relative paths, sorted, `SKILL.md` among them. */
  readonly files: readonly string[];
  /** The absolute URL of the skill's folder (ends in `/`). */
  readonly base: string;
}

/** An index entry of either version. */
export type WebIndexEntry = WebArtifactEntry | WebLegacyEntry;

/**
 * A parsed index.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWebIndex, SCHEMA_V02, type WebIndex } from "./index_parse.ts";
 *
 * const index: WebIndex = parseWebIndex(
 *   JSON.stringify({ $schema: SCHEMA_V02, skills: [] }),
 *   new URL("https://example.com/.well-known/agent-skills/index.json"),
 * );
 * assert.equal(index.version, "0.2");
 * ```
 */
export interface WebIndex {
  /** The index's URL. */
  readonly url: string;
  /** `"0.2"`, `"0.1"` (no `$schema`), or `"unknown"` (refused: no entries). */
  readonly version: "0.2" | "0.1" | "unknown";
  /** The valid entries, in index order. */
  readonly entries: readonly WebIndexEntry[];
  /** Problems with the index or its entries. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Parses and checks an index. Unknown fields are ignored; an unknown
 * `$schema` yields no entries and a `web-schema-unknown` warning; an entry
 * of unknown `type` is skipped (`web-entry-skipped`); an invalid entry is
 * left out (`web-entry-invalid`); past `maxEntries` the rest is left out
 * (`web-index-truncated`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWebIndex, SCHEMA_V02 } from "./index_parse.ts";
 *
 * const index = parseWebIndex(JSON.stringify({
 *   $schema: SCHEMA_V02,
 *   skills: [{
 *     name: "pdf-tools",
 *     type: "skill-md",
 *     description: "Fill PDF forms",
 *     url: "pdf-tools/SKILL.md",
 *     digest: `sha256:${"0".repeat(64)}`,
 *   }, { name: "x", type: "wasm", description: "?", url: "x", digest: "?" }],
 * }), new URL("https://example.com/.well-known/agent-skills/index.json"));
 * assert.equal(index.entries[0]?.name, "pdf-tools");
 * assert.equal(index.diagnostics[0]?.code, "web-entry-skipped");
 * ```
 *
 * @param text The index's text.
 * @param url The index's URL (relative entry URLs resolve against it).
 * @param options `maxEntries` (default 10 000), `maxFiles` per v0.1 entry (default 10 000).
 * @returns The index.
 * @throws {WebIndexError} `web-index-invalid` when it is not a JSON object with a `skills` list.
 */
export function parseWebIndex(
  text: string,
  url: URL,
  options: { maxEntries?: number; maxFiles?: number } = {},
): WebIndex {
  const where = displayUrl(url);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new WebIndexError(
      "web-index-invalid",
      where,
      `The index "${where}" is not JSON: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (!isRecord(data) || !Array.isArray(data.skills)) {
    throw new WebIndexError(
      "web-index-invalid",
      where,
      `The index "${where}" is not an object with a "skills" list`,
    );
  }
  const diagnostics: Diagnostic[] = [];
  if ("$schema" in data && data.$schema !== SCHEMA_V02) {
    diagnostics.push({
      level: "warning",
      code: "web-schema-unknown",
      message: `The index "${where}" names the unknown "$schema" ${
        JSON.stringify(truncate(String(data.$schema), 200))
      }; it was not read`,
      path: where,
    });
    return { url: url.href, version: "unknown", entries: [], diagnostics };
  }
  const version = "$schema" in data ? "0.2" : "0.1";
  const maxEntries = options.maxEntries ?? MAX_INDEX_ENTRIES;
  const skills: unknown[] = data.skills;
  if (skills.length > maxEntries) {
    diagnostics.push({
      level: "warning",
      code: "web-index-truncated",
      message:
        `The index "${where}" lists ${skills.length} skills; only the first ${maxEntries} were read`,
      path: where,
    });
  }
  const entries: WebIndexEntry[] = [];
  const seen = new Set<string>();
  const count = Math.min(skills.length, maxEntries);
  for (let i = 0; i < count; i++) {
    const raw = skills[i];
    const label = `Entry ${i}${
      isRecord(raw) && typeof raw.name === "string"
        ? ` (${JSON.stringify(truncate(raw.name, 80))})`
        : ""
    } of the index "${where}"`;
    const invalid = (reason: string): void => {
      diagnostics.push({
        level: "error",
        code: "web-entry-invalid",
        message: `${label} ${reason}; it was left out`,
        path: where,
      });
    };
    if (!isRecord(raw)) {
      invalid("is not an object");
      continue;
    }
    if (version === "0.2" && typeof raw.type === "string") {
      if (raw.type !== "skill-md" && raw.type !== "archive") {
        diagnostics.push({
          level: "warning",
          code: "web-entry-skipped",
          message: `${label} has the unknown type ${
            JSON.stringify(truncate(raw.type, 80))
          }; it was skipped`,
          path: where,
        });
        continue;
      }
    }
    const entry = version === "0.2"
      ? artifactEntry(raw, url, invalid)
      : legacyEntry(raw, url, options.maxFiles ?? MAX_INSTALL_FILES, invalid);
    if (entry === undefined) continue;
    if (seen.has(entry.name)) {
      invalid("names a skill listed before it");
      continue;
    }
    seen.add(entry.name);
    entries.push(entry);
  }
  return { url: url.href, version, entries, diagnostics };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The name and description every entry has, or the reason it is invalid. */
function common(
  raw: Record<string, unknown>,
  invalid: (reason: string) => void,
): { name: string; description: string } | undefined {
  if (!isValidSkillName(raw.name)) {
    invalid(
      'has no valid "name" (lowercase letters, digits and single hyphens, at most 64 characters)',
    );
    return undefined;
  }
  if (typeof raw.description !== "string" || raw.description.trim() === "") {
    invalid('has no "description"');
    return undefined;
  }
  return { name: raw.name, description: raw.description };
}

function artifactEntry(
  raw: Record<string, unknown>,
  index: URL,
  invalid: (reason: string) => void,
): WebArtifactEntry | undefined {
  const base = common(raw, invalid);
  if (base === undefined) return undefined;
  if (raw.type !== "skill-md" && raw.type !== "archive") {
    invalid('has no "type"');
    return undefined;
  }
  if (typeof raw.url !== "string" || raw.url.length > MAX_URL_CHARS) {
    invalid(`has no "url" (a string of at most ${MAX_URL_CHARS} characters)`);
    return undefined;
  }
  let url: URL;
  try {
    url = resolveIndexUrl(raw.url, index);
  } catch (error) {
    invalid(`has a refused "url": ${(error as Error).message}`);
    return undefined;
  }
  if (!isDigest(raw.digest)) {
    invalid(
      'has no "digest" of the form "sha256:" and 64 lowercase hex digits',
    );
    return undefined;
  }
  return {
    version: "0.2",
    ...base,
    type: raw.type,
    url: url.href,
    digest: raw.digest,
  };
}

// C0 controls and DEL: never part of a file name we write or print.
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function legacyEntry(
  raw: Record<string, unknown>,
  index: URL,
  maxFiles: number,
  invalid: (reason: string) => void,
): WebLegacyEntry | undefined {
  const base = common(raw, invalid);
  if (base === undefined) return undefined;
  if (!Array.isArray(raw.files)) {
    invalid(
      'has no "files" list (an index without "$schema" is read as v0.1)',
    );
    return undefined;
  }
  if (raw.files.length > maxFiles) {
    invalid(`lists more than ${maxFiles} files`);
    return undefined;
  }
  const files = new Set<string>();
  for (const file of raw.files) {
    if (
      typeof file !== "string" || file.includes("\\") || CONTROL.test(file) ||
      normalizeAssetPath(file) !== file
    ) {
      invalid(
        `lists the file ${
          JSON.stringify(truncate(String(file), 200))
        }, which is not a plain relative path inside the skill`,
      );
      return undefined;
    }
    files.add(file);
  }
  if (!files.has("SKILL.md")) {
    invalid('does not list "SKILL.md"');
    return undefined;
  }
  return {
    version: "0.1",
    ...base,
    files: [...files].sort(),
    base: new URL(`${encodeURIComponent(base.name)}/`, index).href,
  };
}
