// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { discover, discoverSync } from "../src/discover/discover.ts";
import { directorySource } from "../src/discover/sources.ts";
import { GOOD, type HostileEntry, writeHostileTree } from "./_hostile.ts";
import { runCli, tempDir, writeSkill } from "./_helpers.ts";
import { loadYamlParser } from "../src/parse/yaml.ts";

// These tests reach the full YAML parser through synchronous functions.
const yamlParser = await loadYamlParser();

function listArgs(root: string, recursive: boolean): string[] {
  return [
    "list",
    "--root",
    root,
    "--json",
    ...(recursive ? ["--recursive"] : []),
  ];
}

interface Listed {
  skills: { name: string; description: string }[];
  diagnostics: { code: string; path?: string; message: string }[];
}

function assertReported(
  result: Listed,
  root: string,
  entries: HostileEntry[],
): void {
  for (const entry of entries) {
    const path = join(root, entry.path);
    const hit = result.diagnostics.find((d) =>
      entry.codes.includes(d.code) &&
      (d.path === path || d.message.includes(path))
    );
    assert.ok(
      hit,
      `no ${
        entry.codes.join("/")
      } diagnostic naming ${path} (${entry.what}); got ${
        JSON.stringify(
          result.diagnostics.filter((d) =>
            d.path?.includes(entry.path.split("/")[0]!)
          ),
        )
      }`,
    );
  }
  const names = result.skills.map((s) => s.name);
  for (const good of [...GOOD, "huge", "bad-utf8", "bom-crlf", "linked-in"]) {
    assert.ok(
      names.includes(good),
      `good skill ${good} missing from ${names.join(", ")}`,
    );
  }
  assert.equal(
    result.skills.find((s) => s.name === "bad-utf8")?.description,
    "broken \uFFFD(\uFFFD",
  );
  assert.equal((globalThis as Record<string, unknown>).pwned, undefined);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
}

Deno.test("a hostile tree: the CLI finishes quickly, names every bad file, and lists every good skill", async () => {
  await using dir = await tempDir();
  const root = join(dir.path, "skills");
  const entries = await writeHostileTree(root, join(dir.path, "outside"));
  for (const recursive of [false, true]) {
    const started = performance.now();
    const run = await runCli(listArgs(root, recursive), {
      permissions: [`--allow-read=${dir.path}`],
    });
    const elapsed = performance.now() - started;
    assert.equal(run.code, 0, run.stderr);
    assert.ok(elapsed < 15_000, `took ${elapsed} ms`);
    const result: Listed = JSON.parse(run.stdout);
    assertReported(result, root, entries);
    if (recursive) {
      assert.ok(result.diagnostics.some((d) => d.code === "symlink-cycle"));
    }
  }
});

Deno.test("a hostile tree: in-process discovery and the catalog stay well-formed", async () => {
  await using dir = await tempDir();
  const root = join(dir.path, "skills");
  const entries = await writeHostileTree(root, join(dir.path, "outside"));
  const found = discoverSync({
    yamlParser,
    sources: [directorySource(root)],
    cache: false,
  });
  assertReported(found as unknown as Listed, root, entries);
  const { renderCatalog } = await import("../src/serve/catalog.ts");
  const xml = renderCatalog(found.skills, { format: "xml" });
  assert.ok(!xml.includes("\u0000"));
  const stripped = xml.replace(
    /<\/?(available_skills|skill|name|description|location)>/g,
    "",
  );
  assert.ok(!/[<>]/.test(stripped), "no raw markup from skill content");
});

Deno.test("20,000 sibling directories and a 300-level deep tree are scanned with bounded work", async () => {
  await using dir = await tempDir();
  const wide = join(dir.path, "wide");
  await Deno.mkdir(wide);
  for (let i = 0; i < 20_000; i++) Deno.mkdirSync(join(wide, `d${i}`));
  await writeSkill(wide, "zz-good");
  let started = performance.now();
  const flat = discoverSync({ sources: [directorySource(wide)], cache: false });
  assert.deepEqual(flat.skills.map((s) => s.name), ["zz-good"]);
  assert.deepEqual(flat.diagnostics, []);
  const recursive = discoverSync({
    sources: [directorySource(wide, { recursive: true })],
    cache: false,
  });
  assert.ok(recursive.diagnostics.some((d) => d.code === "scan-truncated"));
  assert.ok(performance.now() - started < 15_000);

  const deep = join(dir.path, "deep");
  let path = deep;
  for (let i = 0; i < 300; i++) path = join(path, "d");
  await Deno.mkdir(path, { recursive: true });
  await writeSkill(deep, "d/shallow-skill");
  await writeSkill(path, "bottom-skill");
  started = performance.now();
  const found = discoverSync({
    sources: [directorySource(deep, { recursive: true })],
    cache: false,
  });
  assert.deepEqual(found.skills.map((s) => s.name), ["shallow-skill"]);
  assert.deepEqual(found.diagnostics.map((d) => d.code), ["scan-truncated"]);
  assert.ok(performance.now() - started < 5_000);
});

Deno.test("a root that vanishes in the middle of an async scan ends the scan cleanly", async () => {
  await using dir = await tempDir();
  const root = join(dir.path, "vanishing");
  for (let i = 0; i < 3000; i++) {
    await writeSkill(root, `group-${i % 30}/skill-${i}`);
  }
  let removed = false;
  const timer = setTimeout(() => {
    Deno.removeSync(root, { recursive: true });
    removed = true;
  }, 0);
  const found = await discover({
    sources: [directorySource(root, { recursive: true, maxDirs: 10_000 })],
    cache: false,
  });
  clearTimeout(timer);
  assert.equal(removed, true, "the root was removed while the scan ran");
  assert.ok(found.skills.length < 3000, `found ${found.skills.length}`);
  for (const d of found.diagnostics) {
    assert.ok(d.path?.startsWith(root), JSON.stringify(d));
    assert.ok(
      ["read-failed", "dir-read-failed", "skill-md-not-file"].includes(d.code),
      JSON.stringify(d),
    );
  }
});

Deno.test("a sub-tree denied by Deno's sandbox is skipped with a diagnostic; the rest is found", async () => {
  await using dir = await tempDir();
  const root = join(dir.path, "skills");
  await writeSkill(root, "visible");
  await writeSkill(root, "secret");
  await writeSkill(root, "nested/deep-secret");
  for (const recursive of [false, true]) {
    const run = await runCli(listArgs(root, recursive), {
      permissions: [
        `--allow-read=${root}`,
        `--deny-read=${join(root, "secret")},${join(root, "nested")}`,
      ],
    });
    assert.equal(run.code, 0, run.stderr);
    const result: Listed = JSON.parse(run.stdout);
    assert.deepEqual(result.skills.map((s) => s.name), ["visible"]);
    assert.ok(
      result.diagnostics.some((d) =>
        d.path?.startsWith(join(root, "secret")) &&
        ["read-failed", "dir-read-failed"].includes(d.code)
      ),
      JSON.stringify(result.diagnostics),
    );
  }
});
