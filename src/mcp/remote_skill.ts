// Copyright 2026 the skillscope authors. MIT license.
/**
 * A skill listed by an MCP server: its entry checked as a local `SKILL.md` would be, and a content reader that fetches each file when it is read and verifies it against the manifest.
 *
 * @module
 */
import {
  type Skill as SkillEntry,
  SkillVerificationError,
} from "@modelcontextprotocol/client/ext/skills";
import {
  isServableAssetPath,
  MAX_ASSET_BYTES,
  MAX_BODY_BYTES,
  MAX_RESOURCES,
  type SkillContent,
  type SkillResources,
} from "../content/skill_content.ts";
import { messageOf, SkillAccessError } from "../shared/errors.ts";
import { checkFields } from "../parse/fields.ts";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import { buildSkill } from "../parse/build_skill.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import { parseSkillUri, skillFileUri } from "./uri.ts";
import type { Connection } from "./mcp_connection.ts";
import { readBudgetFor } from "./response_budget.ts";
import { pathBelow, walkSkillDirectory } from "./skill_walk.ts";

/** A listing entry as a skill: fields checked and capped as for a local SKILL.md. */
export function toSkill(
  entry: SkillEntry,
  key: string,
  scope: string,
  diagnostics: Diagnostic[],
): Skill | undefined {
  const parts = parseSkillUri(entry.uri);
  const path = `${key}#${entry.uri}`;
  const checked = checkFields(entry.frontmatter, {
    path,
    dirName: parts?.name,
    strict: false,
    lineOf: () => undefined,
  });
  diagnostics.push(...checked.diagnostics);
  if (checked.diagnostics.some((d) => d.level === "error")) return undefined;
  if (checked.fields.description === undefined) return undefined;
  return buildSkill(checked.fields, Object.freeze({ ...entry.frontmatter }), {
    fallbackName: entry.frontmatter.name,
    source: Object.freeze({ kind: "remote", key: path }),
    scope,
    diagnostics,
  });
}

/** The content of a remote skill: each file fetched when read, checked against the manifest; a failed check poisons the skill. */
export function remoteContent(
  skill: Skill,
  entry: SkillEntry,
  key: string,
  connect: () => Promise<Connection>,
  timeout: number,
): SkillContent {
  const base = entry.uri.slice(0, -"SKILL.md".length);
  const manifest = entry.resources === "dynamic"
    ? undefined
    : new Map(entry.resources.map((r) => [r.uri, r.size]));
  let failure: SkillAccessError | undefined;

  const read = async (
    rel: string,
    maxBytes: number,
    tooLarge: string,
  ): Promise<{ bytes: Uint8Array; body?: string | undefined }> => {
    if (failure !== undefined) throw failure;
    const uri = rel === "SKILL.md" ? entry.uri : skillFileUri(skill.name, rel);
    if (manifest !== undefined) {
      const size = manifest.get(uri);
      if (size === undefined) {
        throw new SkillAccessError(
          "asset-not-found",
          skill.name,
          `"${skill.name}" has no file "${rel}" on ${key}`,
          rel,
        );
      }
      if (size > maxBytes) {
        throw new SkillAccessError(
          tooLarge,
          skill.name,
          `"${rel}" of "${skill.name}" is ${size} bytes; the limit is ${maxBytes}`,
          rel,
        );
      }
    }
    const { skills, limits } = await connect();
    // The answer is read only up to what a file of the listed size (or of
    // the largest size accepted) can take; the rest is never buffered.
    const listed = manifest?.get(uri);
    using budget = limits.budget(readBudgetFor(listed ?? maxBytes));
    try {
      const file = await skills.read(
        entry,
        rel === "SKILL.md" ? undefined : uri,
        { timeout, headers: budget.headers },
      );
      if (file.bytes.length > maxBytes) {
        throw new SkillAccessError(
          tooLarge,
          skill.name,
          `"${rel}" of "${skill.name}" is ${file.bytes.length} bytes; the limit is ${maxBytes}`,
          rel,
        );
      }
      return { bytes: file.bytes, body: file.body };
    } catch (error) {
      if (budget.exceeded && listed !== undefined) {
        failure = new SkillAccessError(
          "remote-verification-failed",
          skill.name,
          `${key} served "${rel}" of "${skill.name}" with the wrong size (more than the listed ${listed} bytes); the skill's content is not served`,
          rel,
        );
        throw failure;
      }
      if (budget.exceeded) {
        throw new SkillAccessError(
          tooLarge,
          skill.name,
          `${key} served "${rel}" of "${skill.name}" with more than ${maxBytes} bytes; the limit is ${maxBytes}`,
          rel,
        );
      }
      if (error instanceof SkillVerificationError) {
        failure = new SkillAccessError(
          "remote-verification-failed",
          skill.name,
          `${key} served "${rel}" of "${skill.name}" with the wrong ${
            error.reason === "unlisted" ? "listing" : error.reason
          } (${error.message}); the skill's content is not served`,
          rel,
        );
        throw failure;
      }
      if (error instanceof SkillAccessError) throw error;
      throw new SkillAccessError(
        "read-failed",
        skill.name,
        `Cannot read "${rel}" of "${skill.name}" from ${key}: ${
          messageOf(error)
        }`,
        rel,
      );
    }
  };

  return {
    async readBody(options = {}): Promise<string> {
      const { bytes, body } = await read(
        "SKILL.md",
        options.maxBytes ?? MAX_BODY_BYTES,
        "body-too-large",
      );
      if (body !== undefined) return body;
      const text = new TextDecoder().decode(bytes);
      const split = splitFrontmatter(text, entry.uri);
      return split.text.slice(split.bodyStart);
    },
    async readFile(path, options = {}): Promise<Uint8Array> {
      const maxBytes = options.maxBytes ?? MAX_ASSET_BYTES;
      return (await read(path, maxBytes, "asset-too-large")).bytes;
    },
    async listFiles(options = {}): Promise<SkillResources> {
      const max = options.max ?? MAX_RESOURCES;
      if (failure !== undefined) throw failure;
      let found: string[];
      let cut = false;
      if (manifest !== undefined) {
        found = [...manifest.keys()].flatMap((uri) =>
          pathBelow(base, uri) ?? []
        );
      } else {
        const connection = await connect();
        if (!connection.skills.directoryRead) {
          found = [];
        } else {
          try {
            ({ files: found, truncated: cut } = await walkSkillDirectory(
              connection,
              base,
              { max, timeout },
            ));
          } catch (error) {
            throw new SkillAccessError(
              "read-failed",
              skill.name,
              `Cannot list the files of "${skill.name}" from ${key}: ${
                messageOf(error)
              }`,
            );
          }
        }
      }
      const files = [
        ...new Set(
          found.filter((rel) => rel !== "SKILL.md" && isServableAssetPath(rel)),
        ),
      ].sort();
      return {
        files: files.slice(0, max),
        truncated: cut || files.length > max,
      };
    },
  };
}
