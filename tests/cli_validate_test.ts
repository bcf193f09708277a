// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";

const FIXTURES = new URL("../fixtures/skills", import.meta.url).pathname;

Deno.test("skillscope validate exits 0 for the bundled example skills (brand-guidelines' alwaysApply allowed)", async () => {
  const run = await runCli([
    "validate",
    join(FIXTURES, "pdf-tools"),
    join(FIXTURES, "brand-guidelines"),
    "--allow-field",
    "alwaysApply",
  ]);
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /^ok {2}.*pdf-tools$/m);
  assert.equal(run.stderr, "Checked 2 skills\n");
});

Deno.test("skillscope validate prints file:line:col and exits 1 for an invalid skill", async () => {
  await using dir = await tempDir();
  const path = await writeSkill(dir.path, "demo", { extra: "colour: blue" });
  await writeTree(dir.path, { "broken/SKILL.md": skillMd("name: broken") });
  const lenient = await runCli([
    "validate",
    "--lenient",
    join(dir.path, "demo"),
    join(dir.path, "broken"),
  ]);
  assert.equal(lenient.code, 1);
  assert.match(lenient.stdout, /^ok {2}.*demo$/m);
  assert.ok(
    lenient.stdout.includes(
      `${path}:4:1: warning unknown-field: Unknown field "colour"`,
    ),
    lenient.stdout,
  );
  assert.match(
    lenient.stdout,
    /broken\/SKILL\.md:1:1: error description-missing/,
  );
  assert.equal(lenient.stderr, "Found 2 problems in 2 skills (checked 2)\n");
  // Strict is the default; --strict says so explicitly.
  for (const args of [[], ["--strict"]]) {
    const strict = await runCli(["validate", ...args, join(dir.path, "demo")]);
    assert.equal(strict.code, 1);
    assert.ok(
      strict.stdout.includes(`${path}:4:1: error unknown-field`),
      strict.stdout,
    );
  }
});

Deno.test("skillscope validate --json prints path, valid and diagnostics", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "demo", { name: "Demo" });
  const target = join(dir.path, "demo", "SKILL.md");
  const run = await runCli([
    "validate",
    "--lenient",
    "--json",
    target,
    join(dir.path, "missing"),
  ]);
  assert.equal(run.code, 1);
  const result = JSON.parse(run.stdout);
  assert.deepEqual(
    result.map((r: { path: string; valid: boolean }) => [r.path, r.valid]),
    [
      [target, true],
      [join(dir.path, "missing"), false],
    ],
  );
  assert.deepEqual(result[0].diagnostics.map((d: { code: string }) => d.code), [
    "name-not-lowercase",
    "name-dir-mismatch",
  ]);
  const d = result[0].diagnostics[0];
  assert.deepEqual(Object.keys(d).sort(), [
    "code",
    "column",
    "level",
    "line",
    "message",
    "path",
  ]);
  assert.deepEqual([d.level, d.line, d.column], ["warning", 2, 1]);
  assert.equal(result[1].diagnostics[0].code, "path-missing");
});

Deno.test("skillscope validate exits 2 on usage errors", async () => {
  const unknown = await runCli(["validate", "--bogus", "x"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--bogus/);
  const command = await runCli(["frobnicate"]);
  assert.equal(command.code, 2);
  assert.match(command.stderr, /Unknown command "frobnicate"/);
});

Deno.test("skillscope validate exits 3 naming the flag when read permission is missing", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "demo");
  const run = await runCli(["validate", join(dir.path, "demo")], {
    permissions: [`--allow-read=${FIXTURES}`],
  });
  assert.equal(run.code, 3, run.stderr);
  assert.ok(
    run.stderr.includes(`--allow-read=${join(dir.path, "demo")}`),
    run.stderr,
  );
  assert.equal(run.stdout, "");
});

Deno.test("skillscope --help, --version and every command's --help exit 0", async () => {
  const help = await runCli(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Commands:\n {2}list /);
  const commands = [...help.stdout.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((m) =>
    m[1]!
  );
  for (const expected of ["list", "validate", "roots"]) {
    assert.ok(commands.includes(expected), expected);
  }
  for (const command of commands) {
    const run = await runCli([command, "--help"]);
    assert.equal(run.code, 0, command);
    assert.match(
      run.stdout,
      new RegExp(`^Usage: skillscope ${command}`),
      command,
    );
  }
  const version = await runCli(["--version"]);
  assert.equal(version.code, 0);
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
  );
  assert.equal(version.stdout, `skillscope ${config.version}\n`);
  const bare = await runCli([]);
  assert.equal(bare.code, 2);
});

Deno.test("skillscope validate counts a path that does not exist apart from the skills it checked", async () => {
  await using tmp = await tempDir();
  const missing = join(tmp.path, "nope");
  const run = await runCli(["validate", missing, join(FIXTURES, "pdf-tools")]);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /path-missing/);
  assert.equal(run.stderr, "Checked 1 skill; 1 path does not exist\n");
  const alone = await runCli(["validate", missing, join(tmp.path, "gone")]);
  assert.equal(alone.stderr, "Checked 0 skills; 2 paths do not exist\n");
});

Deno.test("skillscope validate reports an empty directory as one, apart from the skills, and checks a skill named twice once", async () => {
  await using tmp = await tempDir();
  const empty = join(tmp.path, "empty");
  await Deno.mkdir(empty);
  const run = await runCli(["validate", empty, "--json"]);
  assert.equal(run.code, 1, run.stderr);
  const [entry] = JSON.parse(run.stdout);
  assert.equal(entry.valid, false);
  assert.equal(entry.diagnostics[0].code, "skill-md-missing");
  assert.match(entry.diagnostics[0].message, /is empty/);
  const human = await runCli(["validate", empty]);
  assert.equal(human.stderr, "Checked 0 skills; 1 directory has no SKILL.md\n");
  const pdf = join(FIXTURES, "pdf-tools");
  const twice = await runCli([
    "validate",
    pdf,
    `${pdf}/`,
    join(pdf, "SKILL.md"),
    "--json",
  ]);
  assert.equal(twice.code, 0, twice.stderr);
  assert.deepEqual(
    JSON.parse(twice.stdout).map((e: { path: string }) => e.path),
    [pdf],
  );
  const counted = await runCli(["validate", pdf, pdf]);
  assert.equal(counted.stderr, "Checked 1 skill\n");
});
