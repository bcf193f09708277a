// Copyright 2026 the skillscope authors. MIT license.
// `mcp --root http://SITE` keeps what it downloaded within one byte budget
// for the whole process: a model reading one file of each of several large
// archive skills does not pile their unpacked files up in memory, and a
// read after an eviction downloads the artifact again and checks it
// against the index's digest, so bytes changed meanwhile are refused.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { buildArtifact } from "../src/web/pack.ts";
import { MAX_CACHED_WEB_BYTES } from "../src/web/web_content.ts";
import { CONFIG, tempDir } from "./_helpers.ts";
import { childEnv, CLI } from "./_mcp.ts";
import { artifactSite, serveSite, skillText } from "./web_site.ts";

const MIB = 1024 * 1024;
/** Skills on the site, each unpacking to FILES × FILE_MIB MiB. */
const SKILLS = 24;
const FILES = 8;
const FILE_MIB = 2;
const SKILL_BYTES = FILES * FILE_MIB * MIB;

/** The peak resident memory of a process, from /proc (bytes). */
async function peakRss(pid: number): Promise<number> {
  // Deno reads /proc only with every permission: `cat` reads it for us.
  const out = await new Deno.Command("cat", {
    args: [`/proc/${pid}/status`],
    stdout: "piped",
  }).output();
  const status = new TextDecoder().decode(out.stdout);
  const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  assert.ok(kib !== undefined, status);
  return Number(kib) * 1024;
}

/** A skill of FILES files of FILE_MIB MiB (compressible, distinct per skill). */
async function bigSkill(
  name: string,
  body: string,
): Promise<{ name: string; bytes: Uint8Array; path: string }> {
  const line = new TextEncoder().encode(`${name} ${body} data line\n`);
  const data = new Uint8Array(FILE_MIB * MIB);
  for (let i = 0; i < data.length; i += line.length) {
    data.set(line.subarray(0, Math.min(line.length, data.length - i)), i);
  }
  const files = new Map<string, Uint8Array>([
    ["SKILL.md", new TextEncoder().encode(skillText(name))],
  ]);
  for (let i = 0; i < FILES; i++) files.set(`data/f${i}.txt`, data);
  const artifact = await buildArtifact(name, files);
  return {
    name,
    bytes: artifact.bytes,
    path: `/.well-known/agent-skills/${name}/${name}.tar.gz`,
  };
}

async function budgetRun(permissions: string[]): Promise<void> {
  const skills = await Promise.all(
    Array.from({ length: SKILLS }, (_, i) => bigSkill(`big-${i}`, "honest")),
  );
  await using site = serveSite(artifactSite(skills));
  await using home = await tempDir();
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      ...permissions,
      CLI,
      "mcp",
      "--root",
      site.origin,
      "--no-watch",
    ],
    env: { ...await childEnv(), HOME: home.path },
    stderr: "pipe",
  });
  const client = new Client({ name: "skillscope-test", version: "1.0.0" });
  await client.connect(transport);
  const timeout = { timeout: 60_000 };
  try {
    const pid = transport.pid!;
    const read = async (name: string): Promise<string> => {
      const result = await client.readResource(
        { uri: `skill://${name}/data/f0.txt` },
        timeout,
      );
      return (result.contents[0] as { text: string }).text;
    };
    const fetched = (name: string): number =>
      site.requests.filter((p) => p.endsWith(`/${name}.tar.gz`)).length;

    const before = await peakRss(pid);
    for (const { name } of skills) {
      assert.ok((await read(name)).startsWith(`${name} honest`), name);
    }
    const growth = (await peakRss(pid)) - before;
    console.log(
      `  peak RSS grew ${
        (growth / MIB).toFixed(0)
      } MiB reading ${SKILLS} skills of ${SKILL_BYTES / MIB} MiB (budget ${
        MAX_CACHED_WEB_BYTES / MIB
      } MiB)`,
    );
    // What is held stays within the budget, whatever the number of skills
    // read; the rest is one skill unpacked at a time, the answer's copies and
    // the garbage V8 lets pile up before it collects (about 64 MiB of
    // buffers).
    assert.ok(
      growth < MAX_CACHED_WEB_BYTES + 224 * MIB,
      `peak RSS grew ${growth} bytes`,
    );
    assert.ok(
      skills.every(({ name }) => fetched(name) === 1),
      site.requests.join("\n"),
    );

    // The first skill was evicted: reading it again downloads it again.
    assert.ok((await read("big-0")).startsWith("big-0 honest"));
    assert.equal(fetched("big-0"), 2, site.requests.join("\n"));

    // The site now serves other bytes for an evicted skill: refused.
    const tampered = await bigSkill("big-1", "tampered");
    site.routes.set(
      tampered.path,
      () => new Response(tampered.bytes as Uint8Array<ArrayBuffer>),
    );
    await assert.rejects(
      () => read("big-1"),
      /cannot be trusted|digest/,
    );
    assert.equal(fetched("big-1"), 2, site.requests.join("\n"));
  } finally {
    await client.close();
  }
}

Deno.test({
  name:
    "mcp --root http://SITE (-P=cli) keeps downloaded skills within one byte budget and checks a download again after an eviction",
  ignore: Deno.build.os !== "linux",
  fn: () => budgetRun(["-P=cli"]),
});

Deno.test({
  name:
    "mcp --root http://SITE (-A) keeps downloaded skills within one byte budget and checks a download again after an eviction",
  ignore: Deno.build.os !== "linux",
  fn: () => budgetRun(["-A"]),
});
