// Copyright 2026 the skillscope authors. MIT license.
/**
 * Serves a {@linkcode SkillSet} through the MCP SDK's skills extension
 * (`skills/list`, `skills/get`, `resources/read`, `resources/directory/read`):
 * an adapter from our discovery to the SDK's `SkillSource` interface.
 *
 * @module
 */
import { utf8Text } from "../shared/utf8_text.ts";
import {
  ProtocolError,
  ProtocolErrorCode,
  type Resource,
} from "@modelcontextprotocol/server";
import type {
  Skill as SkillEntry,
  SkillReadResult,
  SkillSource as SdkSkillSource,
} from "@modelcontextprotocol/server/ext/skills";
import { isValidSkillName } from "../parse/skill_name.ts";
import { messageOf, SkillAccessError } from "../shared/errors.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import type { SkillSet } from "../serve/skill_set.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import { DigestCache, MAX_SKILL_BYTES, skillFilePaths } from "./skill_files.ts";
import { contentOf } from "../content/content_of.ts";
import {
  type Listed,
  listedEntry,
  remoteEntry,
  reportOnce,
  type Servable,
  servableSkills,
} from "./listed_entries.ts";
import { parseSkillUri, skillFileUri } from "./uri.ts";
import { mimeTypeOf } from "./mime.ts";
import { SkillMdCache } from "./skill_md_cache.ts";

/**
 * Entries per `skills/list`, `resources/list` and directory page by default.
 */
export const DEFAULT_PAGE_SIZE = 100;

/** Options of {@linkcode skillSetSource}. */
export interface SkillSetSourceOptions {
  /** Entries per page (default {@linkcode DEFAULT_PAGE_SIZE}). */
  readonly pageSize?: number;
  /**
   * Where problems go: a skill left out of the listing (a name that cannot
   * be a URI authority, a frontmatter without name or description) or
   * served as `"dynamic"` (over the extension's size limits). Each is
   * reported once per discovery. Default: dropped.
   */
  readonly onDiagnostic?: (diagnostic: Diagnostic) => void;
  /** Digest cache shared between servers (default: a new one). */
  readonly digests?: DigestCache;
}

/**
 * An MCP SDK `SkillSource` over a skill set: every skill whose name is a
 * valid Agent Skills name is listed as `skill://<name>/SKILL.md`, with a
 * complete manifest of its files (digests cached by file identity), or
 * `"dynamic"` past 512 files or 16 MiB. Files are read through the same
 * containment checks as `readAsset`; hidden files and `node_modules` are
 * never served. The set is read live, so a reloaded set is served at once.
 *
 * @example Usage
 * ```ts ignore
 * import { SkillsExtension } from "@modelcontextprotocol/server/ext/skills";
 * import { skillSetSource } from "@skillscope/skills/mcp";
 *
 * new SkillsExtension({ source: skillSetSource(set) }).attach(server);
 * ```
 *
 * @param set The skill set.
 * @param options Paging, diagnostics, digest cache.
 * @returns The source.
 */
export function skillSetSource(
  set: SkillSet,
  options: SkillSetSourceOptions = {},
): SdkSkillSource & {
  readDirectory: NonNullable<SdkSkillSource["readDirectory"]>;
  listPage(
    cursor: string | undefined,
  ): { skills: SkillEntry[]; nextCursor?: string };
  resourcesPage(
    cursor: string | undefined,
  ): { resources: Resource[]; nextCursor?: string };
} {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const digests = options.digests ?? new DigestCache();
  const skillMds = new SkillMdCache();
  const once = reportOnce(options.onDiagnostic, set);

  const servable = (): readonly Servable[] => {
    const { servable, left } = servableSkills(set.list());
    for (const diagnostic of left) once(diagnostic);
    return servable;
  };

  const find = (name: string): Skill | undefined => {
    const skill = set.get(name);
    return skill !== undefined && skill.name === name &&
        isValidSkillName(skill.name)
      ? skill
      : undefined;
  };

  const entry = (skill: Skill): Listed | undefined => {
    // Content read from elsewhere (a website's) has no manifest until its
    // files are fetched.
    if (contentOf(skill).local === undefined) return remoteEntry(skill);
    let listing;
    try {
      listing = digests.listing(skill);
    } catch (error) {
      once(unreadable(skill, error));
      return undefined;
    }
    const built = listedEntry(skill, listing);
    for (const diagnostic of built.diagnostics) once(diagnostic);
    return built;
  };

  /** One page of `skills/list`: only entries within the extension's rules (checked when built). */
  const listPage = (
    cursor: string | undefined,
  ): { skills: SkillEntry[]; nextCursor?: string } => {
    // A page holds up to pageSize skills; one that cannot be listed is
    // skipped, never replaced by reading further than the page.
    const { page, nextCursor } = pageOf(servable(), cursor, pageSize);
    const skills: SkillEntry[] = [];
    for (const { skill } of page) {
      const built = entry(skill);
      if (built?.dropped !== undefined) once(built.dropped);
      else if (built?.entry !== undefined) skills.push(built.entry);
    }
    return nextCursor === undefined ? { skills } : { skills, nextCursor };
  };

  return {
    listPage,

    list({ cursor }): Promise<{ skills: SkillEntry[]; nextCursor?: string }> {
      try {
        return Promise.resolve(listPage(cursor));
      } catch (error) {
        return Promise.reject(error);
      }
    },

    /** One page of `resources/list`: the `SKILL.md` of each skill `skills/list` serves. */
    resourcesPage(cursor): { resources: Resource[]; nextCursor?: string } {
      const { page, nextCursor } = pageOf(servable(), cursor, pageSize);
      const resources: Resource[] = page.map(({ skill, uri }) => ({
        uri,
        name: skill.name,
        description: skill.description,
        mimeType: "text/markdown",
      }));
      return nextCursor === undefined
        ? { resources }
        : { resources, nextCursor };
    },

    get(uri): Promise<SkillEntry | undefined> {
      const parts = parseSkillUri(uri);
      if (parts === undefined || parts.path !== "SKILL.md") {
        return Promise.resolve(undefined);
      }
      const skill = find(parts.name);
      return Promise.resolve(
        skill === undefined ? undefined : entry(skill)?.entry,
      );
    },

    read(uri): Promise<SkillReadResult | undefined> {
      const parts = parseSkillUri(uri);
      if (parts === undefined || parts.path === "") {
        return Promise.resolve(undefined);
      }
      const skill = find(parts.name);
      const path = normalizeAssetPath(parts.path);
      if (skill === undefined || path === undefined) {
        return Promise.resolve(undefined);
      }
      const served = (bytes: Uint8Array): SkillReadResult => {
        const mimeType = mimeTypeOf(path);
        const text = utf8Text(bytes);
        return text === undefined ? { bytes, mimeType } : { text, mimeType };
      };
      const notServed = (error: unknown): undefined => {
        if (error instanceof SkillAccessError && NOT_SERVED.has(error.code)) {
          return undefined;
        }
        throw error;
      };
      const content = contentOf(skill);
      if (path !== "SKILL.md" || content.local === undefined) {
        return content.readFile(path, { maxBytes: MAX_SKILL_BYTES })
          .then(served, notServed);
      }
      try {
        const file = skillMds.read(skill, content.local);
        return Promise.resolve(
          typeof file === "string"
            ? { text: file, mimeType: mimeTypeOf(path) }
            : served(file),
        );
      } catch (error) {
        try {
          return Promise.resolve(notServed(error));
        } catch (other) {
          return Promise.reject(other);
        }
      }
    },

    async readDirectory(uri, { cursor }): Promise<
      { resources: Resource[]; nextCursor?: string } | undefined
    > {
      const parts = parseSkillUri(uri);
      if (parts === undefined) return Promise.resolve(undefined);
      const skill = find(parts.name);
      if (skill === undefined) return Promise.resolve(undefined);
      const dir = parts.path === "" ? "" : normalizeAssetPath(parts.path);
      if (dir === undefined) return Promise.resolve(undefined);
      const content = contentOf(skill);
      let children: Resource[];
      try {
        children = childrenOf(
          skill,
          dir,
          content.local === undefined
            ? ["SKILL.md", ...(await content.listFiles()).files]
            : skillFilePaths(content.local).paths,
        );
      } catch (error) {
        return Promise.reject(error);
      }
      if (dir !== "" && children.length === 0) {
        return Promise.resolve(undefined);
      }
      const { page, nextCursor } = pageOf(children, cursor, pageSize);
      return Promise.resolve(
        nextCursor === undefined
          ? { resources: page }
          : { resources: page, nextCursor },
      );
    },
  };
}

/** Reading codes that mean "no such file is served" rather than a failure. */
const NOT_SERVED = new Set([
  "skill-not-found",
  "asset-not-found",
  "asset-path-invalid",
  "asset-outside-skill",
  "asset-not-file",
  "no-assets",
]);

/** The direct children of a directory of a skill, directories first marked `inode/directory`. */
function childrenOf(
  skill: Skill,
  dir: string,
  paths: readonly string[],
): Resource[] {
  const prefix = dir === "" ? "" : `${dir}/`;
  const dirs = new Set<string>();
  const files: string[] = [];
  for (const path of paths) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf("/");
    if (slash === -1) files.push(rest);
    else dirs.add(rest.slice(0, slash));
  }
  const resources: Resource[] = [];
  for (const name of [...dirs].sort()) {
    resources.push({
      uri: skillFileUri(skill.name, `${prefix}${name}`),
      name,
      mimeType: "inode/directory",
    });
  }
  for (const name of files.sort()) {
    resources.push({
      uri: skillFileUri(skill.name, `${prefix}${name}`),
      name,
      mimeType: mimeTypeOf(name),
    });
  }
  return resources;
}

/** One page of `items`; a cursor is the decimal offset of the next entry (`-32602` for any other). */
function pageOf<T>(
  items: readonly T[],
  cursor: string | undefined,
  pageSize: number,
): { page: T[]; nextCursor?: string } {
  let start = 0;
  if (cursor !== undefined) {
    if (
      !/^(0|[1-9][0-9]{0,15})$/.test(cursor) || Number(cursor) > items.length
    ) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Invalid cursor ${JSON.stringify(cursor)}`,
      );
    }
    start = Number(cursor);
  }
  const page = items.slice(start, start + pageSize);
  const next = start + page.length;
  return next < items.length ? { page, nextCursor: String(next) } : { page };
}

function unreadable(skill: Skill, error: unknown): Diagnostic {
  return {
    level: "warning",
    code: "mcp-skill-not-listed",
    message: `"${skill.name}" cannot be listed over MCP: ${messageOf(error)}`,
    path: skill.path ?? skill.source.key,
  };
}
