// Copyright 2026 the skillscope authors. MIT license.
// An installed skill reaches the agent in use: run as the real CLI with its
// own permission set under a temporary HOME holding ~/.claude (so Claude
// Code, which never reads .agents/skills, is detected), every install path
// (a single-skill source, --skill, --all, --yes) also lands where Claude
// Code reads, the output says which agents see the skill, a machine with no
// agent found gets a warning, and --client and --dir keep meaning exactly
// what they say. Backups made by --force are kept to the newest three.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type CliRun, tempDir, writeSkill } from "./_helpers.ts";
import { gitRepo } from "./_git.ts";
import { cliAs, exists, UNSET } from "./_cli_user.ts";

interface Machine extends AsyncDisposable {
  root: string;
  home: string;
  /** A single-skill source, `pdf`. */
  single: string;
  /** A folder of two skills, `alpha` and `beta`. */
  collection: string;
  env: Record<string, string>;
}

async function machine(agents: readonly string[]): Promise<Machine> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  await Deno.mkdir(home);
  for (const agent of agents) await Deno.mkdir(join(home, agent));
  const single = join(tmp.path, "sources", "pdf");
  await writeSkill(join(tmp.path, "sources"), "pdf");
  const collection = join(tmp.path, "collection");
  for (const name of ["alpha", "beta"]) await writeSkill(collection, name);
  return {
    root: tmp.path,
    home,
    single,
    collection,
    env: { ...UNSET, HOME: home },
    [Symbol.asyncDispose]: tmp[Symbol.asyncDispose],
  };
}

/** A new git project beside the machine's HOME. */
async function project(m: Machine, name: string): Promise<string> {
  const dir = join(m.root, name);
  await gitRepo(dir, { "README.md": `# ${name}\n` });
  return dir;
}

function cli(m: Machine, args: string[], cwd: string): Promise<CliRun> {
  return cliAs(m.env, args, cwd);
}

/** The agents `list --client claude --json` says see `name`. */
async function seenByClaude(
  m: Machine,
  cwd: string,
  name: string,
): Promise<string[] | undefined> {
  const list = await cli(m, ["list", "--client", "claude", "--json"], cwd);
  assert.equal(list.code, 0, list.stderr);
  const skills: { name: string; agents: string[] }[] =
    JSON.parse(list.stdout).skills;
  return skills.find((s) => s.name === name)?.agents;
}

Deno.test("a single-skill source installed where Claude Code is the agent in use lands in .claude/skills too, and the output says Claude Code sees it", async () => {
  await using m = await machine([".claude"]);
  const cwd = await project(m, "single");
  const run = await cli(m, ["install", m.single], cwd);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(await exists(join(cwd, ".agents/skills/pdf/SKILL.md")));
  assert.ok(await exists(join(cwd, ".claude/skills/pdf/SKILL.md")));
  assert.match(run.stdout, /also in: .*\.claude\/skills\/pdf/);
  assert.match(run.stdout, /seen by: Claude Code\n/);
  assert.doesNotMatch(run.stderr, /No agent found/);
  assert.match(run.stderr, /skillscope list --client claude"/);
  assert.deepEqual(await seenByClaude(m, cwd, "pdf"), ["claude"]);
  // The JSON result names the agents too.
  const again = await cli(m, ["install", m.single, "--json"], cwd);
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(JSON.parse(again.stdout).agents, ["claude"]);
});

Deno.test("--skill, --all and --yes (of a collection and of one skill) each reach Claude Code", async () => {
  await using m = await machine([".claude"]);
  const forms: [string, string[], string[]][] = [
    ["skill", [m.collection, "--skill", "beta"], ["beta"]],
    ["all", [m.collection, "--all"], ["alpha", "beta"]],
    ["yes", [m.collection, "--yes"], ["alpha", "beta"]],
    ["yes-single", [m.single, "-y"], ["pdf"]],
  ];
  for (const [name, args, skills] of forms) {
    const cwd = await project(m, name);
    const run = await cli(m, ["install", ...args], cwd);
    assert.equal(run.code, 0, `${name}: ${run.stderr}`);
    for (const skill of skills) {
      assert.ok(
        await exists(join(cwd, ".claude/skills", skill, "SKILL.md")),
        `${name}: ${skill} not in .claude/skills`,
      );
      assert.deepEqual(await seenByClaude(m, cwd, skill), ["claude"], name);
    }
    assert.equal(
      run.stdout.match(/seen by: Claude Code\n/g)?.length,
      skills.length,
      name,
    );
  }
  // Outside a repository the user's scope: ~/.claude/skills.
  const elsewhere = join(m.root, "elsewhere");
  await Deno.mkdir(elsewhere);
  const global = await cli(m, ["install", m.single], elsewhere);
  assert.equal(global.code, 0, global.stderr);
  assert.ok(await exists(join(m.home, ".claude/skills/pdf/SKILL.md")));
  assert.deepEqual(await seenByClaude(m, elsewhere, "pdf"), ["claude"]);
});

Deno.test("with no agent found on the machine the skill goes to .agents/skills only, and stderr warns that no agent will see it", async () => {
  await using m = await machine([]);
  const cwd = await project(m, "bare");
  const run = await cli(m, ["install", m.single], cwd);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(await exists(join(cwd, ".agents/skills/pdf/SKILL.md")));
  assert.equal(await exists(join(cwd, ".claude")), false);
  assert.doesNotMatch(run.stdout, /seen by/);
  assert.match(
    run.stderr,
    /warning: No agent found on this machine reads .*\.agents\/skills, so none will see "pdf": pass --client NAME/,
  );
});

Deno.test("a detected agent that reads .agents/skills gets no second copy; --client and --dir keep meaning what they say", async () => {
  await using m = await machine([".claude", ".codex"]);
  const cwd = await project(m, "both");
  const run = await cli(m, ["install", m.single], cwd);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /seen by: Claude Code, Codex\n/);
  assert.equal(await exists(join(cwd, ".codex")), false);
  assert.ok(await exists(join(cwd, ".claude/skills/pdf")));

  const client = await project(m, "client");
  const codex = await cli(
    m,
    ["install", m.single, "--client", "codex"],
    client,
  );
  assert.equal(codex.code, 0, codex.stderr);
  assert.equal(await exists(join(client, ".claude")), false);
  assert.match(codex.stdout, /seen by: Codex\n/);

  const dir = join(m.root, "plain-dir");
  const plain = await cli(m, ["install", m.single, "--dir", dir], client);
  assert.equal(plain.code, 0, plain.stderr);
  assert.deepEqual(
    [...Deno.readDirSync(dir)].map((e) => e.name).sort(),
    ["pdf", "skills.lock"],
  );
  // A --dir is where it was asked to be: no agent reads it, and no warning.
  assert.doesNotMatch(plain.stdout, /seen by/);
  assert.doesNotMatch(plain.stderr, /No agent found/);
});

Deno.test("install --force keeps the newest 3 backups of a skill, says where each is, and leaves another skill's backups alone", async () => {
  await using m = await machine([]);
  const cwd = await project(m, "backups");
  const skills = join(cwd, ".agents/skills");
  assert.equal((await cli(m, ["install", m.single], cwd)).code, 0);
  const other = join(
    skills,
    ".skillscope-backup-pdf-tools-2020-01-01T00-00-00-000Z",
  );
  await Deno.mkdir(other);
  const said: string[] = [];
  for (let i = 0; i < 5; i++) {
    await Deno.writeTextFile(join(skills, "pdf", "notes.md"), `edit ${i}\n`);
    const run = await cli(m, ["install", m.single, "--force"], cwd);
    assert.equal(run.code, 0, run.stderr);
    const where = run.stdout.match(
      /kept in (\S+) \(the newest 3 backups of a skill are kept\)/,
    );
    assert.ok(where, run.stdout);
    assert.ok(await exists(join(where[1]!, "notes.md")));
    said.push(where[1]!);
  }
  const left = [...Deno.readDirSync(skills)]
    .map((e) => join(skills, e.name))
    .filter((p) => p.includes(".skillscope-backup-pdf-2"))
    .sort();
  assert.deepEqual(left, said.slice(-3).sort());
  assert.equal(
    await Deno.readTextFile(join(said.at(-1)!, "notes.md")),
    "edit 4\n",
  );
  assert.ok(await exists(other));
});

Deno.test("install says when an agent's measured rules refuse what it put in that agent's root: Codex and a SKILL.md with a byte-order mark is not 'seen by', but a warning naming the rule", async () => {
  await using m = await machine([".codex", ".claude"]);
  const bom = join(m.root, "sources", "bom");
  await Deno.mkdir(bom, { recursive: true });
  await Deno.writeTextFile(
    join(bom, "SKILL.md"),
    "\uFEFF---\nname: bom\ndescription: A BOM skill.\n---\n",
  );
  const run = await cli(m, [
    "install",
    bom,
    "--client",
    "codex",
    "--client",
    "claude",
    "--global",
  ], m.root);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /seen by: Claude Code\n/);
  assert.doesNotMatch(run.stdout, /Codex/);
  assert.match(
    run.stderr,
    /warning: Codex will not load "bom": its SKILL\.md starts with a byte order mark \(rule rejectsBom; Codex 0\.169\.0 binary/,
  );
  const json = await cli(m, [
    "install",
    bom,
    "--client",
    "codex",
    "--global",
    "--force",
    "--json",
  ], m.root);
  // Claude Code still reads the copy the first install put in its root.
  assert.deepEqual(JSON.parse(json.stdout).agents, ["claude"]);
});
