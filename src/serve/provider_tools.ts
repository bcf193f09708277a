// Copyright 2026 the skillscope authors. MIT license.
// deno-lint-ignore-file camelcase -- the providers' wire format is snake_case
/**
 * The skill tools in the shapes the model SDKs take: Anthropic's
 * `input_schema`, OpenAI's `{ type: "function", function }` (with its strict
 * mode), as thin renderings of the one tool table. The types are plain
 * object types, so they are assignable to `Anthropic.Messages.Tool`,
 * `OpenAI.Chat.Completions.ChatCompletionTool` and the AI SDK's
 * `JSONSchema7` without casts.
 *
 * @module
 */
import type {
  JsonSchema,
  ToolDefinition,
  ToolName,
} from "./tool_definitions.ts";

/** A JSON type name, as the model SDKs spell them. */
export type JsonTypeName = "object" | "string" | "array" | "integer" | "null";

/**
 * A JSON Schema as plain JSON data: the form the model SDKs accept (an
 * object type, not an interface, so it is assignable to their index-signature
 * types).
 *
 * @example The parameters of a strict OpenAI tool
 * ```ts
 * import { embeddedSkill, type ProviderJsonSchema, SkillSet, skillTools } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const [list] = skillTools(set, { format: "openai", strict: true });
 * const parameters: ProviderJsonSchema = list!.function.parameters;
 * assert.equal(parameters.type, "object");
 * assert.equal(parameters.additionalProperties, false);
 * ```
 */
export type ProviderJsonSchema = {
  type?: JsonTypeName | JsonTypeName[];
  description?: string;
  properties?: { [key: string]: ProviderJsonSchema };
  required?: string[];
  additionalProperties?: boolean;
  enum?: (string | null)[];
  items?: ProviderJsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/**
 * A tool as Anthropic's Messages API takes it (`Anthropic.Messages.Tool`).
 *
 * @example Usage
 * ```ts
 * import { type AnthropicTool, embeddedSkill, SkillSet, skillTools } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const tools: AnthropicTool[] = skillTools(set, { format: "anthropic" });
 * assert.equal(tools[1]!.input_schema.type, "object");
 * ```
 */
export type AnthropicTool = {
  name: ToolName;
  description: string;
  input_schema: ProviderJsonSchema & { type: "object" };
};

/**
 * A tool as OpenAI's Chat Completions API takes it
 * (`OpenAI.Chat.Completions.ChatCompletionTool`).
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, type OpenAiTool, SkillSet, skillTools } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const tools: OpenAiTool[] = skillTools(set, { format: "openai", strict: true });
 * assert.equal(tools[0]!.function.strict, true);
 * ```
 */
export type OpenAiTool = {
  type: "function";
  function: {
    name: ToolName;
    description: string;
    parameters: ProviderJsonSchema;
    strict?: boolean;
  };
};

/**
 * The schema as plain JSON data (the neutral schema, copied).
 *
 * @example Usage
 * ```ts
 * import { toProviderSchema } from "./provider_tools.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(toProviderSchema({ type: "string", maxLength: 3 }), { type: "string", maxLength: 3 });
 * ```
 *
 * @param schema A schema of the tool table.
 * @returns The same schema as JSON data.
 */
export function toProviderSchema(schema: JsonSchema): ProviderJsonSchema {
  const out: ProviderJsonSchema = {};
  if (schema.type !== undefined) out.type = schema.type;
  if (schema.description !== undefined) out.description = schema.description;
  if (schema.properties !== undefined) {
    out.properties = {};
    for (const [key, value] of Object.entries(schema.properties)) {
      out.properties[key] = toProviderSchema(value);
    }
  }
  if (schema.required !== undefined) out.required = [...schema.required];
  if (schema.additionalProperties !== undefined) {
    out.additionalProperties = schema.additionalProperties;
  }
  if (schema.enum !== undefined) out.enum = [...schema.enum];
  if (schema.items !== undefined) out.items = toProviderSchema(schema.items);
  for (
    const key of [
      "minItems",
      "maxItems",
      "minLength",
      "maxLength",
      "minimum",
      "maximum",
    ] as const
  ) {
    if (schema[key] !== undefined) out[key] = schema[key];
  }
  return out;
}

/**
 * A schema that satisfies OpenAI's strict mode: every property of an object
 * is listed in `required` (an optional one becomes nullable: `null` means
 * absent, and the dispatcher reads it so), `additionalProperties: false`,
 * and the size keywords strict mode refuses are left out (the dispatcher
 * still enforces them, and the description says them).
 *
 * @example Usage
 * ```ts
 * import { strictSchema } from "./provider_tools.ts";
 * import assert from "node:assert/strict";
 *
 * const schema = strictSchema({
 *   type: "object",
 *   properties: { query: { type: "string", maxLength: 10 }, limit: { type: "integer", minimum: 1 } },
 *   required: ["query"],
 * });
 * assert.deepEqual(schema.required, ["query", "limit"]);
 * assert.deepEqual(schema.properties?.limit?.type, ["integer", "null"]);
 * assert.equal(schema.additionalProperties, false);
 * assert.equal(schema.properties?.query?.maxLength, undefined);
 * ```
 *
 * @param schema A schema of the tool table.
 * @returns The strict schema.
 */
export function strictSchema(schema: JsonSchema): ProviderJsonSchema {
  const out: ProviderJsonSchema = {};
  if (schema.type !== undefined) out.type = schema.type;
  const limits = limitsOf(schema);
  const description = [schema.description, limits].filter(Boolean).join(" ");
  if (description !== "") out.description = description;
  if (schema.enum !== undefined) out.enum = [...schema.enum];
  if (schema.items !== undefined) out.items = strictSchema(schema.items);
  if (schema.type === "object") {
    const required = new Set(schema.required ?? []);
    out.properties = {};
    for (const [key, value] of Object.entries(schema.properties ?? {})) {
      const property = strictSchema(value);
      if (!required.has(key)) {
        // Optional: the model must send it, as null when it has no value.
        if (typeof property.type === "string") {
          property.type = [property.type, "null"];
        }
        if (property.enum !== undefined) property.enum.push(null);
      }
      out.properties[key] = property;
    }
    out.required = Object.keys(out.properties);
    out.additionalProperties = false;
  }
  return out;
}

/** The size keywords of a schema, as words for its description. */
function limitsOf(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0) {
    parts.push("not empty");
  }
  if (schema.maxLength !== undefined) {
    parts.push(`at most ${schema.maxLength} characters`);
  }
  if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  if (schema.minItems !== undefined) {
    parts.push(`at least ${schema.minItems} item(s)`);
  }
  if (schema.maxItems !== undefined) {
    parts.push(`at most ${schema.maxItems} items`);
  }
  return parts.length === 0 ? "" : `(${parts.join(", ")})`;
}

/**
 * The tool table as Anthropic tools.
 *
 * @example Usage
 * ```ts
 * import { anthropicTools } from "./provider_tools.ts";
 * import assert from "node:assert/strict";
 *
 * const [tool] = anthropicTools([{ name: "skills_list", description: "List", inputSchema: { type: "object", properties: {} } }]);
 * assert.deepEqual(tool!.input_schema, { type: "object", properties: {} });
 * ```
 *
 * @param tools The tool table.
 * @returns The Anthropic tools.
 */
export function anthropicTools(
  tools: readonly ToolDefinition[],
): AnthropicTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { ...toProviderSchema(tool.inputSchema), type: "object" },
  }));
}

/**
 * The tool table as OpenAI function tools; `strict` makes every schema
 * satisfy OpenAI's strict mode (see {@linkcode strictSchema}).
 *
 * @example Usage
 * ```ts
 * import { openAiTools } from "./provider_tools.ts";
 * import assert from "node:assert/strict";
 *
 * const [tool] = openAiTools([{ name: "skills_list", description: "List", inputSchema: { type: "object", properties: {} } }], true);
 * assert.deepEqual(tool!.function.parameters, { type: "object", properties: {}, required: [], additionalProperties: false });
 * ```
 *
 * @param tools The tool table.
 * @param strict Render for strict mode.
 * @returns The OpenAI tools.
 */
export function openAiTools(
  tools: readonly ToolDefinition[],
  strict = false,
): OpenAiTool[] {
  return tools.map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: strict
        ? strictSchema(tool.inputSchema)
        : toProviderSchema(tool.inputSchema),
      ...(strict ? { strict: true } : {}),
    },
  }));
}
