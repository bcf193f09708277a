// Copyright 2026 the skillscope authors. MIT license.
// The peer scenario "a single-character name such as 1": a skill whose
// directory is `1` and whose frontmatter says `name: 1`. The reference
// validator (skills-ref, whose strictyaml reads every scalar as text) reads
// the name "1" and accepts it; so does skillscope, end to end — validate
// (strict), list, read, catalog, install from a directory and from git, and
// the MCP listing — with only a lenient warning that clients typing YAML
// values would read a number.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { readLock } from "../src/install/mod.ts";
import {
  currentDenoDir,
  runCli,
  skillMd,
  tempDir,
  writeTree,
} from "./_helpers.ts";
import { gitRepo } from "./_git.ts";
import { mcpArgs } from "./_mcp.ts";

const TREE = {
  "1/SKILL.md": skillMd("name: 1\ndescription: The one", "# One\n"),
  "a/SKILL.md": skillMd('name: "a"\ndescription: The letter', "# A\n"),
};

Deno.test("a skill named 1 (name: 1) validates strictly, lists, reads and is in the catalog", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, TREE);
  const strict = await runCli(["validate", tmp.path, "--json"]);
  assert.equal(strict.code, 0, strict.stdout + strict.stderr);
  assert.deepEqual(
    JSON.parse(strict.stdout).map((r: { valid: boolean }) => r.valid),
    [true, true],
  );
  const lenient = await runCli([
    "validate",
    join(tmp.path, "1"),
    "--lenient",
    "--json",
  ]);
  assert.equal(lenient.code, 0, lenient.stdout + lenient.stderr);
  assert.deepEqual(
    JSON.parse(lenient.stdout)[0].diagnostics.map((
      d: { code: string; level: string },
    ) => [d.code, d.level]),
    [["name-not-string", "warning"]],
  );

  const list = await runCli(["list", "--json", "--root", tmp.path]);
  assert.equal(list.code, 0, list.stderr);
  const listed = JSON.parse(list.stdout);
  assert.deepEqual(
    listed.skills.map((s: { name: string; frontmatter: { name: unknown } }) => [
      s.name,
      s.frontmatter.name,
    ]),
    [["1", "1"], ["a", "a"]],
  );
  const read = await runCli(["read", "1", "--root", tmp.path]);
  assert.equal(read.code, 0, read.stderr);
  assert.equal(read.stdout, "# One\n");
  const readJson = await runCli(["read", "1", "--json", "--root", tmp.path]);
  assert.equal(JSON.parse(readJson.stdout).name, "1");
  const catalog = await runCli(["catalog", "--root", tmp.path]);
  assert.equal(catalog.code, 0, catalog.stderr);
  assert.match(catalog.stdout, /<name>1<\/name><description>The one</);
  const json = await runCli([
    "catalog",
    "--format",
    "json",
    "--root",
    tmp.path,
  ]);
  assert.deepEqual(
    JSON.parse(json.stdout).skills.map((s: { name: string }) => s.name),
    ["1", "a"],
  );
});

Deno.test("install takes a skill named 1 from a directory and from a git repository", async () => {
  await using tmp = await tempDir();
  await writeTree(join(tmp.path, "src"), TREE);
  const local = join(tmp.path, "local");
  const fromDir = await runCli(
    ["install", join(tmp.path, "src"), "--skill", "1", "--dir", local],
    { permissions: ["-A"] },
  );
  assert.equal(fromDir.code, 0, fromDir.stderr);
  assert.deepEqual(Object.keys(readLock(local).skills), ["1"]);
  assert.match(
    await Deno.readTextFile(join(local, "1/SKILL.md")),
    /^---\nname: 1\n/,
  );

  const repo = join(tmp.path, "repo");
  await gitRepo(repo, { "skills/1/SKILL.md": TREE["1/SKILL.md"] });
  const fromGit = join(tmp.path, "git");
  const run = await runCli(
    ["install", `file://${repo}#:skills/1`, "--dir", fromGit],
    { permissions: ["-A"] },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(readLock(fromGit).skills["1"]?.kind, "git");
  const verify = await runCli(["verify", "--dir", fromGit], {
    permissions: ["-A"],
  });
  assert.equal(verify.code, 0, verify.stdout + verify.stderr);
});

/** Any result, unchecked: the answer is compared as sent. */
const ANY = {
  "~standard": {
    version: 1 as const,
    vendor: "test",
    validate: (value: unknown) => ({ value }),
  },
};

Deno.test("skillscope mcp lists and reads a skill named 1", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, TREE);
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: mcpArgs(tmp.path),
    env: { ...Deno.env.toObject(), DENO_DIR: await currentDenoDir() },
    stderr: "pipe",
  });
  const client = new Client({ name: "peer-name", version: "1.0.0" });
  await client.connect(transport);
  try {
    const listed = await client.request(
      { method: "skills/list", params: {} },
      ANY,
      { timeout: 30_000 },
    ) as { skills: { uri: string; frontmatter: { name: unknown } }[] };
    assert.deepEqual(
      listed.skills.map((s) => [s.uri, s.frontmatter.name]),
      [["skill://1/SKILL.md", "1"], ["skill://a/SKILL.md", "a"]],
    );
    const read = await client.callTool({
      name: "skills_read",
      arguments: { name: "1" },
    });
    assert.match(JSON.stringify(read.content), /# One/);
  } finally {
    await client.close();
  }
});
