// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a skill holds, whatever it comes from: one {@linkcode SkillContent}
 * per skill — on disk, embedded in the program, or remote (an MCP server, a
 * website's well-known index) — so that `SkillSet` and the servers make one
 * call and never ask what kind of skill they hold.
 *
 * @module
 */
import { remoteContentOf } from "../discover/remote_source.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import type { Skill } from "../shared/types.ts";
import {
  isServableAssetPath,
  MAX_ASSET_BYTES,
  MAX_BODY_BYTES,
  readAssetSync,
  readBodySync,
} from "./read_skill.ts";
import {
  listResourcesSync,
  MAX_RESOURCES,
  type SkillResources,
} from "./list_resources.ts";

/** How a bundled file is read. */
export interface ReadFileOptions {
  /** Largest file read (bytes). @default {1048576} */
  readonly maxBytes?: number;
  /** Serve hidden files and `node_modules` too. @default {false} */
  readonly allowHidden?: boolean;
}

/**
 * The content of one skill: its body, its bundled files, their list. Every
 * implementation applies the same rules (relative paths without `..`, no
 * hidden files unless asked, caps), and a remote one verifies what it
 * fetched before returning it.
 */
export interface SkillContent {
  /**
   * The Markdown body of `SKILL.md` (frontmatter stripped).
   *
   * @param options `maxBytes`: the largest `SKILL.md` read.
   */
  readBody(options?: { readonly maxBytes?: number }): Promise<string>;
  /**
   * A bundled file by its path relative to the skill directory.
   *
   * @param path The relative path.
   * @param options The cap, and whether hidden files are served.
   */
  readFile(path: string, options?: ReadFileOptions): Promise<Uint8Array>;
  /**
   * The bundled files (relative paths, `SKILL.md` excluded, sorted), never
   * read.
   *
   * @param options `max` files listed.
   */
  listFiles(options?: { readonly max?: number }): Promise<SkillResources>;
}

/** A skill on disk or embedded: read here, synchronously, from what discovery found. */
function localContent(skill: Skill): SkillContent {
  return {
    readBody: (options = {}) =>
      attempt(() =>
        readBodySync(skill, { maxBytes: options.maxBytes ?? MAX_BODY_BYTES })
      ),
    readFile: (path, options = {}) =>
      attempt(() => readAssetSync(skill, path, options)),
    listFiles: (options = {}) =>
      attempt(() => listResourcesSync(skill, options)),
  };
}

/**
 * A remote skill: the same path rules as on disk are applied before any
 * request (a refused path is refused the same way, without asking the
 * server), then the remote content fetches and verifies.
 */
function remoteContent(
  skill: Skill,
  remote: NonNullable<ReturnType<typeof remoteContentOf>>,
): SkillContent {
  return {
    readBody: (options = {}) =>
      remote.readBody(options.maxBytes ?? MAX_BODY_BYTES),
    readFile: (path, options = {}) => {
      const rel = normalizeAssetPath(path);
      if (
        rel === undefined ||
        (options.allowHidden !== true && !isServableAssetPath(rel))
      ) {
        // The refusal of a skill on disk, with its message and code.
        return attempt(() => readAssetSync(skill, path, options));
      }
      return remote.readFile(rel, options.maxBytes ?? MAX_ASSET_BYTES);
    },
    listFiles: async (options = {}) =>
      Object.freeze(await remote.listFiles(options.max ?? MAX_RESOURCES)),
  };
}

/**
 * The content of a skill: the remote content attached by its source, or
 * reads of the directory (or memory) discovery found it in.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { contentOf } from "./skill_content.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * assert.equal(await contentOf(set.require("hi")).readBody(), "# Hi\n");
 * ```
 *
 * @param skill The skill.
 * @returns Its content.
 */
export function contentOf(skill: Skill): SkillContent {
  const remote = remoteContentOf(skill);
  return remote === undefined
    ? localContent(skill)
    : remoteContent(skill, remote);
}

function attempt<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}
