// Copyright 2026 the skillscope authors. MIT license.
// deno-lint-ignore-file camelcase -- the providers' wire format is snake_case
// The skill tools in the model SDKs' own shapes, type-checked against the
// real packages and driven through a whole tool loop: the real Anthropic and
// OpenAI clients against a local API stand-in on 127.0.0.1, and the AI SDK
// with its mock language model.
import assert from "node:assert/strict";
import type Anthropic from "@anthropic-ai/sdk";
import AnthropicClient from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import OpenAIClient from "openai";
import { generateText, jsonSchema, stepCountIs, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { startModelApi } from "./_model_api.ts";
import {
  aiSdkTools,
  callSkillTool,
  embeddedSkill,
  type ProviderJsonSchema,
  SkillSet,
  skillTools,
  toolResultFor,
} from "../mod.ts";

function demoSet(): SkillSet {
  return SkillSet.openSync({
    sources: [
      embeddedSkill({
        name: "pdf-tools",
        description: "Fill and read PDF forms",
        content: "# PDF tools\nUse pdftk to fill forms.\n",
      }),
      embeddedSkill({
        name: "sql-review",
        description: "Review SQL migrations",
        content: "# SQL review\n",
      }),
    ],
  });
}

Deno.test("skillTools() formats are assignable to the SDKs' own tool types and list the same tools in the same order", () => {
  const set = demoSet();
  const anthropic: Anthropic.Messages.Tool[] = skillTools(set, {
    format: "anthropic",
  });
  const openai: OpenAI.Chat.Completions.ChatCompletionTool[] = skillTools(
    set,
    { format: "openai" },
  );
  const strict: OpenAI.Chat.Completions.ChatCompletionTool[] = skillTools(
    set,
    { format: "openai", strict: true },
  );
  const neutral = skillTools(set).map((t) => t.name);
  assert.equal(neutral.length, 5);
  assert.deepEqual(anthropic.map((t) => t.name), neutral);
  for (const tools of [openai, strict]) {
    assert.deepEqual(
      tools.map((t) => t.type === "function" ? t.function.name : ""),
      neutral,
    );
  }
  // The same request body type the SDK sends.
  const params: Anthropic.Messages.MessageCreateParamsNonStreaming = {
    model: "claude-test",
    max_tokens: 100,
    messages: [{ role: "user", content: "hi" }],
    tools: anthropic,
  };
  assert.equal(params.tools?.length, 5);
  for (const t of anthropic) assert.equal(t.input_schema.type, "object");
});

/** Every rule of OpenAI's strict mode that a schema must satisfy. */
function strictProblems(schema: ProviderJsonSchema, at: string): string[] {
  const problems: string[] = [];
  for (
    const key of [
      "minLength",
      "maxLength",
      "minimum",
      "maximum",
      "minItems",
      "maxItems",
    ] as const
  ) {
    if (schema[key] !== undefined) problems.push(`${at}: ${key}`);
  }
  if (schema.type === "object") {
    const keys = Object.keys(schema.properties ?? {});
    if (JSON.stringify(schema.required) !== JSON.stringify(keys)) {
      problems.push(`${at}: required is not every property`);
    }
    if (schema.additionalProperties !== false) {
      problems.push(`${at}: additionalProperties is not false`);
    }
  }
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    problems.push(...strictProblems(value, `${at}.${key}`));
  }
  if (schema.items) problems.push(...strictProblems(schema.items, `${at}[]`));
  return problems;
}

Deno.test("skillTools(set, { format: 'openai', strict: true }) satisfies strict mode: every property required, optional ones nullable, no extra properties", () => {
  const set = demoSet();
  const tools = skillTools(set, { format: "openai", strict: true });
  for (const t of tools) {
    assert.equal(t.function.strict, true);
    assert.deepEqual(
      strictProblems(t.function.parameters, t.function.name),
      [],
    );
  }
  const search = tools.find((t) => t.function.name === "skills_search")!;
  assert.deepEqual(search.function.parameters.properties?.limit?.type, [
    "integer",
    "null",
  ]);
  // The non-strict rendering keeps the limits as JSON Schema keywords.
  const loose = skillTools(set, { format: "openai" });
  assert.equal(loose[4]!.function.parameters.properties?.limit?.maximum, 50);
  assert.equal(loose[4]!.function.strict, undefined);
});

Deno.test("callSkillTool() reads each provider's call shape and answers malformed calls with a readable error result", async () => {
  const set = demoSet();
  const use: Anthropic.Messages.ToolUseBlock = {
    type: "tool_use",
    id: "toolu_1",
    name: "skills_read",
    input: { name: "pdf-tools" },
    caller: { type: "direct" },
  };
  const ok = await callSkillTool(set, use);
  assert.ok(ok.ok && ok.text.includes("Use pdftk"));
  const anthropicAnswer: Anthropic.Messages.ToolResultBlockParam =
    toolResultFor(use, ok);
  assert.equal(anthropicAnswer.is_error, undefined);

  const call: OpenAI.Chat.Completions.ChatCompletionMessageToolCall = {
    id: "call_1",
    type: "function",
    function: {
      name: "skills_search",
      arguments: '{"query":"pdf","limit":null}',
    },
  };
  const found = await callSkillTool(set, call);
  assert.ok(
    found.ok && found.text.includes("pdf-tools"),
    JSON.stringify(found),
  );
  const openaiAnswer: OpenAI.Chat.Completions.ChatCompletionToolMessageParam =
    toolResultFor(call, found);
  assert.equal(openaiAnswer.tool_call_id, "call_1");

  const bad = async (c: Parameters<typeof callSkillTool>[1]) => {
    const result = await callSkillTool(set, c as never);
    assert.equal(result.ok, false, JSON.stringify(result));
    return result.ok ? "" : `${result.error.code}: ${result.error.message}`;
  };
  const fn = (name: string, args: string) => ({
    id: "c",
    type: "function" as const,
    function: { name, arguments: args },
  });
  assert.match(
    await bad(fn("skills_read", "{name:")),
    /invalid-input.*not valid JSON/,
  );
  assert.match(await bad(fn("skills_read", '{"name":42}')), /must be a string/);
  assert.match(await bad(fn("skills_delete", "{}")), /unknown-tool/);
  assert.match(
    await bad(
      fn("skills_search", JSON.stringify({ query: "x".repeat(300_000) })),
    ),
    /longer than/,
  );
  assert.match(
    await bad({
      name: "skills_read_asset",
      input: { name: "pdf-tools", path: "../../etc/passwd" },
    }),
    /asset-path-invalid/,
  );
  assert.match(
    await bad(
      {
        type: "custom",
        id: "x",
        custom: { name: "skills_read", input: "" },
      } as never,
    ),
    /not a function tool/,
  );
  assert.match(await bad(null as never), /must be an object/);
  const failed = await callSkillTool(set, { ...use, input: { name: "nope" } });
  assert.equal(toolResultFor(use, failed).is_error, true);
  assert.match(toolResultFor(use, failed).content, /^Error \(invalid-input\)/);
});

Deno.test("a whole tool loop with the real Anthropic client: tools sent as rendered, tool_use answered with toolResultFor", async () => {
  const set = demoSet();
  await using api = startModelApi("pdf-tools");
  const client = new AnthropicClient({
    apiKey: "test",
    baseURL: api.url,
    maxRetries: 0,
  });
  const tools = skillTools(set, { format: "anthropic" });
  const messages: Anthropic.Messages.MessageParam[] = [{
    role: "user",
    content: "Fill this PDF",
  }];
  const first = await client.messages.create({
    model: "claude-test",
    max_tokens: 100,
    messages,
    tools,
  });
  assert.deepEqual(api.bodies[0]!.tools, JSON.parse(JSON.stringify(tools)));
  const uses = first.content.filter((b) => b.type === "tool_use");
  const results: Anthropic.Messages.ToolResultBlockParam[] = [];
  for (const use of uses) {
    results.push(toolResultFor(use, await callSkillTool(set, use)));
  }
  messages.push({ role: "assistant", content: first.content }, {
    role: "user",
    content: results,
  });
  const second = await client.messages.create({
    model: "claude-test",
    max_tokens: 100,
    messages,
    tools,
  });
  assert.deepEqual(
    second.content.map((b) => b.type === "text" ? b.text : ""),
    ['Following "PDF tools"'],
  );
});

Deno.test("a whole tool loop with the real OpenAI client in strict mode: JSON-string arguments in, tool messages out", async () => {
  const set = demoSet();
  await using api = startModelApi("pdf-tools");
  const client = new OpenAIClient({
    apiKey: "test",
    baseURL: `${api.url}/v1`,
    maxRetries: 0,
  });
  const tools = skillTools(set, { format: "openai", strict: true });
  const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [{
    role: "user",
    content: "Fill this PDF",
  }];
  const first = await client.chat.completions.create({
    model: "gpt-test",
    messages,
    tools,
  });
  assert.deepEqual(api.bodies[0]!.tools, JSON.parse(JSON.stringify(tools)));
  const reply = first.choices[0]!.message;
  messages.push(reply);
  for (const call of reply.tool_calls ?? []) {
    messages.push(toolResultFor(call, await callSkillTool(set, call)));
  }
  const second = await client.chat.completions.create({
    model: "gpt-test",
    messages,
    tools,
  });
  assert.equal(second.choices[0]!.message.content, 'Following "PDF tools"');
});

Deno.test("aiSdkTools() gives the AI SDK a ToolSet: the mock model calls skills_read, gets the body, answers", async () => {
  const set = demoSet();
  const tools = aiSdkTools(set, { jsonSchema, tool });
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  };
  let seen = "";
  const model = new MockLanguageModelV4({
    doGenerate: (options) => {
      const toolMessage = options.prompt.find((m) => m.role === "tool");
      if (toolMessage === undefined) {
        return Promise.resolve({
          content: [{
            type: "tool-call",
            toolCallId: "t1",
            toolName: "skills_read",
            input: '{"name":"pdf-tools"}',
          }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        });
      }
      seen = JSON.stringify(toolMessage.content);
      return Promise.resolve({
        content: [{
          type: "text",
          text: seen.includes("Use pdftk") ? "Use pdftk." : "no skill",
        }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      });
    },
  });
  const result = await generateText({
    model,
    tools,
    prompt: "Fill this PDF",
    stopWhen: stepCountIs(3),
  });
  assert.equal(result.text, "Use pdftk.");
  assert.match(seen, /skill_content/);
  // A bad call from the model is an answer it can read, not a thrown error.
  assert.match(
    await tools.skills_read!.execute({ name: "nope" }),
    /^Error \(invalid-input\)/,
  );
});
