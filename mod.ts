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
  EmbeddedSkillInput,
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
export { type ParseOptions, parseSkillMd } from "./src/parse/skill_md.ts";
export { loadYamlParser, type YamlParser } from "./src/parse/yaml.ts";
export {
  type ValidateOptions,
  validateSkillDir,
  validateSkillDirSync,
  validateSkillMd,
} from "./src/parse/validate.ts";
export { VERSION } from "./src/shared/version.ts";
export {
  type DirectorySource,
  directorySource,
  type DirectorySourceOptions,
  embeddedSkill,
  type EmbeddedSource,
  type NoticeSource,
  type SkillSource,
} from "./src/discover/sources.ts";
export type {
  RemoteListing,
  RemoteSource,
} from "./src/content/remote_content.ts";
export {
  discover,
  type DiscoverOptions,
  discoverSync,
} from "./src/discover/discover.ts";
export type { SameSkill } from "./src/discover/dedup.ts";
export { defaultSkillCache, SkillCache } from "./src/discover/scan_cache.ts";
export { SkillSet } from "./src/serve/skill_set.ts";
export type { SkillSetOptions } from "./src/serve/skill_set_options.ts";
export type { SkillChange, WatchOptions } from "./src/serve/watch.ts";
export type { DefaultRootsOptions } from "./src/clients/default_roots.ts";
export { defaultSources } from "./src/clients/root_sources.ts";
export type { CatalogBudget } from "./src/serve/catalog_budget.ts";
export {
  type CatalogCuts,
  type CatalogFormat,
  type CatalogOptions,
  renderCatalog,
  renderCatalogWithReport,
} from "./src/serve/catalog.ts";
export {
  findShellPreprocessing,
  parseMentions,
  type ShellPreprocessing,
  type SkillMention,
} from "./src/serve/mentions.ts";
export {
  type ListingMode,
  type OverrideOrigin,
  parseOverrides,
  policyOf,
  type SkillOverride,
  type SkillPolicy,
} from "./src/serve/policy.ts";
export type { SearchHit } from "./src/serve/search.ts";
export type { SkillResources } from "./src/content/skill_content.ts";
export type {
  JsonSchema,
  ToolDefinition,
  ToolName,
  ToolResult,
} from "./src/serve/tool_definitions.ts";
export { skillTools, type ToolFormatOptions } from "./src/serve/tools.ts";
export type {
  AnthropicTool,
  JsonTypeName,
  OpenAiTool,
  ProviderJsonSchema,
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
