// Copyright 2026 the skillscope authors. MIT license.
/**
 * A published site in memory: from skills (name, description, files) to
 * every file a static host serves — one artifact per skill with its
 * digest, the v0.2 index, optionally the v0.1 index and files, and the
 * page for people. The same skills give the same bytes; `publish` writes
 * them, `mcp --http` serves them.
 *
 * @module
 */
import { renderLegacyIndex, renderWebIndex } from "./index_writer.ts";
import type { PublishedEntry } from "./index_writer.ts";
import { buildArtifact } from "./pack.ts";
import { renderSkillsPage } from "./site_page.ts";

/** Where the v0.2 index and artifacts go, relative to the site's root. */
export const AGENT_SKILLS_DIR = ".well-known/agent-skills";
/** Where the v0.1 index and files go, relative to the site's root. */
export const LEGACY_SKILLS_DIR = ".well-known/skills";
/** Where the page for people goes, relative to the site's root. */
export const SKILLS_PAGE = "skills/index.html";

/**
 * A skill to publish.
 *
 * @example A skill built in memory
 * ```ts
 * import { buildSite, type SiteSkill } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const script = new TextEncoder().encode("#!/bin/sh\necho hi\n");
 * const skill: SiteSkill = {
 *   name: "hi",
 *   description: "Says hi",
 *   files: new Map([["SKILL.md", md], ["run.sh", script]]),
 *   executable: new Set(["run.sh"]),
 * };
 * const site = await buildSite([skill]);
 * assert.equal(site.entries[0]?.type, "archive");
 * ```
 */
export interface SiteSkill {
  /** Its name (a valid skill name, once per site). */
  readonly name: string;
  /** Its description, for the index. */
  readonly description: string;
  /** Its files by normalized relative path, `SKILL.md` among them. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The files packed with mode 0755. */
  readonly executable?: ReadonlySet<string> | undefined;
}

/**
 * Options of {@linkcode buildSite}.
 *
 * @example Only the indexes, no page
 * ```ts
 * import { buildSite, type SiteOptions } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const options: SiteOptions = { legacy: true, page: false };
 * const site = await buildSite([{ name: "hi", description: "Says hi", files: new Map([["SKILL.md", md]]) }], options);
 * assert.ok(site.files.has(".well-known/skills/index.json"));
 * assert.ok(!site.files.has("skills/index.html"));
 * ```
 */
export interface SiteOptions {
  /** Also the v0.1 index and its files (default `false`). */
  readonly legacy?: boolean | undefined;
  /** The page for people (default `true`). */
  readonly page?: boolean | undefined;
  /** The site's origin, for the install commands on the page. */
  readonly origin?: string | undefined;
}

/**
 * A site in memory.
 *
 * @example Build in memory, then write
 * ```ts
 * import { buildSite, type BuiltSite, writeSite } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const site: BuiltSite = await buildSite([{ name: "hi", description: "Says hi", files: new Map([["SKILL.md", md]]) }]);
 * const out = await Deno.makeTempDir();
 * assert.equal(writeSite(out, site.files).written.length, site.files.size);
 * ```
 */
export interface BuiltSite {
  /**
   * Every file by path relative to the site's root, in the order to write
   * them: artifacts and v0.1 files first, the indexes and the page last.
   */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The v0.2 index entries, sorted by name. */
  readonly entries: readonly PublishedEntry[];
}

/**
 * Builds every file of a site publishing `skills`: for each skill its
 * `SKILL.md` (`skill-md`) when that is its only file, else a deterministic
 * `NAME.tar.gz` (`archive`), at `.well-known/agent-skills/NAME/`, listed in
 * `.well-known/agent-skills/index.json` with its SHA-256 digest by a URL
 * relative to the index (so any host or CDN path serves it); with
 * `legacy`, `.well-known/skills/index.json` and each file at
 * `.well-known/skills/NAME/PATH`; and `skills/index.html`.
 *
 * @example Same skills, same bytes
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSite } from "./site.ts";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const skills = [{ name: "hi", description: "Says hi", files: new Map([["SKILL.md", md]]) }];
 * const site = await buildSite(skills);
 * assert.deepEqual([...site.files.keys()], [
 *   ".well-known/agent-skills/hi/SKILL.md",
 *   ".well-known/agent-skills/index.json",
 *   "skills/index.html",
 * ]);
 * assert.equal(site.entries[0]?.url, "hi/SKILL.md");
 * assert.deepEqual((await buildSite(skills)).files, site.files);
 * ```
 *
 * @param skills The skills (any order; each name once).
 * @param options v0.1 files, the page, the origin it names.
 * @returns The files and the index entries.
 * @throws {WebIndexError} `web-index-invalid` for an invalid or repeated name.
 * @throws {WebArtifactError} for a skill without `SKILL.md` or with a path that cannot be packed.
 */
export async function buildSite(
  skills: readonly SiteSkill[],
  options: SiteOptions = {},
): Promise<BuiltSite> {
  const sorted = [...skills].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  );
  const encoder = new TextEncoder();
  const artifacts = new Map<string, Uint8Array>();
  const legacy = new Map<string, Uint8Array>();
  const entries: PublishedEntry[] = [];
  const page = [];
  for (const skill of sorted) {
    const files = new Map(
      [...skill.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const artifact = await buildArtifact(skill.name, files, {
      executable: skill.executable,
    });
    const url = `${skill.name}/${artifact.fileName}`;
    artifacts.set(`${AGENT_SKILLS_DIR}/${url}`, artifact.bytes);
    entries.push({
      name: skill.name,
      type: artifact.type,
      description: skill.description,
      url,
      digest: artifact.digest,
    });
    if (options.legacy === true) {
      for (const [path, bytes] of files) {
        legacy.set(`${LEGACY_SKILLS_DIR}/${skill.name}/${path}`, bytes);
      }
    }
    page.push({
      name: skill.name,
      description: skill.description,
      type: artifact.type,
      digest: artifact.digest,
      size: artifact.bytes.length,
      files: [...files].map(([path, bytes]) => ({ path, size: bytes.length })),
      skillMd: new TextDecoder().decode(files.get("SKILL.md")),
    });
  }
  const out = new Map([...artifacts, ...legacy]);
  if (options.legacy === true) {
    out.set(
      `${LEGACY_SKILLS_DIR}/index.json`,
      encoder.encode(renderLegacyIndex(
        sorted.map((s) => ({
          name: s.name,
          description: s.description,
          files: [...s.files.keys()],
        })),
      )),
    );
  }
  out.set(
    `${AGENT_SKILLS_DIR}/index.json`,
    encoder.encode(renderWebIndex(entries)),
  );
  if (options.page !== false) {
    out.set(
      SKILLS_PAGE,
      encoder.encode(renderSkillsPage(page, options.origin)),
    );
  }
  return { files: out, entries };
}
