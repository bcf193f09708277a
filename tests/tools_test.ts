// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { SkillSet } from "../src/serve/skill_set.ts";
import { directorySource, embeddedSkill } from "../src/discover/sources.ts";
import {
  type JsonSchema,
  MAX_ENUM_NAMES,
  MAX_MATCH_PATH_LENGTH,
  MAX_MATCH_PATHS,
  TOOL_NAMES,
} from "../src/serve/tool_definitions.ts";
import { skillTools } from "../src/serve/tools.ts";
import { callSkillTool } from "../src/serve/tool_calls.ts";
import { tempDir, writeSkill, writeTree } from "./_helpers.ts";

async function fixtureSet(): Promise<{ set: SkillSet } & AsyncDisposable> {
  const dir = await tempDir();
  await writeSkill(dir.path, "alpha", {
    description: "Alpha helps with PDF forms",
    body: "# Alpha\n",
    extra: "globs: ['*.pdf']",
  });
  await writeSkill(dir.path, "beta", { description: "Beta writes changelogs" });
  await writeTree(join(dir.path, "alpha"), {
    "notes.md": "Notes\n",
    "blob.bin": new Uint8Array([0xff, 0xfe, 0]),
  });
  const set = SkillSet.openSync({
    sources: [directorySource(dir.path)],
    cache: false,
  });
  return { set, [Symbol.asyncDispose]: dir[Symbol.asyncDispose] };
}

Deno.test("skillTools() defines five tools with the names as an enum, and none without skills", async () => {
  await using f = await fixtureSet();
  const tools = skillTools(f.set);
  assert.deepEqual(tools.map((t) => t.name), [
    "skills_list",
    "skills_read",
    "skills_read_asset",
    "skills_match",
    "skills_search",
  ]);
  const read = tools.find((t) => t.name === "skills_read")!;
  assert.deepEqual(read.inputSchema.properties?.name?.enum, ["alpha", "beta"]);
  assert.deepEqual(read.inputSchema.required, ["name"]);
  assert.equal(read.inputSchema.additionalProperties, false);
  for (const tool of tools) assert.equal(tool.inputSchema.type, "object");
  assert.deepEqual(
    skillTools(SkillSet.openSync({ sources: [], cache: false })),
    [],
  );
});

Deno.test("callSkillTool() runs each tool", async () => {
  await using f = await fixtureSet();
  const list = await callSkillTool(f.set, "skills_list", {});
  assert.ok(list.ok);
  assert.deepEqual(list.data, [
    { name: "alpha", description: "Alpha helps with PDF forms" },
    { name: "beta", description: "Beta writes changelogs" },
  ]);
  const read = await callSkillTool(f.set, "skills_read", { name: "alpha" });
  assert.ok(
    read.ok && read.text.startsWith('<skill_content name="alpha">\n# Alpha'),
    JSON.stringify(read),
  );
  assert.equal(f.set.isActive("alpha"), true);
  const asset = await callSkillTool(f.set, "skills_read_asset", {
    name: "alpha",
    path: "notes.md",
  });
  assert.ok(asset.ok && asset.text === "Notes\n");
  const binary = await callSkillTool(f.set, "skills_read_asset", {
    name: "alpha",
    path: "blob.bin",
  });
  assert.ok(binary.ok);
  assert.equal(binary.text, "//4A");
  assert.deepEqual(binary.data, {
    name: "alpha",
    path: "blob.bin",
    encoding: "base64",
    size: 3,
  });
  const match = await callSkillTool(f.set, "skills_match", {
    paths: ["docs/form.pdf"],
  });
  assert.ok(match.ok);
  assert.deepEqual(match.data, { matched: ["alpha"] });
  const search = await callSkillTool(f.set, "skills_search", {
    query: "changelog",
    limit: 5,
  });
  assert.ok(search.ok);
  assert.deepEqual((search.data as { name: string }[]).map((h) => h.name), [
    "beta",
  ]);
});

Deno.test("callSkillTool() returns structured errors for bad model input and never throws", async () => {
  await using f = await fixtureSet();
  const cases: [string, unknown, string][] = [
    ["skills_nope", {}, "unknown-tool"],
    ["skills_read", {}, "invalid-input"],
    ["skills_read", { name: "gamma" }, "invalid-input"],
    ["skills_read", { name: 42 }, "invalid-input"],
    ["skills_read", { name: "alpha", extra: 1 }, "invalid-input"],
    ["skills_read", "alpha", "invalid-input"],
    ["skills_read", [], "invalid-input"],
    ["skills_read_asset", { name: "alpha" }, "invalid-input"],
    ["skills_read_asset", { name: "alpha", path: "" }, "invalid-input"],
    [
      "skills_read_asset",
      { name: "alpha", path: "../beta/SKILL.md" },
      "asset-path-invalid",
    ],
    [
      "skills_read_asset",
      { name: "alpha", path: "missing" },
      "asset-not-found",
    ],
    ["skills_match", { paths: [] }, "invalid-input"],
    ["skills_match", { paths: "a.pdf" }, "invalid-input"],
    ["skills_match", { paths: [1] }, "invalid-input"],
    ["skills_search", { query: "x", limit: 0 }, "invalid-input"],
    ["skills_search", { query: "x", limit: 2.5 }, "invalid-input"],
    ["skills_search", { query: "" }, "invalid-input"],
  ];
  for (const [tool, input, code] of cases) {
    const result = await callSkillTool(f.set, tool, input);
    assert.equal(result.ok, false, `${tool} ${JSON.stringify(input)}`);
    if (!result.ok) {
      assert.equal(
        result.error.code,
        code,
        `${tool} ${JSON.stringify(input)}: ${result.error.message}`,
      );
    }
  }
  const none = await callSkillTool(
    SkillSet.openSync({ sources: [], cache: false }),
    "skills_list",
    {},
  );
  assert.ok(!none.ok && none.error.code === "unknown-tool");
});

Deno.test("callSkillTool() serves embedded skills without any permission-relevant I/O", async () => {
  const set = SkillSet.openSync({
    sources: [
      embeddedSkill({
        name: "inline",
        description: "d",
        content: "# Inline\n",
        assets: { "a.txt": "A" },
      }),
    ],
    cache: false,
  });
  const asset = await callSkillTool(set, "skills_read_asset", {
    name: "inline",
    path: "a.txt",
  });
  assert.ok(asset.ok && asset.text === "A");
});

Deno.test("skillTools() is built once per discovery, drops the enum past MAX_ENUM_NAMES, and skills_match caps model input", async () => {
  await using tmp = await tempDir();
  const count = MAX_ENUM_NAMES + 1;
  for (let i = 0; i < count; i++) {
    await writeTree(tmp.path, {
      [`s${i}/SKILL.md`]: `---\nname: s${i}\ndescription: Skill ${i}\n---\n`,
    });
  }
  const set = SkillSet.openSync({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  assert.equal(set.list().length, count);
  const tools = skillTools(set);
  assert.equal(skillTools(set), tools, "cached per discovery");
  const read = tools.find((t) => t.name === "skills_read")!;
  const name = (read.inputSchema.properties as Record<string, JsonSchema>)
    .name!;
  assert.equal(name.enum, undefined);
  assert.ok(JSON.stringify(tools).length < 10_000, "no 1001-name enum");
  // A name that is not a skill is still refused, now at call time.
  const missing = await callSkillTool(set, "skills_read", { name: "nope" });
  assert.equal(missing.ok, false);
  assert.equal(!missing.ok && missing.error.code, "skill-not-found");
  const ok = await callSkillTool(set, "skills_read", { name: "s7" });
  assert.equal(ok.ok, true);
  // Model input at the old maxima is refused at once.
  const started = performance.now();
  const tooMany = await callSkillTool(set, "skills_match", {
    paths: Array.from({ length: 1000 }, () => "a".repeat(4096)),
  });
  assert.equal(!tooMany.ok && tooMany.error.code, "invalid-input");
  const tooLong = await callSkillTool(set, "skills_match", {
    paths: ["a".repeat(MAX_MATCH_PATH_LENGTH + 1)],
  });
  assert.equal(!tooLong.ok && tooLong.error.code, "invalid-input");
  const fine = await callSkillTool(set, "skills_match", {
    paths: Array.from({ length: MAX_MATCH_PATHS }, (_, i) => `src/${i}.ts`),
  });
  assert.equal(fine.ok, true);
  assert.ok(performance.now() - started < 5_000);
  await set.refresh();
  assert.notEqual(skillTools(set), tools, "a new discovery builds anew");
});

Deno.test("TOOL_NAMES lists the tools skillTools() defines, in order", () => {
  const set = SkillSet.openSync({
    sources: [embeddedSkill({ name: "a", description: "A", content: "# A\n" })],
  });
  assert.deepEqual(skillTools(set).map((t) => t.name), [...TOOL_NAMES]);
});
