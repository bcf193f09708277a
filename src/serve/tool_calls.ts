// Copyright 2026 the skillscope authors. MIT license.
/**
 * Running a skill tool call from a model: the input checked against the tool's schema, errors returned as data, never thrown.
 *
 * @module
 */
import { encodeBase64 } from "../shared/base64.ts";
import {
  messageOf,
  PermissionDeniedError,
  SkillAccessError,
} from "../shared/errors.ts";
import type { SkillSet } from "./skill_set.ts";
import { skillTools } from "./tools.ts";
import type { JsonSchema, ToolResult } from "./tool_definitions.ts";
import { type ProviderToolCall, readToolCall } from "./provider_calls.ts";
import {
  DEFAULT_MAX_CATALOG_CHARS,
  DEFAULT_MAX_CATALOG_ENTRY_CHARS,
} from "./catalog_budget.ts";
import { shorten } from "./catalog_layout.ts";
import type { Skill } from "../shared/types.ts";

/**
 * Runs a skill tool with model-provided input. Input is checked against the
 * tool's schema; every failure comes back as `{ ok: false, error }` — this
 * function does not throw for bad input.
 *
 * @example Usage
 * ```ts
 * import { callSkillTool, directorySource, SkillSet } from "@skillscope/skills";
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
 * const result = await callSkillTool(set, "skills_read_asset", { name: "pdf-tools", path: "../../etc/passwd" });
 * assert.equal(result.ok ? "served" : result.error.code, "asset-path-invalid");
 * ```
 *
 * @example A provider's own tool call
 * ```ts
 * import { callSkillTool, embeddedSkill, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const call = { id: "call_1", type: "function" as const, function: { name: "skills_search", arguments: '{"query":"hi","limit":null}' } };
 * const result = await callSkillTool(set, call);
 * assert.ok(result.ok);
 * const broken = await callSkillTool(set, { ...call, function: { ...call.function, arguments: "{oops" } });
 * assert.equal(broken.ok ? "ok" : broken.error.code, "invalid-input");
 * ```
 *
 * @param set The skill set.
 * @param toolOrCall The tool name, or a whole tool call: an Anthropic
 *   `tool_use` block, an OpenAI tool call (JSON-string `arguments`), or
 *   `{ name, input }`.
 * @param input The model's arguments (any JSON value), with a tool name.
 *   An optional property sent as `null` (OpenAI's strict mode) is absent.
 * @returns The result or a structured error.
 */
export function callSkillTool(
  set: SkillSet,
  tool: string,
  input: unknown,
): Promise<ToolResult>;
/**
 * Runs a provider's own tool call (an Anthropic `tool_use` block, an OpenAI
 * tool call, or `{ name, input }`); an unreadable call (malformed JSON, or
 * arguments longer than 262,144 characters) is an `invalid-input` result.
 *
 * @param set The skill set.
 * @param call The tool call.
 * @returns The result or a structured error.
 */
export function callSkillTool(
  set: SkillSet,
  call: ProviderToolCall,
): Promise<ToolResult>;
export function callSkillTool(
  set: SkillSet,
  toolOrCall: string | ProviderToolCall,
  input?: unknown,
): Promise<ToolResult> {
  if (typeof toolOrCall === "string") return run(set, toolOrCall, input);
  const call = readToolCall(toolOrCall);
  if ("problem" in call) {
    return Promise.resolve(fail(
      "invalid-input",
      `Invalid call of ${
        call.name === "" ? "a tool" : call.name
      }: ${call.problem}`,
    ));
  }
  return run(set, call.name, call.input);
}

async function run(
  set: SkillSet,
  tool: string,
  input: unknown,
): Promise<ToolResult> {
  const definition = skillTools(set).find((t) => t.name === tool);
  if (!definition) {
    return fail(
      "unknown-tool",
      `Unknown tool "${String(tool)}"${
        set.list().length === 0 ? " (there are no skills)" : ""
      }`,
    );
  }
  const problem = checkInput(input ?? {}, definition.inputSchema, "input");
  if (problem !== undefined) {
    return fail("invalid-input", `Invalid input for ${tool}: ${problem}`);
  }
  const args = (input ?? {}) as Record<string, unknown>;
  try {
    switch (tool) {
      case "skills_list": {
        return {
          ok: true,
          text: set.catalog({ format: "markdown" }),
          data: listData(set.modelVisible()),
        };
      }
      case "skills_read": {
        const name = args.name as string;
        const text = await set.activate(name);
        return { ok: true, text, data: { name, payload: text } };
      }
      case "skills_read_asset": {
        const bytes = await set.readAsset(
          args.name as string,
          args.path as string,
        );
        let text: string;
        let encoding: "utf-8" | "base64";
        try {
          text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
          encoding = "utf-8";
        } catch {
          text = encodeBase64(bytes);
          encoding = "base64";
        }
        return {
          ok: true,
          text,
          data: {
            name: args.name,
            path: args.path,
            encoding,
            size: bytes.length,
          },
        };
      }
      case "skills_match": {
        const visible = new Set(set.modelVisible());
        const matched = set.match(args.paths as string[])
          .filter((s) => visible.has(s)).map((s) => s.name);
        return {
          ok: true,
          text: matched.length === 0 ? "No skill applies." : matched.join("\n"),
          data: { matched },
        };
      }
      case "skills_search": {
        const visible = new Set(set.modelVisible());
        const limit = (args.limit as number | undefined) ?? 10;
        // Skills the model may not see never show up, even as search hits.
        const hits = set.search(args.query as string, {
          limit: limit + set.list().length - visible.size,
        }).filter((h) => visible.has(h.skill)).slice(0, limit);
        const data = hits.map((h) => ({
          name: h.skill.name,
          description: h.skill.description,
          score: h.score,
        }));
        const text = data.length === 0
          ? "No skill matches."
          : data.map((h) => `- ${h.name}: ${h.description}`).join("\n");
        return { ok: true, text, data };
      }
    }
  } catch (error) {
    if (
      error instanceof SkillAccessError ||
      error instanceof PermissionDeniedError
    ) {
      return fail(error.code, error.message);
    }
    return fail(
      "internal-error",
      messageOf(error),
    );
  }
  return fail("unknown-tool", `Unknown tool "${tool}"`);
}

/** Characters counted for each entry of `skills_list` data besides its name and description (its JSON frame). */
const ENTRY_FRAME_CHARS = 32;

/**
 * The `skills_list` data, bounded as the catalog beside it: each description
 * cut as the default catalog cuts it, and the list ended before it passes
 * the default catalog budget.
 */
function listData(
  skills: readonly Skill[],
): { name: string; description: string }[] {
  const data: { name: string; description: string }[] = [];
  let used = 0;
  for (const s of skills) {
    const description = s.description.length > DEFAULT_MAX_CATALOG_ENTRY_CHARS
      ? shorten(s.description, DEFAULT_MAX_CATALOG_ENTRY_CHARS - 1)
      : s.description;
    used += s.name.length + description.length + ENTRY_FRAME_CHARS;
    if (used > DEFAULT_MAX_CATALOG_CHARS) break;
    data.push({ name: s.name, description });
  }
  return data;
}

function fail(code: string, message: string): ToolResult {
  return { ok: false, error: { code, message } };
}

/** Checks a value against the schema subset above; returns the first problem. */
function checkInput(
  value: unknown,
  schema: JsonSchema,
  at: string,
): string | undefined {
  switch (schema.type) {
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        return `${at} must be an object`;
      }
      const record = value as Record<string, unknown>;
      const required = schema.required ?? [];
      for (const key of required) {
        if (!(key in record) || record[key] === undefined) {
          return `${at}.${key} is required`;
        }
      }
      for (const [key, entry] of Object.entries(record)) {
        // Strict function calling sends an optional property as null.
        if (entry === null && !required.includes(key)) continue;
        const property = schema.properties?.[key];
        if (!property) {
          if (schema.additionalProperties === false) {
            return `${at}.${key} is not a known property`;
          }
          continue;
        }
        const problem = checkInput(entry, property, `${at}.${key}`);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    case "string": {
      if (typeof value !== "string") return `${at} must be a string`;
      if (schema.minLength !== undefined && value.length < schema.minLength) {
        return `${at} must not be empty`;
      }
      if (schema.maxLength !== undefined && value.length > schema.maxLength) {
        return `${at} is longer than ${schema.maxLength} characters`;
      }
      if (schema.enum && !schema.enum.includes(value)) {
        return `${at} must be one of the skill names (got ${
          JSON.stringify(value.slice(0, 80))
        })`;
      }
      return undefined;
    }
    case "integer": {
      if (typeof value !== "number" || !Number.isInteger(value)) {
        return `${at} must be an integer`;
      }
      if (schema.minimum !== undefined && value < schema.minimum) {
        return `${at} must be at least ${schema.minimum}`;
      }
      if (schema.maximum !== undefined && value > schema.maximum) {
        return `${at} must be at most ${schema.maximum}`;
      }
      return undefined;
    }
    case "array": {
      if (!Array.isArray(value)) return `${at} must be an array`;
      if (schema.minItems !== undefined && value.length < schema.minItems) {
        return `${at} needs at least ${schema.minItems} item${
          schema.minItems === 1 ? "" : "s"
        }`;
      }
      if (schema.maxItems !== undefined && value.length > schema.maxItems) {
        return `${at} has more than ${schema.maxItems} items`;
      }
      for (let i = 0; i < value.length; i++) {
        const problem = schema.items
          ? checkInput(value[i], schema.items, `${at}[${i}]`)
          : undefined;
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
