// Copyright 2026 the skillscope authors. MIT license.
// Every command that opens a skill set (mcp, catalog, read, search, …) with
// one --client serves what that agent loads, as list --client shows it: the
// agent's names (Claude Code names a skill by its folder), its refusals
// (Codex and a byte-order mark) and what it keeps from the model. The real
// CLI as a subprocess, over stdio for MCP, under a temporary HOME.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type CliRun, machine, runCli, writeTree } from "./_helpers.ts";
import { UNSET } from "./_cli_user.ts";
import { INITIALIZE } from "./_mcp.ts";

async function setup(): Promise<
  { home: string; cwd: string } & AsyncDisposable
> {
  const m = await machine();
  await writeTree(m.home, {
    ".claude/skills/folder-name/SKILL.md":
      "---\nname: front-name\ndescription: Named twice.\n---\n# Body\n",
    ".claude/skills/quiet/SKILL.md":
      '---\nname: quiet\ndescription: Kept from the model.\ndisable-model-invocation: "true"\n---\n',
    ".codex/skills/bom/SKILL.md":
      "\uFEFF---\nname: bom\ndescription: A BOM skill.\n---\n",
    ".codex/skills/fine/SKILL.md": "---\nname: fine\ndescription: Fine.\n---\n",
  });
  return m;
}

function cli(
  m: { home: string; cwd: string },
  args: string[],
  stdin?: string,
): Promise<CliRun> {
  return runCli(args, {
    cwd: m.cwd,
    env: { ...UNSET, HOME: m.home },
    permissions: ["-P=cli"],
    ...(stdin === undefined ? {} : { stdin }),
    signal: AbortSignal.timeout(120_000),
  });
}

Deno.test("mcp --client serves the agent's view over stdio: Claude Code's folder names and what it keeps from the model, Codex without the file it refuses", async () => {
  await using m = await setup();
  const lines = [
    INITIALIZE,
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "skills_list", arguments: {} },
    }),
  ].join("\n") + "\n";
  const listed = async (client: string): Promise<string> => {
    const run = await cli(m, ["mcp", "--client", client, "--no-watch"], lines);
    assert.equal(run.code, 0, run.stderr);
    const reply = run.stdout.split("\n").filter((l) => l !== "")
      .map((l) => JSON.parse(l)).find((r) => r.id === 1);
    return JSON.stringify(reply.result);
  };
  const claude = await listed("claude");
  assert.match(claude, /folder-name/);
  assert.doesNotMatch(claude, /front-name/);
  assert.doesNotMatch(claude, /quiet/);
  const codex = await listed("codex");
  assert.match(codex, /fine/);
  assert.doesNotMatch(codex, /bom/);
});

Deno.test("catalog and read with one --client answer from the agent's view, as list --client does", async () => {
  await using m = await setup();
  const catalog = await cli(m, ["catalog", "--client", "claude"]);
  assert.equal(catalog.code, 0, catalog.stderr);
  assert.match(catalog.stdout, /<name>folder-name<\/name>/);
  assert.doesNotMatch(catalog.stdout, /quiet|front-name/);
  const read = await cli(m, ["read", "folder-name", "--client", "claude"]);
  assert.equal(read.code, 0, read.stderr);
  assert.match(read.stdout, /# Body/);
  const refused = await cli(m, ["read", "bom", "--client", "codex"]);
  assert.notEqual(refused.code, 0);
  // Without --client the discovery's own names stand.
  const plain = await cli(m, [
    "read",
    "front-name",
    "--root",
    join(m.home, ".claude/skills"),
  ]);
  assert.equal(plain.code, 0, plain.stderr);
});
