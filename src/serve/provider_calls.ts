// Copyright 2026 the skillscope authors. MIT license.
// deno-lint-ignore-file camelcase -- the providers' wire format is snake_case
/**
 * Tool calls as the model SDKs hand them over (an Anthropic `tool_use`
 * block, an OpenAI tool call with JSON-string `arguments`, or a name and an
 * input), read without trusting them, and results rendered back in the same
 * provider's shape.
 *
 * @module
 */
import type { ToolResult } from "./tool_definitions.ts";
import { messageOf } from "../shared/errors.ts";

/** An Anthropic `tool_use` content block (`Anthropic.Messages.ToolUseBlock`). */
export type AnthropicToolUse = {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
};

/**
 * An OpenAI Chat Completions tool call
 * (`OpenAI.Chat.Completions.ChatCompletionMessageToolCall`); a custom tool
 * call is answered as an unknown tool.
 */
export type OpenAiToolCall =
  | {
    id: string;
    type: "function";
    function: { name: string; arguments: string };
  }
  | { id: string; type: "custom"; custom: { name: string; input: string } };

/** A tool call by name and input (the AI SDK's, or your own). */
export type NamedToolCall = { name: string; input?: unknown; id?: string };

/**
 * Any tool call {@linkcode callSkillTool} accepts in one argument.
 *
 * @example Answer a call in any provider's shape
 * ```ts
 * import { callSkillTool, embeddedSkill, type ProviderToolCall, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const calls: ProviderToolCall[] = [
 *   { type: "tool_use", id: "t1", name: "skills_read", input: { name: "hi" } },
 *   { id: "c1", type: "function", function: { name: "skills_read", arguments: '{"name":"hi"}' } },
 *   { name: "skills_read", input: { name: "hi" } },
 * ];
 * for (const call of calls) assert.equal((await callSkillTool(set, call)).ok, true);
 * ```
 */
export type ProviderToolCall =
  | AnthropicToolUse
  | OpenAiToolCall
  | NamedToolCall;

/** Largest `arguments` JSON text (or input) read from a model (characters). */
export const MAX_TOOL_INPUT_CHARS = 256 * 1024;

/**
 * The tool name and input of a provider's tool call, or why it cannot be
 * read (malformed JSON, an oversized input, a shape no provider sends).
 *
 * @example Usage
 * ```ts
 * import { readToolCall } from "./provider_calls.ts";
 * import assert from "node:assert/strict";
 *
 * const call = readToolCall({ id: "c1", type: "function", function: { name: "skills_read", arguments: '{"name":"hi"}' } });
 * assert.deepEqual(call, { name: "skills_read", input: { name: "hi" } });
 * assert.equal("problem" in readToolCall({ id: "c2", type: "function", function: { name: "skills_read", arguments: "{" } }), true);
 * ```
 *
 * @param call A tool call, of any shape.
 * @returns The name and input, or the problem.
 */
export function readToolCall(
  call: unknown,
): { name: string; input: unknown } | { name: string; problem: string } {
  if (typeof call !== "object" || call === null) {
    return { name: "", problem: "A tool call must be an object" };
  }
  const record = call as Record<string, unknown>;
  if (record.type === "function") {
    const fn = record.function as Record<string, unknown> | undefined;
    const name = typeof fn?.name === "string" ? fn.name : "";
    const text = fn?.arguments;
    if (typeof text !== "string") {
      return { name, problem: "The tool call has no JSON arguments" };
    }
    if (text.length > MAX_TOOL_INPUT_CHARS) {
      return {
        name,
        problem:
          `The arguments are longer than ${MAX_TOOL_INPUT_CHARS} characters`,
      };
    }
    try {
      return { name, input: text.trim() === "" ? {} : JSON.parse(text) };
    } catch (error) {
      return {
        name,
        problem: `The arguments are not valid JSON (${messageOf(error)})`,
      };
    }
  }
  if (record.type === "custom") {
    const custom = record.custom as Record<string, unknown> | undefined;
    const name = typeof custom?.name === "string" ? custom.name : "";
    return { name, problem: `"${name}" is not a function tool` };
  }
  if (typeof record.name !== "string") {
    return { name: "", problem: "The tool call has no name" };
  }
  const input = record.input ?? {};
  let size: number;
  try {
    size = JSON.stringify(input)?.length ?? 0;
  } catch {
    return { name: record.name, problem: "The input is not JSON data" };
  }
  if (size > MAX_TOOL_INPUT_CHARS) {
    return {
      name: record.name,
      problem: `The input is longer than ${MAX_TOOL_INPUT_CHARS} characters`,
    };
  }
  return { name: record.name, input };
}

/** A tool result as Anthropic's Messages API takes it (`ToolResultBlockParam`). */
export type AnthropicToolResult = {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error?: boolean;
};

/** A tool result as OpenAI's Chat Completions API takes it (`ChatCompletionToolMessageParam`). */
export type OpenAiToolMessage = {
  role: "tool";
  tool_call_id: string;
  content: string;
};

/**
 * The text a model reads for a result: the result's text, or the error with
 * its code.
 *
 * @example Usage
 * ```ts
 * import { resultText } from "./provider_calls.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(resultText({ ok: false, error: { code: "unknown-tool", message: "No such tool" } }), "Error (unknown-tool): No such tool");
 * ```
 *
 * @param result A tool result.
 * @returns The text.
 */
export function resultText(result: ToolResult): string {
  return result.ok
    ? result.text
    : `Error (${result.error.code}): ${result.error.message}`;
}

/**
 * A tool result in the shape of the provider whose call it answers: an
 * Anthropic `tool_result` block (`is_error` on failure) for a `tool_use`
 * block, an OpenAI `tool` message for an OpenAI tool call.
 *
 * @example Answer an Anthropic tool_use block
 * ```ts
 * import { callSkillTool, embeddedSkill, SkillSet, toolResultFor } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const block = { type: "tool_use" as const, id: "toolu_1", name: "skills_read", input: { name: "nope" } };
 * const answer = toolResultFor(block, await callSkillTool(set, block));
 * assert.equal(answer.tool_use_id, "toolu_1");
 * assert.equal(answer.is_error, true);
 * ```
 *
 * @param call The call answered.
 * @param result Its result.
 * @returns The provider's tool-result shape.
 */
export function toolResultFor(
  call: AnthropicToolUse,
  result: ToolResult,
): AnthropicToolResult;
/**
 * A tool result as the OpenAI `tool` message answering `call`.
 *
 * @param call The OpenAI tool call answered.
 * @param result Its result.
 * @returns The tool message.
 */
export function toolResultFor(
  call: OpenAiToolCall,
  result: ToolResult,
): OpenAiToolMessage;
export function toolResultFor(
  call: AnthropicToolUse | OpenAiToolCall,
  result: ToolResult,
): AnthropicToolResult | OpenAiToolMessage {
  const content = resultText(result);
  if (call.type === "tool_use") {
    return {
      type: "tool_result",
      tool_use_id: call.id,
      content,
      ...(result.ok ? {} : { is_error: true }),
    };
  }
  return { role: "tool", tool_call_id: call.id, content };
}
