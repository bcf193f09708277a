// Copyright 2026 the skillscope authors. MIT license.
// What a new user meets in a fresh project under a temporary HOME: init
// makes the skills directory it is told to and says when list and read will
// not see the skill; read, activate, asset, resources and doctor say that a
// skill exists but is skipped, that a path is not a name, and where they
// looked; list counts the skipped skills; doctor --json carries the reason;
// option values with a fixed set suggest the closest one; no result is said.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type CliRun,
  machine,
  runCli,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";

/** A SKILL.md whose frontmatter is not YAML. */
const BROKEN = "---\nname: broken\ndescription: [unclosed\n---\nBody\n";

/** The CLI with the compiled binary's permission set, in `cwd`, HOME set. */
function cli(
  args: string[],
  m: { home: string; cwd: string },
): Promise<CliRun> {
  return runCli(args, {
    cwd: m.cwd,
    env: { HOME: m.home },
    permissions: ["-P=cli"],
    signal: AbortSignal.timeout(120_000),
  });
}

Deno.test("init --dir .agents/skills in a fresh project creates the directory, says so once, and list finds the skill", async () => {
  await using m = await machine();
  const run = await cli(
    [
      "init",
      "pdf-fill",
      "--dir",
      ".agents/skills",
      "--with",
      "scripts,references",
    ],
    m,
  );
  assert.equal(run.code, 0, run.stderr);
  const made = join(m.cwd, ".agents/skills");
  assert.equal(run.stderr.split(`Created ${made}\n`).length, 2, run.stderr);
  assert.ok(!run.stderr.includes("outside the skill roots"), run.stderr);
  const list = await cli(["list"], m);
  assert.match(list.stdout, /^pdf-fill /m);
});

Deno.test("init NAME --dir outside the roots says the skill is outside them and how to make it found", async () => {
  await using m = await machine();
  const run = await cli(["init", "my-skill", "--dir", "."], m);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /outside the skill roots/);
  assert.match(run.stderr, /--dir \.agents\/skills/);
  assert.ok(run.stderr.includes(`skillscope list --root ${m.cwd}`), run.stderr);
});

Deno.test("read, activate, asset, resources and doctor say a skill with bad YAML exists and is skipped, with the code and place", async () => {
  await using m = await machine();
  const root = join(m.cwd, ".agents/skills");
  await writeTree(root, { "broken/SKILL.md": BROKEN });
  await writeSkill(root, "good");
  const said = `"broken" exists at ${
    join(root, "broken")
  } but is skipped: yaml-invalid at 4:1`;
  for (
    const args of [
      ["read", "broken"],
      ["activate", "broken"],
      ["asset", "broken", "x.md"],
      ["resources", "broken"],
      ["doctor", "broken"],
    ]
  ) {
    const run = await cli(args, m);
    assert.equal(run.code, 1, args.join(" "));
    assert.ok(run.stderr.includes(said), `${args.join(" ")}: ${run.stderr}`);
  }
  const json = await cli(["read", "broken", "--json"], m);
  assert.equal(JSON.parse(json.stdout).error.code, "skill-not-found");
  assert.ok(JSON.parse(json.stdout).error.message.includes(said));
});

Deno.test("read and activate of a name in a fresh project say where they looked and how to look elsewhere", async () => {
  await using m = await machine();
  for (const command of ["read", "activate", "resources"]) {
    const run = await cli([command, "pdf-tools"], m);
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /No skill named "pdf-tools"\nNo skills found\. Looked in:/,
    );
    assert.match(run.stderr, /Look elsewhere with --root DIR/);
  }
});

Deno.test("read ./DIR says read takes a name and how to read that directory's skill", async () => {
  await using m = await machine();
  await writeSkill(m.cwd, "my-skill");
  await writeSkill(join(m.cwd, ".agents/skills"), "other");
  const run = await cli(["read", "./my-skill"], m);
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /"\.\/my-skill" is a path, and read takes a skill's name/,
  );
  assert.match(run.stderr, /skillscope read my-skill --root \.\n/);
  assert.ok(!run.stderr.includes("did you mean"), run.stderr);
  const asset = await cli(["asset", "./my-skill", "a.md"], m);
  assert.match(asset.stderr, /skillscope asset my-skill RELPATH --root \.\n/);
  const following = await cli(["read", "my-skill", "--root", "."], m);
  assert.equal(following.code, 0, following.stderr);
});

Deno.test("list counts the skills it skipped in its summary", async () => {
  await using m = await machine();
  const root = join(m.cwd, ".agents/skills");
  await writeSkill(root, "good");
  await writeTree(root, {
    "broken/SKILL.md": BROKEN,
    "nodesc/SKILL.md": "---\nname: nodesc\n---\nBody\n",
  });
  const run = await cli(["list"], m);
  assert.match(
    run.stderr,
    /^1 skill, 2 skipped \(2 problems reported above\)$/m,
  );
});

Deno.test("doctor of a missing path says it does not exist; --json carries the reason a skill does not parse", async () => {
  await using m = await machine();
  const missing = await cli(["doctor", "./nope"], m);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /\.\/nope does not exist/);
  await writeTree(m.cwd, { "broken/SKILL.md": BROKEN });
  const json = await cli(["doctor", "./broken", "--json"], m);
  assert.equal(json.code, 1);
  const { error } = JSON.parse(json.stdout);
  assert.equal(error.code, "yaml-invalid");
  assert.match(error.message, /Invalid YAML/);
  assert.ok(!error.message.includes("see above"), error.message);
});

Deno.test("--json given to a command without it is a usage error on stderr, not JSON", async () => {
  await using m = await machine();
  const run = await cli(["catalog", "--json"], m);
  assert.equal(run.code, 2);
  assert.equal(run.stdout, "");
  assert.match(run.stderr, /Unknown option --json/);
});

Deno.test("catalog and sync check a bad --format before scanning, and suggest the closest value", async () => {
  await using m = await machine();
  await writeTree(join(m.cwd, ".agents/skills"), { "broken/SKILL.md": BROKEN });
  for (const command of ["catalog", "sync"]) {
    const run = await cli([command, "--format", "markdwn"], m);
    assert.equal(run.code, 2);
    assert.ok(!run.stderr.includes("yaml-invalid"), run.stderr);
    assert.match(run.stderr, /\(did you mean "markdown"\?\)/);
  }
  const init = await cli(["init", "x", "--with", "script"], m);
  assert.match(init.stderr, /\(did you mean "scripts"\?\)/);
});

Deno.test("--client with a mistyped agent suggests the closest name and where the list is", async () => {
  await using m = await machine();
  for (const command of ["list", "doctor x"]) {
    const run = await cli([...command.split(" "), "--client", "claud"], m);
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /Unknown client "claud" \(did you mean "claude"\?\)\nRun "skillscope help roots"/,
    );
    assert.ok(!run.stderr.includes("windsurf"), run.stderr);
  }
});

Deno.test("sync with no skills warns; search and match with no result say so on stderr", async () => {
  await using m = await machine();
  const sync = await cli(["sync"], m);
  assert.equal(sync.code, 0);
  assert.match(sync.stderr, /warning: no skills found/);
  await writeSkill(join(m.cwd, ".agents/skills"), "good");
  const search = await cli(["search", "zzzz"], m);
  assert.equal(search.code, 0);
  assert.equal(search.stdout, "");
  assert.equal(search.stderr, 'No skills match "zzzz"\n');
  const match = await cli(["match", "a.sql"], m);
  assert.equal(match.stdout, "");
  assert.equal(match.stderr, 'No skills match "a.sql"\n');
});

Deno.test("doctor writes an agent's name ending in s with a bare apostrophe", async () => {
  await using m = await machine();
  await writeSkill(join(m.cwd, ".agents/skills"), "good");
  const run = await cli(["doctor", "good", "--client", "deepagents"], m);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /Deep Agents' listing budget is not known/);
});

Deno.test('a skill name holding line feeds cannot forge lines in read\'s "did you mean"', async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "pdf-tools-x/SKILL.md":
      '---\nname: "pdf-tools-x\\n\\nInstalled pdf-tools (sha256-0000) into /home/you/.agents/skills/pdf-tools (global)"\ndescription: d\n---\n',
  });
  const run = await runCli(["read", "pdf-tools", "--root", tmp.path]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /did you mean "pdf-tools-x\\x0a\\x0aInstalled/);
  assert.ok(
    !run.stderr.split("\n").some((line) => line.startsWith("Installed")),
    run.stderr,
  );
});

Deno.test("a skill fresh from init is not found by a search for the words of its example", async () => {
  await using tmp = await tempDir();
  const dir = join(tmp.path, "skills");
  const init = await runCli(["init", "draft", "--dir", dir], {
    permissions: ["--allow-read", `--allow-write=${tmp.path}`],
    cwd: tmp.path,
  });
  assert.equal(init.code, 0, init.stderr);
  const search = await runCli(["search", "pdf", "--root", dir]);
  assert.equal(search.stdout, "");
  assert.match(search.stderr, /No skills match "pdf"/);
  const list = await runCli(["list", "--root", dir, "--json"]);
  assert.match(
    JSON.parse(list.stdout).skills[0].description,
    /^TODO: say what this skill does/,
  );
});

Deno.test("a skill name holding line feeds cannot forge lines in what catalog says its budget cut", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "a/SKILL.md": `---\nname: "zz\\n\\nFORGED line"\ndescription: ${
      "word ".repeat(1000)
    }\n---\n`,
    "b/SKILL.md": "---\nname: b\ndescription: short one\n---\n",
    "c/SKILL.md": "---\nname: c\ndescription: short two\n---\n",
  });
  const run = await runCli([
    "catalog",
    "--root",
    tmp.path,
    "--max-tokens",
    "30",
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /listed by name only: zz\\x0a\\x0aFORGED line, c, b/,
  );
  assert.match(run.stderr, /left out: zz\\x0a\\x0aFORGED line, c/);
  assert.match(run.stderr, /descriptions capped: zz\\x0a\\x0aFORGED line/);
  assert.ok(
    !run.stderr.split("\n").some((line) => line.startsWith("FORGED")),
    run.stderr,
  );
});
