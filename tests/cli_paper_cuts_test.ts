// Copyright 2026 the skillscope authors. MIT license.
// Small things a first hour runs into, on the real CLI: publish -q, a skill
// asked for by its own URI over MCP, what a failed connection says (on
// stderr and in --json), and git's helpers after a SIGTERM.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { currentDenoDir, runCli, tempDir } from "./_helpers.ts";
import { FIXTURES, mcpArgs } from "./_mcp.ts";
import { indexText, serveSite, skillText } from "./web_site.ts";
import { sha256Digest } from "../src/web/digest.ts";
import { AGENT_SKILLS_INDEX } from "../src/web/index_client.ts";
import {
  gone,
  place,
  processesWith,
  stalledRemote,
  startCli,
} from "./_interrupt.ts";

/** A loopback port nothing listens on: opened, then closed. */
function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/** A loopback server that answers a TLS handshake with plain HTTP. */
function plainTextOnTls(): { port: number } & AsyncDisposable {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const serving = (async () => {
    for await (const conn of listener) {
      await conn.read(new Uint8Array(512)).catch(() => null);
      await conn.write(new TextEncoder().encode("HTTP/1.1 200 OK\r\n\r\n"))
        .catch(() => 0);
      conn.close();
    }
  })().catch(() => {});
  return {
    port: listener.addr.port,
    async [Symbol.asyncDispose](): Promise<void> {
      listener.close();
      await serving;
    },
  };
}

Deno.test("publish -q prints neither the table nor the summary, only errors", async () => {
  await using dir = await tempDir();
  const options = {
    permissions: ["-P=cli"],
    cwd: dir.path,
    env: { HOME: dir.path },
    signal: AbortSignal.timeout(60_000),
  };
  const loud = await runCli(
    ["publish", FIXTURES, "--out", join(dir.path, "loud")],
    options,
  );
  assert.equal(loud.code, 0, loud.stderr);
  assert.match(loud.stdout, /^NAME +TYPE +DIGEST/);
  for (const flag of ["-q", "--quiet"]) {
    const quiet = await runCli(
      ["publish", FIXTURES, "--out", join(dir.path, flag), flag],
      options,
    );
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stdout, "", flag);
    assert.equal(quiet.stderr, "", flag);
  }
  // A skill left out is still said under -q (an error), and only that.
  await Deno.mkdir(join(dir.path, "src", "broken"), { recursive: true });
  await Deno.writeTextFile(
    join(dir.path, "src", "broken", "SKILL.md"),
    "---\nname: [\n---\n",
  );
  await Deno.mkdir(join(dir.path, "src", "fine"), { recursive: true });
  await Deno.writeTextFile(
    join(dir.path, "src", "fine", "SKILL.md"),
    skillText("fine"),
  );
  const failed = await runCli(
    ["publish", join(dir.path, "src"), "--out", join(dir.path, "f"), "-q"],
    options,
  );
  assert.equal(failed.code, 1, failed.stderr);
  assert.equal(failed.stdout, "");
  assert.match(failed.stderr, /error/);
  assert.doesNotMatch(failed.stderr, /Published|DIGEST/);
});

/** Any result, unchecked: the answer is compared as sent. */
const ANY = {
  "~standard": {
    version: 1 as const,
    vendor: "test",
    validate: (value: unknown) => ({ value }),
  },
};

Deno.test("skills/get answers a skill's own URI skill://NAME with the entry skills/list gives, on skillscope mcp", async () => {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: mcpArgs(FIXTURES),
    env: { ...Deno.env.toObject(), DENO_DIR: await currentDenoDir() },
    stderr: "pipe",
  });
  const client = new Client({ name: "paper-cuts", version: "1.0.0" });
  await client.connect(transport);
  try {
    const get = async (uri: string): Promise<unknown> =>
      (await client.request(
        { method: "skills/get", params: { uri } },
        ANY,
        { timeout: 30_000 },
      ) as { skill: unknown }).skill;
    const listed = (await client.request(
      { method: "skills/list", params: {} },
      ANY,
    ) as { skills: { uri: string }[] }).skills.find((s) =>
      s.uri === "skill://pdf-tools/SKILL.md"
    );
    assert.ok(listed !== undefined);
    assert.deepEqual(await get("skill://pdf-tools/SKILL.md"), listed);
    // The skill's own URI (its skill path), with or without the slash.
    assert.deepEqual(await get("skill://pdf-tools"), listed);
    assert.deepEqual(await get("skill://pdf-tools/"), listed);
    // Not a skill: an unknown name, or a file or folder inside one.
    for (
      const uri of [
        "skill://nope",
        "skill://pdf-tools/scripts",
        "skill://pdf-tools/scripts/extract_text.py",
      ]
    ) {
      await assert.rejects(get(uri), (error: unknown) => {
        assert.equal((error as { code?: number }).code, -32602, uri);
        assert.match((error as Error).message, /skills\/list/);
        return true;
      });
    }
  } finally {
    await client.close();
  }
});

Deno.test("a refused connection names the cause and the host in install, list and read --json from a website, and for git", async () => {
  await using dir = await tempDir();
  const port = closedPort();
  const origin = `http://127.0.0.1:${port}`;
  const refused = `connection refused by "127.0.0.1:${port}"`;
  const options = {
    permissions: ["-P=cli"],
    cwd: dir.path,
    env: { HOME: dir.path },
    signal: AbortSignal.timeout(60_000),
  };
  for (
    const args of [
      ["install", origin, "--skill", "demo", "--dir", join(dir.path, "s")],
      ["list", origin],
      ["list", "--root", origin],
    ]
  ) {
    const run = await runCli(args, options);
    assert.equal(run.code, 1, run.stderr);
    assert.ok(run.stderr.includes(refused), `${args.join(" ")}: ${run.stderr}`);
    assert.doesNotMatch(run.stderr, /fetch failed/i);
  }
  // read --json: the site's failure is in the JSON, not only on stderr.
  const read = await runCli(
    ["read", "demo", "--root", origin, "--json"],
    options,
  );
  assert.equal(read.code, 1, read.stderr);
  const error = JSON.parse(read.stdout).error;
  assert.equal(error.code, "remote-source-failed");
  assert.ok(error.message.includes(refused), error.message);
  // git: the same words before what curl said.
  const git = await runCli(
    ["install", `${origin}/repo.git`, "--dir", join(dir.path, "g")],
    options,
  );
  assert.equal(git.code, 1, git.stderr);
  assert.ok(
    git.stderr.includes(`git fetch failed (exit 128): ${refused}`),
    git.stderr,
  );
});

Deno.test("read --json of a skill whose site stops answering carries the cause and the host in its JSON error", async () => {
  await using dir = await tempDir();
  const port = closedPort();
  const bytes = new TextEncoder().encode(skillText("demo"));
  await using site = serveSite({
    [AGENT_SKILLS_INDEX]: indexText([{
      name: "demo",
      type: "skill-md",
      description: "The demo skill",
      url: `http://127.0.0.1:${port}/demo/SKILL.md`,
      digest: sha256Digest(bytes),
    }]),
  });
  const run = await runCli(["read", "demo", "--root", site.origin, "--json"], {
    permissions: ["-P=cli"],
    cwd: dir.path,
    env: { HOME: dir.path },
    signal: AbortSignal.timeout(60_000),
  });
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stderr, "");
  const error = JSON.parse(run.stdout).error;
  assert.ok(
    error.message.includes(`connection refused by "127.0.0.1:${port}"`),
    error.message,
  );
});

Deno.test("a failed TLS handshake and a name that does not resolve are said as such, naming the host", async () => {
  await using dir = await tempDir();
  await using tls = plainTextOnTls();
  const options = {
    cwd: dir.path,
    env: { HOME: dir.path },
    signal: AbortSignal.timeout(60_000),
  };
  const handshake = await runCli(
    ["list", "--root", `https://127.0.0.1:${tls.port}`],
    { ...options, permissions: ["-P=cli"] },
  );
  assert.equal(handshake.code, 1, handshake.stderr);
  assert.ok(
    handshake.stderr.includes(
      `the TLS handshake with "127.0.0.1:${tls.port}" failed (`,
    ),
    handshake.stderr,
  );
  const dns = await runCli(["list", "--root", "https://name.invalid"], {
    ...options,
    permissions: ["--allow-read", "--allow-env", "--allow-net=name.invalid"],
  });
  assert.equal(dns.code, 1, dns.stderr);
  assert.ok(
    dns.stderr.includes(
      'failed: the host name "name.invalid" does not resolve (DNS)',
    ),
    dns.stderr,
  );
});

for (
  const [what, permissions] of [
    ["the CLI's own permissions (--allow-run=git)", ["-P=cli"]],
    ["--allow-run", ["-P=cli", "--allow-run"]],
  ] as const
) {
  Deno.test({
    name:
      `SIGTERM to skillscope alone while git fetches ends git and its transport helper before it exits, with ${what}`,
    ignore: Deno.build.os !== "linux",
    async fn(): Promise<void> {
      await using p = await place();
      await using remote = stalledRemote();
      const dir = join(p.root, "skills");
      const child = await startCli(p, ["install", remote.url, "--dir", dir], {
        permissions: [...permissions],
        detached: true,
      });
      await remote.asked;
      // git and its helper (git-remote-http) are both talking to the remote.
      const before = await processesWith(remote.url);
      assert.ok(
        before.some((line) => /remote-https?/.test(line)),
        before.join("\n"),
      );
      child.kill("SIGTERM");
      const { code, stderr } = await child.output();
      assert.equal(code, 130, new TextDecoder().decode(stderr));
      // Gone at once, not after git's own low-speed limit (20 s).
      assert.deepEqual(await gone(remote.url, 3_000), []);
    },
  });
}
