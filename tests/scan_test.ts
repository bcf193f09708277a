// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { InvalidSourceError } from "../src/shared/errors.ts";
import { discover, discoverSync } from "../src/discover/discover.ts";
import { directorySource } from "../src/discover/sources.ts";
import { mkfifo, skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { loadYamlParser } from "../src/parse/yaml.ts";

// These tests reach the full YAML parser through synchronous functions.
const yamlParser = await loadYamlParser();

const names = (d: { skills: readonly { name: string }[] }) =>
  d.skills.map((s) => s.name);
const codes = (d: { diagnostics: readonly { code: string }[] }) =>
  d.diagnostics.map((x) => x.code);

Deno.test("discoverSync() finds immediate skill subdirectories in sorted order, skipping hidden and node_modules", async () => {
  await using dir = await tempDir();
  for (const name of ["zeta", "alpha", "mid"]) await writeSkill(dir.path, name);
  await writeSkill(dir.path, ".hidden");
  await writeSkill(dir.path, "node_modules");
  await writeSkill(dir.path, "alpha/nested-not-found");
  await writeTree(dir.path, { "no-skill/README.md": "x", "file.txt": "x" });
  const found = discoverSync({
    sources: [directorySource(dir.path)],
    cache: false,
  });
  assert.deepEqual(names(found), ["alpha", "mid", "zeta"]);
  assert.deepEqual(found.diagnostics, []);
  const alpha = found.skills[0]!;
  assert.equal(alpha.path, join(dir.path, "alpha", "SKILL.md"));
  assert.equal(alpha.dir, join(dir.path, "alpha"));
  assert.deepEqual(alpha.source, { kind: "directory", key: dir.path });
  assert.ok(Object.isFrozen(alpha));
});

Deno.test("discoverSync() in recursive mode finds nested and category skills and continues below a skill", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "docs/pdf");
  await writeSkill(dir.path, "docs/pdf/sub-skill");
  await writeSkill(dir.path, "a/b/c/d/deep");
  await writeSkill(dir.path, "top");
  await writeSkill(dir.path, "vendor/.git/ignored");
  await writeSkill(dir.path, "x/node_modules/ignored2");
  const found = discoverSync({
    sources: [directorySource(dir.path, { recursive: true })],
    cache: false,
  });
  assert.deepEqual(names(found), ["deep", "pdf", "sub-skill", "top"]);
  assert.deepEqual(found.diagnostics, []);
});

Deno.test("discoverSync() stops at the depth bound with a scan-truncated warning", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "l1/l2/shallow");
  await writeSkill(dir.path, "l1/l2/l3/l4/too-deep");
  const found = discoverSync({
    sources: [directorySource(dir.path, { recursive: true, maxDepth: 3 })],
    cache: false,
  });
  assert.deepEqual(names(found), ["shallow"]);
  assert.deepEqual(codes(found), ["scan-truncated"]);
  assert.match(found.diagnostics[0]!.message, /depth limit of 3/);
});

Deno.test("discoverSync() stops at the directory bound with a scan-truncated warning", async () => {
  await using dir = await tempDir();
  for (let i = 0; i < 30; i++) {
    await writeSkill(dir.path, `group/s${String(i).padStart(2, "0")}`);
  }
  const found = discoverSync({
    sources: [directorySource(dir.path, { recursive: true, maxDirs: 10 })],
    cache: false,
  });
  // root + group + 8 skill directories
  assert.equal(found.skills.length, 8);
  assert.deepEqual(names(found).slice(0, 2), ["s00", "s01"]);
  assert.deepEqual(codes(found), ["scan-truncated"]);
});

Deno.test("discoverSync() follows symlinked skill directories and SKILL.md files", async () => {
  await using dir = await tempDir();
  const store = join(dir.path, "store");
  const root = join(dir.path, "root");
  await writeSkill(store, "linked-dir");
  await writeTree(store, {
    "loose/SKILL.md": skillMd(
      "name: linked-file\ndescription: via a file link",
    ),
  });
  await Deno.mkdir(join(root, "linked-file"), { recursive: true });
  await Deno.symlink(join(store, "linked-dir"), join(root, "linked-dir"));
  await Deno.symlink(
    join(store, "loose", "SKILL.md"),
    join(root, "linked-file", "SKILL.md"),
  );
  for (const recursive of [false, true]) {
    const found = discoverSync({
      sources: [directorySource(root, { recursive })],
      cache: false,
    });
    assert.deepEqual(
      names(found),
      ["linked-dir", "linked-file"],
      `recursive=${recursive}`,
    );
    assert.equal(found.skills[0]!.path, join(root, "linked-dir", "SKILL.md"));
  }
  const off = discoverSync({
    sources: [directorySource(root, { followSymlinks: false })],
    cache: false,
  });
  assert.deepEqual(names(off), []);
  assert.deepEqual(codes(off).sort(), ["symlink-skipped", "symlink-skipped"]);
});

Deno.test("discoverSync() survives symlink cycles in recursive mode", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "a/skill-a");
  await Deno.symlink(dir.path, join(dir.path, "a", "loop-to-root"));
  await Deno.symlink(
    join(dir.path, "a"),
    join(dir.path, "a", "skill-a", "loop-to-a"),
  );
  await Deno.symlink(join(dir.path, "self"), join(dir.path, "self")); // ELOOP on its own
  const found = discoverSync({
    sources: [directorySource(dir.path, { recursive: true })],
    cache: false,
  });
  assert.deepEqual(names(found), ["skill-a"]);
  assert.deepEqual(codes(found), ["symlink-cycle", "symlink-cycle"]);
  assert.ok(found.diagnostics.every((d) => d.path?.startsWith(dir.path)));
});

Deno.test("discoverSync() skips a SKILL.md that is a directory, a FIFO or a device without opening it", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "good");
  await Deno.mkdir(join(dir.path, "as-dir", "SKILL.md"), { recursive: true });
  await Deno.mkdir(join(dir.path, "as-fifo"));
  await mkfifo(join(dir.path, "as-fifo", "SKILL.md"));
  await Deno.mkdir(join(dir.path, "as-device"));
  await Deno.symlink("/dev/zero", join(dir.path, "as-device", "SKILL.md"));
  for (const recursive of [false, true]) {
    const found = discoverSync({
      sources: [directorySource(dir.path, { recursive })],
      cache: false,
    });
    assert.deepEqual(names(found), ["good"]);
    const notFile = found.diagnostics.filter((d) =>
      d.code === "skill-md-not-file"
    );
    assert.deepEqual(notFile.map((d) => d.path).sort(), [
      join(dir.path, "as-device", "SKILL.md"),
      join(dir.path, "as-dir", "SKILL.md"),
      join(dir.path, "as-fifo", "SKILL.md"),
    ]);
  }
});

Deno.test("discoverSync() skips a bad skill with a diagnostic naming its file and keeps the rest", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "good-a");
  await writeSkill(dir.path, "good-b", {
    description: "Use when: colons appear",
  });
  await writeTree(dir.path, {
    "no-desc/SKILL.md": skillMd("name: no-desc"),
    "no-fm/SKILL.md": "# just markdown\n",
    "bad-yaml/SKILL.md": skillMd("name: x\ndescription: [broken"),
    "long/SKILL.md": skillMd(`name: long\ndescription: ${"d".repeat(2000)}`),
    "renamed/SKILL.md": skillMd("name: other-name\ndescription: mismatch"),
    "unnamed/SKILL.md": skillMd("description: no name field"),
  });
  const found = discoverSync({
    yamlParser,
    sources: [directorySource(dir.path)],
    cache: false,
  });
  assert.deepEqual(names(found), [
    "good-a",
    "good-b",
    "long",
    "other-name",
    "unnamed",
  ]);
  assert.equal(
    found.skills.find((s) => s.name === "long")!.description.length,
    2000,
  );
  const seen = found.diagnostics.map((d) => `${d.level} ${d.code} ${d.path}`)
    .sort();
  const at = (dirName: string) => join(dir.path, dirName, "SKILL.md");
  assert.deepEqual(seen, [
    `error description-missing ${at("no-desc")}`,
    `error frontmatter-missing ${at("no-fm")}`,
    `error yaml-invalid ${at("bad-yaml")}`,
    `warning description-too-long ${at("long")}`,
    `warning name-dir-mismatch ${at("renamed")}`,
    `warning name-missing ${at("unnamed")}`,
    `warning yaml-invalid ${at("good-b")}`,
  ]);
});

Deno.test("discoverSync() warns about a missing root and errors when it is required", async () => {
  await using dir = await tempDir();
  const missing = join(dir.path, "nope");
  const found = discoverSync({
    sources: [directorySource(missing)],
    cache: false,
  });
  assert.deepEqual(found.skills, []);
  assert.deepEqual(found.diagnostics.map((d) => [d.level, d.code, d.path]), [[
    "warning",
    "root-missing",
    missing,
  ]]);
  assert.throws(
    () =>
      discoverSync({
        sources: [directorySource(missing, { required: true })],
        cache: false,
      }),
    (e: unknown) =>
      e instanceof InvalidSourceError && e.code === "path-missing" &&
      e.path === missing,
  );
});

Deno.test("discoverSync() rejects a root that is a file or cannot be resolved", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, { "file.txt": "x" });
  assert.throws(
    () =>
      discoverSync({
        sources: [directorySource(join(dir.path, "file.txt"))],
        cache: false,
      }),
    (e: unknown) =>
      e instanceof InvalidSourceError && e.code === "not-a-directory",
  );
  const loop = join(dir.path, "loop");
  await Deno.symlink(loop, loop);
  assert.throws(
    () => discoverSync({ sources: [directorySource(loop)], cache: false }),
    (e: unknown) =>
      e instanceof InvalidSourceError && e.code === "read-failed" &&
      e.message.includes(loop),
  );
});

Deno.test("discover() returns what discoverSync() returns", async () => {
  await using dir = await tempDir();
  for (let i = 0; i < 50; i++) {
    await writeSkill(dir.path, `cat${i % 3}/skill-${i}`);
  }
  await writeTree(dir.path, { "cat0/broken/SKILL.md": "---\n" });
  const options = {
    sources: [directorySource(dir.path, { recursive: true })],
    cache: false as const,
  };
  const sync = discoverSync(options);
  const async = await discover(options);
  assert.deepEqual(async, sync);
  assert.equal(sync.skills.length, 50);
});

Deno.test("a scan captures no stack for the failures it turns into diagnostics, and gives back the caller's Error.stackTraceLimit", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "good");
  await writeTree(dir.path, {
    // js-yaml builds an error for each of these (it captures a stack twice).
    "bad-flow/SKILL.md": "---\nname: bad-flow\ndescription: [unclosed\n---\n",
    "bad-tab/SKILL.md": '---\nname: bad-tab\ndescription:\t"x\n  y\n---\n',
    "no-frontmatter/SKILL.md": "# just a body\n",
  });
  await Deno.mkdir(join(dir.path, "no-skill-md"));
  const limits: number[] = [];
  const capture = Error.captureStackTrace;
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 7;
  Error.captureStackTrace = (target: object, constructor?: unknown) => {
    limits.push(Error.stackTraceLimit);
    // deno-lint-ignore ban-types
    capture(target, constructor as Function | undefined);
  };
  try {
    for (const sync of [true, false]) {
      const options = {
        sources: [directorySource(dir.path)],
        cache: false as const,
      };
      const found = sync
        ? discoverSync({ ...options, yamlParser })
        : await discover(options);
      assert.deepEqual(names(found), ["good"]);
      assert.deepEqual(codes(found).sort(), [
        "frontmatter-missing",
        "yaml-invalid",
        "yaml-invalid",
      ]);
      assert.equal(Error.stackTraceLimit, 7);
    }
  } finally {
    Error.captureStackTrace = capture;
    Error.stackTraceLimit = previous;
  }
  assert.ok(limits.length >= 4, `js-yaml captured ${limits.length} stacks`);
  assert.deepEqual(limits.filter((l) => l !== 0), []);
});

Deno.test("a flat scan reports file-system and parse findings in directory order across its read batches", async () => {
  await using dir = await tempDir();
  const expected: [string, string][] = [];
  for (let i = 0; i < 150; i++) {
    const name = `s${String(i).padStart(3, "0")}`;
    const file = join(dir.path, name, "SKILL.md");
    if (i % 3 === 0) {
      await writeTree(dir.path, {
        [`${name}/SKILL.md`]:
          `---\nname: ${name}\ndescription: [unclosed\n---\n`,
      });
      expected.push([file, "yaml-invalid"]);
    } else if (i % 3 === 1) {
      await Deno.mkdir(file, { recursive: true }); // not a regular file
      expected.push([file, "skill-md-not-file"]);
    } else {
      await writeSkill(dir.path, name);
    }
  }
  for (const sync of [true, false]) {
    const options = {
      sources: [directorySource(dir.path)],
      cache: false as const,
    };
    const found = sync
      ? discoverSync({ ...options, yamlParser })
      : await discover(options);
    assert.equal(found.skills.length, 50);
    assert.deepEqual(
      found.diagnostics.map((d) => [d.path, d.code]),
      expected,
    );
  }
});
