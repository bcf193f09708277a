// Copyright 2026 the skillscope authors. MIT license.
/**
 * The skill tools as a Vercel AI SDK `ToolSet`, made with the SDK's own
 * `jsonSchema()` and `tool()` helpers, so skillscope does not depend on `ai`.
 *
 * @module
 */
import type { SkillSet } from "./skill_set.ts";
import { type ProviderJsonSchema, toProviderSchema } from "./provider_tools.ts";
import { skillTools } from "./tools.ts";
import { callSkillTool } from "./tool_calls.ts";
import { resultText } from "./provider_calls.ts";

/**
 * One skill tool as the AI SDK's `tool()` takes (and returns) it.
 *
 * @example Run a tool as the AI SDK would
 * ```ts
 * import { type AiSdkTool, aiSdkTools, embeddedSkill, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const tools: Record<string, AiSdkTool<unknown>> = aiSdkTools(set, { jsonSchema: (s) => s, tool: (t) => t });
 * assert.match(await tools.skills_read!.execute({ name: "hi" }), /# Hi/);
 * ```
 */
export type AiSdkTool<SCHEMA> = {
  description: string;
  inputSchema: SCHEMA;
  execute: (input: unknown) => Promise<string>;
};

/**
 * The AI SDK helpers {@linkcode aiSdkTools} builds with: pass `jsonSchema`
 * and `tool` from `ai`.
 *
 * @example Stand-ins for `jsonSchema` and `tool` from `ai`
 * ```ts
 * import { type AiSdkHelpers, aiSdkTools, embeddedSkill, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const helpers: AiSdkHelpers<{ wrapped: unknown }> = {
 *   jsonSchema: (schema) => ({ wrapped: schema }),
 *   tool: (definition) => definition,
 * };
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * assert.ok("wrapped" in aiSdkTools(set, helpers).skills_read!.inputSchema);
 * ```
 */
export interface AiSdkHelpers<SCHEMA> {
  /** `jsonSchema` from `ai`. */
  jsonSchema: (schema: ProviderJsonSchema) => SCHEMA;
  /** `tool` from `ai` (it returns the definition it is given). */
  tool: (definition: AiSdkTool<SCHEMA>) => unknown;
}

/**
 * The skill tools as an AI SDK `ToolSet`: each tool's `execute` runs the
 * dispatcher and returns the text the model reads — an error too, as text
 * (never thrown for bad model input).
 *
 * @example With stand-ins for `jsonSchema` and `tool`
 * ```ts
 * import { aiSdkTools, embeddedSkill, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const tools = aiSdkTools(set, { jsonSchema: (schema) => schema, tool: (definition) => definition });
 * assert.deepEqual(Object.keys(tools), ["skills_list", "skills_read", "skills_read_asset", "skills_match", "skills_search"]);
 * assert.match(await tools.skills_read!.execute({ name: "hi" }), /# Hi/);
 * ```
 *
 * @param set The skill set.
 * @param helpers `jsonSchema` and `tool` from `ai`.
 * @returns The tools by name, in the order of `skillTools`.
 */
export function aiSdkTools<SCHEMA>(
  set: SkillSet,
  helpers: AiSdkHelpers<SCHEMA>,
): Record<string, AiSdkTool<SCHEMA>> {
  const tools: Record<string, AiSdkTool<SCHEMA>> = {};
  for (const definition of skillTools(set)) {
    const made: AiSdkTool<SCHEMA> = {
      description: definition.description,
      inputSchema: helpers.jsonSchema(toProviderSchema(definition.inputSchema)),
      execute: async (input) =>
        resultText(await callSkillTool(set, definition.name, input)),
    };
    // `tool()` returns what it is given (it exists for type inference).
    helpers.tool(made);
    tools[definition.name] = made;
  }
  return tools;
}
