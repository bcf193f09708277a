// Copyright 2026 the skillscope authors. MIT license.
// mcpSource(): skills read from an MCP server, end to end against our own
// server (stdio and HTTP) and against a server that lies.
import assert from "node:assert/strict";
import { join } from "node:path";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import {
  type Skill as SkillEntry,
  skillEntry,
  SkillsExtension,
} from "@modelcontextprotocol/server/ext/skills";
import {
  callSkillTool,
  directorySource,
  discoverSync,
  SkillAccessError,
  SkillSet,
} from "../mod.ts";
import { mcpSource, serveMcp } from "../src/mcp/mod.ts";
import { CONFIG, tempDir } from "./_helpers.ts";
import { childEnv, FIXTURES, mcpArgs, serveLoopback } from "./_mcp.ts";

const NAMES = [
  "brand-guidelines",
  "changelog-writer",
  "pdf-tools",
  "sql-review",
];

/** What every transport must give: the same skills and bytes as the disk. */
async function assertServesFixtures(set: SkillSet, key: string): Promise<void> {
  assert.deepEqual(set.list().map((s) => s.name), NAMES);
  const pdf = set.require("pdf-tools");
  assert.equal(pdf.source.kind, "remote");
  assert.equal(pdf.source.key, `${key}#skill://pdf-tools/SKILL.md`);
  assert.equal(pdf.dir, undefined);
  const local = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
  assert.equal(await set.read("pdf-tools"), await local.read("pdf-tools"));
  assert.deepEqual(
    await set.readAsset("pdf-tools", "scripts/extract_text.py"),
    await Deno.readFile(join(FIXTURES, "pdf-tools/scripts/extract_text.py")),
  );
  assert.deepEqual(
    await set.resources("pdf-tools"),
    await local.resources("pdf-tools"),
  );
  await assert.rejects(
    set.readAsset("pdf-tools", "../sql-review/SKILL.md"),
    (e: unknown) =>
      e instanceof SkillAccessError && e.code === "asset-path-invalid",
  );
  await assert.rejects(
    set.readAsset("pdf-tools", "references/missing.md"),
    (e: unknown) =>
      e instanceof SkillAccessError && e.code === "asset-not-found",
  );
  const tool = await callSkillTool(set, "skills_read", { name: "sql-review" });
  assert.equal(tool.ok, true);
  assert.match(set.catalog(), /pdf-tools/);
}

Deno.test("mcpSource reads our own server over stdio like the directory it serves", async () => {
  const args = mcpArgs(FIXTURES, ["--no-watch"]);
  await using source = mcpSource({
    command: Deno.execPath(),
    args,
    env: await childEnv(),
  });
  const set = await SkillSet.open({ sources: [source] });
  await assertServesFixtures(
    set,
    `mcp+stdio:${[Deno.execPath(), ...args].join(" ")}`,
  );
});

Deno.test("mcpSource reads our own server over Streamable HTTP", async () => {
  const stop = new AbortController();
  const served = await SkillSet.open({
    sources: [directorySource(FIXTURES)],
  });
  let url = "";
  const listening = new Promise<void>((resolve) => {
    void serveMcp(served, {
      watch: false,
      signal: stop.signal,
      onLog: () => {},
      transport: {
        http: {
          port: 0,
          onListen: (u) => {
            url = u;
            resolve();
          },
        },
      },
    }).finally(() => {});
  });
  await listening;
  try {
    await using source = mcpSource({ url });
    const set = await SkillSet.open({ sources: [source] });
    await assertServesFixtures(set, `mcp+${url}`);
  } finally {
    stop.abort();
  }
});

/** A server that serves `files` but lists the entries `tamper` makes of the honest ones. */
async function lyingServer(
  skills: Record<string, Record<string, string>>,
  tamper: (entry: SkillEntry) => SkillEntry,
): Promise<{ url: string; close: () => Promise<void> }> {
  const entries: SkillEntry[] = [];
  for (const [name, files] of Object.entries(skills)) {
    entries.push(tamper(await skillEntry(name, files)));
  }
  const source = {
    list: () => Promise.resolve({ skills: entries }),
    get: (uri: string) => Promise.resolve(entries.find((e) => e.uri === uri)),
    read: (uri: string) => {
      const match = /^skill:\/\/([^/]+)\/(.+)$/.exec(uri);
      const text = match ? skills[match[1]!]?.[match[2]!] : undefined;
      return Promise.resolve(
        text === undefined ? undefined : { text, mimeType: "text/markdown" },
      );
    },
  };
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: "liar", version: "1" });
    new SkillsExtension({ source, onWarning: () => {} }).attach(server);
    return server;
  });
  const served = serveLoopback(handler.fetch);
  return {
    url: served.url,
    close: async () => {
      await served.close();
      await handler.close();
    },
  };
}

const md = (name: string, description: string, body = "# Body\n"): string =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;

Deno.test("a server that lies about digests, sizes or frontmatter gets its skill's content refused", async () => {
  const skills = {
    honest: { "SKILL.md": md("honest", "Tells the truth"), "a.md": "A\n" },
    "bad-digest": {
      "SKILL.md": md("bad-digest", "Digest lies"),
      "a.md": "A\n",
    },
    "bad-size": { "SKILL.md": md("bad-size", "Size lies"), "a.md": "A\n" },
    "bad-frontmatter": {
      "SKILL.md": md("bad-frontmatter", "What the file says"),
    },
  };
  const liar = await lyingServer(skills, (entry) => {
    const name = entry.frontmatter.name;
    const resources = entry.resources as {
      uri: string;
      digest: string;
      size: number;
    }[];
    if (name === "bad-digest") {
      return {
        ...entry,
        resources: resources.map((r) => ({
          ...r,
          digest: `sha256:${"0".repeat(64)}`,
        })),
      };
    }
    if (name === "bad-size") {
      return {
        ...entry,
        resources: resources.map((r) => ({ ...r, size: r.size + 1 })),
      };
    }
    if (name === "bad-frontmatter") {
      return {
        ...entry,
        frontmatter: {
          ...entry.frontmatter,
          description: "What the listing says",
        },
      };
    }
    return entry;
  });
  try {
    await using source = mcpSource({ url: liar.url });
    const set = await SkillSet.open({ sources: [source] });
    assert.deepEqual(set.list().map((s) => s.name).sort(), [
      "bad-digest",
      "bad-frontmatter",
      "bad-size",
      "honest",
    ]);
    assert.equal(await set.read("honest"), "# Body\n");
    assert.equal(await set.readAssetText("honest", "a.md"), "A\n");
    for (const name of ["bad-digest", "bad-size", "bad-frontmatter"]) {
      await assert.rejects(
        set.read(name),
        (e: unknown) =>
          e instanceof SkillAccessError &&
          e.code === "remote-verification-failed" &&
          e.message.includes(liar.url),
        name,
      );
    }
    // Once caught, nothing of that skill is served, not even a good file.
    await assert.rejects(
      set.readAsset("bad-digest", "a.md"),
      (e: unknown) =>
        e instanceof SkillAccessError &&
        e.code === "remote-verification-failed",
    );
  } finally {
    await liar.close();
  }
});

Deno.test("mcpSource without --allow-net names the flag, and an unreachable server is a diagnostic", async () => {
  await using tmp = await tempDir();
  const script = join(tmp.path, "probe.ts");
  await Deno.writeTextFile(
    script,
    `import { mcpSource } from ${
      JSON.stringify(new URL("../src/mcp/mod.ts", import.meta.url).href)
    };
import { SkillSet } from ${
      JSON.stringify(new URL("../mod.ts", import.meta.url).href)
    };
try {
  await SkillSet.open({ sources: [mcpSource({ url: "http://127.0.0.1:9/mcp" })] });
} catch (e) { console.log(e.code, e.flag); }
`,
  );
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      "--allow-read",
      script,
    ],
    env: await childEnv(),
  }).output();
  assert.equal(
    new TextDecoder().decode(out.stdout).trim(),
    "permission-denied --allow-net=127.0.0.1:9",
    new TextDecoder().decode(out.stderr),
  );

  // With the grant, a server that is not there leaves the other sources alone.
  await using unreachable = mcpSource({ url: "http://127.0.0.1:9/mcp" }, {
    timeoutMs: 5_000,
  });
  const set = await SkillSet.open({
    sources: [unreachable, directorySource(FIXTURES)],
  });
  assert.deepEqual(set.list().map((s) => s.name), NAMES);
  assert.ok(
    set.diagnostics.some((d) =>
      d.code === "remote-source-failed" && d.level === "error"
    ),
  );
});

Deno.test("an MCP source given to the synchronous forms is a warning, not a hang", () => {
  const found = discoverSync({
    sources: [
      mcpSource({ url: "http://127.0.0.1:9/mcp" }),
      directorySource(FIXTURES),
    ],
  });
  assert.deepEqual(found.skills.map((s) => s.name), NAMES);
  const warning = found.diagnostics.find((d) =>
    d.code === "remote-source-async-only"
  );
  assert.equal(warning?.level, "warning");
});

Deno.test("a server without the skills extension lists nothing and says so", async () => {
  const handler = createMcpHandler(() =>
    new McpServer({ name: "plain", version: "1" }, {
      capabilities: { tools: {} },
    })
  );
  const served = serveLoopback(handler.fetch);
  try {
    await using source = mcpSource({ url: served.url });
    const set = await SkillSet.open({ sources: [source] });
    assert.deepEqual(set.list(), []);
    assert.deepEqual(set.diagnostics.map((d) => [d.code, d.level]), [[
      "remote-no-skills",
      "warning",
    ]]);
  } finally {
    await served.close();
    await handler.close();
  }
});

Deno.test("an entry that breaks the extension's rules is left out with an error; the valid ones load", async () => {
  await using tmp = await tempDir();
  // A hand-written server: the SDK's own server would drop the bad entry.
  const script = join(tmp.path, "server.ts");
  const md = "---\nname: good\ndescription: A good skill\n---\n# Good\n";
  await Deno.writeTextFile(
    script,
    `const md = ${JSON.stringify(md)};
const bytes = new TextEncoder().encode(md);
const hex = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
  .map((b) => b.toString(16).padStart(2, "0")).join("");
const entry = (name: string, fmName: string) => ({
  uri: \`skill://\${name}/SKILL.md\`,
  frontmatter: { name: fmName, description: "A good skill" },
  resources: [{ uri: \`skill://\${name}/SKILL.md\`, digest: \`sha256:\${hex}\`, size: bytes.length }],
});
const out = (m: unknown) => Deno.stdout.write(new TextEncoder().encode(JSON.stringify(m) + "\\n"));
let buffer = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf("\\n")) >= 0) {
    const msg = JSON.parse(buffer.slice(0, nl));
    buffer = buffer.slice(nl + 1);
    if (msg.id === undefined) continue;
    if (msg.method === "initialize") {
      await out({ jsonrpc: "2.0", id: msg.id, result: {
        protocolVersion: msg.params.protocolVersion,
        capabilities: { resources: {}, extensions: { "io.modelcontextprotocol/skills": {} } },
        serverInfo: { name: "hand", version: "1" },
      } });
    } else if (msg.method === "skills/list") {
      await out({ jsonrpc: "2.0", id: msg.id, result: {
        skills: [entry("good", "good"), entry("liar", "someone-else")],
      } });
    } else {
      await out({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "no" } });
    }
  }
}
`,
  );
  await using source = mcpSource({
    command: Deno.execPath(),
    args: ["run", "--quiet", "--no-prompt", script],
    env: await childEnv(),
  });
  const set = await SkillSet.open({ sources: [source] });
  assert.deepEqual(set.list().map((s) => s.name), ["good"]);
  const invalid = set.diagnostics.filter((d) =>
    d.code === "remote-entry-invalid"
  );
  assert.equal(invalid.length, 1, JSON.stringify(set.diagnostics));
  assert.equal(invalid[0]!.level, "error");
  assert.match(invalid[0]!.message, /skill:\/\/liar\/SKILL\.md/);
});
