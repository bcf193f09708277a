// Copyright 2026 the skillscope authors. MIT license.
// mcpSource() against MCP servers built to exhaust it: directory trees that
// never end, answers far larger than what was listed. Each server is a small
// hand-written Streamable HTTP endpoint on 127.0.0.1; memory is measured in a
// child process that reads its own peak RSS.
import assert from "node:assert/strict";
import { join } from "node:path";
import { SkillAccessError, SkillSet } from "../mod.ts";
import { mcpSource } from "../src/mcp/mod.ts";
import { WALK_LIMITS } from "../src/mcp/skill_walk.ts";
import { CONFIG, tempDir } from "./_helpers.ts";
import { childEnv, serveLoopback } from "./_mcp.ts";

type Params = Record<string, unknown>;

/** What a hand-written server answers one request with: a result, a whole HTTP response, or `undefined` for "method not found". */
type Answer = (
  method: string,
  params: Params,
  id: string | number,
) => unknown;

/**
 * A hand-written MCP server with the skills extension (and `directoryRead`):
 * `initialize` and notifications are handled, every other request goes to
 * `answer`. Counts the requests by method.
 */
function handServer(answer: Answer): {
  url: string;
  seen: Map<string, number>;
  close: () => Promise<void>;
} {
  const seen = new Map<string, number>();
  const served = serveLoopback(async (request) => {
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const message = await request.json();
    seen.set(message.method, (seen.get(message.method) ?? 0) + 1);
    if (message.id === undefined) return new Response(null, { status: 202 });
    const reply = (body: Params): Response =>
      Response.json({ jsonrpc: "2.0", id: message.id, ...body });
    if (message.method === "initialize") {
      return reply({
        result: {
          protocolVersion: message.params.protocolVersion,
          capabilities: {
            resources: {},
            extensions: {
              "io.modelcontextprotocol/skills": { directoryRead: true },
            },
          },
          serverInfo: { name: "hand", version: "1" },
        },
      });
    }
    const result = await answer(
      message.method,
      message.params ?? {},
      message.id,
    );
    if (result instanceof Response) return result;
    return result === undefined
      ? reply({ error: { code: -32601, message: "Method not found" } })
      : reply({ result });
  });
  return { ...served, seen };
}

/** A skill entry whose files are found by walking its directory. */
const dynamicEntry = (name: string): Params => ({
  uri: `skill://${name}/SKILL.md`,
  frontmatter: { name, description: `The ${name} skill` },
  resources: "dynamic",
});

/** Settles with `promise`, or rejects once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Still running after ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

for (const fanOut of [10, 1]) {
  const shape = fanOut === 1 ? "deeper and deeper" : "wider and wider";
  Deno.test(`mcpSource stops walking a directory tree that grows ${shape} and refuses URIs outside the skill`, async () => {
    const requested: string[] = [];
    const server = handServer((method, params) => {
      if (method === "skills/list") return { skills: [dynamicEntry("deep")] };
      if (method !== "resources/directory/read") return undefined;
      const uri = String(params.uri);
      requested.push(uri);
      const dir = (child: string) => ({
        uri: child,
        name: child.split("/").at(-1),
        mimeType: "inode/directory",
      });
      return {
        resources: [
          // New sub-directories in every directory, forever.
          ...Array.from({ length: fanOut }, (_, i) => dir(`${uri}/d${i}`)),
          // Itself and its parent again; directories and files of others.
          dir(uri),
          dir(uri.replace(/\/[^/]*$/, "")),
          dir("skill://other/secrets"),
          dir("skill://deep/../other/secrets"),
          dir("skill://deep/%2E%2E/other"),
          dir("skill://deep/a%2F..%2F..%2Fother"),
          dir("https://127.0.0.1:9/elsewhere"),
          // Files, the first time only: its own and others'.
          ...(requested.length === 1
            ? [
              { uri: `${uri}/notes.md`, name: "notes.md" },
              { uri: "skill://other/secret.md", name: "secret.md" },
              { uri: "skill://deep/../other/key.md", name: "key.md" },
            ]
            : []),
        ],
      };
    });
    try {
      await using source = mcpSource({ url: server.url });
      const set = await SkillSet.open({ sources: [source] });
      const listed = await within(set.resources("deep"), 60_000);
      assert.deepEqual(listed, { files: ["notes.md"], truncated: true });
      const reads = server.seen.get("resources/directory/read") ?? 0;
      assert.ok(reads <= WALK_LIMITS.directories, `${reads} directory reads`);
      assert.equal(reads, requested.length);
      for (const uri of requested) {
        assert.match(uri, /^skill:\/\/deep(\/d\d)*$/, uri);
        assert.ok(uri.split("/").length - 3 < WALK_LIMITS.depth, uri);
      }
    } finally {
      await server.close();
    }
  });
}

Deno.test("mcpSource bounds a directory whose pages never end", async () => {
  let page = 0;
  const server = handServer((method, params) => {
    if (method === "skills/list") return { skills: [dynamicEntry("paged")] };
    if (method !== "resources/directory/read") return undefined;
    page++;
    return {
      resources: [{ uri: `${params.uri}/f${page}.md`, name: `f${page}.md` }],
      nextCursor: `page-${page}`,
    };
  });
  try {
    await using source = mcpSource({ url: server.url });
    const set = await SkillSet.open({ sources: [source] });
    // Cut (truncated) or refused with a clear error: either way it returns.
    const outcome = await within(
      set.resources("paged").catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error))
      ),
      60_000,
    );
    if (outcome instanceof Error) {
      assert.ok(outcome instanceof SkillAccessError, String(outcome));
      assert.equal(outcome.code, "read-failed");
      assert.match(outcome.message, /paged/);
    } else {
      assert.equal(outcome.truncated, true);
    }
    const reads = server.seen.get("resources/directory/read") ?? 0;
    assert.ok(reads <= WALK_LIMITS.requests, `${reads} directory reads`);
  } finally {
    await server.close();
  }
});

const MiB = 1024 * 1024;
/** What the lying server sends instead of a small answer. */
const HUGE = 300 * MiB;

/** The JSON text around the one huge string of a lying result. */
interface Lie {
  readonly before: string;
  readonly after: string;
}

/**
 * `{"jsonrpc":"2.0","id":ID,"result":BEFORE…AFTER}` with `HUGE` bytes of
 * filler between, as JSON or as one server-sent event, produced as it is
 * read; counts what was sent and whether the reader gave up.
 */
function hugeAnswer(id: string | number, lie: Lie, sse: boolean): {
  response: Response;
  sent: () => number;
  cancelled: () => boolean;
} {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `${sse ? "event: message\ndata: " : ""}{"jsonrpc":"2.0","id":${
      JSON.stringify(id)
    },"result":${lie.before}`,
  );
  const tail = encoder.encode(`${lie.after}}${sse ? "\n\n" : ""}`);
  const chunk = new Uint8Array(64 * 1024).fill("x".charCodeAt(0));
  let sent = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller): void {
      const next = sent === 0
        ? head
        : sent + chunk.length + tail.length < HUGE
        ? chunk
        : tail;
      sent += next.length;
      controller.enqueue(next);
      if (next === tail) controller.close();
    },
    cancel(): void {
      cancelled = true;
    },
  });
  const type = sse ? "text/event-stream" : "application/json";
  return {
    response: new Response(body, { headers: { "content-type": type } }),
    sent: () => sent,
    cancelled: () => cancelled,
  };
}

/** The listed digest and size of `text`. */
async function listed(uri: string, text: string): Promise<Params> {
  const bytes = new TextEncoder().encode(text);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = [...hash].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { uri, digest: `sha256:${hex}`, size: bytes.length };
}

/** Peak memory an attack may add to the reading process. */
const GROWTH_BOUND = 96 * MiB;

/**
 * Runs `attack` (code that uses `source`, an `mcpSource(url)`) in a child
 * Deno, killed after two minutes, and asserts that its peak RSS (VmHWM) at
 * the end is less than {@linkcode GROWTH_BOUND} above its RSS before the
 * attack; returns what the attack left in `outcome` and `diagnostics`.
 */
async function measured(
  url: string,
  attack: string,
): Promise<{ outcome: string; diagnostics: string[] }> {
  await using tmp = await tempDir();
  const script = join(tmp.path, "probe.ts");
  const mod = (path: string) =>
    JSON.stringify(new URL(path, import.meta.url).href);
  await Deno.writeTextFile(
    script,
    `import { SkillSet } from ${mod("../mod.ts")};
import { mcpSource } from ${mod("../src/mcp/mod.ts")};
const kib = (field: string): number =>
  Number(new RegExp(field + ":\\\\s+(\\\\d+)").exec(Deno.readTextFileSync("/proc/self/status"))![1]) * 1024;
const source = mcpSource({ url: ${
      JSON.stringify(url)
    } }, { timeoutMs: 600_000 });
let outcome = "ok";
let diagnostics: string[] = [];
const before = kib("VmRSS");
try {
  ${attack}
} catch (error) {
  outcome = (error as { code?: string }).code ?? String(error);
}
const growth = kib("VmHWM") - before;
await source.close();
console.log(JSON.stringify({ outcome, growth, diagnostics }));
`,
  );
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      // Deno lets only a fully trusted process read /proc/self/status.
      "--allow-all",
      script,
    ],
    env: await childEnv(),
    signal: AbortSignal.timeout(120_000),
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  assert.equal(
    out.code,
    0,
    `exit ${out.code} (${out.signal}): ${new TextDecoder().decode(out.stderr)}`,
  );
  const run = JSON.parse(stdout.trim().split("\n").at(-1)!);
  assert.ok(
    run.growth < GROWTH_BOUND,
    `peak RSS grew by ${Math.round(run.growth / MiB)} MiB`,
  );
  return run;
}

/**
 * A hand-written server that answers with `answer`, except the one request
 * `lie` picks out, whose answer is {@linkcode hugeAnswer}; `attack` run
 * against it with {@linkcode measured}. Also says whether the reader gave up
 * on the huge body, and how much of it was sent.
 */
async function attack(options: {
  answer: Answer;
  lie: (method: string, params: Params) => Lie | undefined;
  sse: boolean;
  attack: string;
}): Promise<
  { outcome: string; diagnostics: string[]; cancelled: boolean; sent: number }
> {
  let huge: ReturnType<typeof hugeAnswer> | undefined;
  const server = handServer((method, params, id) => {
    const lie = options.lie(method, params);
    if (lie === undefined) return options.answer(method, params, id);
    huge = hugeAnswer(id, lie, options.sse);
    return huge.response;
  });
  try {
    const run = await measured(server.url, options.attack);
    assert.ok(huge !== undefined, "the lie was never told");
    return { ...run, cancelled: huge.cancelled(), sent: huge.sent() };
  } finally {
    await server.close();
  }
}

for (const sse of [false, true]) {
  const form = sse ? "one server-sent event" : "a JSON body";
  Deno.test(`a ${HUGE / MiB} MB answer (${form}) to a file listed as 48 bytes is cut, not buffered`, async () => {
    const text = `${
      "48 bytes of a small file, as listed. ".repeat(2).slice(0, 47)
    }\n`;
    assert.equal(text.length, 48);
    const md = "---\nname: big\ndescription: Lies about a size\n---\n# Big\n";
    const entry = {
      uri: "skill://big/SKILL.md",
      frontmatter: { name: "big", description: "Lies about a size" },
      resources: [
        await listed("skill://big/SKILL.md", md),
        await listed("skill://big/a.md", text),
      ],
    };
    const run = await attack({
      answer: (method, params) =>
        method === "skills/list"
          ? { skills: [entry] }
          : method === "resources/read"
          ? { contents: [{ uri: params.uri, text: md }] }
          : undefined,
      lie: (method, params) =>
        method === "resources/read" && params.uri === "skill://big/a.md"
          ? {
            before: `{"contents":[{"uri":"skill://big/a.md","text":"`,
            after: `"}]}`,
          }
          : undefined,
      sse,
      attack: `const set = await SkillSet.open({ sources: [source] });
  await set.readAsset("big", "a.md");`,
    });
    assert.equal(run.outcome, "remote-verification-failed");
    assert.ok(run.cancelled, "the reader never gave up on the body");
    assert.ok(run.sent < HUGE, `${run.sent} bytes sent`);
  });
}

Deno.test(`a ${HUGE / MiB} MB skills/list answer is a diagnostic, not a buffered listing`, async () => {
  const run = await attack({
    answer: () => undefined,
    lie: (method) =>
      method === "skills/list"
        ? {
          before:
            `{"skills":[{"uri":"skill://list/SKILL.md","resources":"dynamic","frontmatter":{"name":"list","description":"`,
          after: `"}}]}`,
        }
        : undefined,
    sse: false,
    attack: `const set = await SkillSet.open({ sources: [source] });
  diagnostics = set.diagnostics.map((d) => d.code + " " + d.message);
  outcome = set.list().map((s) => s.name).join(",") || "none";`,
  });
  assert.equal(run.outcome, "none");
  assert.equal(run.diagnostics.length, 1, run.diagnostics.join("\n"));
  assert.match(run.diagnostics[0]!, /^remote-source-failed .*skills\/list/);
  assert.ok(run.cancelled, "the reader never gave up on the body");
});
