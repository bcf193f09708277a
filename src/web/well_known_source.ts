// Copyright 2026 the skillscope authors. MIT license.
/**
 * `wellKnownSource()`: the skills a website publishes at
 * `/.well-known/agent-skills/` (v0.2, verified) or `/.well-known/skills/`
 * (v0.1, unverified), as a discovery source. Listing costs one request for
 * the index (a `304` when it has not changed); content is fetched when read.
 *
 * @module
 */
import { buildSkill } from "../parse/build_skill.ts";
import {
  attachRemoteContent,
  type RemoteListing,
  type RemoteSource,
} from "../content/remote_content.ts";
import { checkFields } from "../parse/fields.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import {
  type FetchIndexOptions,
  fetchWebIndex,
  WebIndexCache,
} from "./index_client.ts";
import type { WebIndexEntry } from "./index_parse.ts";
import type { WebLimits } from "./limits.ts";
import { displayUrl } from "./url_policy.ts";
import { artifactContent, legacyContent } from "./web_content.ts";

/**
 * Options of {@linkcode wellKnownSource}.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { type WellKnownSourceOptions, wellKnownSource } from "./well_known_source.ts";
 *
 * const options: WellKnownSourceOptions = { scope: "docs", limits: { maxBytes: 16 << 20 } };
 * assert.equal(wellKnownSource("https://docs.example.com", options).kind, "remote");
 * ```
 */
export interface WellKnownSourceOptions
  extends Pick<FetchIndexOptions, "resolveHost" | "indexScope"> {
  /** Scope label of the skills (default `"web"`). */
  readonly scope?: string | undefined;
  /**
   * Caps: index bytes and entries, files and bytes per skill, time per
   * request, the deadline of one index read.
   */
  readonly limits?: WebLimits | undefined;
}

/**
 * A source that lists the skills of a website's well-known index (an origin,
 * any URL on it, or the index URL). Names and descriptions come from the
 * index alone; a skill's `SKILL.md` and files are fetched when first read.
 * For v0.2 the artifact is checked against the index's digest before a byte
 * of it is returned, and an archive is refused whole if one entry is
 * unsafe; a skill that fails is poisoned (`remote-verification-failed`) and
 * nothing of it is served afterwards. v0.1 content has no digest: the
 * listing carries a `web-unverified` warning. Each skill's `source.key`
 * names the site, so a site's skills never pass for local ones.
 *
 * The index is cached in memory with its `ETag`; each `discover()` (and
 * `SkillSet.refresh()`) asks again with `If-None-Match`, and a skill whose
 * entry is unchanged keeps its content (and its verdict).
 *
 * Entries leading to a host nearer than the site's (this machine or a
 * private network, by address or by what a name resolves to) are left out
 * with a diagnostic.
 *
 * Permissions: `--allow-net=HOST` for the site and every host its index
 * names, only when the source is used (names are resolved to be checked
 * when every host is granted, or by `resolveHost`).
 *
 * @example Read the skills a local site publishes
 * ```ts ignore
 * import { SkillSet } from "@skillscope/skills";
 * import { wellKnownSource } from "./well_known_source.ts";
 *
 * const set = await SkillSet.open({ sources: [wellKnownSource("http://127.0.0.1:8080/")] });
 * console.log(await set.read("pdf-tools")); // fetched and verified now
 * ```
 *
 * @param url The site.
 * @param options Scope label, caps.
 * @returns The source.
 */
export function wellKnownSource(
  url: string | URL,
  options: WellKnownSourceOptions = {},
): RemoteSource {
  const key = `web+${displayUrl(url)}`;
  const scope = options.scope ?? "web";
  const limits = options.limits ?? {};
  const cache = new WebIndexCache();
  let known = new Map<string, Made>();
  return {
    kind: "remote",
    key,
    async list(): Promise<RemoteListing> {
      const index = await fetchWebIndex(url, {
        cache,
        limits,
        resolveHost: options.resolveHost,
        indexScope: options.indexScope,
      });
      const diagnostics: Diagnostic[] = [...index.diagnostics];
      if (index.version === "0.1" && index.entries.length > 0) {
        diagnostics.push({
          level: "warning",
          code: "web-unverified",
          message: `The v0.1 index "${
            displayUrl(index.url)
          }" gives no digests: the content of its ${index.entries.length} skill${
            index.entries.length === 1 ? "" : "s"
          } is not verified`,
          path: displayUrl(index.url),
        });
      }
      const next = new Map<string, Made>();
      const skills: Skill[] = [];
      for (const entry of index.entries) {
        const id = JSON.stringify(entry);
        const made = known.get(id) ?? make(entry, key, scope, limits);
        next.set(id, made);
        diagnostics.push(...made.diagnostics);
        if (made.skill !== undefined) skills.push(made.skill);
      }
      known = next;
      return { skills, diagnostics };
    },
  };
}

/** A skill built from an entry, with what building it reported. */
interface Made {
  readonly skill: Skill | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** The skill of an entry, its fields checked as a local SKILL.md's would be, its reader attached. */
function make(
  entry: WebIndexEntry,
  key: string,
  scope: string,
  limits: WebLimits,
): Made {
  const path = `${key}#${entry.name}`;
  const frontmatter = Object.freeze({
    name: entry.name,
    description: entry.description,
  });
  const checked = checkFields(frontmatter, {
    path,
    dirName: entry.name,
    strict: false,
    lineOf: () => undefined,
  });
  if (
    checked.diagnostics.some((d) => d.level === "error") ||
    checked.fields.description === undefined
  ) return { skill: undefined, diagnostics: checked.diagnostics };
  const skill = buildSkill(checked.fields, frontmatter, {
    fallbackName: entry.name,
    source: Object.freeze({ kind: "remote", key: path }),
    scope,
    diagnostics: checked.diagnostics,
  });
  attachRemoteContent(
    skill,
    entry.version === "0.2"
      ? artifactContent(entry, key, limits)
      : legacyContent(entry, key, limits),
  );
  return { skill, diagnostics: checked.diagnostics };
}
