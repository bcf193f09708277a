// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { normalizeAssetPath } from "../src/shared/asset_path.ts";
import { SkillAccessError } from "../src/shared/errors.ts";
import { SkillSet } from "../src/serve/skill_set.ts";
import { directorySource, embeddedSkill } from "../src/discover/sources.ts";
import { skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { discoverSync } from "../src/discover/discover.ts";
import { isDirectorySkill, isEmbeddedSkill } from "../src/parse/build_skill.ts";
import { readBodySync } from "../src/content/disk_content.ts";

async function rejectsWith(
  promise: Promise<unknown>,
  code: string,
): Promise<void> {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof SkillAccessError, String(e));
    assert.equal(e.code, code, e.message);
    return true;
  });
}

async function fixture(): Promise<
  { path: string; set: SkillSet } & AsyncDisposable
> {
  const dir = await tempDir();
  const root = join(dir.path, "skills");
  await writeSkill(root, "demo", { body: "# Demo\r\nSteps here.\n" });
  await writeTree(join(root, "demo"), {
    "scripts/run.py": "print('hi')\n",
    "references/guide.md": "# Guide\n",
    "assets/logo.bin": new Uint8Array([0, 255, 1, 2]),
    ".hidden/secret": "x",
    ".env": "TOKEN=1",
    "node_modules/pkg/index.js": "",
  });
  await writeTree(dir.path, { "outside/secret.txt": "top secret" });
  await Deno.symlink(
    join(dir.path, "outside", "secret.txt"),
    join(root, "demo", "escape-link"),
  );
  await Deno.symlink(
    join(dir.path, "outside"),
    join(root, "demo", "escape-dir"),
  );
  await Deno.symlink(
    join(root, "demo", "references", "guide.md"),
    join(root, "demo", "inside-link"),
  );
  const set = SkillSet.openSync({
    sources: [directorySource(root)],
    cache: false,
  });
  return {
    path: dir.path,
    set,
    [Symbol.asyncDispose]: dir[Symbol.asyncDispose],
  };
}

Deno.test("SkillSet.read() returns the body without frontmatter, read on demand", async () => {
  await using f = await fixture();
  assert.equal(await f.set.read("demo"), "# Demo\nSteps here.\n");
  // edited after discovery: read sees the current body
  await writeSkill(join(f.path, "skills"), "demo", { body: "# Changed\n" });
  assert.equal(await f.set.read("demo"), "# Changed\n");
  await rejectsWith(f.set.read("nope"), "skill-not-found");
});

Deno.test("SkillSet.read() refuses a SKILL.md over the size cap", async () => {
  await using f = await fixture();
  await rejectsWith(f.set.read("demo", { maxBytes: 10 }), "body-too-large");
});

Deno.test("SkillSet.readAsset() reads files inside the skill, as bytes or text", async () => {
  await using f = await fixture();
  assert.equal(
    await f.set.readAssetText("demo", "scripts/run.py"),
    "print('hi')\n",
  );
  assert.equal(
    await f.set.readAssetText("demo", "./scripts\\run.py"),
    "print('hi')\n",
  );
  assert.deepEqual(
    await f.set.readAsset("demo", "assets/logo.bin"),
    new Uint8Array([0, 255, 1, 2]),
  );
  assert.equal(await f.set.readAssetText("demo", "inside-link"), "# Guide\n");
});

Deno.test("SkillSet.readAsset() refuses traversal, absolute paths and symlink escapes", async () => {
  await using f = await fixture();
  const outside = join(f.path, "outside", "secret.txt");
  for (
    const bad of [
      "../outside/secret.txt",
      "a/../../x",
      "..",
      "",
      "/etc/passwd",
      outside,
      "C:\\x",
      "\\\\server\\x",
      "a\0b",
    ]
  ) {
    await rejectsWith(f.set.readAsset("demo", bad), "asset-path-invalid");
  }
  await rejectsWith(
    f.set.readAsset("demo", "escape-link"),
    "asset-outside-skill",
  );
  await rejectsWith(
    f.set.readAsset("demo", "escape-dir/secret.txt"),
    "asset-outside-skill",
  );
  await rejectsWith(f.set.readAsset("demo", "missing.txt"), "asset-not-found");
  await rejectsWith(f.set.readAsset("demo", "scripts"), "asset-not-file");
  await rejectsWith(
    f.set.readAsset("demo", "scripts/run.py", { maxBytes: 3 }),
    "asset-too-large",
  );
});

Deno.test("SkillSet.resources() lists bundled files, skipping hidden, node_modules and escaping links", async () => {
  await using f = await fixture();
  const resources = await f.set.resources("demo");
  assert.deepEqual(resources.files, [
    "assets/logo.bin",
    "inside-link",
    "references/guide.md",
    "scripts/run.py",
  ]);
  assert.equal(resources.truncated, false);
  const capped = await f.set.resources("demo", { max: 2 });
  assert.deepEqual(capped.files, ["assets/logo.bin", "inside-link"]);
  assert.equal(capped.truncated, true);
});

Deno.test("embedded skills serve their body and assets, and refuse assets when embedded without them", async () => {
  const set = SkillSet.openSync({
    sources: [
      embeddedSkill({
        name: "with-assets",
        description: "d",
        content: "---\nname: with-assets\n---\n# Body\n",
        assets: {
          "references/a.md": "A",
          "./bin/x": new Uint8Array([1, 2]),
          "../evil": "no",
        },
      }),
      embeddedSkill({ name: "bare", description: "d", content: "# Bare\n" }),
    ],
    cache: false,
  });
  assert.equal(await set.read("with-assets"), "# Body\n");
  assert.equal(await set.readAssetText("with-assets", "references/a.md"), "A");
  assert.deepEqual(
    await set.readAsset("with-assets", "bin/x"),
    new Uint8Array([1, 2]),
  );
  assert.deepEqual((await set.resources("with-assets")).files, [
    "bin/x",
    "references/a.md",
  ]);
  await rejectsWith(
    set.readAsset("with-assets", "../evil"),
    "asset-path-invalid",
  );
  await rejectsWith(set.readAsset("with-assets", "nope"), "asset-not-found");
  await rejectsWith(set.readAsset("bare", "x"), "no-assets");
  assert.deepEqual((await set.resources("bare")).files, []);
  assert.ok(set.diagnostics.some((d) => d.code === "asset-path-invalid"));
});

Deno.test("normalizeAssetPath() accepts relative paths and refuses everything else", () => {
  const cases: [string, string | undefined][] = [
    ["a/b.md", "a/b.md"],
    ["./a//b.md", "a/b.md"],
    ["a\\b.md", "a/b.md"],
    ["a/./b", "a/b"],
    ["..", undefined],
    ["a/..", undefined],
    ["a/../b", undefined],
    ["/abs", undefined],
    ["\\abs", undefined],
    ["c:/x", undefined],
    ["", undefined],
    [".", undefined],
    ["x\0", undefined],
    ["...", "..."],
    ["..a", "..a"],
  ];
  for (const [input, expected] of cases) {
    assert.equal(normalizeAssetPath(input), expected, JSON.stringify(input));
  }
});

Deno.test("SkillSet.activate() renders the payload and isActive() tracks it", async () => {
  await using f = await fixture();
  assert.equal(f.set.isActive("demo"), false);
  const payload = await f.set.activate("demo");
  assert.equal(
    payload,
    [
      '<skill_content name="demo">',
      "# Demo\nSteps here.",
      "",
      `Skill directory: ${join(f.path, "skills", "demo")}`,
      "Relative paths in this skill are relative to the skill directory.",
      "",
      "<skill_resources>",
      "<file>assets/logo.bin</file>",
      "<file>inside-link</file>",
      "<file>references/guide.md</file>",
      "<file>scripts/run.py</file>",
      "</skill_resources>",
      "</skill_content>",
    ].join("\n"),
  );
  assert.equal(f.set.isActive("demo"), true);
  f.set.deactivate("demo");
  assert.equal(f.set.isActive("demo"), false);
});

Deno.test("filtered skills cannot be read, activated or have assets read", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "visible");
  await writeTree(dir.path, {
    "hidden-one/SKILL.md": skillMd("name: hidden-one\ndescription: d"),
    "hidden-one/a.txt": "a",
  });
  const set = SkillSet.openSync({
    sources: [directorySource(dir.path)],
    exclude: ["hidden-*"],
    cache: false,
  });
  await rejectsWith(set.read("hidden-one"), "skill-not-found");
  await rejectsWith(set.readAsset("hidden-one", "a.txt"), "skill-not-found");
  await rejectsWith(set.activate("hidden-one"), "skill-not-found");
  assert.deepEqual(set.match(["a.txt"]), []);
  assert.ok(!set.catalog().includes("hidden-one"));
});

Deno.test("an embedded skill carries its body as a field: a copy still reads; a skill with nothing on disk is refused by name", async () => {
  const [skill] = discoverSync({
    sources: [
      embeddedSkill({ name: "hi", description: "Hi", content: "# Hi\n" }),
    ],
  }).skills;
  assert.ok(skill && isEmbeddedSkill(skill) && !isDirectorySkill(skill));
  assert.equal(readBodySync({ ...skill }), "# Hi\n");
  const { body: _body, ...bodiless } = skill;
  assert.throws(
    () => readBodySync(bodiless),
    (e: unknown) =>
      e instanceof SkillAccessError && e.code === "read-failed" &&
      /"hi" \(embedded: embedded:hi\) has no files on disk/.test(e.message),
  );
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "disk");
  const [onDisk] =
    discoverSync({ sources: [directorySource(tmp.path)] }).skills;
  assert.ok(onDisk && isDirectorySkill(onDisk));
  assert.equal(onDisk.dir, join(tmp.path, "disk"));
});
