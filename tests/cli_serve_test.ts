// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, tempDir, writeSkill, writeTree } from "./_helpers.ts";

const FIXTURES = new URL("../fixtures/skills", import.meta.url).pathname
  .replace(/\/$/, "");
const ROOT = ["--root", FIXTURES];
const READ_ONLY = { permissions: [`--allow-read=${FIXTURES}`] };

Deno.test("skillscope read prints the body; --json adds name, dir and resources", async () => {
  const run = await runCli(["read", "pdf-tools", ...ROOT], READ_ONLY);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^\n# PDF tools\n/);
  assert.ok(!run.stdout.includes("description:"));
  const json = JSON.parse(
    (await runCli(["read", "pdf-tools", "--json", ...ROOT], READ_ONLY)).stdout,
  );
  assert.deepEqual(Object.keys(json), ["name", "body", "dir", "resources"]);
  assert.deepEqual(json.resources, [
    "references/forms.md",
    "scripts/extract_text.py",
  ]);
  assert.equal(json.dir, join(FIXTURES, "pdf-tools"));
  const missing = await runCli(["read", "nope", ...ROOT], READ_ONLY);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /No skill named "nope"/);
});

Deno.test("skillscope asset prints a bundled file and refuses anything outside the skill", async () => {
  const ok = await runCli([
    "asset",
    "brand-guidelines",
    "assets/logo.svg",
    ...ROOT,
  ], READ_ONLY);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /^<svg /);
  for (
    const bad of ["../pdf-tools/SKILL.md", "/etc/passwd", "assets/../../x"]
  ) {
    const run = await runCli(
      ["asset", "brand-guidelines", bad, ...ROOT],
      READ_ONLY,
    );
    assert.equal(run.code, 1, bad);
    assert.equal(run.stdout, "");
    assert.match(run.stderr, /must be relative to the skill directory/);
  }
});

Deno.test("skillscope asset refuses a symlink that leads outside the skill", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, "root"), "s");
  await writeTree(dir.path, { "secret.txt": "secret" });
  await Deno.symlink(
    join(dir.path, "secret.txt"),
    join(dir.path, "root", "s", "link.txt"),
  );
  const run = await runCli([
    "asset",
    "s",
    "link.txt",
    "--root",
    join(dir.path, "root"),
  ]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /outside the skill directory/);
  assert.equal(run.stdout, "");
});

Deno.test("skillscope resources, match and search", async () => {
  const resources = await runCli(
    ["resources", "pdf-tools", ...ROOT],
    READ_ONLY,
  );
  assert.equal(
    resources.stdout,
    "references/forms.md\nscripts/extract_text.py\n",
  );
  const match = await runCli(
    ["match", "db/001.sql", "--json", ...ROOT],
    READ_ONLY,
  );
  assert.deepEqual(
    JSON.parse(match.stdout).matched.map((m: { name: string }) => m.name),
    ["brand-guidelines", "sql-review"],
  );
  const search = await runCli(
    ["search", "release", "notes", "--json", ...ROOT],
    READ_ONLY,
  );
  assert.equal(JSON.parse(search.stdout)[0].name, "changelog-writer");
  const badLimit = await runCli(
    ["search", "x", "--limit", "zero", ...ROOT],
    READ_ONLY,
  );
  assert.equal(badLimit.code, 2);
});

Deno.test("skillscope catalog prints each format and nothing for no skills", async () => {
  const xml = await runCli(["catalog", ...ROOT], READ_ONLY);
  assert.equal(xml.code, 0);
  assert.match(
    xml.stdout,
    /^<available_skills>\n<skill><name>brand-guidelines<\/name>/,
  );
  const ref = await runCli(
    ["catalog", "--format", "skills-ref", ...ROOT],
    READ_ONLY,
  );
  assert.match(
    ref.stdout,
    /^<available_skills>\n<skill>\n<name>\nbrand-guidelines\n<\/name>\n<description>\nApply the company&#x27;s/,
  );
  assert.ok(ref.stdout.endsWith("</skill>\n</available_skills>\n"));
  const budget = await runCli([
    "catalog",
    "--format",
    "markdown",
    "--max-chars",
    "300",
    ...ROOT,
  ], READ_ONLY);
  assert.ok(budget.stdout.length <= 301, budget.stdout);
  await using dir = await tempDir();
  const empty = await runCli(["catalog", "--root", dir.path]);
  assert.equal(empty.code, 0);
  assert.equal(empty.stdout, "");
  const bad = await runCli(["catalog", "--format", "yaml", ...ROOT], READ_ONLY);
  assert.equal(bad.code, 2);
});

Deno.test("skillscope activate prints the skill_content payload", async () => {
  const run = await runCli(["activate", "sql-review", ...ROOT], READ_ONLY);
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^<skill_content name="sql-review">\n# SQL review\n/,
  );
  assert.match(
    run.stdout,
    /<skill_resources>\n<file>references\/checklist\.md<\/file>\n<\/skill_resources>\n<\/skill_content>\n$/,
  );
});
