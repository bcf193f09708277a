// Copyright 2026 the skillscope authors. MIT license.
// Where an agent may not follow a symlinked directory, install puts a real
// copy: run as the real CLI under a temporary HOME holding ~/.claude (so
// Claude Code, not known to follow a symlinked directory, is detected), in
// a git project. install, list --client claude and doctor agree that Claude
// Code sees the skill; update, restore and remove handle the copy. Also: a
// plain install of a skill another lock of the scope holds is refused, a
// missing SOURCE gets examples, and remove --force of an unlocked symlinked
// skill directory removes only the link.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type CliRun, tempDir, writeSkill } from "./_helpers.ts";
import { gitRepo } from "./_git.ts";
import { cliAs, exists, UNSET } from "./_cli_user.ts";

interface Machine extends AsyncDisposable {
  home: string;
  /** A git project beside HOME. */
  project: string;
  /** A folder of three skills, `alpha`, `beta` and `gamma`. */
  collection: string;
  env: Record<string, string>;
}

async function machine(): Promise<Machine> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  await Deno.mkdir(join(home, ".claude"), { recursive: true });
  const collection = join(tmp.path, "collection");
  for (const name of ["alpha", "beta", "gamma"]) {
    await writeSkill(collection, name);
  }
  const project = join(tmp.path, "project");
  await gitRepo(project, { "README.md": "# project\n" });
  return {
    home,
    project,
    collection,
    env: { ...UNSET, HOME: home },
    [Symbol.asyncDispose]: tmp[Symbol.asyncDispose],
  };
}

function cli(m: Machine, args: string[]): Promise<CliRun> {
  return cliAs(m.env, args, m.project);
}

async function isSymlink(path: string): Promise<boolean> {
  return (await Deno.lstat(path).catch(() => undefined))?.isSymlink === true;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await Deno.lstat(path).catch(() => undefined))?.isDirectory === true;
}

/** What `doctor NAME --json` says of Claude Code. */
async function claudeSees(m: Machine, name: string): Promise<string> {
  const doctor = await cli(m, ["doctor", name, "--json"]);
  const report: { clients: { client: string; sees: string }[] } = JSON.parse(
    doctor.stdout,
  );
  return report.clients.find((c) => c.client === "claude")?.sees ?? "absent";
}

/** The agents `list --client claude --json` says see `name`. */
async function listedFor(m: Machine, name: string): Promise<string[]> {
  const list = await cli(m, ["list", "--client", "claude", "--json"]);
  assert.equal(list.code, 0, list.stderr);
  const skills: { name: string; agents: string[] }[] =
    JSON.parse(list.stdout).skills;
  return skills.find((s) => s.name === name)?.agents ?? [];
}

Deno.test("install --yes puts a real copy in .claude/skills; install, list --client claude and doctor agree Claude Code sees it; update, restore and remove handle the copy", async () => {
  await using m = await machine();
  const install = await cli(m, ["install", m.collection, "--yes"]);
  assert.equal(install.code, 0, install.stderr);
  const claude = join(m.project, ".claude/skills");
  const shared = join(m.project, ".agents/skills");
  for (const name of ["alpha", "beta", "gamma"]) {
    assert.ok(await isDirectory(join(claude, name)), name);
    assert.ok(!await isSymlink(join(claude, name)), name);
  }
  const lock = JSON.parse(
    await Deno.readTextFile(join(shared, "skills.lock")),
  );
  assert.deepEqual(lock.skills.alpha.targets, [
    { dir: "../../.claude/skills", copy: true },
  ]);
  assert.match(
    install.stdout,
    /alpha[^\n]*\n {2}also in: [^\n]*\n {2}seen by: Claude Code\n/,
  );
  assert.deepEqual(await listedFor(m, "alpha"), ["claude"]);
  assert.equal(await claudeSees(m, "alpha"), "yes");
  const doctor = await cli(m, ["doctor", "alpha"]);
  assert.match(doctor.stdout, /\nClaude Code +yes +sees /);

  // A change of the source reaches the copy with update.
  await writeSkill(m.collection, "alpha", { body: "# Changed upstream\n" });
  const update = await cli(m, ["update", "alpha"]);
  assert.equal(update.code, 0, update.stderr);
  assert.match(update.stdout, /Updated alpha: /);
  assert.match(
    await Deno.readTextFile(join(claude, "alpha/SKILL.md")),
    /# Changed upstream/,
  );
  const verify = await cli(m, ["verify"]);
  assert.equal(verify.code, 0, verify.stdout + verify.stderr);

  // A lost copy comes back with restore, as a copy.
  await Deno.remove(join(claude, "beta"), { recursive: true });
  const restore = await cli(m, ["restore"]);
  assert.equal(restore.code, 0, restore.stderr);
  assert.ok(await isDirectory(join(claude, "beta")));
  assert.ok(await exists(join(claude, "beta/SKILL.md")));

  // remove takes the copy with the skill.
  const remove = await cli(m, ["remove", "alpha"]);
  assert.equal(remove.code, 0, remove.stderr);
  assert.match(remove.stdout, /and from: .*\.claude\/skills\/alpha\n/);
  assert.equal(await exists(join(claude, "alpha")), false);
  assert.equal(await exists(join(shared, "alpha")), false);
});

Deno.test("several --client: the directory Claude Code reads gets a copy, one an agent surely follows gets a symlink, --copy copies everywhere", async () => {
  await using m = await machine();
  const claude = join(m.project, ".claude/skills");
  const codex = join(m.project, ".codex/skills");
  const first = await cli(m, [
    "install",
    join(m.collection, "alpha"),
    "--client",
    "codex",
    "--client",
    "claude",
  ]);
  assert.equal(first.code, 0, first.stderr);
  assert.ok(await isDirectory(join(claude, "alpha")));
  assert.match(first.stdout, /seen by: Claude Code, Codex\n/);
  assert.equal(await claudeSees(m, "alpha"), "yes");

  const second = await cli(m, [
    "install",
    join(m.collection, "beta"),
    "--client",
    "claude",
    "--client",
    "codex",
  ]);
  assert.equal(second.code, 0, second.stderr);
  assert.ok(await isDirectory(join(claude, "beta")));
  assert.ok(await isSymlink(join(codex, "beta")));

  const copied = await cli(m, [
    "install",
    join(m.collection, "gamma"),
    "--client",
    "claude",
    "--client",
    "codex",
    "--copy",
  ]);
  assert.equal(copied.code, 0, copied.stderr);
  assert.ok(await isDirectory(join(codex, "gamma")));
});

Deno.test("a plain install of a skill another lock of the scope holds is refused with the install that adds the agent, unless --force", async () => {
  await using m = await machine();
  const codex = await cli(m, [
    "install",
    m.collection,
    "--skill",
    "gamma",
    "--client",
    "codex",
  ]);
  assert.equal(codex.code, 0, codex.stderr);
  const plain = await cli(m, ["install", m.collection, "--skill", "gamma"]);
  assert.notEqual(plain.code, 0);
  assert.match(
    plain.stderr,
    /"gamma" is already installed in "[^"]*\.codex\/skills" \(project\)/,
  );
  const advice =
    `skillscope install ${m.collection} --skill gamma --client codex --client claude`;
  assert.ok(plain.stderr.includes(advice), plain.stderr);
  assert.match(plain.stderr, /--force/);
  // Nothing was written for the refused install.
  assert.equal(await exists(join(m.project, ".agents/skills/gamma")), false);
  assert.equal(await exists(join(m.project, ".claude/skills/gamma")), false);

  // The advice adds Claude Code to the one lock: remove finds one place.
  const added = await cli(m, advice.split(" ").slice(1));
  assert.equal(added.code, 0, added.stderr);
  assert.match(added.stdout, /seen by: Claude Code, Codex\n/);
  const removed = await cli(m, ["remove", "gamma"]);
  assert.equal(removed.code, 0, removed.stderr);

  // --force installs the second copy as asked.
  await cli(m, [
    "install",
    m.collection,
    "--skill",
    "gamma",
    "--client",
    "codex",
  ]);
  const forced = await cli(m, [
    "install",
    m.collection,
    "--skill",
    "gamma",
    "--force",
  ]);
  assert.equal(forced.code, 0, forced.stderr);
  assert.ok(await exists(join(m.project, ".agents/skills/gamma/SKILL.md")));
});

Deno.test("install without SOURCE shows examples of a path, owner/repo and a URL", async () => {
  await using m = await machine();
  const run = await cli(m, ["install"]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /Expected 1 argument, got 0\n/);
  assert.match(run.stderr, /skillscope install \.\/[^\n]*\n/);
  assert.match(run.stderr, /skillscope install owner\/repo\n/);
  assert.match(run.stderr, /skillscope install https:\/\/github\.com\//);
  assert.match(run.stderr, /skillscope install --help/);
});

Deno.test("remove --force of an unlocked symlinked skill directory (made by init) removes the link and names where the directory still is", async () => {
  await using m = await machine();
  const init = await cli(m, ["init", "notes"]);
  assert.equal(init.code, 0, init.stderr);
  const link = join(m.project, ".agents/skills/notes");
  const real = join(m.project, ".claude/skills/notes");
  assert.ok(await isSymlink(link));
  const run = await cli(m, ["remove", "notes", "--force"]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(await exists(link), false);
  assert.ok(await exists(join(real, "SKILL.md")));
  assert.match(
    run.stdout,
    /^Removed the symlink notes from .*\.agents\/skills \(project\); the directory it led to is still at .*\.claude\/skills\/notes\n$/,
  );
  assert.doesNotMatch(run.stdout + run.stderr, /backup/);
  for await (const entry of Deno.readDir(join(m.project, ".agents/skills"))) {
    assert.ok(!entry.name.startsWith(".skillscope-backup-"), entry.name);
  }
});
