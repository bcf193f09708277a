// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { SkillCache } from "../src/discover/scan_cache.ts";
import { SkillSet } from "../src/serve/skill_set.ts";
import { directorySource } from "../src/discover/sources.ts";
import type { SkillChange } from "../src/serve/watch.ts";
import { tempDir, writeSkill } from "./_helpers.ts";

Deno.test("SkillSet.watch() reports an added, an edited and a removed skill and updates the set", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "existing", { description: "v1" });
  const set = await SkillSet.open({
    sources: [directorySource(dir.path)],
    cache: new SkillCache(),
  });
  const controller = new AbortController();
  const guard = setTimeout(() => controller.abort(), 20_000);
  const changes = set.watch({ debounceMs: 150, signal: controller.signal });

  const expectNext = async (
    step: () => Promise<void>,
  ): Promise<SkillChange[]> => {
    // Give the watcher a moment to be armed, then change the tree.
    await new Promise((r) => setTimeout(r, 100));
    await step();
    const seen: SkillChange[] = [];
    const first = await changes.next();
    if (!first.done) seen.push(first.value);
    return seen;
  };

  const added = await expectNext(() =>
    writeSkill(dir.path, "fresh").then(() => {})
  );
  assert.deepEqual(added.map((c) => [c.type, c.name]), [["added", "fresh"]]);
  assert.equal(set.get("fresh")?.name, "fresh");

  const edited = await expectNext(() =>
    writeSkill(dir.path, "existing", { description: "v2" }).then(() => {})
  );
  assert.deepEqual(edited.map((c) => [c.type, c.name]), [[
    "changed",
    "existing",
  ]]);
  assert.equal(edited[0]!.previous?.description, "v1");
  assert.equal(set.get("existing")?.description, "v2");

  const removed = await expectNext(() =>
    Deno.remove(join(dir.path, "fresh"), { recursive: true })
  );
  assert.deepEqual(removed.map((c) => [c.type, c.name]), [[
    "removed",
    "fresh",
  ]]);
  assert.equal(set.get("fresh"), undefined);

  controller.abort();
  clearTimeout(guard);
  assert.equal((await changes.next()).done, true);
});

Deno.test("SkillSet.watch() still reloads while a skill writes a log into its own directory every 20 ms", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "noisy");
  const set = await SkillSet.open({
    sources: [directorySource(dir.path)],
    cache: new SkillCache(),
  });
  const controller = new AbortController();
  const guard = setTimeout(() => controller.abort(), 20_000);
  const changes = set.watch({
    debounceMs: 200,
    maxWaitMs: 600,
    signal: controller.signal,
  });
  let writing = true;
  const writer = (async () => {
    let i = 0;
    while (writing) {
      await Deno.writeTextFile(join(dir.path, "noisy", "log.txt"), `${i++}\n`, {
        append: true,
      });
      // A new log file every so often: creations of regular files too.
      if (i % 10 === 0) {
        await Deno.writeTextFile(join(dir.path, "noisy", `log-${i}.txt`), "x");
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await new Promise((r) => setTimeout(r, 300));
  const started = Date.now();
  await writeSkill(dir.path, "fresh");
  const next = await changes.next();
  const waited = Date.now() - started;
  writing = false;
  await writer;
  controller.abort();
  clearTimeout(guard);
  assert.ok(!next.done, "the watcher ended instead of reporting");
  assert.deepEqual([next.value.type, next.value.name], ["added", "fresh"]);
  assert.ok(waited < 5_000, `waited ${waited} ms`);
});

Deno.test("SkillSet.watch() reloads when agents/openai.yaml changes the invocation policy", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "codex-skill", { description: "Codex skill" });
  const yaml = join(dir.path, "codex-skill/agents/openai.yaml");
  await Deno.mkdir(join(dir.path, "codex-skill/agents"));
  await Deno.writeTextFile(
    yaml,
    "policy:\n  allow_implicit_invocation: true\n",
  );
  const set = await SkillSet.open({
    sources: [directorySource(dir.path, { codexMetadata: true })],
    cache: new SkillCache(),
  });
  assert.equal(set.get("codex-skill")?.allowImplicitInvocation, true);
  const controller = new AbortController();
  const guard = setTimeout(() => controller.abort(), 20_000);
  const changes = set.watch({ debounceMs: 150, signal: controller.signal });
  await new Promise((r) => setTimeout(r, 100));
  await Deno.writeTextFile(
    yaml,
    "policy:\n  allow_implicit_invocation: false\n",
  );
  const next = await changes.next();
  controller.abort();
  clearTimeout(guard);
  assert.ok(!next.done, "the watcher ended without reporting the change");
  assert.deepEqual([next.value.type, next.value.name], [
    "changed",
    "codex-skill",
  ]);
  assert.equal(set.get("codex-skill")?.allowImplicitInvocation, false);
});
