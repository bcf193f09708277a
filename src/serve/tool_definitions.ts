// Copyright 2026 the skillscope authors. MIT license.
/**
 * The one table of skill tools: their names, descriptions and input schemas
 * (JSON Schema), from which every provider's rendering is made.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";

/**
 * A JSON Schema (the subset skillscope's tools use).
 *
 * @example Usage
 * ```ts
 * import { type JsonSchema, SkillSet, skillTools, embeddedSkill } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const schema: JsonSchema = skillTools(set)[1]!.inputSchema;
 * assert.deepEqual(schema.required, ["name"]);
 * ```
 */
export interface JsonSchema {
  /** JSON type. */
  type?: "object" | "string" | "array" | "integer";
  /** Human description. */
  description?: string;
  /** Object properties. */
  properties?: Record<string, JsonSchema>;
  /** Required object properties. */
  required?: string[];
  /** Whether other properties are allowed. */
  additionalProperties?: boolean;
  /** Allowed values. */
  enum?: string[];
  /** Array items. */
  items?: JsonSchema;
  /** Minimum array length. */
  minItems?: number;
  /** Maximum array length. */
  maxItems?: number;
  /** Minimum string length. */
  minLength?: number;
  /** Maximum string length. */
  maxLength?: number;
  /** Minimum integer. */
  minimum?: number;
  /** Maximum integer. */
  maximum?: number;
}

/**
 * The names of the skill tools, in the order {@linkcode skillTools} gives them.
 */
export const TOOL_NAMES: readonly ToolName[] = Object.freeze([
  "skills_list",
  "skills_read",
  "skills_read_asset",
  "skills_match",
  "skills_search",
]);

/**
 * The name of a skill tool.
 *
 * @example The names of the five tools
 * ```ts
 * import { embeddedSkill, SkillSet, skillTools, type ToolName } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const names: ToolName[] = skillTools(set).map((tool) => tool.name);
 * assert.deepEqual(names, ["skills_list", "skills_read", "skills_read_asset", "skills_match", "skills_search"]);
 * ```
 */
export type ToolName =
  | "skills_list"
  | "skills_read"
  | "skills_read_asset"
  | "skills_match"
  | "skills_search";

/**
 * A tool a model can call.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet, type ToolDefinition, skillTools } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const [list]: ToolDefinition[] = skillTools(set);
 * assert.equal(list?.name, "skills_list");
 * ```
 */
export interface ToolDefinition {
  /** Tool name, e.g. `skills_read`. */
  readonly name: ToolName;
  /** What the tool does, for the model. */
  readonly description: string;
  /** JSON Schema of the input object. */
  readonly inputSchema: JsonSchema;
}

/** Most skill names put in a tool schema's enum; beyond it `name` is a checked string. */
export const MAX_ENUM_NAMES = 1000;

/**
 * Most paths one `skills_match` call may pass.
 *
 * @example Usage
 * ```ts
 * import { callSkillTool, embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { MAX_MATCH_PATHS } from "./tool_definitions.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const paths = Array.from({ length: MAX_MATCH_PATHS + 1 }, (_, i) => `f${i}.md`);
 * assert.equal((await callSkillTool(set, "skills_match", { paths })).ok, false);
 * ```
 */
export const MAX_MATCH_PATHS = 64;

/**
 * Longest path `skills_match` accepts (characters).
 *
 * @example Usage
 * ```ts
 * import { callSkillTool, embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { MAX_MATCH_PATH_LENGTH } from "./tool_definitions.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const long = "a".repeat(MAX_MATCH_PATH_LENGTH + 1);
 * const result = await callSkillTool(set, "skills_match", { paths: [long] });
 * assert.equal(result.ok, false);
 * ```
 */
export const MAX_MATCH_PATH_LENGTH = 1024;

/**
 * The tool definitions for a list of skills (see `skillTools`, which caches
 * them per discovery).
 *
 * @example Usage
 * ```ts
 * import { toolDefinitions } from "./tool_definitions.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(toolDefinitions([]), []);
 * ```
 *
 * @param skills The model-visible skills.
 * @returns The definitions, in {@linkcode TOOL_NAMES} order; none without skills.
 */
export function toolDefinitions(skills: readonly Skill[]): ToolDefinition[] {
  const names = skills.map((s) => s.name).sort();
  if (names.length === 0) return [];
  const name: JsonSchema = names.length <= MAX_ENUM_NAMES
    ? { type: "string", enum: names, description: "The skill's name" }
    : {
      type: "string",
      minLength: 1,
      maxLength: 256,
      description: "The skill's name, as skills_list or skills_search gives it",
    };
  const object = (
    properties: Record<string, JsonSchema>,
    required: string[],
  ): JsonSchema => ({
    type: "object",
    properties,
    required,
    additionalProperties: false,
  });
  return [
    {
      name: "skills_list",
      description: "List the available skills with their descriptions.",
      inputSchema: object({}, []),
    },
    {
      name: "skills_read",
      description:
        "Activate a skill: returns its instructions (SKILL.md body), its directory and the list of its bundled files. Call it before following a skill.",
      inputSchema: object({ name }, ["name"]),
    },
    {
      name: "skills_read_asset",
      description:
        "Read a file bundled with a skill (e.g. references/guide.md), by its path relative to the skill directory.",
      inputSchema: object({
        name,
        path: {
          type: "string",
          minLength: 1,
          maxLength: 4096,
          description: "Path relative to the skill directory",
        },
      }, ["name", "path"]),
    },
    {
      name: "skills_match",
      description:
        "Find the skills that apply to the given file paths (by their globs), plus always-on skills.",
      inputSchema: object({
        paths: {
          type: "array",
          items: { type: "string", maxLength: MAX_MATCH_PATH_LENGTH },
          minItems: 1,
          maxItems: MAX_MATCH_PATHS,
          description: "File paths relative to the project",
        },
      }, ["paths"]),
    },
    {
      name: "skills_search",
      description:
        "Search the skills by relevance to a query; returns the best matches first.",
      inputSchema: object({
        query: {
          type: "string",
          minLength: 1,
          maxLength: 1000,
          description: "What the task is about",
        },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: 50,
          description: "Most results (default 10)",
        },
      }, ["query"]),
    },
  ];
}

/**
 * The outcome of {@linkcode callSkillTool}.
 *
 * @example Usage
 * ```ts
 * import { callSkillTool, embeddedSkill, SkillSet, type ToolResult } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const result: ToolResult = await callSkillTool(set, "skills_read", { name: "nope" });
 * assert.equal(result.ok ? "ok" : result.error.code, "invalid-input"); // not one of the names
 * ```
 */
export type ToolResult =
  | {
    /** Success. */
    readonly ok: true;
    /** Text for the model. */
    readonly text: string;
    /** Structured result. */
    readonly data: unknown;
  }
  | {
    /** Failure. */
    readonly ok: false;
    /** Why: `unknown-tool`, `invalid-input`, `skill-not-found`, `asset-*`, `permission-denied`, ... */
    readonly error: { readonly code: string; readonly message: string };
  };
