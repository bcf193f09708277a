// Copyright 2026 the skillscope authors. MIT license.
// The stand-in model API answers each API shape with one turn, "ok", that
// ends it, and records every request.
import assert from "node:assert/strict";
import { startStandIn } from "../agree/stand_in.ts";

/** The `data:` payloads of an SSE body, parsed (`[DONE]` kept as a string). */
function events(text: string): unknown[] {
  return text.split("\n\n").filter((b) => b.trim() !== "").map((block) => {
    const data = block.split("\n").find((l) => l.startsWith("data: "));
    assert.ok(data, `an SSE block without data: ${block}`);
    const payload = data.slice("data: ".length);
    return payload === "[DONE]" ? payload : JSON.parse(payload);
  });
}

async function post(
  port: number,
  path: string,
  body: unknown,
): Promise<Response> {
  return await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

Deno.test("stand-in answers the Anthropic Messages API, streamed and not", async () => {
  const standIn = await startStandIn();
  try {
    const streamed = await post(standIn.port, "/v1/messages?beta=true", {
      model: "m",
      stream: true,
      messages: [{ role: "user", content: "hi" }],
    });
    assert.equal(streamed.headers.get("content-type"), "text/event-stream");
    const types = events(await streamed.text()).map((e) =>
      (e as { type: string }).type
    );
    assert.deepEqual(types, [
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    const plain = await (await post(standIn.port, "/v1/messages", {})).json();
    assert.equal(plain.content[0].text, "ok");
    assert.equal(plain.stop_reason, "end_turn");
    const count = await post(standIn.port, "/v1/messages/count_tokens", {});
    assert.equal((await count.json()).input_tokens, 1);
    assert.deepEqual(standIn.requests[0], {
      method: "POST",
      path: "/v1/messages?beta=true",
      body: {
        model: "m",
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      },
    });
    assert.equal(standIn.requests.length, 3);
  } finally {
    await standIn.close();
  }
});

Deno.test("stand-in answers the OpenAI Responses API with one message", async () => {
  const standIn = await startStandIn();
  try {
    const response = await post(standIn.port, "/v1/responses", {
      model: "stub-model",
      stream: true,
      input: [],
    });
    const all = events(await response.text()) as {
      type: string;
      item?: { content: { text: string }[] };
      response?: { status: string };
    }[];
    assert.deepEqual(all.map((e) => e.type), [
      "response.created",
      "response.output_item.done",
      "response.completed",
    ]);
    assert.equal(all[1]!.item!.content[0]!.text, "ok");
    assert.equal(all[2]!.response!.status, "completed");
  } finally {
    await standIn.close();
  }
});

Deno.test("stand-in answers chat completions, as chunks with [DONE] or as JSON", async () => {
  const standIn = await startStandIn();
  try {
    const streamed = await post(standIn.port, "/v1/chat/completions", {
      stream: true,
    });
    const chunks = events(await streamed.text());
    assert.equal(chunks.at(-1), "[DONE]");
    const text = chunks.slice(0, -1).map((c) =>
      (c as { choices: { delta: { content?: string } }[] }).choices[0]?.delta
        .content ?? ""
    ).join("");
    assert.equal(text, "ok");
    const plain = await (await post(standIn.port, "/v1/chat/completions", {
      stream: false,
    })).json();
    assert.equal(plain.choices[0].message.content, "ok");
    assert.equal(plain.choices[0].finish_reason, "stop");
  } finally {
    await standIn.close();
  }
});

Deno.test("stand-in answers the Gemini API, plain and as SSE", async () => {
  const standIn = await startStandIn();
  try {
    const base = "/v1beta/models/gemini-2.5-pro";
    const plain = await (await post(standIn.port, `${base}:generateContent`, {
      contents: [],
    })).json();
    assert.equal(plain.candidates[0].content.parts[0].text, "ok");
    const streamed = await post(
      standIn.port,
      `${base}:streamGenerateContent?alt=sse`,
      { contents: [] },
    );
    const [first] = events(await streamed.text()) as {
      candidates: { finishReason: string }[];
    }[];
    assert.equal(first!.candidates[0]!.finishReason, "STOP");
    assert.equal(
      standIn.requests[1]!.path,
      `${base}:streamGenerateContent?alt=sse`,
    );
  } finally {
    await standIn.close();
  }
});

Deno.test("stand-in answers anything else with small JSON and records non-JSON bodies as null", async () => {
  const standIn = await startStandIn();
  try {
    const models = await fetch(`http://127.0.0.1:${standIn.port}/v1/models`);
    assert.ok(Array.isArray((await models.json()).data));
    const other = await fetch(`http://127.0.0.1:${standIn.port}/telemetry`, {
      method: "POST",
      body: "not json",
    });
    assert.deepEqual(await other.json(), {});
    assert.deepEqual(standIn.requests.map((r) => [r.method, r.path, r.body]), [
      ["GET", "/v1/models", null],
      ["POST", "/telemetry", null],
    ]);
  } finally {
    await standIn.close();
  }
});

Deno.test("stand-in answers a Gemini call that asks for JSON with JSON fitting its schema", async () => {
  const standIn = await startStandIn();
  try {
    const answer = await (await post(
      standIn.port,
      "/v1beta/models/router:generateContent",
      {
        generationConfig: {
          responseMimeType: "application/json",
          responseJsonSchema: {
            type: "OBJECT",
            properties: {
              reasoning: { type: "STRING" },
              score: { type: "INTEGER" },
              tags: { type: "ARRAY" },
              pick: { type: "STRING", enum: ["flash", "pro"] },
            },
          },
        },
      },
    )).json();
    assert.deepEqual(JSON.parse(answer.candidates[0].content.parts[0].text), {
      reasoning: "ok",
      score: 1,
      tags: [],
      pick: "flash",
    });
  } finally {
    await standIn.close();
  }
});
