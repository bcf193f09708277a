// Copyright 2026 the skillscope authors. MIT license.
// The scan cache keys on every option that shapes a scan.
import assert from "node:assert/strict";
import { join } from "node:path";
import { discoverSync } from "../src/discover/discover.ts";
import { SkillCache } from "../src/discover/scan_cache.ts";
import { directorySource } from "../src/discover/sources.ts";
import { tempDir, writeSkill, writeTree } from "./_helpers.ts";

Deno.test("a codexMetadata source scanned after a plain one on the same root still reads agents/openai.yaml", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "pdf", { description: "PDF forms" });
  await writeTree(join(tmp.path, "pdf"), {
    "agents/openai.yaml": "interface:\n  display_name: PDF Pro\n",
  });
  const cache = new SkillCache();
  const plain = discoverSync({
    sources: [directorySource(tmp.path)],
    cache,
  });
  assert.equal(plain.skills[0]?.displayName, undefined);
  const codex = discoverSync({
    sources: [directorySource(tmp.path, { codexMetadata: true })],
    cache,
  });
  assert.equal(codex.skills[0]?.displayName, "PDF Pro");
});

Deno.test("an overridable source scanned after a plain one on the same root shadows silently", async () => {
  await using first = await tempDir();
  await using second = await tempDir();
  await writeSkill(first.path, "pdf", { description: "Mine" });
  await writeSkill(second.path, "pdf", { description: "Bundled" });
  const cache = new SkillCache();
  const loud = discoverSync({
    sources: [directorySource(first.path), directorySource(second.path)],
    cache,
  });
  assert.ok(loud.diagnostics.some((d) => d.code === "skill-shadowed"));
  const quiet = discoverSync({
    sources: [
      directorySource(first.path),
      directorySource(second.path, { overridable: true }),
    ],
    cache,
  });
  assert.deepEqual(
    quiet.diagnostics.filter((d) => d.code === "skill-shadowed"),
    [],
  );
  assert.equal(quiet.shadowed.length, 1);
});
