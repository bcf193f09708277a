// Copyright 2026 the skillscope authors. MIT license.
/**
 * Skills on the web: the well-known index client (`/.well-known/agent-skills/`
 * v0.2 with digests, `/.well-known/skills/` v0.1 without), verified
 * downloads, in-memory archive extraction, a discovery source, and the
 * deterministic artifacts and indexes a publisher writes: `publishSkills`
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
export {
  type ArchiveFormat,
  archiveFormatOf,
  unpackArchive,
} from "./archive.ts";
export {
  ArchiveCollector,
  entryPath,
  type SkillFiles,
} from "./archive_entry.ts";
export {
  fetchArtifact,
  fetchLegacyFile,
  fetchLegacySkill,
  fetchWebSkill,
  legacyFileUrl,
  type WebSkill,
  type WebSkillOptions,
} from "./artifact.ts";
export { isDigest, sha256Digest, verifyDigest } from "./digest.ts";
export {
  type WebArtifactCode,
  WebArtifactError,
  type WebFetchCode,
  WebFetchError,
  type WebIndexCode,
  WebIndexError,
} from "./errors.ts";
export {
  DEFAULT_TIMEOUT_MS,
  fetchBytes,
  MAX_REDIRECTS,
  type WebFetchOptions,
  type WebResponse,
} from "./fetch.ts";
export {
  AGENT_SKILLS_INDEX,
  type FetchIndexOptions,
  fetchWebIndex,
  indexCandidates,
  LEGACY_SKILLS_INDEX,
  WebIndexCache,
} from "./index_client.ts";
export {
  parseWebIndex,
  SCHEMA_V02,
  type WebArtifactEntry,
  type WebIndex,
  type WebIndexEntry,
  type WebLegacyEntry,
} from "./index_parse.ts";
export {
  type PublishedEntry,
  renderLegacyIndex,
  renderWebIndex,
} from "./index_writer.ts";
export {
  MAX_INDEX_BYTES,
  MAX_INDEX_ENTRIES,
  type WebLimits,
  webLimits,
} from "./limits.ts";
export {
  buildArtifact,
  type PackOptions,
  packTarGz,
  type PublishedArtifact,
} from "./pack.ts";
export {
  type PublishOptions,
  PublishOutputError,
  type PublishResult,
  publishSkills,
} from "./publish.ts";
export { type PublishLimits, readPublishableSkill } from "./publish_skill.ts";
export {
  AGENT_SKILLS_DIR,
  buildSite,
  type BuiltSite,
  LEGACY_SKILLS_DIR,
  type SiteOptions,
  type SiteSkill,
  SKILLS_PAGE,
} from "./site.ts";
export {
  ORIGIN_PLACEHOLDER,
  PAGE_CSP,
  type PageSkill,
  renderSkillsPage,
} from "./site_page.ts";
export { type SiteWrite, writeSite } from "./site_write.ts";
export { checkSkillFiles, checkSkillMd } from "./skill_check.ts";
export type { HostScope } from "../shared/host_scope.ts";
export type { HostResolver } from "./entry_hosts.ts";
export {
  assertNetPermission,
  assertRedirect,
  assertWebUrl,
  displayUrl,
  resolveIndexUrl,
} from "./url_policy.ts";
export { artifactContent, legacyContent } from "./web_content.ts";
export {
  wellKnownSource,
  type WellKnownSourceOptions,
} from "./well_known_source.ts";
// The types of the main entry, which the signatures above refer to: each
// entry point documents on its own.
export type * from "../../mod.ts";
