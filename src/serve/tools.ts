// Copyright 2026 the skillscope authors. MIT license.
/**
 * The skill tools of a skill set, built once per discovery, in the neutral
 * (MCP) shape or a model SDK's.
 *
 * @module
 */
import type { SkillSet } from "./skill_set.ts";
import type { Skill } from "../shared/types.ts";
import { type ToolDefinition, toolDefinitions } from "./tool_definitions.ts";
import {
  type AnthropicTool,
  anthropicTools,
  type OpenAiTool,
  openAiTools,
} from "./provider_tools.ts";

/**
 * The tool definitions for a skill set: `skills_list`, `skills_read`,
 * `skills_read_asset`, `skills_match` and `skills_search`, with `name`
 * constrained to an enum of the valid names (up to 1000 skills; beyond, a
 * string checked when the tool is called); `skills_match` takes at most 64
 * paths of at most 1024 characters each. Built once per discovery and shared
 * (frozen). No skills → no tools.
 *
 * @example Usage
 * ```ts
 * import { directorySource, SkillSet, skillTools } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const [name, description, extra] of [
 *   ["pdf-tools", "Fill and read PDF forms", ""],
 *   ["sql-review", "Review SQL migrations", "globs: ['db/**']\n"],
 * ]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(
 *     `${root}/${name}/SKILL.md`,
 *     `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`,
 *   );
 * }
 * const set = SkillSet.openSync({ sources: [directorySource(root)] });
 * const read = skillTools(set).find((t) => t.name === "skills_read")!;
 * assert.deepEqual(read.inputSchema.properties?.name?.enum, ["pdf-tools", "sql-review"]);
 * ```
 *
 * @example In a provider's shape
 * ```ts
 * import { embeddedSkill, SkillSet, skillTools } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const anthropic = skillTools(set, { format: "anthropic" });
 * const openai = skillTools(set, { format: "openai", strict: true });
 * assert.deepEqual(anthropic.map((t) => t.name), openai.map((t) => t.function.name));
 * assert.deepEqual(openai[4]!.function.parameters.required, ["query", "limit"]);
 * ```
 *
 * @param set The skill set.
 * @param options `format`: `"mcp"` (the default: `inputSchema`, as MCP's
 *   `tools/list` has it), `"anthropic"` (`input_schema`) or `"openai"`
 *   (`{ type: "function", function }`; `strict: true` for OpenAI's strict
 *   mode). Every format lists the same tools in the same order.
 * @returns The tool definitions.
 */
export function skillTools(
  set: SkillSet,
  options?: { format?: "mcp" },
): ToolDefinition[];
/**
 * The skill tools as Anthropic tools (`Anthropic.Messages.Tool[]`).
 *
 * @param set The skill set.
 * @param options `{ format: "anthropic" }`.
 * @returns The tools.
 */
export function skillTools(
  set: SkillSet,
  options: { format: "anthropic" },
): AnthropicTool[];
/**
 * The skill tools as OpenAI function tools
 * (`OpenAI.Chat.Completions.ChatCompletionTool[]`).
 *
 * @param set The skill set.
 * @param options `{ format: "openai" }`, `strict: true` for strict mode.
 * @returns The tools.
 */
export function skillTools(
  set: SkillSet,
  options: { format: "openai"; strict?: boolean },
): OpenAiTool[];
export function skillTools(
  set: SkillSet,
  options: ToolFormatOptions = {},
): ToolDefinition[] | AnthropicTool[] | OpenAiTool[] {
  // Built once per discovery and format: every tools/list and tools/call of
  // a large set would otherwise sort every name again.
  // Only the skills the model may see are named (see `policyOf`).
  const skills = set.modelVisible();
  const format = options.format ?? "mcp";
  const key = options.format === "openai" && options.strict === true
    ? "openai-strict"
    : format;
  let cached = toolCache.get(skills);
  if (cached === undefined) toolCache.set(skills, cached = new Map());
  let tools = cached.get(key);
  if (tools === undefined) {
    const table = cached.get("mcp") as ToolDefinition[] | undefined ??
      toolDefinitions(skills);
    cached.set("mcp", Object.freeze(table) as ToolDefinition[]);
    tools = key === "mcp"
      ? table
      : key === "anthropic"
      ? anthropicTools(table)
      : openAiTools(table, key === "openai-strict");
    cached.set(key, tools);
  }
  return tools;
}

/**
 * The formats of {@linkcode skillTools}.
 *
 * @example The tools in Anthropic's shape
 * ```ts
 * import { embeddedSkill, SkillSet, skillTools, type ToolFormatOptions } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const options = { format: "anthropic" } satisfies ToolFormatOptions;
 * assert.ok(skillTools(set, options).every((tool) => "input_schema" in tool));
 * ```
 */
export type ToolFormatOptions =
  | { format?: "mcp" | "anthropic" }
  | { format: "openai"; strict?: boolean };

const toolCache = new WeakMap<
  readonly Skill[],
  Map<string, ToolDefinition[] | AnthropicTool[] | OpenAiTool[]>
>();
