// Copyright 2026 the skillscope authors. MIT license.
// Bounds that keep a huge or hostile skill tree from taking the process's
// memory or event loop.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  directorySource,
  discover,
  discoverSync,
  embeddedSkill,
  SkillSet,
} from "../mod.ts";
import { MAX_FLAT_ROOT_DIRS } from "../src/discover/sources.ts";
import { MAX_RETAINED_FRONTMATTER_CHARS } from "../src/parse/retain.ts";
import { CONFIG, skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";

Deno.test("a skill with 56 KB of frontmatter keeps only its short known fields, with a warning", async () => {
  await using tmp = await tempDir();
  const big = "x".repeat(28_000);
  await writeTree(tmp.path, {
    "fat/SKILL.md": skillMd(
      `name: fat\ndescription: Fat skill\nlicense: MIT\nglobs: ["**/*.sql"]\nmetadata:\n  blob: "${big}"\nx-vendor: "${big}"`,
    ),
  });
  await writeSkill(tmp.path, "thin", {
    extra: "metadata:\n  owner: team-a",
  });
  const found = discoverSync({ sources: [directorySource(tmp.path)] });
  const fat = found.skills.find((s) => s.name === "fat")!;
  assert.equal(fat.description, "Fat skill");
  assert.equal(fat.license, "MIT");
  assert.deepEqual(fat.globs, ["**/*.sql"]);
  assert.equal(fat.metadata, undefined);
  assert.deepEqual(Object.keys(fat.frontmatter).sort(), [
    "description",
    "globs",
    "license",
    "name",
  ]);
  assert.ok(JSON.stringify(fat).length < MAX_RETAINED_FRONTMATTER_CHARS);
  const warning = found.diagnostics.find((d) =>
    d.code === "frontmatter-capped"
  );
  assert.equal(warning?.level, "warning");
  assert.equal(warning?.path, join(tmp.path, "fat/SKILL.md"));
  assert.match(warning!.message, /dropped: metadata, x-vendor/);
  // A normal skill keeps everything.
  const thin = found.skills.find((s) => s.name === "thin")!;
  assert.equal(thin.metadata?.owner, "team-a");
});

Deno.test("a flat root is bounded by default and says so when it stops", async () => {
  assert.equal(directorySource("/tmp").maxDirs, MAX_FLAT_ROOT_DIRS);
  assert.equal(
    directorySource("/tmp", { recursive: true }).maxDirs,
    2000,
  );
  await using tmp = await tempDir();
  for (let i = 0; i < 6; i++) await writeSkill(tmp.path, `s-${i}`);
  const found = discoverSync({
    sources: [directorySource(tmp.path, { maxDirs: 4 })],
  });
  assert.equal(found.skills.length, 4);
  assert.deepEqual(found.diagnostics.map((d) => d.code), ["scan-truncated"]);
});

Deno.test("a flat root of 3,000 skills comes out in name order, sync and async alike", async () => {
  // More entries than one sorted run (2048): the sliced merge sort is used.
  await using tmp = await tempDir();
  const names = Array.from(
    { length: 3_000 },
    (_, i) => `s-${(i * 7919) % 3000}`,
  );
  const files: Record<string, string> = {};
  for (const name of names) {
    files[`${name}/SKILL.md`] = skillMd(
      `name: ${name}\ndescription: Skill ${name}`,
    );
  }
  await writeTree(tmp.path, files);
  const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const source = directorySource(tmp.path);
  const sync = discoverSync({ sources: [source], cache: false });
  assert.deepEqual(sync.skills.map((s) => s.name), sorted);
  const async = await discover({ sources: [source], cache: false });
  assert.deepEqual(async.skills.map((s) => s.name), sorted);
  assert.deepEqual(async.diagnostics, sync.diagnostics);
  const set = await SkillSet.open({ sources: [source], cache: false });
  assert.equal(set.list().length, 3_000);
});

Deno.test("search over thousands of skills scores only those holding a term and keeps the best in order", () => {
  const skills = Array.from({ length: 3_000 }, (_, i) =>
    embeddedSkill({
      name: `s-${i}`,
      description: i === 7
        ? "Fill PDF forms"
        : i === 2500
        ? "Read a PDF, then a PDF again"
        : `Skill ${i}`,
      content: "# Body\n",
    }));
  const set = SkillSet.openSync({ sources: skills });
  assert.deepEqual(set.search("pdf").map((h) => h.skill.name), [
    "s-2500",
    "s-7",
  ]);
  assert.deepEqual(set.search("pdf", { limit: 1 }).map((h) => h.skill.name), [
    "s-2500",
  ]);
  // Equal scores rank by name.
  assert.deepEqual(
    set.search("skill", { limit: 4 }).map((h) => h.skill.name),
    ["s-0", "s-1", "s-10", "s-100"],
  );
  assert.deepEqual(set.search("nothing-matches-this"), []);
  assert.deepEqual(set.search("pdf", { limit: 0 }), []);
});

Deno.test("discover() lets timers run while it scans thousands of skills, and a program that awaits it ends, whether it succeeds or fails", async () => {
  await using tmp = await tempDir();
  const files: Record<string, string> = {};
  for (let i = 0; i < 2_000; i++) {
    files[`s-${i}/SKILL.md`] = skillMd(`name: s-${i}\ndescription: Skill ${i}`);
  }
  await writeTree(tmp.path, files);
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    const found = await discover({
      sources: [directorySource(tmp.path)],
      cache: false,
    });
    assert.equal(found.skills.length, 2_000);
  } finally {
    clearInterval(timer);
  }
  // Scanning 2,000 skills takes many slices: the event loop ran between them.
  assert.ok(ticks > 0, `${ticks} timer ticks during the scan`);
  // A program that awaits discover() ends by itself, after a scan that
  // succeeds and after one that fails: nothing is left holding the event
  // loop open (a hang is killed after 60 s and fails the test).
  const script = join(tmp.path, "run.ts");
  await Deno.writeTextFile(
    script,
    `import { directorySource, discover } from ${
      JSON.stringify(new URL("../mod.ts", import.meta.url).href)
    };
const root = ${JSON.stringify(tmp.path)};
const found = await discover({ sources: [directorySource(root)], cache: false });
console.log(found.skills.length);
await discover({
  sources: [directorySource(root + "/missing", { required: true })],
}).catch((error) => console.log(error.code));
`,
  );
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", `--config=${CONFIG}`, "--allow-read", script],
    stdout: "piped",
    signal: AbortSignal.timeout(60_000),
  }).output();
  assert.equal(run.code, 0);
  assert.equal(new TextDecoder().decode(run.stdout), "2000\npath-missing\n");
});

Deno.test("more than 120,000 shadowed skills are reported, not a RangeError from spreading them into one call", async () => {
  const { buildSkill } = await import("../src/parse/build_skill.ts");
  const origin = Object.freeze({ kind: "remote" as const, key: "remote:a" });
  const skills = Array.from(
    { length: 130_000 },
    (_, i) =>
      buildSkill(
        { name: `s-${i}`, description: "d" },
        Object.freeze({}),
        { fallbackName: `s-${i}`, source: origin },
      ),
  );
  const listing = { skills, diagnostics: [] };
  const remote = (key: string) => ({
    kind: "remote" as const,
    key,
    list: () => Promise.resolve(listing),
  });
  const found = await discover({
    sources: [remote("remote:a"), remote("remote:b")],
    cache: false,
  });
  assert.equal(found.skills.length, 130_000);
  assert.equal(found.shadowed.length, 130_000);
  assert.equal(found.diagnostics.length, 130_000);
  assert.equal(found.diagnostics[0]?.code, "skill-shadowed");
});

Deno.test("the frontmatter-capped warning names the first 10 dropped keys and counts the rest", async () => {
  await using tmp = await tempDir();
  const keys = Array.from({ length: 500 }, (_, i) => `x-key-${i}: value ${i}`);
  await writeTree(tmp.path, {
    "wide/SKILL.md": skillMd(
      `name: wide\ndescription: Wide skill\n${keys.join("\n")}`,
    ),
  });
  const found = discoverSync({ sources: [directorySource(tmp.path)] });
  const warning = found.diagnostics.find((d) =>
    d.code === "frontmatter-capped"
  );
  assert.match(
    warning?.message ?? "",
    /; dropped: x-key-0, x-key-1, .*x-key-9, and 490 more$/,
  );
  assert.doesNotMatch(warning!.message, /x-key-10\b/);
});
