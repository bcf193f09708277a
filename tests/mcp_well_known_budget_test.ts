// Copyright 2026 the skillscope authors. MIT license.
// `mcp --http` answers a GET of its well-known index without holding every
// served skill in memory: skills are packed one at a time, the index keeps
// their digests, the packed bytes stay within a byte budget, and the
// server goes on answering other requests while the index is built.
import assert from "node:assert/strict";
import { join } from "node:path";
import { sha256Digest } from "../src/web/digest.ts";
import { MAX_PACKED_BYTES } from "../src/mcp/well_known_artifacts.ts";
import { spawnCli, tempDir, writeSkill } from "./_helpers.ts";

const MIB = 1024 * 1024;
/** Skills served, each with one incompressible file of FILE_MIB MiB. */
const SKILLS = 12;
const FILE_MIB = 12;

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

/** SKILLS skills whose `data.bin` (one file, hard-linked) gzip cannot shrink. */
async function largeSkills(root: string): Promise<void> {
  const block = new Uint8Array(MIB);
  for (let i = 0; i < block.length; i += 65_536) {
    crypto.getRandomValues(block.subarray(i, i + 65_536));
  }
  const data = join(root, "data.bin");
  using file = await Deno.open(data, { write: true, create: true });
  for (let i = 0; i < FILE_MIB; i++) await file.write(block);
  for (let i = 0; i < SKILLS; i++) {
    await writeSkill(join(root, "skills"), `large-${i}`);
    await Deno.link(data, join(root, "skills", `large-${i}`, "data.bin"));
  }
}

/** `mcp --root ROOT --http 127.0.0.1:0` with `permissions`, once it listens. */
async function startServer(
  root: string,
  permissions: string[],
  home: string,
): Promise<{ child: Deno.ChildProcess; origin: string; stderr: () => string }> {
  const child = await spawnCli(
    ["mcp", "--root", root, "--http", "127.0.0.1:0", "--no-watch"],
    { permissions, env: { HOME: home } },
  );
  let err = "";
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = AbortSignal.timeout(30_000);
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(err);
    if (match) {
      // The rest of stderr is kept, unread, by the pipe.
      (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          err += value;
        }
      })().catch(() => {});
      return { child, origin: new URL(match[1]!).origin, stderr: () => err };
    }
    const { value, done } = await reader.read();
    if (done || deadline.aborted) {
      await child.stdout.cancel();
      throw new Error(`the server did not listen:\n${err}`);
    }
    err += value;
  }
}

async function indexRun(permissions: string[]): Promise<void> {
  await using tmp = await tempDir();
  await largeSkills(tmp.path);
  const server = await startServer(
    join(tmp.path, "skills"),
    permissions,
    tmp.path,
  );
  try {
    const { origin } = server;
    const before = await peakRss(server.child.pid);

    // Other requests are answered while the index is built.
    let building = true;
    let slowest = 0;
    const probes = (async () => {
      while (building) {
        const start = performance.now();
        try {
          const response = await fetch(
            `${origin}/.well-known/agent-skills/none/none.tar.gz`,
            { signal: AbortSignal.timeout(60_000) },
          );
          await response.body?.cancel();
        } catch {
          slowest = Infinity; // refused or cut off: not answered
        }
        slowest = Math.max(slowest, performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const start = performance.now();
    let index;
    try {
      const response = await fetch(
        `${origin}/.well-known/agent-skills/index.json`,
        { signal: AbortSignal.timeout(120_000) },
      );
      assert.equal(response.status, 200, server.stderr());
      index = await response.json() as {
        skills: { name: string; url: string; digest: string }[];
      };
    } finally {
      building = false;
      await probes;
    }
    const took = performance.now() - start;
    const growth = (await peakRss(server.child.pid)) - before;
    console.log(
      `  index of ${SKILLS} skills of ${FILE_MIB} MiB: ${
        took.toFixed(0)
      } ms, peak RSS grew ${(growth / MIB).toFixed(0)} MiB (budget ${
        MAX_PACKED_BYTES / MIB
      } MiB), slowest other request ${slowest.toFixed(0)} ms`,
    );
    assert.equal(index.skills.length, SKILLS);
    // The packed artifacts kept stay within the budget; the rest is one
    // skill's files and artifact at a time and the garbage V8 lets pile up
    // before it collects.
    assert.ok(
      growth < MAX_PACKED_BYTES + 192 * MIB,
      `peak RSS grew ${growth} bytes`,
    );
    assert.ok(slowest < 2_000, `a request waited ${slowest} ms`);

    // An artifact packed first (evicted since) is packed again, identical.
    const first = index.skills[0]!;
    const artifact = await fetch(
      `${origin}/.well-known/agent-skills/${first.url}`,
      { signal: AbortSignal.timeout(60_000) },
    );
    assert.equal(artifact.status, 200);
    const bytes = new Uint8Array(await artifact.arrayBuffer());
    assert.equal(sha256Digest(bytes), first.digest);
    assert.ok(bytes.length > FILE_MIB * MIB);
  } finally {
    server.child.kill();
    await server.child.stdout.cancel();
    await server.child.status;
  }
}

Deno.test({
  name:
    "mcp --http (-P=cli) builds its well-known index one skill at a time, within a byte budget, answering other requests meanwhile",
  ignore: Deno.build.os !== "linux",
  fn: () => indexRun(["-P=cli"]),
});

Deno.test({
  name:
    "mcp --http (-A) builds its well-known index one skill at a time, within a byte budget, answering other requests meanwhile",
  ignore: Deno.build.os !== "linux",
  fn: () => indexRun(["-A"]),
});
