// Copyright 2026 the skillscope authors. MIT license.
// Activation payloads kept while a skill's files keep their identity: a
// second activation reads nothing, and every change to what the payload
// shows (the body, a file added or removed, a link retargeted, SKILL.md
// swapped for a link, SKILL.md removed) is seen on the next activation.
import assert from "node:assert/strict";
import { join } from "node:path";
import { approve } from "../src/audit/mod.ts";
import { directorySource } from "../src/discover/sources.ts";
import { SkillSet } from "../src/serve/skill_set.ts";
import { activationReads } from "../src/serve/activation_cache.ts";
import { SkillAccessError } from "../src/shared/errors.ts";
import { tempDir, writeSkill, writeTree } from "./_helpers.ts";

/** Files changed within the last 2 s are never kept: let the clock pass it. */
const settle = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, 2_100));

/** Activations of `name` and how many of them read the files. */
async function activations(
  set: SkillSet,
  name: string,
  count: number,
): Promise<{ payloads: string[]; reads: number }> {
  const before = activationReads();
  const payloads: string[] = [];
  for (let i = 0; i < count; i++) payloads.push(await set.activate(name));
  return { payloads, reads: activationReads() - before };
}

Deno.test("an unchanged skill is activated again without reading it, and each change is seen at the next activation", async (t) => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  const names = ["body", "added", "removed", "link", "swap", "same"];
  for (const name of names) {
    await writeSkill(root, name, { body: `# ${name} v1\n` });
  }
  await writeTree(root, {
    "removed/notes.md": "notes\n",
    "link/inside-a.md": "a\n",
    "link/inside-b.md": "b\n",
  });
  await writeTree(tmp.path, { "outside/secret.md": "SECRET\n" });
  await Deno.symlink("inside-a.md", join(root, "link/ref.md"));
  // The same size as swap/SKILL.md, another text.
  await Deno.writeTextFile(
    join(tmp.path, "outside/SKILL.md"),
    (await Deno.readTextFile(join(root, "swap/SKILL.md"))).replace("v1", "v9"),
  );
  await settle();
  const set = await SkillSet.open({
    sources: [directorySource(root)],
    cache: false,
  });
  for (const name of names) {
    const { payloads, reads } = await activations(set, name, 3);
    assert.equal(reads, 1, `${name}: read ${reads} times`);
    assert.equal(new Set(payloads).size, 1);
  }

  await t.step("a body rewritten to the same size", async () => {
    const file = join(root, "body/SKILL.md");
    const text = await Deno.readTextFile(file);
    await Deno.writeTextFile(file, text.replace("v1", "v2"));
    const { payloads } = await activations(set, "body", 1);
    assert.match(payloads[0]!, /# body v2/);
  });
  await t.step("a file added", async () => {
    await Deno.writeTextFile(join(root, "added/new.md"), "new\n");
    assert.match(await set.activate("added"), /new\.md/);
  });
  await t.step("a file removed", async () => {
    assert.match(await set.activate("removed"), /notes\.md/);
    await Deno.remove(join(root, "removed/notes.md"));
    assert.doesNotMatch(await set.activate("removed"), /notes\.md/);
  });
  await t.step("a link retargeted outside the skill", async () => {
    assert.match(await set.activate("link"), /ref\.md/);
    // The same name, now leading outside: no longer a resource.
    await Deno.remove(join(root, "link/ref.md"));
    await Deno.symlink(
      join(tmp.path, "outside/secret.md"),
      join(root, "link/ref.md"),
    );
    assert.doesNotMatch(await set.activate("link"), /ref\.md/);
  });
  await t.step("SKILL.md swapped for a link to another file", async () => {
    const file = join(root, "swap/SKILL.md");
    await Deno.remove(file);
    await Deno.symlink(join(tmp.path, "outside/SKILL.md"), file);
    assert.match(await set.activate("swap"), /# swap v9/);
  });
  await t.step("SKILL.md removed", async () => {
    await Deno.remove(join(root, "body/SKILL.md"));
    await assert.rejects(set.activate("body"), SkillAccessError);
  });
  await t.step("a skill nothing touched is still not read again", async () => {
    const { reads } = await activations(set, "same", 2);
    assert.equal(reads, 0);
  });
});

Deno.test("an approved skill is checked against its approval at every activation, never kept", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "alpha", { body: "# Approved\n" });
  await approve(join(tmp.path, "alpha"));
  await settle();
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    requireApproval: true,
    cache: false,
  });
  const { reads } = await activations(set, "alpha", 2);
  assert.equal(reads, 2);
  const file = join(tmp.path, "alpha/SKILL.md");
  const text = await Deno.readTextFile(file);
  await Deno.writeTextFile(file, text.replace("Approved", "Tampered"));
  await assert.rejects(
    set.activate("alpha"),
    (e: unknown) =>
      (e as { code?: string }).code === "skill-changed-since-approval",
  );
});
