// Copyright 2026 the skillscope authors. MIT license.
// How the HTTP listener hands answers over: an answer ready at once goes out
// whole (its headers, body and end in one write, with a length), a stream
// is never held back waiting for its next chunk, and a small body reaches
// the handler whole, while one that breaks off never reaches it.
import assert from "node:assert/strict";
import {
  DEFAULT_MCP_HTTP_LIMITS,
  listenHttp,
} from "../src/mcp/http_listener.ts";

/** `fetch` served by the listener on 127.0.0.1, until the returned function is called. */
async function listen(
  fetch: (request: Request) => Promise<Response>,
): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const stop = new AbortController();
  const listening = Promise.withResolvers<number>();
  const done = listenHttp(fetch, {
    hostname: "127.0.0.1",
    port: 0,
    signal: stop.signal,
    limits: DEFAULT_MCP_HTTP_LIMITS,
    onListen: (address) => listening.resolve(address.port),
  });
  const port = await listening.promise;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    stop: async () => {
      stop.abort();
      await done;
    },
  };
}

const encoder = new TextEncoder();

/** An event stream that sends `first`, then `second` once `release` resolves. */
function stream(
  first: string,
  second?: { text: string; release: Promise<void> },
): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      async start(controller): Promise<void> {
        controller.enqueue(encoder.encode(first));
        if (second !== undefined) {
          await second.release;
          controller.enqueue(encoder.encode(second.text));
        }
        controller.close();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
}

Deno.test("listenHttp() sends an answer that is ready at once whole, with its length", async () => {
  const event = 'event: message\ndata: {"result":{}}\n\n';
  const server = await listen(() => Promise.resolve(stream(event)));
  try {
    const response = await fetch(server.url, { method: "POST", body: "{}" });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-length"), String(event.length));
    assert.equal(response.headers.get("transfer-encoding"), null);
    assert.equal(await response.text(), event);
  } finally {
    await server.stop();
  }
});

Deno.test("listenHttp() delivers a streamed chunk before the next one exists", async () => {
  const release = Promise.withResolvers<void>();
  const server = await listen(() =>
    Promise.resolve(
      stream("event: one\n\n", {
        text: "event: two\n\n",
        release: release.promise,
      }),
    )
  );
  try {
    const response = await fetch(server.url, { method: "POST", body: "{}" });
    const reader = response.body!.pipeThrough(new TextDecoderStream())
      .getReader();
    // The second chunk is only made once the first has arrived.
    let text = "";
    while (!text.includes("event: one")) {
      const { value, done } = await reader.read();
      assert.ok(!done, "the stream ended before its first chunk");
      text += value;
    }
    assert.equal(text, "event: one\n\n");
    release.resolve();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    assert.equal(text, "event: one\n\nevent: two\n\n");
  } finally {
    release.resolve();
    await server.stop();
  }
});

Deno.test("listenHttp() hands a small body over whole, and never one that broke off", async () => {
  const bodies: string[] = [];
  const server = await listen(async (request) => {
    bodies.push(await request.text());
    return new Response("ok");
  });
  try {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const answer = await fetch(server.url, { method: "POST", body });
    assert.equal(await answer.text(), "ok");
    assert.deepEqual(bodies, [body]);
    // Ten bytes announced, four sent, then the client goes.
    const conn = await Deno.connect({
      hostname: "127.0.0.1",
      port: server.port,
    });
    await conn.write(
      encoder.encode(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 10\r\n\r\nabcd",
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    conn.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await fetch(server.url, { method: "POST", body: "{}" });
    assert.equal(await after.text(), "ok");
    assert.deepEqual(bodies, [body, "{}"]);
  } finally {
    await server.stop();
  }
});
