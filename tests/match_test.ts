// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { discoverSync } from "../src/discover/discover.ts";
import { compileGlobs, matchSkills } from "../src/serve/match.ts";
import { searchSkills } from "../src/serve/search.ts";
import { SkillSet } from "../src/serve/skill_set.ts";
import { directorySource, embeddedSkill } from "../src/discover/sources.ts";

const GLOB_CASES: [string, string, boolean][] = [
  // `*` stays within a segment
  ["src/*.ts", "src/a.ts", true],
  ["src/*.ts", "src/deep/a.ts", false],
  // `**` crosses segments
  ["src/**/*.ts", "src/a.ts", true],
  ["src/**/*.ts", "src/x/y/z.ts", true],
  ["src/**", "src/x/y/z.md", true],
  ["**/*.sql", "db/migrations/001.sql", true],
  ["**/*.sql", "top.sql", true],
  // no "/" → basename at any depth
  ["*.md", "README.md", true],
  ["*.md", "docs/guide/intro.md", true],
  ["CHANGELOG.md", "packages/a/CHANGELOG.md", true],
  ["*.md", "docs/guide/intro.mdx", false],
  // a pattern with "/" is anchored to the start
  ["docs/*.md", "other/docs/a.md", false],
  // dotfiles match
  ["*.yml", ".github/workflows/ci.yml", true],
  [".github/**", ".github/workflows/ci.yml", true],
  // backslashes are separators, in paths and patterns
  ["src/**/*.ts", "src\\x\\a.ts", true],
  ["src\\*.ts", "src/a.ts", true],
  // leading ./ and trailing / (a directory)
  ["./src/*.ts", "./src/a.ts", true],
  ["migrations/", "migrations/2024/up.sql", true],
  // braces and character classes
  ["*.{ts,tsx}", "app/page.tsx", true],
  ["file[0-9].txt", "file7.txt", true],
  ["file[0-9].txt", "filex.txt", false],
];

Deno.test("compileGlobs() follows editor-rule glob semantics", () => {
  for (const [glob, path, expected] of GLOB_CASES) {
    const matcher = compileGlobs([glob]);
    assert.equal(
      matcher(path.replaceAll("\\", "/").replace(/^\.\//, "")),
      expected,
      `${glob} vs ${path}`,
    );
  }
});

Deno.test("matchSkills() returns glob matches and every alwaysApply skill, in discovery order", () => {
  const skills = discoverSync({
    sources: [
      embeddedSkill({
        name: "ts",
        description: "d",
        content: "x",
        globs: ["src/**/*.ts"],
      }),
      embeddedSkill({
        name: "always",
        description: "d",
        content: "x",
        alwaysApply: true,
      }),
      embeddedSkill({
        name: "sql",
        description: "d",
        content: "x",
        globs: ["*.sql"],
      }),
      embeddedSkill({ name: "none", description: "d", content: "x" }),
    ],
    cache: false,
  }).skills;
  const names = (paths: string[]) =>
    matchSkills(skills, paths).map((s) => s.name);
  assert.deepEqual(names(["src\\lib\\a.ts"]), ["ts", "always"]);
  assert.deepEqual(names(["db/x.sql", "./src/b.ts"]), ["ts", "always", "sql"]);
  assert.deepEqual(names(["README.md"]), ["always"]);
  assert.deepEqual(names([]), ["always"]);
});

Deno.test("SkillSet.match() works on the bundled fixtures", () => {
  const set = SkillSet.openSync({
    sources: [directorySource("fixtures/skills")],
    cache: false,
  });
  assert.deepEqual(
    set.match(["migrations/2024/001_init.sql"]).map((s) => s.name),
    ["brand-guidelines", "sql-review"],
  );
  assert.deepEqual(set.match(["packages/x/CHANGELOG.md"]).map((s) => s.name), [
    "brand-guidelines",
    "changelog-writer",
  ]);
});

Deno.test("searchSkills() answers for what the array holds now, after the caller changed it", () => {
  const skill = (name: string, description: string) =>
    discoverSync({
      sources: [embeddedSkill({ name, description, content: "x" })],
    }).skills[0]!;
  const skills = [skill("pdf-tools", "Fill PDF forms")];
  assert.deepEqual(searchSkills(skills, "spreadsheet"), []);
  skills.push(skill("xlsx", "Edit spreadsheet files"));
  assert.deepEqual(
    searchSkills(skills, "spreadsheet").map((hit) => hit.skill.name),
    ["xlsx"],
  );
  skills[1] = skill("csv", "Clean CSV spreadsheet exports");
  assert.deepEqual(
    searchSkills(skills, "spreadsheet").map((hit) => hit.skill.name),
    ["csv"],
  );
});

Deno.test("searchSkills() ranks by relevance with deterministic ties", () => {
  const skills = discoverSync({
    sources: [
      embeddedSkill({
        name: "pdf-tools",
        description: "Extract text from PDF files and fill PDF forms",
        content: "x",
      }),
      embeddedSkill({
        name: "docx",
        description: "Create and edit Word documents",
        content: "x",
      }),
      embeddedSkill({
        name: "b-same",
        description: "spreadsheet helper",
        content: "x",
      }),
      embeddedSkill({
        name: "a-same",
        description: "spreadsheet helper",
        content: "x",
      }),
      embeddedSkill({
        name: "forms",
        description: "Design web forms",
        content: "x",
      }),
    ],
    cache: false,
  }).skills;
  assert.deepEqual(
    searchSkills(skills, "fill a PDF form").map((h) => h.skill.name),
    ["pdf-tools", "forms"],
  );
  assert.deepEqual(searchSkills(skills, "forms").map((h) => h.skill.name), [
    "forms",
    "pdf-tools",
  ]);
  assert.deepEqual(
    searchSkills(skills, "spreadsheet").map((h) => h.skill.name),
    ["a-same", "b-same"],
  );
  assert.deepEqual(searchSkills(skills, "docx")[0]?.skill.name, "docx");
  assert.deepEqual(searchSkills(skills, "the a of"), []);
  assert.deepEqual(
    searchSkills(skills, "spreadsheet", { limit: 1 }).map((h) => h.skill.name),
    ["a-same"],
  );
  const hits = searchSkills(skills, "pdf forms");
  assert.ok(hits.every((h, i) => i === 0 || hits[i - 1]!.score >= h.score));
});
