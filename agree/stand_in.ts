// Copyright 2026 the skillscope authors. MIT license.
/**
 * A stand-in model API on 127.0.0.1: it records every request (method, path
 * and query, JSON body) and answers one short assistant turn, `ok`, that
 * ends it — in the shape of the Anthropic Messages API, the OpenAI Responses
 * and chat completions APIs and the Gemini API, as SSE when asked. Anything
 * else gets a small JSON answer.
 *
 * @module
 */
import type { RecordedRequest } from "./types.ts";

/** A running stand-in. */
export interface StandIn {
  /** The port it listens on (127.0.0.1). */
  readonly port: number;
  /** The requests received so far, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Stops listening. */
  close(): Promise<void>;
}

/** The text of every answer. */
export const ANSWER_TEXT = "ok";

const SSE_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
};

/**
 * Starts a stand-in on 127.0.0.1.
 *
 * @param port The port (0: one the system chooses).
 * @returns The running stand-in.
 */
export function startStandIn(port = 0): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port,
    onListen: () => {},
  }, async (request) => {
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = null;
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    requests.push({
      method: request.method,
      path: url.pathname + url.search,
      body,
    });
    return answer(request.method, url, body);
  });
  return Promise.resolve({
    port: server.addr.port,
    requests,
    close: (): Promise<void> => server.shutdown(),
  });
}

/**
 * The answer to one request.
 *
 * @param method The HTTP method.
 * @param url The URL.
 * @param body The JSON body, or `null`.
 * @returns The response.
 */
export function answer(method: string, url: URL, body: unknown): Response {
  const path = url.pathname;
  const stream = isRecord(body) && body.stream === true;
  const model = isRecord(body) && typeof body.model === "string"
    ? body.model
    : "stand-in";
  if (method === "POST" && path.endsWith("/messages/count_tokens")) {
    return json({ "input_tokens": 1 });
  }
  if (method === "POST" && path.endsWith("/messages")) {
    return stream ? sse(anthropicEvents(model)) : json(anthropicMessage(model));
  }
  if (method === "POST" && path.endsWith("/responses")) {
    return sse(responsesEvents(model));
  }
  if (method === "POST" && path.endsWith("/chat/completions")) {
    return stream ? sse(chatChunks(model)) : json(chatCompletion(model));
  }
  if (method === "POST" && path.endsWith(":streamGenerateContent")) {
    return sse([{ data: geminiAnswer(model, geminiText(body)) }]);
  }
  if (method === "POST" && path.endsWith(":generateContent")) {
    return json(geminiAnswer(model, geminiText(body)));
  }
  if (method === "POST" && path.endsWith(":countTokens")) {
    return json({ totalTokens: 1 });
  }
  if (method === "GET" && path.endsWith("/models")) {
    return json({
      object: "list",
      data: [{ id: model, object: "model", "owned_by": "stand-in" }],
      models: [],
    });
  }
  return json({});
}

/** An SSE event: an optional `event:` name and its JSON data (or a raw string). */
interface SseEvent {
  readonly event?: string;
  readonly data: unknown;
}

function sse(events: readonly SseEvent[]): Response {
  const text = events.map((e) =>
    (e.event === undefined ? "" : `event: ${e.event}\n`) +
    `data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`
  ).join("");
  return new Response(text, { headers: SSE_HEADERS });
}

function json(value: unknown): Response {
  return Response.json(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const USAGE = { "input_tokens": 1, "output_tokens": 1 };

function anthropicMessage(model: string): Record<string, unknown> {
  return {
    id: "msg_standin",
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text: ANSWER_TEXT }],
    "stop_reason": "end_turn",
    "stop_sequence": null,
    usage: USAGE,
  };
}

function anthropicEvents(model: string): SseEvent[] {
  const start = {
    ...anthropicMessage(model),
    content: [],
    "stop_reason": null,
  };
  return [
    { event: "message_start", data: { type: "message_start", message: start } },
    {
      event: "content_block_start",
      data: {
        type: "content_block_start",
        index: 0,
        "content_block": { type: "text", text: "" },
      },
    },
    {
      event: "content_block_delta",
      data: {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: ANSWER_TEXT },
      },
    },
    {
      event: "content_block_stop",
      data: { type: "content_block_stop", index: 0 },
    },
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { "stop_reason": "end_turn", "stop_sequence": null },
        usage: { "output_tokens": 1 },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  ];
}

function responsesEvents(model: string): SseEvent[] {
  const item = {
    type: "message",
    id: "msg_standin",
    status: "completed",
    role: "assistant",
    content: [{ type: "output_text", text: ANSWER_TEXT, annotations: [] }],
  };
  const response = {
    id: "resp_standin",
    object: "response",
    "created_at": 0,
    model,
    status: "in_progress",
    output: [] as unknown[],
  };
  return [
    {
      event: "response.created",
      data: { type: "response.created", "sequence_number": 0, response },
    },
    {
      event: "response.output_item.done",
      data: {
        type: "response.output_item.done",
        "sequence_number": 1,
        "output_index": 0,
        item,
      },
    },
    {
      event: "response.completed",
      data: {
        type: "response.completed",
        "sequence_number": 2,
        response: {
          ...response,
          status: "completed",
          output: [item],
          usage: {
            "input_tokens": 1,
            "input_tokens_details": { "cached_tokens": 0 },
            "output_tokens": 1,
            "output_tokens_details": { "reasoning_tokens": 0 },
            "total_tokens": 2,
          },
        },
      },
    },
  ];
}

function chatCompletion(model: string): Record<string, unknown> {
  return {
    id: "chatcmpl-standin",
    object: "chat.completion",
    created: 0,
    model,
    choices: [{
      index: 0,
      message: { role: "assistant", content: ANSWER_TEXT },
      "finish_reason": "stop",
    }],
    usage: { "prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2 },
  };
}

function chatChunks(model: string): SseEvent[] {
  const chunk = (delta: unknown, finish: string | null): unknown => ({
    id: "chatcmpl-standin",
    object: "chat.completion.chunk",
    created: 0,
    model,
    choices: [{ index: 0, delta, "finish_reason": finish }],
  });
  return [
    { data: chunk({ role: "assistant", content: "" }, null) },
    { data: chunk({ content: ANSWER_TEXT }, null) },
    { data: chunk({}, "stop") },
    {
      data: {
        id: "chatcmpl-standin",
        object: "chat.completion.chunk",
        created: 0,
        model,
        choices: [],
        usage: {
          "prompt_tokens": 1,
          "completion_tokens": 1,
          "total_tokens": 2,
        },
      },
    },
    { data: "[DONE]" },
  ];
}

/** The answer text of a Gemini call: JSON fitting its schema when it asks for JSON (a router call). */
function geminiText(body: unknown): string {
  const config = isRecord(body) ? body.generationConfig : undefined;
  if (!isRecord(config) || config.responseMimeType !== "application/json") {
    return ANSWER_TEXT;
  }
  return JSON.stringify(
    sampleOf(config.responseJsonSchema ?? config.responseSchema),
  );
}

/**
 * The smallest value that fits a JSON schema (Gemini's upper-case types
 * too): `"ok"`, `1`, `false`, `[]`, objects with every property.
 *
 * @param schema The schema.
 * @returns A value.
 */
export function sampleOf(schema: unknown): unknown {
  if (!isRecord(schema)) return {};
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum[0];
  }
  const type = String(schema.type ?? "object").toLowerCase();
  if (type === "string") return ANSWER_TEXT;
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return false;
  if (type === "array") return [];
  const out: Record<string, unknown> = {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const [key, value] of Object.entries(properties)) {
    out[key] = sampleOf(value);
  }
  return out;
}

function geminiAnswer(model: string, text: string): Record<string, unknown> {
  return {
    candidates: [{
      content: { role: "model", parts: [{ text }] },
      finishReason: "STOP",
      index: 0,
    }],
    usageMetadata: {
      promptTokenCount: 1,
      candidatesTokenCount: 1,
      totalTokenCount: 2,
    },
    modelVersion: model,
  };
}
