// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { SkillCache } from "../src/discover/scan_cache.ts";
import { discoverSync } from "../src/discover/discover.ts";
import { nameFilter } from "../src/discover/name_filter.ts";
import { SkillSet } from "../src/serve/skill_set.ts";
import { directorySource, embeddedSkill } from "../src/discover/sources.ts";
import { tempDir, writeSkill } from "./_helpers.ts";

const names = (d: { skills: readonly { name: string }[] }) =>
  d.skills.map((s) => s.name);

Deno.test("discover() lets the first source win and reports the shadowed skill, both ways", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  const user = join(dir.path, "user");
  await writeSkill(project, "shared", { description: "project copy" });
  await writeSkill(project, "only-project");
  await writeSkill(user, "shared", { description: "user copy" });
  await writeSkill(user, "only-user");
  const a = discoverSync({
    sources: [
      directorySource(project, { scope: "project" }),
      directorySource(user, { scope: "user" }),
    ],
    cache: false,
  });
  assert.deepEqual(names(a), ["only-project", "shared", "only-user"]);
  assert.equal(
    a.skills.find((s) => s.name === "shared")!.description,
    "project copy",
  );
  assert.equal(a.skills.find((s) => s.name === "shared")!.scope, "project");
  assert.deepEqual(a.shadowed, [{
    name: "shared",
    winner: join(project, "shared", "SKILL.md"),
    loser: join(user, "shared", "SKILL.md"),
  }]);
  const warning = a.diagnostics.find((d) => d.code === "skill-shadowed");
  assert.equal(warning?.level, "warning");
  assert.equal(warning?.path, join(user, "shared", "SKILL.md"));

  const b = discoverSync({
    sources: [directorySource(user), directorySource(project)],
    cache: false,
  });
  assert.equal(
    b.skills.find((s) => s.name === "shared")!.description,
    "user copy",
  );
  assert.deepEqual(b.shadowed.map((s) => [s.winner, s.loser]), [[
    join(user, "shared", "SKILL.md"),
    join(project, "shared", "SKILL.md"),
  ]]);
});

Deno.test("discover() lets the lexicographically first directory win within a source", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "b-dir/x", { name: "dup", description: "from b" });
  await writeSkill(dir.path, "a/x", { name: "dup", description: "from a" });
  await writeSkill(dir.path, "a-b/x", { name: "dup", description: "from a-b" });
  const found = discoverSync({
    sources: [directorySource(dir.path, { recursive: true })],
    cache: false,
  });
  // "a-b/x" < "a/x" < "b-dir/x" in code-unit order ("-" sorts before "/")
  assert.equal(found.skills[0]!.description, "from a-b");
  assert.deepEqual(found.shadowed.map((s) => s.loser), [
    join(dir.path, "a", "x", "SKILL.md"),
    join(dir.path, "b-dir", "x", "SKILL.md"),
  ]);
});

Deno.test("nameFilter() matches whole names with * and ?, literally otherwise, case-sensitively", () => {
  const cases: [string[], string[], string, boolean][] = [
    [[], [], "anything", true],
    [["pdf-*"], [], "pdf-tools", true],
    [["pdf-*"], [], "my-pdf-tools", false],
    [["pdf"], [], "pdf-tools", false],
    [["p?f"], [], "pdf", true],
    [["p?f"], [], "pddf", false],
    [["PDF"], [], "pdf", false],
    [["a.b"], [], "axb", false],
    [["a.b"], [], "a.b", true],
    [["(x|y)+"], [], "x", false],
    [["(x|y)+"], [], "(x|y)+", true],
    [["[ab]"], [], "a", false],
    [["[ab]"], [], "[ab]", true],
    [["^a$"], [], "^a$", true],
    [["*"], ["*-beta"], "tool-beta", false],
    [["tool-beta"], ["*-beta"], "tool-beta", false],
    [["*"], ["a\\b"], "a\\b", false],
    [["技*"], [], "技能", true],
  ];
  for (const [include, exclude, name, expected] of cases) {
    assert.equal(
      nameFilter(include, exclude)(name),
      expected,
      JSON.stringify([include, exclude, name]),
    );
  }
});

Deno.test("discover() applies include and exclude before dedup, so filtered skills do not exist", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, "one"), "keep-me");
  await writeSkill(join(dir.path, "one"), "drop.me");
  await writeSkill(join(dir.path, "two"), "drop.me");
  await writeSkill(join(dir.path, "two"), "dropXme");
  const found = discoverSync({
    sources: [
      directorySource(join(dir.path, "one")),
      directorySource(join(dir.path, "two")),
    ],
    exclude: ["drop.me"],
    cache: false,
  });
  assert.deepEqual(names(found), ["keep-me", "dropXme"]);
  assert.deepEqual(found.shadowed, []);
  const set = SkillSet.openSync({
    sources: [directorySource(join(dir.path, "one"))],
    include: ["keep-*"],
    cache: false,
  });
  assert.equal(set.get("drop.me"), undefined);
  assert.deepEqual(set.list().map((s) => s.name), ["keep-me"]);
});

Deno.test("embeddedSkill() frontmatter wins, content globs win when non-empty, alwaysApply is OR-ed", () => {
  const found = discoverSync({
    sources: [
      embeddedSkill({
        name: "struct-name",
        description: "struct description",
        content:
          "---\nname: content-name\ndescription: content description\nglobs: ['*.ts']\n---\n# Body\n",
        globs: ["*.md"],
        alwaysApply: true,
      }),
      embeddedSkill({
        name: "plain",
        description: "from the struct",
        content: "# No frontmatter\n",
        globs: ["docs/**"],
      }),
      embeddedSkill({
        name: "empty-globs",
        content: "---\ndescription: d\nglobs: []\nalwaysApply: true\n---\n",
        globs: ["fallback/**"],
        alwaysApply: false,
      }),
      embeddedSkill({ name: "no-description", content: "# nothing\n" }),
    ],
    cache: false,
  });
  const [first, plain, empty] = found.skills;
  assert.deepEqual(
    [
      first?.name,
      first?.description,
      first?.globs,
      first?.alwaysApply,
      first?.scope,
    ],
    ["content-name", "content description", ["*.ts"], true, "bundled"],
  );
  assert.equal(first?.path, undefined);
  // Bundled (the default scope of embedded skills) means overridable.
  assert.deepEqual(first?.source, {
    kind: "embedded",
    key: "embedded:struct-name",
    overridable: true,
  });
  assert.deepEqual([plain?.name, plain?.description, plain?.globs], [
    "plain",
    "from the struct",
    ["docs/**"],
  ]);
  assert.deepEqual([empty?.name, empty?.globs, empty?.alwaysApply], [
    "empty-globs",
    ["fallback/**"],
    true,
  ]);
  assert.equal(found.skills.length, 3);
  assert.deepEqual(found.diagnostics.map((d) => [d.code, d.path]), [[
    "description-missing",
    "embedded:no-description",
  ]]);
});

Deno.test("discover() places embedded skills in source order, so a directory can override them", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "greet", { description: "user override" });
  const bundled = embeddedSkill({
    name: "greet",
    description: "bundled",
    content: "Say hi",
  });
  const found = discoverSync({
    sources: [directorySource(dir.path), bundled],
    cache: false,
  });
  assert.equal(found.skills[0]!.description, "user override");
  assert.deepEqual(found.shadowed, [{
    name: "greet",
    winner: join(dir.path, "greet", "SKILL.md"),
    loser: "embedded:greet",
  }]);
});

Deno.test("discover() cache hit touches no file and hands out the same frozen objects", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "cached");
  const cache = new SkillCache();
  const sources = [directorySource(dir.path)];
  const first = discoverSync({ sources, cache });
  await Deno.remove(join(dir.path, "cached"), { recursive: true });
  const second = discoverSync({ sources, cache });
  assert.equal(second.skills[0], first.skills[0]);
  assert.ok(Object.isFrozen(second.skills));
  assert.equal(cache.size, 1);
  // another options set is another entry
  assert.deepEqual(
    names(
      discoverSync({
        sources: [directorySource(dir.path, { recursive: true })],
        cache,
      }),
    ),
    [],
  );
  assert.equal(cache.size, 2);
  // invalidate drops every entry of that root
  cache.invalidate(sources[0]);
  assert.equal(cache.size, 0);
  assert.deepEqual(names(discoverSync({ sources, cache })), []);
});

Deno.test("discover() shares one cache entry between two paths of the same root", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, "real"), "s");
  await Deno.symlink(join(dir.path, "real"), join(dir.path, "alias"));
  const cache = new SkillCache();
  const viaReal = discoverSync({
    sources: [directorySource(join(dir.path, "real"))],
    cache,
  });
  const viaAlias = discoverSync({
    sources: [directorySource(join(dir.path, "alias"))],
    cache,
  });
  assert.equal(cache.size, 1);
  assert.equal(viaReal.skills[0]!.source.key, join(dir.path, "real"));
  assert.equal(
    viaAlias.skills[0]!.path,
    join(dir.path, "alias", "s", "SKILL.md"),
  );
  cache.invalidate(directorySource(join(dir.path, "alias")));
  assert.equal(cache.size, 0);
});

Deno.test("discover() with revalidate: 'stat' rescans after an edit, an addition and a removal", async () => {
  await using dir = await tempDir();
  const path = await writeSkill(dir.path, "s1", { description: "first" });
  const cache = new SkillCache();
  const sources = [directorySource(dir.path)];
  const first = discoverSync({ sources, cache, revalidate: "stat" });
  assert.equal(
    discoverSync({ sources, cache, revalidate: "stat" }).skills[0],
    first.skills[0],
  );
  const later = new Date(Date.now() + 5000);
  await writeSkill(dir.path, "s1", { description: "second" });
  await Deno.utime(path, later, later);
  assert.equal(
    discoverSync({ sources, cache, revalidate: "stat" }).skills[0]!.description,
    "second",
  );
  await Deno.mkdir(join(dir.path, "s2"));
  await Deno.utime(join(dir.path, "s2"), later, later);
  await Deno.utime(
    dir.path,
    new Date(Date.now() + 9000),
    new Date(Date.now() + 9000),
  );
  await writeSkill(dir.path, "s2");
  assert.deepEqual(
    names(discoverSync({ sources, cache, revalidate: "stat" })),
    ["s1", "s2"],
  );
  await Deno.remove(join(dir.path, "s1"), { recursive: true });
  assert.deepEqual(
    names(discoverSync({ sources, cache, revalidate: "stat" })),
    ["s2"],
  );
});

Deno.test("SkillSet.refresh() sees changes the cache would hide", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "before");
  const cache = new SkillCache();
  const set = await SkillSet.open({
    sources: [directorySource(dir.path)],
    cache,
  });
  await writeSkill(dir.path, "after");
  assert.deepEqual(
    SkillSet.openSync({ sources: [directorySource(dir.path)], cache }).list()
      .map((s) => s.name),
    [
      "before",
    ],
  );
  await set.refresh();
  assert.deepEqual(set.list().map((s) => s.name), ["after", "before"]);
  assert.equal(set.get("after")?.dir, join(dir.path, "after"));
});
