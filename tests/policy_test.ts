// Copyright 2026 the skillscope authors. MIT license.
// What the model and the user see: invocation fields, overrides, and the
// catalog and tools that honour them.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  directorySource,
  discover,
  loadYamlParser,
  parseSkillMd,
  policyOf,
  SkillSet,
  skillTools,
} from "../mod.ts";
import { callSkillTool } from "../src/serve/tool_calls.ts";
import { runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";

// The spellings below include YAML beyond the fast subset ([1], quoted keys).
await loadYamlParser();

async function policyTree(root: string): Promise<void> {
  await writeTree(root, {
    "deploy/SKILL.md": skillMd(
      "name: deploy\ndescription: Deploys the service to production\ndisable-model-invocation: true\nargument-hint: '[env]'\narguments: [env, region]",
      "# Deploy $env\n",
    ),
    "notes/SKILL.md": skillMd(
      "name: notes\ndescription: Takes meeting notes\nuser-invocable: false\nwhen_to_use: When a meeting ends\nmodel: small",
    ),
    "legacy-pdf/SKILL.md": skillMd(
      "name: legacy-pdf\ndescription: Old PDF skill",
    ),
    "review/SKILL.md": skillMd(
      "name: review\ndescription: Reviews code changes for bugs",
    ),
  });
}

Deno.test("client fields are typed on Skill, in every spelling people use (non-canonical ones warned about)", () => {
  const cases: [string, boolean | undefined, string[]][] = [
    ["true", true, []],
    ["false", false, []],
    ["yes", true, ["noncanonical-boolean"]],
    ["'no'", false, ["noncanonical-boolean"]],
    ['"True"', true, ["noncanonical-boolean"]],
    ["On", true, ["noncanonical-boolean"]],
    ["maybe", undefined, ["client-field-invalid"]],
    ["[1]", undefined, ["client-field-invalid"]],
  ];
  for (const [value, expected, codes] of cases) {
    const parsed = parseSkillMd(
      skillMd(`name: demo\ndescription: d\ndisable-model-invocation: ${value}`),
      { dirName: "demo" },
    );
    assert.equal(parsed.fields.disableModelInvocation, expected, value);
    assert.deepEqual(parsed.diagnostics.map((d) => d.code), codes, value);
  }
  const full = parseSkillMd(
    skillMd(
      "name: demo\ndescription: d\nuser-invocable: false\nargument-hint: '[file]'\narguments: a b\nwhen_to_use: When asked\nmodel: opus\nallowed-tools: [Read, Grep]",
    ),
    { dirName: "demo" },
  ).fields;
  assert.deepEqual(
    [
      full.userInvocable,
      full.argumentHint,
      full.arguments,
      full.whenToUse,
      full.model,
      full.allowedTools,
    ],
    [false, "[file]", ["a", "b"], "When asked", "opus", "Read Grep"],
  );
});

Deno.test("a disable-model-invocation skill is out of the catalog, the tool enums, skills_list and search, but the user can activate it", async () => {
  await using tmp = await tempDir();
  await policyTree(tmp.path);
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  assert.deepEqual(set.list().map((s) => s.name), [
    "deploy",
    "legacy-pdf",
    "notes",
    "review",
  ]);
  assert.deepEqual(set.modelVisible().map((s) => s.name), [
    "legacy-pdf",
    "notes",
    "review",
  ]);
  assert.ok(!set.catalog().includes("deploy"));
  const read = skillTools(set).find((t) => t.name === "skills_read")!;
  const names =
    (read.inputSchema.properties as Record<string, { enum?: string[] }>).name
      ?.enum;
  assert.deepEqual(names, ["legacy-pdf", "notes", "review"]);
  const listed = await callSkillTool(set, "skills_list", {});
  assert.ok(listed.ok && !listed.text.includes("deploy"));
  const search = await callSkillTool(set, "skills_search", {
    query: "deploys production",
  });
  assert.ok(search.ok && !JSON.stringify(search.data).includes("deploy"));
  const refused = await callSkillTool(set, "skills_read", { name: "deploy" });
  assert.equal(refused.ok, false);
  // The user can.
  assert.match(await set.activate("deploy"), /# Deploy \$env/);
  const cli = await runCli(["activate", "deploy", "--root", tmp.path]);
  assert.equal(cli.code, 0, cli.stderr);
});

Deno.test("overrides by name, glob and path; the last match wins; off leaves the set, name-only drops the description", async () => {
  await using tmp = await tempDir();
  await policyTree(tmp.path);
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    cache: false,
    overrides: [
      { match: "legacy-*", mode: "off" },
      { match: join(tmp.path, "review"), mode: "name-only" },
      { match: "deploy", mode: "on" },
      { match: "notes", mode: "user-only" },
      { match: "notes", mode: "on" }, // later wins
    ],
  });
  assert.deepEqual(set.list().map((s) => s.name), [
    "deploy",
    "notes",
    "review",
  ]);
  assert.equal(set.get("legacy-pdf"), undefined);
  const catalog = set.catalog({ format: "json" });
  const entries = JSON.parse(catalog).skills;
  assert.deepEqual(
    entries.map((
      e: { name: string; description?: string },
    ) => [e.name, e.description !== undefined]),
    [
      ["deploy", true],
      ["notes", true],
      ["review", false],
    ],
  );
  const notes = set.get("notes")!;
  assert.deepEqual(policyOf(notes, set.options.overrides), {
    mode: "on",
    modelVisible: true,
    userInvocable: false,
    source: "override: notes",
  });
});

Deno.test("the CLI reads overrides from skillscope.json or --config, and list --json shows each skill's effective policy", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  await policyTree(root);
  await Deno.writeTextFile(
    join(tmp.path, "skillscope.json"),
    JSON.stringify({
      overrides: [{ match: "legacy-*", mode: "off" }, {
        match: "skills/review",
        mode: "user-only",
      }],
    }),
  );
  const list = await runCli(["list", root, "--json"], { cwd: tmp.path });
  const policies = Object.fromEntries(
    JSON.parse(list.stdout).skills.map((
      s: { name: string; policy: { mode: string } },
    ) => [s.name, s.policy.mode]),
  );
  assert.deepEqual(policies, {
    deploy: "user-only",
    "legacy-pdf": "off",
    notes: "on",
    review: "user-only",
  });
  const catalog = await runCli(
    ["catalog", "--root", root, "--format", "json"],
    { cwd: tmp.path },
  );
  assert.deepEqual(
    JSON.parse(catalog.stdout).skills.map((s: { name: string }) => s.name),
    ["notes"],
  );
  const other = join(tmp.path, "other.json");
  await Deno.writeTextFile(
    other,
    JSON.stringify({ overrides: [{ match: "notes", mode: "bogus" }] }),
  );
  const bad = await runCli(["catalog", "--root", root, "--config", other], {
    cwd: tmp.path,
  });
  assert.equal(bad.code, 1);
  assert.match(
    bad.stderr,
    /other\.json is not a valid skillscope config: overrides\[0\] must be/,
  );
});

Deno.test("discover() itself keeps every skill: policy is applied where skills are shown", async () => {
  await using tmp = await tempDir();
  await policyTree(tmp.path);
  const found = await discover({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  assert.equal(found.skills.length, 4);
  assert.equal(
    found.skills.find((s) => s.name === "deploy")?.disableModelInvocation,
    true,
  );
});

Deno.test("Codex's agents/openai.yaml: display name, short description, and allow_implicit_invocation: false keeps the model away", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "codexy/SKILL.md": skillMd("name: codexy\ndescription: A Codex skill"),
    "codexy/agents/openai.yaml":
      'interface:\n  display_name: "Codexy"\n  short_description: Short words\npolicy:\n  allow_implicit_invocation: false\n',
    "broken/SKILL.md": skillMd("name: broken\ndescription: Broken metadata"),
    "broken/agents/openai.yaml": "- a list\n- not a map\n",
  });
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path, { codexMetadata: true })],
    cache: false,
  });
  const codexy = set.get("codexy")!;
  assert.deepEqual(
    [
      codexy.displayName,
      codexy.shortDescription,
      codexy.allowImplicitInvocation,
    ],
    ["Codexy", "Short words", false],
  );
  assert.deepEqual(policyOf(codexy), {
    mode: "user-only",
    modelVisible: false,
    userInvocable: true,
    source: "agents/openai.yaml",
  });
  assert.ok(!set.catalog().includes("codexy"));
  assert.ok(set.get("broken"));
  assert.deepEqual(set.diagnostics.map((d) => d.code), [
    "codex-metadata-invalid",
  ]);
  assert.match(set.diagnostics[0]!.message, /not a YAML mapping/);
  // Off by default: a failed lookup per skill is not free.
  const plain = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  assert.equal(plain.get("codexy")!.allowImplicitInvocation, undefined);
  assert.deepEqual(plain.diagnostics, []);
});

Deno.test("globMatches() agrees with the whole-name wildcard rule (property)", async () => {
  const { globMatches } = await import("../src/discover/name_filter.ts");
  const fc = (await import("fast-check")).default;
  const reference = (pattern: string, name: string) =>
    new RegExp(
      `^${
        [...pattern].map((c) =>
          c === "*"
            ? "[\\s\\S]*"
            : c === "?"
            ? "[\\s\\S]"
            : c.replace(/[\\^$.|+()[\]{}]/g, "\\$&")
        ).join("")
      }$`,
      "u",
    ).test(name);
  fc.assert(
    fc.property(
      fc.stringMatching(/^[ab*?é.]{0,8}$/),
      fc.stringMatching(/^[abé.]{0,10}$/),
      (pattern, name) =>
        globMatches(pattern, name) === reference(pattern, name),
    ),
    { numRuns: 2000 },
  );
});

Deno.test("a hostile glob in a project's skillscope.json cannot hang listing (it took over 60 s with a backtracking pattern)", async () => {
  await using tmp = await tempDir();
  const name = "a".repeat(60);
  await writeTree(tmp.path, {
    [`skills/${name}/SKILL.md`]: skillMd(`name: ${name}\ndescription: d`),
    "skillscope.json": JSON.stringify({
      overrides: [{ match: "*a*a*a*a*a*a*a*a*a*a*a*a*b", mode: "off" }],
    }),
  });
  const started = performance.now();
  const out = await runCli([
    "list",
    join(tmp.path, "skills"),
    "--json",
    "--exclude",
    "*a*a*a*a*a*a*a*a*a*a*a*a*c",
  ], { cwd: tmp.path, signal: AbortSignal.timeout(20_000) });
  assert.equal(out.code, 0, out.stderr);
  const skills = JSON.parse(out.stdout).skills;
  assert.deepEqual(
    skills.map((s: { policy: { mode: string } }) => s.policy.mode),
    ["on"],
  );
  assert.ok(performance.now() - started < 20_000);
});
