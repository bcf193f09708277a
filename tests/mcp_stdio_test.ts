// Copyright 2026 the skillscope authors. MIT license.
// The stdio transport under hostile or broken clients: malformed JSON-RPC,
// an endless line, a client that does not read, a client that goes away.
import assert from "node:assert/strict";
import { LineTransport } from "../src/mcp/stdio.ts";
import { GatedTransport } from "../src/mcp/gated_transport.ts";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { childEnv, FIXTURES, INITIALIZE, mcpArgs } from "./_mcp.ts";
import { CONFIG } from "./_helpers.ts";

const encoder = new TextEncoder();

/** A child Deno run with `args`, its three streams piped, killed when `signal` aborts. */
async function spawnDeno(
  args: string[],
  signal?: AbortSignal,
): Promise<Deno.ChildProcess> {
  return new Deno.Command(Deno.execPath(), {
    args,
    env: await childEnv(),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    ...(signal === undefined ? {} : { signal }),
  }).spawn();
}

function spawnMcp(): Promise<Deno.ChildProcess> {
  return spawnDeno(mcpArgs(FIXTURES, ["--no-watch"]));
}

/** Sends `lines` (each followed by a newline), closes stdin, returns what came back. */
async function exchange(
  lines: (string | Uint8Array)[],
): Promise<
  { code: number; replies: Record<string, unknown>[]; stderr: string }
> {
  const child = await spawnMcp();
  const writer = child.stdin.getWriter();
  for (const line of lines) {
    await writer.write(typeof line === "string" ? encoder.encode(line) : line);
    await writer.write(encoder.encode("\n"));
  }
  await writer.close();
  const out = await child.output();
  const replies = new TextDecoder().decode(out.stdout).split("\n")
    .filter((l) => l !== "").map((l) => JSON.parse(l));
  return {
    code: out.code,
    replies,
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("skillscope mcp answers malformed JSON-RPC with -32700 / -32600 and goes on serving", async () => {
  const { code, replies } = await exchange([
    INITIALIZE,
    "this is not JSON",
    JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }]),
    JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping", params: null }),
    JSON.stringify({ jsonrpc: "1.0", id: 3, method: "ping" }),
    JSON.stringify({ jsonrpc: "2.0", id: 4, method: "ping" }),
  ]);
  assert.equal(code, 0);
  const errors = replies.filter((r) => "error" in r).map((r) => [
    r.id,
    (r.error as { code: number }).code,
  ]);
  assert.deepEqual(errors, [[null, -32700], [null, -32600], [2, -32600], [
    3,
    -32600,
  ]]);
  // The server is still there: the last ping is answered.
  assert.ok(replies.some((r) => r.id === 4 && "result" in r));
});

Deno.test("a line over the cap is skipped with -32600 and logged; the next request is served", async () => {
  const huge = new Uint8Array(5 * 1024 * 1024).fill(0x61); // 5 MiB of "a"
  const { code, replies, stderr } = await exchange([
    INITIALIZE,
    huge,
    JSON.stringify({ jsonrpc: "2.0", id: "after", method: "ping" }),
  ]);
  assert.equal(code, 0);
  const tooLong = replies.find((r) =>
    "error" in r && (r.error as { code: number }).code === -32600
  );
  assert.ok(tooLong, JSON.stringify(replies));
  assert.match(stderr, /longer than \d+ bytes was skipped/);
  assert.ok(replies.some((r) => r.id === "after" && "result" in r));
});

Deno.test("skillscope mcp exits 1 with one line on stderr when its stdout breaks", async () => {
  // The reader of the server's stdout (`true`) is gone before the first
  // response: every write fails with a broken pipe.
  const server = [Deno.execPath(), ...mcpArgs(FIXTURES, ["--no-watch"])]
    .map((a) => `'${a}'`).join(" ");
  const child = new Deno.Command("bash", {
    args: ["-c", `set -o pipefail; ${server} | true`],
    env: await childEnv(),
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(encoder.encode(`${INITIALIZE}\n`));
  for (let i = 0; i < 20; i++) {
    await writer.write(
      encoder.encode(
        `${JSON.stringify({ jsonrpc: "2.0", id: i, method: "ping" })}\n`,
      ),
    ).catch(() => {});
  }
  await writer.close().catch(() => {});
  const status = await child.status;
  const stderr = new TextDecoder().decode(
    new Uint8Array(await new Response(child.stderr).arrayBuffer()),
  );
  assert.equal(status.code, 1, stderr);
  assert.equal(stderr.match(/transport error/g)?.length, 1, stderr);
  assert.doesNotMatch(stderr, /Uncaught/);
});

/** A request stream of `count` pings, all available at once. */
function pings(count: number): ReadableStream<Uint8Array> {
  const text = Array.from(
    { length: count },
    (_, i) => JSON.stringify({ jsonrpc: "2.0", id: i, method: "ping" }),
  ).join("\n") + "\n";
  return new Blob([text]).stream();
}

/** A writable whose writes never complete: a client that does not read. */
function stuckWritable(): WritableStream<Uint8Array> {
  return new WritableStream({ write: () => new Promise<void>(() => {}) });
}

Deno.test("reading stops while the in-flight cap is reached: unanswered requests are not read on", async () => {
  const transport = new LineTransport(pings(10_000), stuckWritable(), {
    maxInFlight: 8,
  });
  let delivered = 0;
  transport.onmessage = () => delivered++;
  await transport.start();
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(delivered, 8);
});

Deno.test("reading stops while responses wait to be written: the output buffer stays bounded", async () => {
  const transport = new LineTransport(pings(10_000), stuckWritable(), {
    maxPendingOutputBytes: 64 * 1024,
  });
  let delivered = 0;
  const padding = "x".repeat(4096);
  transport.onmessage = (message) => {
    delivered++;
    // Answer at once, as a server does; the client never reads.
    void transport.send({
      jsonrpc: "2.0",
      id: (message as { id: number }).id,
      result: { padding },
    });
  };
  await transport.start();
  await new Promise((resolve) => setTimeout(resolve, 200));
  // 64 KiB of ~4 KiB responses: about 16 held, never the 10,000 sent.
  assert.ok(delivered >= 10 && delivered <= 20, `delivered ${delivered}`);
});

Deno.test("skillscope mcp reads its roots behind the handshake: a root that does not exist still ends the run with exit 1, naming it", async () => {
  const missing = `${FIXTURES}/../no-such-root`;
  const child = await spawnDeno(mcpArgs(missing, ["--no-watch"]));
  const writer = child.stdin.getWriter();
  await writer.write(encoder.encode(`${INITIALIZE}\n`));
  const out = await child.output();
  await writer.close().catch(() => {});
  assert.equal(out.code, 1);
  assert.match(
    new TextDecoder().decode(out.stderr),
    /no-such-root.*does not exist/,
  );
});

Deno.test("skillscope mcp answers every request sent at once, the handshake first, tools/list after the roots are read", async () => {
  const { code, replies } = await exchange([
    INITIALIZE,
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
    JSON.stringify({ jsonrpc: "2.0", id: 3, method: "resources/list" }),
  ]);
  assert.equal(code, 0);
  const ids = replies.map((r) => r.id);
  assert.deepEqual([...ids].sort(), [1, 2, 3, "init"].sort());
  assert.equal(ids[0], "init");
  const tools = replies.find((r) => r.id === 1)!.result as {
    tools: { name: string }[];
  };
  assert.ok(tools.tools.some((t) => t.name === "skills_list"));
  const resources = replies.find((r) => r.id === 3)!.result as {
    resources: unknown[];
  };
  assert.ok(resources.resources.length > 0);
});

/** A function opening one embedded skill, saying so first on stdout. */
const OPENER = `async () => {
  await Deno.stdout.write(new TextEncoder().encode('{"opened":true}\\n'));
  return SkillSet.openSync({
    sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\\n" })],
  });
}`;

/** How {@linkcode serveInChild} runs `serveMcp`. */
interface ServeRun {
  /** The first argument, as code (default {@linkcode OPENER}). */
  skills?: string;
  /** The options, as code. */
  options?: string;
  /** Leaves stdin open after the lines (the child must end on its own). */
  keepOpen?: boolean;
}

/** A child that has not ended by then fails its test instead of hanging it. */
const CHILD_BOUND_MS = 60_000;

/**
 * Runs `serveMcp` in a child process that may read only its own directory
 * (and listen on any address), sends it `lines`, closes its stdin unless
 * `keepOpen`, and returns its stdout lines and its stderr, where it writes
 * `rejected: MESSAGE` when serveMcp rejects and `after` once it is done.
 */
async function serveInChild(
  lines: string[],
  { skills = OPENER, options = "{}", keepOpen = false }: ServeRun = {},
): Promise<{ lines: string[]; stderr: string }> {
  const dir = await Deno.makeTempDir();
  try {
    const script = `${dir}/serve.ts`;
    await Deno.writeTextFile(
      script,
      `import { embeddedSkill, SkillSet } from ${
        JSON.stringify(new URL("../mod.ts", import.meta.url).href)
      };
       import { serveMcp } from ${
        JSON.stringify(new URL("../src/mcp/mod.ts", import.meta.url).href)
      };
       try {
         await serveMcp(${skills}, ${options});
       } catch (error) {
         console.error(\`rejected: \${error.message}\`);
       }
       // Anything left unhandled fails the run after this pause.
       await new Promise((resolve) => setTimeout(resolve, 300));
       console.error("after");
       Deno.exit(0);`,
    );
    const signal = AbortSignal.timeout(CHILD_BOUND_MS);
    const child = await spawnDeno([
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      `--allow-read=${dir}`,
      "--allow-net",
      script,
    ], signal);
    const writer = child.stdin.getWriter();
    for (const line of lines) await writer.write(encoder.encode(`${line}\n`));
    if (!keepOpen) await writer.close();
    const out = await child.output();
    await writer.close().catch(() => {});
    assert.ok(!signal.aborted, "the child did not end");
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, stderr);
    return {
      lines: new TextDecoder().decode(out.stdout).split("\n").filter((l) =>
        l !== ""
      ),
      stderr,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("serveMcp on stdio calls a function opening the skill set only after the initialize answer is written, then serves the requests held meanwhile", async () => {
  const { lines: out } = await serveInChild([
    INITIALIZE,
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    JSON.stringify({ jsonrpc: "2.0", id: "tools", method: "tools/list" }),
  ]);
  const seen = out.map((l) => {
    const message = JSON.parse(l);
    return message.opened === true ? "opened" : message.id;
  });
  assert.deepEqual(seen, ["init", "opened", "tools"]);
  const tools = JSON.parse(out[2]!).result.tools as { name: string }[];
  assert.ok(tools.some((t) => t.name === "skills_list"));
});

Deno.test("serveMcp on stdio opens the skill set when the first message is one it holds back (no initialize): nothing waits forever", async () => {
  const { lines: out } = await serveInChild([
    JSON.stringify({ jsonrpc: "2.0", id: "tools", method: "tools/list" }),
  ]);
  const seen = out.map((l) => {
    const message = JSON.parse(l);
    return message.opened === true ? "opened" : message.id;
  });
  assert.deepEqual(seen, ["opened", "tools"]);
});

Deno.test("serveMcp on stdio given a promise that rejects rejects with its error, after answering the handshake, and nothing is left unhandled", async () => {
  const { lines, stderr } = await serveInChild([INITIALIZE], {
    skills: `Promise.reject(new Error("the roots are gone"))`,
  });
  assert.equal(stderr.trim(), "rejected: the roots are gone\nafter");
  assert.ok(lines.length <= 1, lines.join("\n"));
});

Deno.test("serveMcp on stdio given a promise that rejects ends at once, while the client, still connected, says nothing", async () => {
  const { stderr } = await serveInChild([], {
    skills: `Promise.reject(new Error("the roots are gone"))`,
    keepOpen: true,
  });
  assert.equal(stderr.trim(), "rejected: the roots are gone\nafter");
});

Deno.test("serveMcp on HTTP refusing its address leaves no rejection of the skill set unhandled", async () => {
  const { stderr } = await serveInChild([], {
    skills:
      `new Promise((_, reject) => setTimeout(() => reject(new Error("later")), 50))`,
    options: `{ transport: { http: { hostname: "0.0.0.0", port: 0 } } }`,
  });
  assert.match(stderr, /^rejected: Refusing to serve MCP on "0\.0\.0\.0"/);
  assert.match(stderr, /\nafter\n$/);
  assert.doesNotMatch(stderr, /later/);
});

Deno.test("skillscope mcp forgets a request the client cancels: reading goes on past the in-flight cap, and the end of input ends the run", async () => {
  const lines = [
    INITIALIZE,
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  ];
  for (let id = 1; id <= 40; id++) {
    lines.push(
      JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list" }),
      JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: id, reason: "not needed" },
      }),
    );
  }
  lines.push(JSON.stringify({ jsonrpc: "2.0", id: "last", method: "ping" }));
  const signal = AbortSignal.timeout(CHILD_BOUND_MS);
  const child = await spawnDeno(mcpArgs(FIXTURES, ["--no-watch"]), signal);
  const writer = child.stdin.getWriter();
  await writer.write(encoder.encode(lines.map((l) => `${l}\n`).join("")));
  await writer.close();
  const out = await child.output();
  assert.ok(!signal.aborted, "the server did not end");
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const replies = new TextDecoder().decode(out.stdout).split("\n")
    .filter((l) => l !== "").map((l) => JSON.parse(l));
  assert.ok(replies.some((r) => r.id === "last" && "result" in r));
});

Deno.test("while the skills open, only requests wait: a flood of notifications goes on to the server and is not kept", async () => {
  let deliver: (message: JSONRPCMessage) => void = () => {};
  const inner = {
    start: async (): Promise<void> => {},
    send: async (): Promise<void> => {},
    close: async (): Promise<void> => {},
    set onmessage(handler: (message: JSONRPCMessage) => void) {
      deliver = handler;
    },
  };
  const ready = Promise.withResolvers<void>();
  const gated = new GatedTransport(inner, ready.promise);
  const seen: string[] = [];
  gated.onmessage = (m) => seen.push("method" in m ? m.method : "response");
  deliver({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  for (let i = 0; i < 10_000; i++) {
    deliver({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
  }
  deliver({ jsonrpc: "2.0", id: 7, result: {} });
  deliver({ jsonrpc: "2.0", id: 2, method: "ping" });
  assert.equal(seen.length, 10_002);
  assert.ok(!seen.includes("tools/list"));
  ready.resolve();
  await ready.promise;
  await Promise.resolve();
  assert.equal(seen.at(-1), "tools/list");
});

Deno.test("skillscope mcp says what it makes nothing of, a response to no request, and goes on: the run still ends with 0", async () => {
  const { code, replies, stderr } = await exchange([
    INITIALIZE,
    JSON.stringify({ jsonrpc: "2.0", id: 5, result: {} }),
    JSON.stringify({ jsonrpc: "2.0", id: "after", method: "ping" }),
  ]);
  assert.equal(code, 0, stderr);
  assert.match(stderr, /response for an unknown message ID/);
  assert.doesNotMatch(stderr, /transport error/);
  assert.ok(replies.some((r) => r.id === "after" && "result" in r));
});
