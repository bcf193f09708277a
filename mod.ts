// Copyright 2026 the skillscope authors. MIT license.
/**
 * skillscope: discover, validate and serve
 * {@link https://agentskills.io | Agent Skills} — directories holding a
 * `SKILL.md` with YAML frontmatter and a Markdown body.
 *
 * Runs with `--allow-read` for the roots it is given and nothing else.
 *
 * @example Parse and validate a SKILL.md
 * ```ts
 * import { parseSkillMd, validateSkillMd } from "@skillscope/skills";
 *
 * const text = "---\nname: demo\ndescription: Shows how it works\n---\n# Demo\n";
 * const parsed = parseSkillMd(text, { dirName: "demo" });
 * console.log(parsed.fields.name, validateSkillMd(text, { dirName: "demo", strict: true }));
 * ```
 *
 * @module
 */
export * from "./src/types.ts";
export * from "./src/errors.ts";
export * from "./src/rules.ts";
export { type ParseOptions, parseSkillMd } from "./src/parse.ts";
export {
  type ValidateOptions,
  validateSkillDir,
  validateSkillDirSync,
  validateSkillMd,
} from "./src/validate.ts";
export { isValidSkillName } from "./src/fields.ts";
export { VERSION } from "./src/version.ts";
export {
  type DirectorySource,
  directorySource,
  type DirectorySourceOptions,
  embeddedSkill,
  type EmbeddedSkillInput,
  type EmbeddedSource,
  MAX_FLAT_ROOT_DIRS,
  type NoticeSource,
  type SkillSource,
} from "./src/sources.ts";
export { MAX_RETAINED_FRONTMATTER_CHARS } from "./src/retain.ts";
export {
  attachRemoteContent,
  type RemoteContent,
  remoteContentOf,
  type RemoteListing,
  type RemoteSource,
} from "./src/remote.ts";
export {
  discover,
  type DiscoverOptions,
  discoverSync,
} from "./src/discover.ts";
export { defaultSkillCache, SkillCache } from "./src/cache.ts";
export { nameFilter } from "./src/filter.ts";
export { SkillSet } from "./src/skill_set.ts";
export { skillIdentity } from "./src/dedup.ts";
export type { SkillChange, WatchOptions } from "./src/watch.ts";
export {
  CLIENTS,
  type DefaultRoot,
  defaultRoots,
  type DefaultRootsOptions,
  defaultSources,
} from "./src/roots.ts";
export { normalizeAssetPath } from "./src/asset_path.ts";
export { escapeTerminal } from "./src/escape.ts";
export {
  type CatalogFormat,
  type CatalogOptions,
  renderCatalog,
} from "./src/catalog.ts";
export { renderActivation } from "./src/activation.ts";
export { matchSkills } from "./src/match.ts";
export {
  compileGlob,
  MAX_GLOB_ALTERNATIVES,
  MAX_GLOB_CHARS,
  MAX_MATCH_PATH_CHARS,
} from "./src/glob.ts";
export { type SearchHit, searchSkills } from "./src/search.ts";
export type { SkillResources } from "./src/read.ts";
export {
  callSkillTool,
  type JsonSchema,
  MAX_ENUM_NAMES,
  MAX_MATCH_PATH_LENGTH,
  MAX_MATCH_PATHS,
  skillTools,
  type ToolDefinition,
  type ToolResult,
} from "./src/tools.ts";
export {
  type EmbedOptions,
  type EmbedResult,
  generateEmbedModule,
} from "./src/embed.ts";
export { InstallError } from "./src/install/errors.ts";
export {
  type CommonInstallOptions,
  type FileDrift,
  install,
  type InstallFs,
  type InstallOptions,
  type InstallResult,
  readLock,
  remove,
  skillInfo,
  type SkillVerification,
  update,
  verify,
  type VerifyReport,
} from "./src/install/install.ts";
export type { LockEntry, Lockfile } from "./src/install/lockfile.ts";
export type { LockOptions } from "./src/install/mutex.ts";
export type { GitResult, GitRunner } from "./src/install/git.ts";
export {
  type InstallSource,
  parseInstallSource,
  stripCredentials,
} from "./src/install/source.ts";
