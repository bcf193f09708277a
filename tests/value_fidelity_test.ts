// Copyright 2026 the skillscope authors. MIT license.
// Values keep what the author wrote (issue 27): metadata values as their
// source text, non-string names and descriptions named by their YAML type,
// comma-separated allowed-tools, Codex's metadata.short-description, a
// lowercase skill.md named in validate's output, one-line catalog
// descriptions and the reference tool's empty catalog.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  directorySource,
  discover,
  discoverSync,
  loadYamlParser,
  parseSkillMd,
  renderCatalog,
  validateSkillMd,
} from "../mod.ts";
import { runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";

const METADATA = skillMd(
  "name: demo\ndescription: Demo\nmetadata:\n  author: Test Author\n  version: 1.0\n  build: 0x1F\n  beta: True",
);

Deno.test('metadata values keep their source text: version: 1.0 is "1.0" (skills-ref test_read_with_metadata), with a lenient warning', async () => {
  const fast = parseSkillMd(METADATA, { dirName: "demo" });
  const expected = {
    author: "Test Author",
    version: "1.0",
    build: "0x1F",
    beta: "True",
  };
  assert.deepEqual({ ...fast.fields.metadata }, expected);
  assert.deepEqual(fast.diagnostics.map((d) => [d.code, d.level]), [
    ["metadata-value-unquoted", "warning"],
  ]);
  assert.match(fast.diagnostics[0]!.message, /"version" \(1\.0\)/);
  // The same through the full parser (an alias puts the text beyond the fast path).
  const yamlParser = await loadYamlParser();
  const full = parseSkillMd(
    METADATA.replace("name: demo", "name: &n demo\nlicense: *n"),
    { dirName: "demo", yamlParser },
  );
  assert.deepEqual({ ...full.fields.metadata }, expected);
  // The frontmatter carries the same strings (read once, when parsed).
  assert.deepEqual({ ...fast.frontmatter.metadata as object }, expected);
  assert.deepEqual({ ...full.frontmatter.metadata as object }, expected);
});

Deno.test("strict validate accepts a metadata scalar with an exact string form, and still rejects a list or null", async () => {
  assert.deepEqual(
    validateSkillMd(METADATA, { dirName: "demo", strict: true }),
    [],
  );
  const bad = validateSkillMd(
    skillMd("name: demo\ndescription: Demo\nmetadata:\n  tags: [a]\n  empty:"),
    { dirName: "demo", strict: true },
  );
  assert.deepEqual(bad.map((d) => [d.code, d.level]), [
    ["metadata-not-map", "error"],
  ]);
  await using tmp = await tempDir();
  await writeTree(tmp.path, { "demo/SKILL.md": METADATA });
  const strict = await runCli(["validate", join(tmp.path, "demo")]);
  assert.equal(strict.code, 0, strict.stdout + strict.stderr);
  const list = await runCli(["list", "--json", "--root", tmp.path]);
  const skill = JSON.parse(list.stdout).skills[0];
  assert.equal(skill.metadata.version, "1.0");
});

Deno.test("a non-string name or description loads leniently with a warning naming the YAML type; strict validate rejects the description and checks the name as written", async () => {
  const cases = [
    ["name: true\ndescription: Demo", "true", "name-not-string", /boolean/],
    ["name: 123\ndescription: Demo", "123", "name-not-string", /integer/],
    [
      "name: demo\ndescription: 456",
      "demo",
      "description-not-string",
      /integer/,
    ],
    [
      "name: demo\ndescription: 4.50",
      "demo",
      "description-not-string",
      /float/,
    ],
  ] as const;
  for (const [yaml, name, code, type] of cases) {
    const parsed = parseSkillMd(skillMd(yaml), { dirName: name });
    assert.equal(parsed.fields.name, name, yaml);
    const found = parsed.diagnostics.find((d) => d.code === code);
    assert.equal(found?.level, "warning", yaml);
    assert.match(found!.message, type);
    const strict = validateSkillMd(skillMd(yaml), {
      dirName: name,
      strict: true,
    });
    // A name is the reference validator's string (its YAML reads every
    // scalar as text): strict checks it by the naming rules alone.
    assert.equal(
      strict.find((d) => d.code === code)?.level,
      code === "name-not-string" ? undefined : "error",
      yaml,
    );
  }
  assert.equal(
    parseSkillMd(skillMd("name: demo\ndescription: 4.50")).fields.description,
    "4.50",
  );
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "123/SKILL.md": skillMd("name: 123\ndescription: Numbers"),
  });
  const found = discoverSync({ sources: [directorySource(tmp.path)] });
  assert.deepEqual(found.skills.map((s) => s.name), ["123"]);
  const strict = await runCli(["validate", join(tmp.path, "123")]);
  assert.equal(strict.code, 0, strict.stdout);
  const lenient = await runCli([
    "validate",
    "--lenient",
    join(tmp.path, "123"),
  ]);
  assert.match(
    lenient.stdout,
    /warning name-not-string: "name" is the YAML integer 123, not a string/,
  );
});

Deno.test("allowed-tools reads Claude Code's commas as well as spaces, and keeps commas inside parentheses", () => {
  const tools = (value: string) =>
    parseSkillMd(
      skillMd(`name: demo\ndescription: Demo\nallowed-tools: ${value}`),
    )
      .fields.allowedTools;
  assert.equal(tools("Read, Grep, Glob"), "Read Grep Glob");
  assert.equal(tools("Read,Grep"), "Read Grep");
  assert.equal(
    tools('"Bash(git add:*, git commit:*), Read"'),
    "Bash(git add:*, git commit:*) Read",
  );
  assert.equal(tools("Read Grep Bash(git log:*)"), "Read Grep Bash(git log:*)");
  assert.equal(tools("[Read, Write]"), "Read Write");
});

Deno.test("Codex reads metadata.short-description when agents/openai.yaml gives none (codex loads_short_description_from_metadata)", async () => {
  await using tmp = await tempDir();
  const meta = 'metadata:\n  short-description: "Fill PDF forms"';
  await writeTree(tmp.path, {
    "pdf/SKILL.md": skillMd(`name: pdf\ndescription: PDF tools\n${meta}`),
    "both/SKILL.md": skillMd(`name: both\ndescription: Both\n${meta}`),
    "both/agents/openai.yaml":
      "interface:\n  short_description: From openai.yaml\n",
  });
  const found = discoverSync({
    sources: [directorySource(tmp.path, { codexMetadata: true })],
    cache: false,
  });
  assert.deepEqual(
    found.skills.map((s) => [s.name, s.shortDescription]),
    [["both", "From openai.yaml"], ["pdf", "Fill PDF forms"]],
  );
  const plain = discoverSync({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  assert.deepEqual(plain.skills.map((s) => s.shortDescription), [
    undefined,
    undefined,
  ]);
});

Deno.test("validate names a lowercase skill.md and says to rename it, in the human and the JSON output; discovery leaves it unloaded", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "lower/skill.md": skillMd("name: lower\ndescription: Lowercase file"),
    "empty/.keep": "",
  });
  const file = join(tmp.path, "lower", "skill.md");
  const human = await runCli(["validate", join(tmp.path, "lower")]);
  assert.equal(human.code, 1);
  assert.ok(
    human.stdout.includes(
      `${file}: error skill-md-missing: No SKILL.md in "${
        join(tmp.path, "lower")
      }": the file is named "skill.md", which agents do not load; rename it to SKILL.md`,
    ),
    human.stdout,
  );
  const json = await runCli(["validate", "--json", join(tmp.path, "lower")]);
  const [entry] = JSON.parse(json.stdout);
  assert.deepEqual(
    entry.diagnostics.map((
      d: { code: string; path: string },
    ) => [d.code, d.path]),
    [["skill-md-missing", file]],
  );
  // Given the file itself: the rename first, then what its content has.
  const direct = await runCli(["validate", file]);
  assert.equal(direct.code, 1);
  assert.match(direct.stdout, /rename it to SKILL\.md/);
  // A directory without any skill file keeps a message that reads on its own.
  const empty = await runCli(["validate", join(tmp.path, "empty")]);
  assert.match(
    empty.stdout,
    /error skill-md-missing: The directory has no SKILL\.md/,
  );
  const found = discoverSync({ sources: [directorySource(tmp.path)] });
  assert.deepEqual(found.skills, []);
});

Deno.test("catalog descriptions collapse whitespace runs and line breaks to one space (skills-ref keeps the lines, as the reference tool); the parsed value stays exact", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "block/SKILL.md": skillMd(
      "name: block\ndescription: |\n  Fill PDF forms.\n  Use when   the user\n\n  sends a PDF.",
    ),
  });
  // A blank line inside the block: the full parser reads it.
  const { skills } = await discover({ sources: [directorySource(tmp.path)] });
  assert.equal(
    skills[0]!.description,
    "Fill PDF forms.\nUse when   the user\n\nsends a PDF.",
  );
  const one = "Fill PDF forms. Use when the user sends a PDF.";
  for (const format of ["xml", "json", "markdown"] as const) {
    const text = renderCatalog(skills, { format });
    assert.ok(text.includes(one), `${format}: ${text}`);
  }
  // The reference tool's to_prompt: html.escape(description.strip()).
  assert.ok(
    renderCatalog(skills, { format: "skills-ref" }).includes(
      "<description>\nFill PDF forms.\nUse when   the user\n\nsends a PDF.\n</description>",
    ),
  );
  assert.equal(
    renderCatalog(skills, { format: "xml" }).split("\n").length,
    3,
  );
  const cli = await runCli(["catalog", "--root", tmp.path]);
  assert.equal(
    cli.stdout,
    `<available_skills>\n<skill><name>block</name><description>${one}</description><location>${
      join(tmp.path, "block", "SKILL.md")
    }</location></skill>\n</available_skills>\n`,
  );
});

Deno.test("catalog --format skills-ref with no skills prints the reference tool's empty block (skills-ref test_empty_list); json an empty list; xml and markdown nothing", async () => {
  assert.equal(
    renderCatalog([], { format: "skills-ref" }),
    "<available_skills>\n</available_skills>",
  );
  assert.equal(
    renderCatalog([], { format: "json" }),
    '{"skills":[],"omitted":0}',
  );
  for (const format of ["xml", "markdown"] as const) {
    assert.equal(renderCatalog([], { format }), "", format);
  }
  await using tmp = await tempDir();
  const ref = await runCli([
    "catalog",
    "--format",
    "skills-ref",
    "--root",
    tmp.path,
  ]);
  assert.equal(ref.code, 0, ref.stderr);
  assert.equal(ref.stdout, "<available_skills>\n</available_skills>\n");
  const xml = await runCli(["catalog", "--root", tmp.path]);
  assert.equal(xml.stdout, "");
  const json = await runCli([
    "catalog",
    "--format",
    "json",
    "--root",
    tmp.path,
  ]);
  assert.equal(json.code, 0, json.stderr);
  assert.deepEqual(JSON.parse(json.stdout), { skills: [], omitted: 0 });
});
