// Copyright 2026 the skillscope authors. MIT license.
/**
 * A skill listed by an MCP server: its entry checked as a local `SKILL.md` would be, and a content reader that fetches each file when it is read and verifies it against the manifest.
 *
 * @module
 */
import {
  type Skill as SkillEntry,
  type SkillsClient,
  SkillVerificationError,
} from "@modelcontextprotocol/client/ext/skills";
import { isServableAssetPath } from "../serve/read_skill.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { SkillAccessError } from "../shared/errors.ts";
import { checkFields } from "../parse/fields.ts";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import type { RemoteContent } from "../discover/remote_source.ts";
import { buildSkill } from "../discover/build_skill.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import { parseSkillUri, skillFileUri } from "./uri.ts";
import type { Connection } from "./mcp_connection.ts";

/** A listing entry as a skill: fields checked as for a local SKILL.md. */
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
  });
}

/** The content reader of a remote skill: each file fetched when read, checked against the manifest; a failed check poisons the skill. */
export function remoteContent(
  skill: Skill,
  entry: SkillEntry,
  key: string,
  connect: () => Promise<Connection>,
  timeout: number,
): RemoteContent {
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
    const { skills } = await connect();
    try {
      const file = await skills.read(
        entry,
        rel === "SKILL.md" ? undefined : uri,
        { timeout },
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
          error instanceof Error ? error.message : String(error)
        }`,
        rel,
      );
    }
  };

  return {
    async readBody(maxBytes: number): Promise<string> {
      const { bytes, body } = await read(
        "SKILL.md",
        maxBytes,
        "body-too-large",
      );
      if (body !== undefined) return body;
      const text = new TextDecoder().decode(bytes);
      const split = splitFrontmatter(text, entry.uri);
      return split.text.slice(split.bodyStart);
    },
    async readFile(path: string, maxBytes: number): Promise<Uint8Array> {
      return (await read(path, maxBytes, "asset-too-large")).bytes;
    },
    async listFiles(
      max: number,
    ): Promise<{ files: string[]; truncated: boolean }> {
      if (failure !== undefined) throw failure;
      let uris: string[];
      if (manifest !== undefined) {
        uris = [...manifest.keys()];
      } else {
        const { skills } = await connect();
        uris = skills.directoryRead
          ? await walk(skills, base.replace(/\/$/, ""), max, timeout)
          : [];
      }
      const files = uris.flatMap((uri) => {
        const parts = parseSkillUri(uri);
        if (parts === undefined || parts.name !== skill.name) return [];
        const rel = normalizeAssetPath(parts.path);
        return rel === undefined || rel === "SKILL.md" ||
            !isServableAssetPath(rel)
          ? []
          : [rel];
      }).sort();
      return { files: files.slice(0, max), truncated: files.length > max };
    },
  };
}

/** File URIs below a directory resource, breadth first, at most `max`. */
async function walk(
  skills: SkillsClient,
  root: string,
  max: number,
  timeout: number,
): Promise<string[]> {
  const files: string[] = [];
  const queue = [root];
  while (queue.length > 0 && files.length <= max) {
    const dir = queue.shift()!;
    const { resources } = await skills.readDirectory(dir, { timeout });
    for (const resource of resources) {
      if (resource.mimeType === "inode/directory") queue.push(resource.uri);
      else files.push(resource.uri);
    }
  }
  return files;
}
