// Copyright 2026 the skillscope authors. MIT license.
/**
 * skillscope: discover, validate and serve
 * {@link https://agentskills.io | Agent Skills} — directories holding a
 * `SKILL.md` with YAML frontmatter and a Markdown body.
 *
 * Runs with `--allow-read` for the roots it is given and nothing else. The
 * MCP server, installing, auditing, the web and the embed generator have
 * their own entry points: `./mcp`, `./install`, `./audit`, `./web`, `./embed`.
 *
 * @example Parse and validate a SKILL.md
 * ```ts
 * import { parseSkillMd, validateSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const text = "---\nname: demo\ndescription: Shows how it works\n---\n# Demo\n";
 * const parsed = parseSkillMd(text, { dirName: "demo" });
 * assert.equal(parsed.fields.name, "demo");
 * assert.equal(parsed.body, "# Demo\n");
 * assert.deepEqual(validateSkillMd(text, { dirName: "demo", strict: true }), []);
 * ```
 *
 * @module
 */
export type {
  Diagnostic,
  DiagnosticLevel,
  DirectorySkill,
  Discovery,
  EmbeddedSkill,
  ParsedSkill,
  RuleCode,
  Shadowed,
  Skill,
  SkillFields,
  SkillOrigin,
} from "./src/shared/types.ts";
export {
  type ErrorLocation,
  InvalidSourceError,
  PermissionDeniedError,
  SkillAccessError,
  SkillParseError,
} from "./src/shared/errors.ts";
export { type Rule, RULES } from "./src/shared/diagnostics.ts";
export { type ParseOptions, parseSkillMd } from "./src/parse/skill_md.ts";
export { loadYamlParser, type YamlParser } from "./src/parse/yaml.ts";
export {
  type ValidateOptions,
  validateSkillDir,
  validateSkillDirSync,
  validateSkillMd,
} from "./src/parse/validate.ts";
export { isValidSkillName } from "./src/parse/skill_name.ts";
export { KNOWN_EXTENSION_FIELDS } from "./src/parse/fields.ts";
export {
  isDirectorySkill,
  isEmbeddedSkill,
} from "./src/discover/build_skill.ts";
export { VERSION } from "./src/shared/version.ts";
export {
  type DirectorySource,
  directorySource,
  type DirectorySourceOptions,
  embeddedSkill,
  type EmbeddedSkillInput,
  type EmbeddedSource,
  type NoticeSource,
  type SkillSource,
} from "./src/discover/sources.ts";
export {
  attachRemoteContent,
  type RemoteContent,
  remoteContentOf,
  type RemoteListing,
  type RemoteSource,
} from "./src/discover/remote_source.ts";
export {
  discover,
  type DiscoverOptions,
  discoverSync,
} from "./src/discover/discover.ts";
export { defaultSkillCache, SkillCache } from "./src/discover/scan_cache.ts";
export { globMatches, nameFilter } from "./src/discover/name_filter.ts";
export { SkillSet } from "./src/serve/skill_set.ts";
export type { SkillSetOptions } from "./src/serve/skill_set_options.ts";
export { type SameSkill, skillIdentity } from "./src/discover/dedup.ts";
export type { SkillChange, WatchOptions } from "./src/serve/watch.ts";
export {
  CLIENT_DIR_SUFFIXES,
  type ClientName,
  type ClientRules,
  clientRules,
  CLIENTS,
  clientSkillsDir,
  type DefaultRoot,
  type DefaultRoots,
  defaultRoots,
  type DefaultRootsOptions,
  type DetectedClient,
} from "./src/clients/default_roots.ts";
export { defaultSources } from "./src/clients/root_sources.ts";
export {
  type ClientProfile,
  clientProfile,
  type KnownRule,
  type RootScan,
} from "./src/clients/client_profile.ts";
export {
  CLIENT_TABLE,
  type ClientEntry,
  type ClientFact,
  type ClientRootEntry,
  type RootScope,
} from "./src/clients/clients_table.ts";
export { normalizeAssetPath } from "./src/shared/asset_path.ts";
export { escapeTerminal } from "./src/shared/escape.ts";
export {
  type CatalogBudget,
  estimateTokens,
} from "./src/serve/catalog_budget.ts";
export {
  type CatalogCuts,
  type CatalogFormat,
  type CatalogOptions,
  renderCatalog,
  renderCatalogWithReport,
} from "./src/serve/catalog.ts";
export { renderActivation } from "./src/serve/activation.ts";
export {
  findShellPreprocessing,
  parseMentions,
  type ShellPreprocessing,
  type SkillMention,
  splitArguments,
  substituteArguments,
} from "./src/serve/mentions.ts";
export {
  type ListingMode,
  type OverrideOrigin,
  parseOverrides,
  policyOf,
  type SkillOverride,
  type SkillPolicy,
} from "./src/serve/policy.ts";
export { matchSkills } from "./src/serve/match.ts";
export { compileGlob } from "./src/serve/glob.ts";
export { type SearchHit, searchSkills } from "./src/serve/search.ts";
export type { SkillResources } from "./src/serve/list_resources.ts";
export {
  type JsonSchema,
  TOOL_NAMES,
  type ToolDefinition,
  type ToolName,
  type ToolResult,
} from "./src/serve/tool_definitions.ts";
export { skillTools, type ToolFormatOptions } from "./src/serve/tools.ts";
export {
  type AnthropicTool,
  type JsonTypeName,
  type OpenAiTool,
  type ProviderJsonSchema,
} from "./src/serve/provider_tools.ts";
export {
  type AnthropicToolResult,
  type AnthropicToolUse,
  type NamedToolCall,
  type OpenAiToolCall,
  type OpenAiToolMessage,
  type ProviderToolCall,
  toolResultFor,
} from "./src/serve/provider_calls.ts";
export {
  type AiSdkHelpers,
  type AiSdkTool,
  aiSdkTools,
} from "./src/serve/ai_sdk_tools.ts";
export { callSkillTool } from "./src/serve/tool_calls.ts";
