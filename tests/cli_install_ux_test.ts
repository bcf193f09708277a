// Copyright 2026 the skillscope authors. MIT license.
// The install commands as people meet them, run as the real CLI under a
// temporary HOME: the scope follows the project (a real git repository)
// without repeating flags, remove/update/verify/info/check find a skill in
// the scope that holds it, a source with several skills is guided on a
// terminal (a pseudo-terminal here) and refused at once off one, unchanged
// skills update on one line, audit findings name the installed files, and
// a new skill's placeholder description is reported until it is written.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type CliRun,
  runCli,
  skillMd,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";
import { gitRepo, sh } from "./_git.ts";
import { HAS_SCRIPT, KEY, runOnTerminal } from "./_pty.ts";
import { cliAs, exists, UNSET } from "./_cli_user.ts";

interface Machine extends AsyncDisposable {
  home: string;
  /** A git repository with a subdirectory `sub`. */
  project: string;
  /** A directory that is in no repository. */
  elsewhere: string;
  /** A folder of three skills: alpha, beta, gamma. */
  collection: string;
  env: Record<string, string>;
}

async function machine(): Promise<Machine> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  const elsewhere = join(tmp.path, "elsewhere");
  const collection = join(tmp.path, "collection");
  await Deno.mkdir(home);
  await Deno.mkdir(elsewhere);
  await gitRepo(project, { "README.md": "# project\n", "sub/.keep": "" });
  for (const name of ["alpha", "beta", "gamma"]) {
    await writeSkill(collection, name);
  }
  return {
    home,
    project,
    elsewhere,
    collection,
    env: { ...UNSET, HOME: home },
    [Symbol.asyncDispose]: tmp[Symbol.asyncDispose],
  };
}

/** The CLI as the machine's user. */
function cli(m: Machine, args: string[], cwd: string): Promise<CliRun> {
  return cliAs(m.env, args, cwd);
}

Deno.test("inside a git repository install goes to the project's .agents/skills and says so; remove NAME finds it there from a subdirectory", async () => {
  await using m = await machine();
  const run = await cli(
    m,
    ["install", join(m.collection, "alpha")],
    join(m.project, "sub"),
  );
  assert.equal(run.code, 0, run.stderr);
  const installed = join(m.project, ".agents/skills/alpha");
  assert.ok(await exists(join(installed, "SKILL.md")));
  assert.ok(!(await exists(join(m.home, ".agents/skills"))));
  assert.match(run.stdout, /^Installed alpha \(sha256-[0-9a-f]{64}\) into /);
  assert.ok(run.stdout.includes(`${installed} (project)`), run.stdout);
  assert.match(run.stderr, /^Next: .*skillscope list/m);
  const quiet = await cli(
    m,
    ["install", join(m.collection, "beta"), "-q"],
    m.project,
  );
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.doesNotMatch(quiet.stderr, /Next:/);

  const removed = await cli(m, ["remove", "alpha"], join(m.project, "sub"));
  assert.equal(removed.code, 0, removed.stderr);
  assert.equal(
    removed.stdout,
    `Removed alpha from ${join(m.project, ".agents/skills")} (project)\n`,
  );
  assert.ok(!(await exists(installed)));
});

Deno.test("a cloned repository whose .agents leads into ~/.agents cannot turn the project default into a write to the user's skills", async () => {
  await using m = await machine();
  await Deno.mkdir(join(m.home, ".agents/skills"), { recursive: true });
  await Deno.symlink(join(m.home, ".agents"), join(m.project, ".agents"));
  for (
    const args of [
      ["install", join(m.collection, "alpha")],
      ["install", m.collection, "--yes"],
      ["restore"],
    ]
  ) {
    const run = await cli(m, args, m.project);
    assert.equal(run.code, 1, `${args}: ${run.stderr}`);
    assert.match(
      run.stderr,
      /must stay inside the project; nothing was changed/,
    );
  }
  assert.deepEqual([...Deno.readDirSync(join(m.home, ".agents/skills"))], []);
  // Looking a skill up there is refused the same way, not followed.
  const remove = await cli(m, ["remove", "alpha"], m.project);
  assert.equal(remove.code, 1);
  assert.match(remove.stderr, /must stay inside the project/);
});

Deno.test("outside a repository install goes to ~/.agents/skills, --project overrides, and a name in both scopes needs --project or --global", async () => {
  await using m = await machine();
  const global = await cli(
    m,
    ["install", join(m.collection, "alpha")],
    m.elsewhere,
  );
  assert.equal(global.code, 0, global.stderr);
  assert.ok(await exists(join(m.home, ".agents/skills/alpha/SKILL.md")));
  assert.match(global.stdout, /\(global\)\n$/);
  assert.ok(!(await exists(join(m.elsewhere, ".agents"))));

  // In the repository: the same name installed there too, with --project.
  const project = await cli(
    m,
    ["install", join(m.collection, "alpha"), "--global", "--project"],
    m.project,
  );
  assert.equal(project.code, 2);
  assert.match(project.stderr, /--project or --global, not both/);
  const both = await cli(
    m,
    ["install", join(m.collection, "alpha")],
    m.project,
  );
  assert.equal(both.code, 0, both.stderr);
  // remove must be told which; info, which only reads, shows the project's
  // (agents read it first) and says the user's holds it too.
  const ambiguous = await cli(m, ["remove", "alpha"], m.project);
  assert.equal(ambiguous.code, 2, ambiguous.stderr);
  assert.match(
    ambiguous.stderr,
    /"alpha" is installed in both scopes, project \(.*\) and global \(.*\): pass --project or --global/,
  );
  const shown = await cli(m, ["info", "alpha"], m.project);
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /^scope: +project \(/m);
  assert.match(
    shown.stderr,
    /^note: alpha is also installed in global \(.*\): pass --global to see it$/m,
  );
  const info = await cli(m, ["info", "alpha", "--global", "--json"], m.project);
  assert.equal(JSON.parse(info.stdout).scope, "global");
  const removed = await cli(m, ["remove", "alpha", "--global"], m.project);
  assert.equal(removed.code, 0, removed.stderr);
  assert.ok(!(await exists(join(m.home, ".agents/skills/alpha"))));
  assert.ok(await exists(join(m.project, ".agents/skills/alpha")));
  // Only the project holds it now: found there without a flag.
  const found = await cli(m, ["info", "alpha"], m.project);
  assert.equal(found.code, 0, found.stderr);
  assert.match(found.stdout, /^scope: +project \(/m);
  const missing = await cli(m, ["remove", "nope"], m.project);
  assert.equal(missing.code, 1);
  assert.match(
    missing.stderr,
    /No skill "nope" is installed in project .* or global/,
  );
});

Deno.test("update of unchanged skills prints one line per scope, hashes only with --verbose; verify and check cover both scopes", async () => {
  await using m = await machine();
  const all = await cli(
    m,
    ["install", m.collection, "--all", "--global"],
    m.project,
  );
  assert.equal(all.code, 0, all.stderr);
  const one = await cli(m, ["install", join(m.collection, "alpha")], m.project);
  assert.equal(one.code, 0, one.stderr);

  const update = await cli(m, ["update"], m.project);
  assert.equal(update.code, 0, update.stderr);
  assert.equal(
    update.stdout,
    "alpha is up to date (project)\n3 up to date (global)\n",
  );
  assert.doesNotMatch(update.stdout, /sha256/);
  const verbose = await cli(m, ["update", "--verbose", "--global"], m.project);
  assert.equal(verbose.code, 0, verbose.stderr);
  assert.equal(
    verbose.stdout.match(
      /^\w+ is up to date \(sha256-[0-9a-f]{64}, global\)$/gm,
    )
      ?.length,
    3,
    verbose.stdout,
  );

  const verify = await cli(m, ["verify"], m.project);
  assert.equal(verify.code, 0, verify.stderr);
  assert.equal(
    verify.stdout,
    `project (${join(m.project, ".agents/skills")}):\nok        alpha\n` +
      `global (${
        join(m.home, ".agents/skills")
      }):\nok        alpha\nok        beta\nok        gamma\n`,
  );
  const check = await cli(m, ["check", "beta"], m.project);
  assert.equal(check.code, 0, check.stderr);
  assert.equal(
    check.stdout,
    `global (${
      join(m.home, ".agents/skills")
    }):\nSTATUS      NAME\nup to date  beta\n`,
  );
});

Deno.test("a source with several skills off a terminal fails at once, naming --skill, --all and --yes; --yes takes the defaults", async () => {
  await using m = await machine();
  // stdin closed, stdout a pipe: nothing may wait for an answer.
  const run = await cli(m, ["install", m.collection], m.project);
  assert.equal(run.code, 1, run.stderr);
  // Each directory is named like its skill: the names alone.
  assert.match(run.stderr, /holds 3 skills: alpha, beta, gamma;/);
  assert.match(run.stderr, /--skill NAME/);
  assert.match(run.stderr, /--all/);
  assert.match(run.stderr, /--yes/);
  assert.match(run.stderr, /no prompt: stdin is not a terminal/);
  assert.ok(!(await exists(join(m.project, ".agents"))));
  // CI set: no prompt either, even for remove without a name.
  const ci = await runCli(["remove"], {
    cwd: m.project,
    env: { ...m.env, CI: "true" },
    permissions: ["-P=cli"],
    signal: AbortSignal.timeout(120_000),
  });
  assert.equal(ci.code, 2);
  assert.match(
    ci.stderr,
    /Name the skill to remove: skillscope remove NAME \(no prompt: /,
  );

  await Deno.mkdir(join(m.home, ".claude"));
  const yes = await cli(m, ["install", m.collection, "--yes"], m.project);
  assert.equal(yes.code, 0, yes.stderr);
  const shared = join(m.project, ".agents/skills");
  for (const name of ["alpha", "beta", "gamma"]) {
    assert.ok(await exists(join(shared, name, "SKILL.md")), name);
    // Claude Code is detected by ~/.claude: it gets a copy in the project
    // (it may not follow a symlinked directory).
    assert.ok(
      (await Deno.lstat(join(m.project, ".claude/skills", name))).isDirectory,
    );
  }
});

Deno.test({
  name:
    "on a terminal, install of a collection opens a picker: one skill chosen, the summary confirmed, only it installed",
  ignore: !HAS_SCRIPT,
  async fn(): Promise<void> {
    await using m = await machine();
    await using term = await runOnTerminal(["install", m.collection], {
      cwd: m.project,
      env: m.env,
    });
    await term.waitFor("Which skills of");
    await term.type(KEY.down); // beta
    await term.type(KEY.space);
    await term.type(KEY.enter);
    await term.waitFor("Which agents should see them?");
    await term.type(KEY.enter); // the shared directory, preselected
    await term.waitFor("Where?");
    await term.type(KEY.enter); // this project, preselected in a repository
    await term.waitFor("Install 1 skill?");
    await term.type(KEY.enter);
    const { code, screen, raw } = await term.done();
    assert.equal(code, 0, screen);
    assert.match(screen, /skills +beta/);
    assert.match(screen, /Installed beta /);
    // A terminal gets colour (no NO_COLOR in this environment).
    // deno-lint-ignore no-control-regex
    assert.ok(/\x1b\[[0-9;]*m/.test(raw), raw);
    const skills = join(m.project, ".agents/skills");
    assert.deepEqual(
      [...Deno.readDirSync(skills)].map((e) => e.name).filter((n) =>
        !n.startsWith(".")
      ).sort(),
      ["beta", "skills.lock"],
    );
  },
});

Deno.test({
  name:
    "on a terminal, remove without a name offers the installed skills; declining changes nothing",
  ignore: !HAS_SCRIPT,
  async fn(): Promise<void> {
    await using m = await machine();
    const all = await cli(m, ["install", m.collection, "--all"], m.project);
    assert.equal(all.code, 0, all.stderr);
    const skills = join(m.project, ".agents/skills");
    {
      await using term = await runOnTerminal(["remove"], {
        cwd: m.project,
        env: m.env,
      });
      await term.waitFor("Remove which skills?");
      await term.type(KEY.space); // alpha
      await term.type(KEY.enter);
      await term.waitFor("Remove 1 skill?");
      await term.type("n");
      await term.type(KEY.enter);
      const { code, screen } = await term.done();
      assert.equal(code, 1, screen);
      assert.match(screen, /Cancelled; nothing was changed/);
    }
    assert.ok(await exists(join(skills, "alpha")));
    await using term = await runOnTerminal(["remove"], {
      cwd: m.project,
      env: m.env,
    });
    await term.waitFor("Remove which skills?");
    await term.type(KEY.down);
    await term.type(KEY.space); // beta
    await term.type(KEY.enter);
    await term.waitFor("Remove 1 skill?");
    await term.type(KEY.enter);
    const { code, screen } = await term.done();
    assert.equal(code, 0, screen);
    assert.match(screen, /Removed beta from /);
    assert.ok(!(await exists(join(skills, "beta"))));
    assert.ok(await exists(join(skills, "alpha")));
  },
});

Deno.test("audit findings printed during install and update name the installed files, not the deleted staging clone", async () => {
  await using m = await machine();
  const repo = join(m.elsewhere, "repo");
  await gitRepo(repo, {
    "risky/SKILL.md":
      "---\nname: risky\ndescription: Risky\n---\n# Risky\n<!-- a note -->\n",
    "risky/docs/more.md": "See [the notes](../../../notes.md).\n",
  });
  const run = await cli(
    m,
    ["install", `file://${repo}`, "--skill", "risky", "--audit=warn"],
    m.project,
  );
  assert.equal(run.code, 0, run.stderr);
  const installed = join(m.project, ".agents/skills/risky");
  const findings = run.stderr.split("\n").filter((l) => l.includes(": audit "));
  assert.ok(findings.length > 0, run.stderr);
  for (const line of findings) {
    assert.ok(line.startsWith(`${installed}/`), line);
    assert.doesNotMatch(line, /\.skillscope-/);
  }
  assert.ok(
    findings.some((l) => l.startsWith(`${installed}/docs/more.md:`)),
    run.stderr,
  );
  await writeTree(repo, { "risky/notes.md": "more\n" });
  await sh("git", ["add", "-A"], repo);
  await sh("git", ["commit", "-q", "-m", "more"], repo);
  const json = await cli(m, ["update", "risky", "--json"], m.project);
  assert.equal(json.code, 0, json.stderr);
  const [updated] = JSON.parse(json.stdout);
  assert.ok(updated.findings.length > 0);
  for (const finding of updated.findings) {
    assert.ok(finding.path.startsWith(`${installed}/`), finding.path);
  }
});

Deno.test("a new skill's placeholder description is a description-placeholder warning in validate and list until it is written", async () => {
  await using m = await machine();
  const made = await cli(m, ["init", "my-skill", "--dir", "."], m.elsewhere);
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stderr, /^Next: .*description/m);
  const dir = join(m.elsewhere, "my-skill");
  const validate = await cli(m, ["validate", dir], m.elsewhere);
  // Valid as it is (exit 0), but told the description is a placeholder.
  assert.equal(validate.code, 0, validate.stdout + validate.stderr);
  assert.match(
    validate.stdout + validate.stderr,
    /warning description-placeholder: .*TODO/,
  );
  const list = await cli(
    m,
    ["list", "--root", m.elsewhere, "--json"],
    m.elsewhere,
  );
  assert.ok(
    JSON.parse(list.stdout).diagnostics.some((d: { code: string }) =>
      d.code === "description-placeholder"
    ),
  );
  await Deno.writeTextFile(
    join(dir, "SKILL.md"),
    "---\nname: my-skill\ndescription: Fills PDF forms. Use for PDF files.\n---\n# Body\n",
  );
  const written = await cli(m, ["validate", dir], m.elsewhere);
  assert.equal(written.code, 0);
  assert.doesNotMatch(
    written.stdout + written.stderr,
    /description-placeholder/,
  );
  const quiet = await cli(
    m,
    ["init", "other", "-q", "--dir", "."],
    m.elsewhere,
  );
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.equal(quiet.stderr, "");
});

Deno.test("the home directory is read in one place, for discovery and install alike", async () => {
  const offenders: string[] = [];
  const src = new URL("../src/", import.meta.url).pathname;
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith(".ts")) {
        const text = await Deno.readTextFile(path);
        if (
          /(?:env|get)\(\s*"(?:HOME|USERPROFILE)"\s*\)/.test(
            text.replace(/^\s*\*.*$/gm, ""),
          ) && !path.endsWith("/shared/home_directory.ts")
        ) offenders.push(path.slice(src.length));
      }
    }
  };
  await walk(src);
  assert.deepEqual(offenders, []);
});

Deno.test("installing a skill made by init and not yet filled in warns about its placeholder description at once; a finished skill installs without a warning", async () => {
  await using m = await machine();
  const init = await cli(m, ["init", "draft", "--dir", "."], m.elsewhere);
  assert.equal(init.code, 0, init.stderr);
  const run = await cli(
    m,
    ["install", join(m.elsewhere, "draft"), "--dir", join(m.home, "skills")],
    m.elsewhere,
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /draft\/SKILL\.md:\d+:\d+: warning description-placeholder/,
  );
  const clean = await cli(
    m,
    ["install", join(m.collection, "alpha"), "--dir", join(m.home, "skills")],
    m.elsewhere,
  );
  assert.equal(clean.code, 0, clean.stderr);
  assert.doesNotMatch(clean.stderr, /warning/);
});

/** A skill `noisy` in `m.elsewhere` with `count` fields outside the specification. */
async function noisySkill(m: Machine, count: number): Promise<string> {
  const fields = Array.from({ length: count }, (_, i) => `extra-${i}: x`);
  await writeTree(m.elsewhere, {
    "noisy/SKILL.md": skillMd(
      `name: noisy\ndescription: Noisy\n${fields.join("\n")}`,
    ),
  });
  return join(m.elsewhere, "noisy");
}

Deno.test("the warnings install prints about a skill are capped per code as list caps them, and -q prints none", async () => {
  await using m = await machine();
  const source = await noisySkill(m, 40);
  const dest = join(m.home, "skills");
  const run = await cli(m, ["install", source, "--dir", dest], m.elsewhere);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.match(/warning unknown-field/g)?.length, 5);
  assert.match(run.stderr, /35 more unknown-field warnings/);
  await Deno.remove(join(dest, "noisy"), { recursive: true });
  await Deno.remove(join(dest, "skills.lock"));
  const quiet = await cli(
    m,
    ["install", source, "--dir", dest, "-q"],
    m.elsewhere,
  );
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.doesNotMatch(quiet.stderr, /warning/);
});

Deno.test("install --json carries the frontmatter warnings plain install prints, every one, shaped as list --json's diagnostics; an unchanged skill carries none", async () => {
  await using m = await machine();
  const source = await noisySkill(m, 7);
  const dest = join(m.home, "skills");
  const run = await cli(
    m,
    ["install", source, "--dir", dest, "--json"],
    m.elsewhere,
  );
  assert.equal(run.code, 0, run.stderr);
  const installed = JSON.parse(run.stdout);
  assert.equal(installed.status, "installed");
  assert.deepEqual(
    installed.diagnostics.map((d: { code: string }) => d.code),
    Array(7).fill("unknown-field"),
  );
  // The same objects list --json reports for the installed skill.
  const list = await cli(m, ["list", "--root", dest, "--json"], m.elsewhere);
  assert.deepEqual(
    installed.diagnostics,
    JSON.parse(list.stdout).diagnostics.filter((d: { level: string }) =>
      d.level === "warning"
    ),
  );
  const again = await cli(
    m,
    ["install", source, "--dir", dest, "--json"],
    m.elsewhere,
  );
  assert.equal(again.code, 0, again.stderr);
  assert.equal(JSON.parse(again.stdout).status, "unchanged");
  assert.deepEqual(JSON.parse(again.stdout).diagnostics, []);
});

Deno.test("update --json carries the warnings of each skill it updated, as install --json does", async () => {
  await using m = await machine();
  const source = await noisySkill(m, 3);
  const dest = join(m.home, "skills");
  const installed = await cli(
    m,
    ["install", source, "--dir", dest],
    m.elsewhere,
  );
  assert.equal(installed.code, 0, installed.stderr);
  await Deno.writeTextFile(
    join(source, "SKILL.md"),
    skillMd("name: noisy\ndescription: Noisier\nextra-a: x\nextra-b: y"),
  );
  const run = await cli(m, ["update", "--dir", dest, "--json"], m.elsewhere);
  assert.equal(run.code, 0, run.stderr);
  const [updated] = JSON.parse(run.stdout);
  assert.equal(updated.status, "updated");
  assert.deepEqual(
    updated.diagnostics.map((
      d: { code: string; message: string },
    ) => [d.code, d.message.match(/"extra-\w"/)?.[0]]),
    [["unknown-field", '"extra-a"'], ["unknown-field", '"extra-b"']],
  );
});

Deno.test("the refusal for a collection of 500 skills names the first 10 and counts the rest on one short line", async () => {
  await using m = await machine();
  const big = join(m.elsewhere, "big");
  const files: Record<string, string> = {};
  for (let i = 0; i < 500; i++) {
    const name = `skill-${String(i).padStart(3, "0")}`;
    files[`${name}/SKILL.md`] = skillMd(`name: ${name}\ndescription: D ${i}`);
  }
  await writeTree(big, files);
  const run = await cli(
    m,
    ["install", big, "--dir", join(m.home, "skills")],
    m.elsewhere,
  );
  assert.equal(run.code, 1, run.stderr);
  const line = run.stderr.split("\n").find((l) => /holds 500 skills/.test(l));
  assert.ok(line !== undefined, run.stderr);
  assert.match(line, /: skill-000, skill-001, .*skill-009, and 490 more;/);
  assert.doesNotMatch(line, /skill-010/);
  assert.ok(line.length < 600, `${line.length} characters`);
});
