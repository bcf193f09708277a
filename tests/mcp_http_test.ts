// Copyright 2026 the skillscope authors. MIT license.
// `skillscope mcp --http`: where it may listen and whom it answers.
import assert from "node:assert/strict";
import { directorySource, SkillSet } from "../mod.ts";
import { mcpHttpHandler, McpTransportError, serveMcp } from "../src/mcp/mod.ts";
import { childEnv, FIXTURES, initializeRequest, mcpArgs } from "./_mcp.ts";

async function cli(
  args: string[],
  permissions: string[],
): Promise<{ code: number; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: mcpArgs(FIXTURES, ["--no-watch", ...args], permissions),
    env: await childEnv(),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("a non-loopback --http host is refused without --allow-remote", async () => {
  const { code, stderr } = await cli(["--http", "0.0.0.0:0"], ["--allow-net"]);
  assert.equal(code, 2);
  assert.match(stderr, /"0\.0\.0\.0", which is not a loopback address/);
  assert.match(stderr, /--allow-remote/);
});

Deno.test("--http without network permission names the flag to add", async () => {
  const { code, stderr } = await cli(["--http", "127.0.0.1:0"], []);
  assert.equal(code, 3);
  assert.match(stderr, /--allow-net=127\.0\.0\.1/);
});

Deno.test("a malformed --http value is a usage error", async () => {
  const { code, stderr } = await cli(["--http", "127.0.0.1:http"], []);
  assert.equal(code, 2);
  assert.match(stderr, /--http expects \[HOST:\]PORT/);
});

Deno.test("--http on a port already in use says so in one line and exits 1", async () => {
  using taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = taken.addr as Deno.NetAddr;
  const { code, stderr } = await cli(["--http", `127.0.0.1:${port}`], [
    "--allow-net=127.0.0.1",
  ]);
  assert.equal(code, 1);
  // The last line says why; no stack trace (the fixtures' warnings come first).
  assert.equal(
    stderr.trimEnd().split("\n").at(-1),
    `skillscope mcp: Cannot serve MCP on 127.0.0.1:${port}: the port is already in use; choose another port`,
  );
  assert.doesNotMatch(stderr, /Uncaught|EADDRINUSE|\n\s+at /);
});

Deno.test("serveMcp rejects with a transport-failed error naming the address when it cannot listen", async () => {
  using taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = taken.addr as Deno.NetAddr;
  const set = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
  const logged: string[] = [];
  await assert.rejects(
    () =>
      serveMcp(set, {
        watch: false,
        onLog: (message) => logged.push(message),
        transport: { http: { port } },
      }),
    (error: unknown) => {
      assert.ok(error instanceof McpTransportError);
      assert.equal(error.code, "transport-failed");
      assert.match(
        error.message,
        new RegExp(`127\\.0\\.0\\.1:${port}: the port is already in use`),
      );
      return true;
    },
  );
  assert.equal(logged.length, 1);
});

Deno.test("the HTTP handler answers 403 to a foreign Host or Origin (DNS rebinding) and serves loopback", async () => {
  const set = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
  const handler = mcpHttpHandler(set);
  const initialize = (headers: Record<string, string>): Request =>
    initializeRequest("http://127.0.0.1:8808/mcp", headers);
  try {
    const evilHost = await handler.fetch(
      initialize({ host: "attacker.example:8808" }),
    );
    assert.equal(evilHost.status, 403);
    await evilHost.body?.cancel();
    const evilOrigin = await handler.fetch(
      initialize({
        host: "127.0.0.1:8808",
        origin: "https://attacker.example",
      }),
    );
    assert.equal(evilOrigin.status, 403);
    await evilOrigin.body?.cancel();
    const ok = await handler.fetch(
      initialize({ host: "127.0.0.1:8808", origin: "http://localhost:3000" }),
    );
    assert.equal(ok.status, 200);
    assert.match(await ok.text(), /io\.modelcontextprotocol\/skills/);
  } finally {
    await handler.close();
  }
});
