// Copyright 2026 the skillscope authors. MIT license.
/**
 * Skills on the web: the well-known index client (`fetchWebIndex`;
 * `/.well-known/agent-skills/` v0.2 with digests, `/.well-known/skills/` v0.1
 * without), verified downloads unpacked in memory (`fetchWebSkill`), a
 * discovery source (`wellKnownSource`), and the deterministic artifacts and
 * indexes a publisher writes: `publishSkills`
 * writes a directory of skills as a static site (index, artifacts and a page
 * for people), `buildSite` builds the same files in memory.
 *
 * Trust model: a v0.2 artifact is used only after its bytes matched the
 * index's SHA-256 digest, and an archive only when every entry is a regular
 * file or directory at a plain relative path within the caps; v0.1 content
 * has no digest and is reported as unverified. Only HTTPS is fetched (plain
 * HTTP from loopback hosts), redirects stay on one origin, and every
 * download is capped in bytes and time.
 *
 * @example Discover the skills of a local site
 * ```ts ignore
 * import { SkillSet } from "@skillscope/skills";
 * import { wellKnownSource } from "@skillscope/skills/web";
 *
 * const set = await SkillSet.open({ sources: [wellKnownSource("http://127.0.0.1:8080/")] });
 * console.log(set.list().map((s) => s.name));
 * ```
 *
 * @module
 */
export type { SkillFiles } from "./archive_entry.ts";
export {
  fetchWebSkill,
  type WebSkill,
  type WebSkillOptions,
} from "./artifact.ts";
export {
  type WebArtifactCode,
  WebArtifactError,
  type WebFetchCode,
  WebFetchError,
  type WebIndexCode,
  WebIndexError,
} from "./errors.ts";
export {
  type FetchIndexOptions,
  fetchWebIndex,
  WebIndexCache,
} from "./index_client.ts";
export type {
  WebArtifactEntry,
  WebIndex,
  WebIndexEntry,
  WebLegacyEntry,
} from "./index_parse.ts";
export type { PublishedEntry } from "./index_writer.ts";
export type { WebLimits } from "./limits.ts";
export {
  type PublishOptions,
  PublishOutputError,
  type PublishResult,
  publishSkills,
} from "./publish.ts";
export type { PublishLimits } from "./publish_skill.ts";
export {
  buildSite,
  type BuiltSite,
  type SiteOptions,
  type SiteSkill,
} from "./site.ts";
export { type SiteWrite, writeSite } from "./site_write.ts";
export type { HostScope } from "../shared/host_scope.ts";
export type { HostResolver } from "./entry_hosts.ts";
export {
  wellKnownSource,
  type WellKnownSourceOptions,
} from "./well_known_source.ts";
// The types of the main entry, which the signatures above refer to: each
// entry point documents on its own.
export type * from "../../mod.ts";
