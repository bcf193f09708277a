// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";

const FIXTURES = new URL("../fixtures/skills", import.meta.url).pathname
  .replace(/\/$/, "");

Deno.test("skillscope list --json lists the bundled example skills", async () => {
  const run = await runCli(["list", "--root", FIXTURES, "--json"], {
    permissions: [`--allow-read=${FIXTURES}`],
  });
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.deepEqual(Object.keys(result), ["skills", "diagnostics", "shadowed"]);
  assert.deepEqual(result.skills.map((s: { name: string }) => s.name), [
    "brand-guidelines",
    "changelog-writer",
    "pdf-tools",
    "sql-review",
  ]);
  const pdf = result.skills.find((s: { name: string }) =>
    s.name === "pdf-tools"
  );
  assert.deepEqual(
    [
      pdf.path,
      pdf.dir,
      pdf.source,
      pdf.license,
      pdf.allowedTools,
      pdf.metadata,
    ],
    [
      join(FIXTURES, "pdf-tools", "SKILL.md"),
      join(FIXTURES, "pdf-tools"),
      { kind: "directory", key: FIXTURES },
      "MIT",
      "Bash(python3 scripts/extract_text.py:*) Read",
      { author: "skillscope examples", version: "1.2" },
    ],
  );
  const sql = result.skills.find((s: { name: string }) =>
    s.name === "sql-review"
  );
  assert.deepEqual(sql.globs, ["**/*.sql", "migrations/**"]);
  assert.match(
    sql.description,
    /^Review SQL queries and migrations .* migration file\.$/,
  );
  assert.deepEqual(result.diagnostics.map((d: { code: string }) => d.code), [
    "yaml-invalid",
  ]);
  assert.deepEqual(result.shadowed, []);
});

Deno.test("skillscope list prints a table on stdout and diagnostics with paths on stderr", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "alpha", { description: "First skill" });
  await writeTree(dir.path, { "broken/SKILL.md": skillMd("name: broken") });
  const run = await runCli(["list", "--root", dir.path]);
  assert.equal(run.code, 0);
  // No skill has a scope: the empty SCOPE column is hidden.
  assert.match(
    run.stdout,
    /^NAME +DESCRIPTION +PATH\nalpha +First skill +\S+alpha\/SKILL\.md\n$/,
  );
  assert.ok(
    run.stderr.includes(
      `${join(dir.path, "broken", "SKILL.md")}:1:1: error description-missing`,
    ),
    run.stderr,
  );
});

Deno.test("skillscope list reports shadowed skills across --root options in order", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, "a"), "same", { description: "from a" });
  await writeSkill(join(dir.path, "b"), "same", { description: "from b" });
  const run = await runCli([
    "list",
    "--root",
    join(dir.path, "b"),
    "--root",
    join(dir.path, "a"),
    "--json",
  ]);
  const result = JSON.parse(run.stdout);
  assert.equal(result.skills[0].description, "from b");
  assert.deepEqual(result.shadowed, [{
    name: "same",
    winner: join(dir.path, "b", "same", "SKILL.md"),
    loser: join(dir.path, "a", "same", "SKILL.md"),
  }]);
  assert.match(run.stderr, /warning skill-shadowed/);
});

Deno.test("skillscope list --recursive, --include and --exclude filter names literally", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "cat/pdf.tools");
  await writeSkill(dir.path, "cat/pdfxtools");
  await writeSkill(dir.path, "cat/docx");
  const run = await runCli([
    "list",
    "--root",
    dir.path,
    "--recursive",
    "--include",
    "pdf.*",
    "--include",
    "docx",
    "--exclude",
    "docx",
    "--json",
  ]);
  assert.deepEqual(
    JSON.parse(run.stdout).skills.map((s: { name: string }) => s.name),
    ["pdf.tools"],
  );
});

Deno.test("skillscope list exits 1 for a root given on the command line that does not exist", async () => {
  await using dir = await tempDir();
  const missing = join(dir.path, "missing");
  const run = await runCli(["list", "--root", missing]);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, "");
  assert.equal(
    run.stderr,
    `skillscope: Skill root "${missing}" does not exist\n`,
  );
  // With --json the error is a JSON object on stdout, with the same exit code.
  const json = await runCli(["list", "--root", missing, "--json"]);
  assert.equal(json.code, 1);
  assert.equal(json.stderr, "");
  assert.deepEqual(JSON.parse(json.stdout), {
    error: {
      code: "path-missing",
      message: `Skill root "${missing}" does not exist`,
    },
  });
});

Deno.test("skillscope list exits 1 for a root that is a file", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, { "file.txt": "x" });
  const run = await runCli(["list", "--root", join(dir.path, "file.txt")]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /is not a directory/);
  assert.equal(run.stdout, "");
});

Deno.test("skillscope list exits 3 naming --allow-read for a root outside the granted one", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, "granted"), "ok-skill");
  await writeSkill(join(dir.path, "denied"), "secret");
  const run = await runCli(
    [
      "list",
      "--root",
      join(dir.path, "granted"),
      "--root",
      join(dir.path, "denied"),
    ],
    { permissions: [`--allow-read=${join(dir.path, "granted")}`] },
  );
  assert.equal(run.code, 3, run.stderr);
  assert.ok(
    run.stderr.includes(`--allow-read=${join(dir.path, "denied")}`),
    run.stderr,
  );
  assert.equal(run.stdout, "");
  const ok = await runCli([
    "list",
    "--root",
    join(dir.path, "granted"),
    "--json",
  ], {
    permissions: [`--allow-read=${join(dir.path, "granted")}`],
  });
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(
    JSON.parse(ok.stdout).skills.map((s: { name: string }) => s.name),
    ["ok-skill"],
  );
});

Deno.test("skillscope list reads nothing outside its root: a symlink to an ungranted skill is skipped, not prompted", async () => {
  await using dir = await tempDir();
  const root = join(dir.path, "root");
  await writeSkill(root, "inside");
  await writeSkill(join(dir.path, "outside"), "elsewhere");
  await Deno.symlink(
    join(dir.path, "outside", "elsewhere"),
    join(root, "elsewhere"),
  );
  const run = await runCli(["list", "--root", root, "--json"], {
    permissions: [`--allow-read=${root}`],
  });
  assert.equal(run.code, 0, run.stderr);
  // Deno checks permissions on the path as given, which is inside the root.
  assert.deepEqual(
    JSON.parse(run.stdout).skills.map((s: { name: string }) => s.name),
    ["elsewhere", "inside"],
  );
});

Deno.test("skillscope list --json on 600 generated and 600 realistic skills is exactly JSON.stringify(discovery, null, 2) with each skill's policy", async () => {
  const { generateSkillTree } = await import("../bench/generate.ts");
  const { generateRealisticCorpus } = await import("../bench/realistic.ts");
  const { discoverSync, directorySource, loadYamlParser, policyOf } =
    await import("../mod.ts");
  const yamlParser = await loadYamlParser();
  for (const make of [generateSkillTree, generateRealisticCorpus]) {
    await using tmp = await tempDir();
    const root = join(tmp.path, "skills");
    Deno.mkdirSync(root);
    make(root, 600);
    const run = await runCli(["list", "--root", root, "--json"], {
      permissions: [`--allow-read=${root}`],
    });
    assert.equal(run.code, 0, run.stderr);
    // The writer emits 64 skills per slice: 600 span ten slices.
    const found = discoverSync({
      yamlParser,
      sources: [directorySource(root)],
    });
    assert.ok(found.skills.length > 512, `${found.skills.length} skills`);
    const expected = JSON.stringify(
      {
        skills: found.skills.map((s) => ({ ...s, policy: policyOf(s, []) })),
        diagnostics: found.diagnostics,
        shadowed: found.shadowed,
      },
      null,
      2,
    );
    assert.equal(run.stdout, `${expected}\n`);
  }
});
