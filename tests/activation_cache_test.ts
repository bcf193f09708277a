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

Deno.test("a link whose target is reached through another link is seen moving in or out of the skill, though the file it reaches is the same", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  const skill = join(root, "hop");
  await writeSkill(root, "hop");
  // One file with a path inside the skill and a hard link outside it.
  await writeTree(skill, { ".in/t.md": "inside\n" });
  await Deno.mkdir(join(tmp.path, "out"));
  await Deno.link(join(skill, ".in/t.md"), join(tmp.path, "out/t.md"));
  // link.md → .h/alias/t.md, where the hidden .h/alias leads inside.
  await Deno.mkdir(join(skill, ".h"));
  await Deno.symlink(join(skill, ".in"), join(skill, ".h/alias"));
  await Deno.symlink(".h/alias/t.md", join(skill, "link.md"));
  await settle();
  const set = await SkillSet.open({
    sources: [directorySource(root)],
    cache: false,
  });
  assert.match(await set.activate("hop"), /link\.md/);
  assert.match(await set.activate("hop"), /link\.md/);
  // The hidden hop now leads outside, to the same file.
  await Deno.symlink(join(tmp.path, "out"), join(skill, ".h/alias.new"));
  await Deno.rename(join(skill, ".h/alias.new"), join(skill, ".h/alias"));
  assert.doesNotMatch(await set.activate("hop"), /link\.md/);
});

Deno.test("activations of one skill that run at once are counted once: the skills after them still fit", async () => {
  await using tmp = await tempDir();
  const body = (n: number): string => `# Big\n${"x".repeat(n)}\n`;
  await writeSkill(tmp.path, "big", { body: body(900_000) });
  for (const name of ["a", "b", "c"]) {
    await writeSkill(tmp.path, name, { body: body(600_000) });
  }
  await settle();
  const set = await SkillSet.open({ sources: [directorySource(tmp.path)] });
  await Promise.all(Array.from({ length: 20 }, () => set.activate("big")));
  const before = activationReads();
  for (let i = 0; i < 5; i++) {
    for (const name of ["a", "b", "c"]) await set.activate(name);
  }
  assert.equal(activationReads() - before, 3);
});

Deno.test("what is kept goes with its skill: sets opened and dropped again and again hold no more memory", async () => {
  await using tmp = await tempDir();
  const meta = Array.from(
    { length: 60 },
    (_, k) => `  k${k}: "${"x".repeat(100)}"`,
  ).join("\n");
  for (let i = 0; i < 20; i++) {
    await writeSkill(tmp.path, `s${i}`, { extra: `metadata:\n${meta}` });
  }
  await settle();
  const mod = new URL("../mod.ts", import.meta.url).href;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      "--quiet",
      "--v8-flags=--expose-gc",
      `import { directorySource, SkillSet } from ${JSON.stringify(mod)};
       const gc = globalThis.gc;
       const round = async () => {
         const set = await SkillSet.open({ sources: [directorySource(${
        JSON.stringify(tmp.path)
      })], cache: false });
         for (const s of set.list()) await set.activate(s.name);
       };
       for (let i = 0; i < 50; i++) await round();
       gc(); await new Promise((r) => setTimeout(r, 50)); gc();
       const start = Deno.memoryUsage().heapUsed;
       for (let i = 0; i < 1000; i++) await round();
       gc(); await new Promise((r) => setTimeout(r, 50)); gc();
       console.log(Deno.memoryUsage().heapUsed - start);`,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const grown = Number(new TextDecoder().decode(out.stdout));
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  // 20,000 skills dropped, each about 9 KB with its frontmatter.
  assert.ok(grown < 40 * 1024 * 1024, `the heap grew by ${grown} bytes`);
});

Deno.test("a skill of more than 256 entries is read at every activation, and lists its first files", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "large");
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++) {
    files[`large/ref/${String(i).padStart(3, "0")}.md`] = `${i}\n`;
  }
  await writeTree(tmp.path, files);
  await settle();
  const set = await SkillSet.open({ sources: [directorySource(tmp.path)] });
  const { payloads, reads } = await activations(set, "large", 2);
  assert.equal(reads, 2);
  assert.match(payloads[0]!, /ref\/000\.md/);
  assert.equal(payloads[0], payloads[1]);
});
