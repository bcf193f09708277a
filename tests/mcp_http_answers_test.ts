// Copyright 2026 the skillscope authors. MIT license.
// Answers held for a client that never reads them: `mcp --http` keeps at
// most a few large answers in memory, refuses more with 503, and lets go of
// every answer it has handed over.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, tempDir } from "./_helpers.ts";

const SRC = new URL("../src", import.meta.url).pathname;
const MOD = new URL("../mod.ts", import.meta.url).pathname;

Deno.test("a client that pipelines 64 reads of a 2 MiB SKILL.md and never reads the answers makes the server hold a few of them, not all 64; a normal client is answered once it goes", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  await Deno.mkdir(join(root, "big"), { recursive: true });
  // Control characters: JSON writes each as six bytes (about 12 MB an answer).
  await Deno.writeTextFile(
    join(root, "big/SKILL.md"),
    `---\nname: big\ndescription: Big\n---\n${
      "\u0001".repeat(2 * 1024 * 1024)
    }`,
  );
  const script = join(tmp.path, "probe.ts");
  await Deno.writeTextFile(
    script,
    `import { DEFAULT_MCP_HTTP_LIMITS, listenHttp } from ${
      JSON.stringify(`${SRC}/mcp/http_listener.ts`)
    };
import { mcpHttpHandler } from ${JSON.stringify(`${SRC}/mcp/http.ts`)};
import { directorySource, SkillSet } from ${JSON.stringify(MOD)};
const set = await SkillSet.open({ sources: [directorySource(${
      JSON.stringify(root)
    })] });
const handler = mcpHttpHandler(set, {});
const stop = new AbortController();
let port = 0;
const listening = listenHttp(handler.fetch, {
  hostname: "127.0.0.1", port: 0, signal: stop.signal,
  limits: DEFAULT_MCP_HTTP_LIMITS, onListen: (a) => { port = a.port; },
});
while (port === 0) await new Promise((r) => setTimeout(r, 10));
const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: "skill://big/SKILL.md" } });
const request = "POST /mcp HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\ncontent-type: application/json\\r\\n" +
  "accept: application/json, text/event-stream\\r\\ncontent-length: " + body.length + "\\r\\n\\r\\n" + body;
const conn = await Deno.connect({ hostname: "127.0.0.1", port });
await conn.write(new TextEncoder().encode(request.repeat(64)));
// Answers are made for a moment; what counts is what stays.
let held = Infinity;
for (let i = 0; i < 20 && held >= 150 * 1048576; i++) {
  await new Promise((r) => setTimeout(r, 1000));
  globalThis.gc();
  held = Deno.memoryUsage().external;
}
conn.close();
await new Promise((r) => setTimeout(r, 300));
const ping = await fetch("http://127.0.0.1:" + port + "/mcp", {
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
});
await ping.body?.cancel();
stop.abort();
await handler.close();
await listening;
console.log(JSON.stringify({ heldMiB: held / 1048576, ping: ping.status }));
`,
  );
  const out = await runCli([], {
    script,
    permissions: [
      "--v8-flags=--expose-gc",
      "--allow-read",
      "--allow-net=127.0.0.1",
    ],
    signal: AbortSignal.timeout(90_000),
  });
  assert.equal(out.code, 0, out.stderr);
  const result = JSON.parse(out.stdout);
  // All 64 answers are about 770 MiB; four large answers about 50 MiB.
  assert.ok(result.heldMiB < 150, `held ${result.heldMiB} MiB`);
  assert.equal(result.ping, 200);
});
