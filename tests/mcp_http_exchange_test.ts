// Copyright 2026 the skillscope authors. MIT license.
// One MCP exchange over HTTP: the body read once within its bound, a
// 2025-era answer in plain JSON, and what is not JSON left to the SDK.
import assert from "node:assert/strict";
import { directorySource, SkillSet } from "../mod.ts";
import { mcpHttpHandler } from "../src/mcp/mod.ts";
import { FIXTURES } from "./_mcp.ts";

const URL_ = "http://127.0.0.1:8808/mcp";
const HEADERS = {
  host: "127.0.0.1:8808",
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(URL_, {
    method: "POST",
    headers: { ...HEADERS, ...headers },
    body,
  });
}

async function withHandler(
  run: (fetch: (request: Request) => Promise<Response>) => Promise<void>,
): Promise<void> {
  const set = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
  const handler = mcpHttpHandler(set);
  try {
    await run(handler.fetch);
  } finally {
    await handler.close();
  }
}

Deno.test("a 2025-era tools/call is answered with one JSON body, not an SSE stream", async () => {
  await withHandler(async (fetch) => {
    const response = await fetch(post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "skills_read", arguments: { name: "pdf-tools" } },
      }),
      { "mcp-protocol-version": "2025-06-18" },
    ));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/json");
    const answer = await response.json();
    assert.equal(answer.id, 7);
    assert.equal(answer.result.isError, undefined);
    assert.match(answer.result.content[0].text, /pdf-tools/);
  });
});

Deno.test("a 2025-era batch keeps the SDK's stream: every answer comes, and a batch that cancels its own request is answered at once", async () => {
  await withHandler(async (fetch) => {
    const headers = { "mcp-protocol-version": "2025-03-26" };
    const both = await fetch(post(
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", id: 2, method: "tools/list" },
      ]),
      headers,
    ));
    assert.equal(both.headers.get("content-type"), "text/event-stream");
    const ids = [...(await both.text()).matchAll(/^data: (.*)$/gm)]
      .map((m) => JSON.parse(m[1]!).id).sort();
    assert.deepEqual(ids, [1, 2]);
    // The request is cancelled before it is answered: no answer is due.
    const cancelled = await fetch(post(
      JSON.stringify([
        { jsonrpc: "2.0", id: 3, method: "ping" },
        {
          jsonrpc: "2.0",
          method: "notifications/cancelled",
          params: { requestId: 3 },
        },
      ]),
      headers,
    ));
    assert.equal(cancelled.status, 200);
    await cancelled.body?.cancel();
  });
});

Deno.test("a closed handler refuses 2025-era requests as it refuses the others", async () => {
  const set = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
  const handler = mcpHttpHandler(set);
  await handler.close();
  await assert.rejects(
    handler.fetch(post(
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      { "mcp-protocol-version": "2025-06-18" },
    )),
    /closed/,
  );
});

Deno.test("a body over 4 MiB is refused with 413 before it is parsed, even without a declared length", async () => {
  await withHandler(async (fetch) => {
    const chunk = new TextEncoder().encode(" ".repeat(1024 * 1024));
    let sent = 0;
    // A stream of 10 MiB (no Content-Length): reading stops past the bound.
    const body = new ReadableStream<Uint8Array>({
      pull(controller): void {
        if (sent++ === 10) return controller.close();
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(post(body));
    assert.equal(response.status, 413);
    const answer = await response.json();
    assert.equal(answer.error.code, -32000);
    assert.match(answer.error.message, /Payload Too Large/);
    assert.ok(sent <= 6, `read ${sent} MiB`);
  });
});

Deno.test("a body that is not JSON gets the SDK's parse error, and another media type its 415", async () => {
  await withHandler(async (fetch) => {
    const broken = await fetch(post("{not json"));
    assert.equal(broken.status, 400);
    assert.equal((await broken.json()).error.code, -32700);
    const text = await fetch(post("ping", { "content-type": "text/plain" }));
    assert.equal(text.status, 415);
    await text.body?.cancel();
  });
});

Deno.test("a 2025-era notification is accepted with 202 and no body", async () => {
  await withHandler(async (fetch) => {
    const response = await fetch(post(
      JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/initialized",
      }),
      { "mcp-protocol-version": "2025-06-18" },
    ));
    assert.equal(response.status, 202);
    assert.equal(await response.text(), "");
  });
});
