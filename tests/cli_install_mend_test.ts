// Copyright 2026 the skillscope authors. MIT license.
// What a first run of install and the lockfile commands showed a new user,
// each behaviour checked on the real CLI in temporary directories with a
// temporary HOME and real git repositories.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type CliRun, runCli, tempDir, writeTree } from "./_helpers.ts";
import { gitRepo } from "./_git.ts";
import { cliAs, exists, UNSET } from "./_cli_user.ts";

interface Place extends AsyncDisposable {
  root: string;
  home: string;
  /** A git repository the commands run in. */
  project: string;
  /** A git repository with skills/alpha, skills/beta, skills/gamma-bad (no description). */
  src: string;
  url: string;
  env: Record<string, string>;
}

const skill = (name: string, description?: string): string =>
  `---\nname: ${name}\n${
    description === undefined ? "" : `description: ${description}\n`
  }---\n# ${name}\n`;

async function place(): Promise<Place> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  const src = join(tmp.path, "src");
  await Deno.mkdir(home);
  await gitRepo(project, { "README.md": "# project\n" });
  await gitRepo(src, {
    "skills/alpha/SKILL.md": skill("alpha", "Alpha skill"),
    "skills/beta/SKILL.md": skill("beta", "Beta skill"),
    "skills/gamma-bad/SKILL.md": skill("gamma-bad"),
  });
  return {
    root: tmp.path,
    home,
    project,
    src,
    url: `file://${src}`,
    env: { ...UNSET, HOME: home },
    [Symbol.asyncDispose]: tmp[Symbol.asyncDispose],
  };
}

/** The CLI as the place's user, in its project unless told. */
function cli(p: Place, args: string[], cwd = p.project): Promise<CliRun> {
  return cliAs(p.env, args, cwd);
}

/** `install URL --skill NAME --client A --client B…`, in the project. */
function installFor(
  p: Place,
  name: string,
  clients: readonly string[],
): Promise<CliRun> {
  return cli(p, [
    "install",
    p.url,
    "--skill",
    name,
    ...clients.flatMap((c) => ["--client", c]),
  ]);
}

Deno.test("a skill installed for claude and codex is found without --client, reported once under the lock that records it", async () => {
  await using p = await place();
  const installed = await installFor(p, "beta", ["claude", "codex"]);
  assert.equal(installed.code, 0, installed.stderr);
  for (const command of ["verify", "info"]) {
    const run = await cli(p, [command, "beta"]);
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /--client/);
  }
  // A plain run covers .claude/skills's lock too, and asks for no flag.
  for (const command of ["verify", "check", "update"]) {
    const run = await cli(p, [command]);
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /note:|--client/);
  }
  // The link in .codex/skills is verified with its lock, not listed again.
  const verify = await cli(p, ["verify", "--json"]);
  const report = JSON.parse(verify.stdout);
  assert.deepEqual(report.skills.map((s: { name: string }) => s.name), [
    "beta",
  ]);
  assert.equal(report.linked, undefined);
  const withClient = await cli(p, ["verify", "beta", "--client", "claude"]);
  assert.equal(withClient.code, 0, withClient.stderr);
  assert.doesNotMatch(withClient.stderr, /note:/);
});

Deno.test("install's hint names the list command whose AGENTS column shows which agents see the skill", async () => {
  await using p = await place();
  const run = await installFor(p, "beta", ["claude", "codex"]);
  assert.equal(run.code, 0, run.stderr);
  const hint = /Next: "(skillscope list [^"]*)" shows which agents see beta/
    .exec(run.stderr);
  assert.ok(hint, run.stderr);
  assert.equal(hint[1], "skillscope list --client claude --client codex");
  const list = await cli(p, hint[1]!.split(" ").slice(1));
  assert.match(list.stdout, /^NAME +SCOPE +AGENTS/);
  assert.match(list.stdout, /beta +project +claude, codex/);
});

Deno.test("verify reports a link another directory's skills.lock records with that lock, and as that managed link, never as unlocked, when only its directory is verified", async () => {
  await using p = await place();
  const installed = await installFor(p, "beta", ["copilot", "agents"]);
  assert.equal(installed.code, 0, installed.stderr);
  assert.ok(await exists(join(p.project, ".agents/skills/beta")));
  // A plain run reads .github/skills's lock too: the link is verified with
  // it, and reported once.
  const run = await cli(p, ["verify"]);
  assert.equal(run.code, 0, run.stderr);
  assert.doesNotMatch(run.stdout, /unlocked|linked/);
  assert.equal(run.stdout.match(/^ok +beta$/gm)?.length, 1, run.stdout);
  const json = JSON.parse(
    (await cli(p, [
      "verify",
      "--dir",
      join(p.project, ".agents/skills"),
      "--json",
    ]))
      .stdout,
  );
  assert.deepEqual(json.unlocked, []);
  assert.deepEqual(json.linked, [{
    name: "beta",
    lock: join(p.project, ".github/skills/skills.lock"),
  }]);
});

Deno.test("an invalid skill of a collection is named with its reason by --list, the several-skills refusal, --skill and --all", async () => {
  await using p = await place();
  const why = "gamma-bad (skills/gamma-bad) is invalid: description-missing";
  const list = await cli(p, ["install", p.url, "--list"]);
  assert.equal(list.code, 0, list.stderr);
  assert.doesNotMatch(list.stdout, /gamma-bad/);
  assert.equal(list.stderr, `note: ${why}\n`);

  const several = await cli(p, ["install", p.url]);
  assert.equal(several.code, 1);
  assert.match(several.stderr, /holds 2 skills: alpha .*, beta .*; gamma-bad/);
  assert.ok(several.stderr.includes(why), several.stderr);

  const named = await cli(p, ["install", p.url, "--skill", "gamma-bad"]);
  assert.equal(named.code, 1);
  assert.doesNotMatch(named.stderr, /No skill named/);
  assert.ok(
    named.stderr.includes(`has no valid skill "gamma-bad": ${why}`),
    named.stderr,
  );

  const all = await cli(p, ["install", p.url, "--all"]);
  assert.equal(all.code, 0, all.stderr);
  assert.match(all.stdout, /Installed alpha .*\nInstalled beta /);
  assert.ok(all.stderr.includes(`note: left out: ${why}\n`), all.stderr);
  assert.equal(
    await exists(join(p.project, ".agents/skills/gamma-bad")),
    false,
  );
});

Deno.test("install --dir naming a file fails with one line naming the path; a missing --dir is created and said once", async () => {
  await using p = await place();
  const file = join(p.root, "x", "notskill.txt");
  await writeTree(p.root, { "x/notskill.txt": "text\n" });
  for (const dir of [file, join(file, "sub")]) {
    const run = await cli(p, [
      "install",
      p.url,
      "--skill",
      "beta",
      "--dir",
      dir,
    ]);
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      `skillscope: The skills directory "${dir}" is not a directory (a file is on its path); nothing was changed\n`,
    );
  }
  const made = join(p.root, "nonexistent", "dir");
  const run = await cli(p, [
    "install",
    p.url,
    "--skill",
    "alpha",
    "--skill",
    "beta",
    "--dir",
    made,
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.split(`Created ${made}\n`).length, 2, run.stderr);
  const again = await cli(p, [
    "install",
    p.url,
    "--skill",
    "beta",
    "--dir",
    made,
  ]);
  assert.doesNotMatch(again.stderr, /Created/);
});

Deno.test("update says it put back a missing link instead of 'up to date'; remove names the links it removed", async () => {
  await using p = await place();
  const clients = ["--client", "claude", "--client", "codex"];
  await cli(p, ["install", p.url, "--skill", "beta", ...clients]);
  const link = join(p.project, ".codex/skills/beta");
  await Deno.remove(link);
  const update = await cli(p, ["update", ...clients]);
  assert.equal(update.code, 0, update.stderr);
  assert.equal(
    update.stdout,
    `Repaired beta: put back ${link} (project)\n`,
  );
  assert.ok((await Deno.lstat(link)).isSymlink);
  const removed = await cli(p, ["remove", "beta", ...clients]);
  assert.equal(removed.code, 0, removed.stderr);
  assert.equal(
    removed.stdout,
    `Removed beta from ${
      join(p.project, ".claude/skills")
    } (project)\n  and from: ${link}\n`,
  );
  assert.equal(await exists(link), false);
});

Deno.test("update without a name skips the one modified skill, names it, updates the others, and exits 1", async () => {
  await using p = await place();
  await cli(p, ["install", p.url, "--all"]);
  await Deno.writeTextFile(
    join(p.project, ".agents/skills/beta/SKILL.md"),
    "edited\n",
    { append: true },
  );
  const run = await cli(p, ["update"]);
  assert.equal(run.code, 1);
  assert.match(run.stdout, /\balpha is up to date|^2 up to date/m);
  assert.match(
    run.stderr,
    /^skillscope: skipped "beta" in .*: it has local changes \(modified SKILL\.md\); update it with --force/m,
  );
  const named = await cli(p, ["update", "beta"]);
  assert.equal(named.code, 1);
  assert.match(named.stderr, /skipped "beta"/);
});

Deno.test("an unchanged skill's verbose line has one pair of parentheses", async () => {
  await using p = await place();
  await cli(p, ["install", p.url, "--skill", "alpha", "--global"]);
  const run = await cli(p, ["update", "--verbose", "--global"]);
  assert.match(
    run.stdout,
    /^alpha is up to date \(sha256-[0-9a-f]{64}, global\)\n$/,
  );
});

Deno.test("a git URL ending in @ref or @skill gets the advice to write #ref or --skill; a bare owner/repo says it was read as GitHub", async () => {
  await using p = await place();
  const ref = await cli(p, ["install", `${p.url}@v1.2`]);
  assert.equal(ref.code, 1);
  assert.match(ref.stderr, /^skillscope: git fetch failed \(exit 128\)/);
  assert.ok(
    ref.stderr.includes(`for the git ref "v1.2" write "${p.url}#v1.2"`),
    ref.stderr,
  );
  const named = await cli(p, ["install", `${p.url}@beta`]);
  assert.ok(
    named.stderr.includes(
      `for the skill "beta" write "${p.url}" --skill beta, for the git ref "beta" write "${p.url}#beta"`,
    ),
    named.stderr,
  );
  // No network here: the fetch fails, and the message says what was tried.
  const typo = await cli(p, ["install", "typo/repo"], p.root);
  assert.equal(typo.code, 1);
  assert.match(
    typo.stderr,
    /^skillscope: "typo\/repo" is not a local path: installing the GitHub repository https:\/\/github\.com\/typo\/repo\.git: git /,
  );
});

Deno.test("a skills.lock that is not valid JSON says nothing was changed and how to recover", async () => {
  await using tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(join(dir, "skills.lock"), "{ not json");
  const run = await runCli(["verify", "--dir", dir], {
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /skills\.lock is not valid JSON/);
  assert.match(
    run.stderr,
    /nothing was changed\. Restore the file from version control, or move it aside and install the skills again/,
  );
});
