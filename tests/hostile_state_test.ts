// Copyright 2026 the skillscope authors. MIT license.
// The files this round reads from skill directories, in their hostile forms:
// Codex metadata and approvals files that are symlinks, oversized or not
// JSON/YAML mappings are ignored with a diagnostic, never followed or trusted.
import assert from "node:assert/strict";
import { join } from "node:path";
import { approvalOf, approve } from "../src/audit/mod.ts";
import { APPROVALS_FILE, readApprovals } from "../src/audit/approvals.ts";
import { directorySource, discover } from "../mod.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";

Deno.test("agents/openai.yaml that is a symlink, oversized or not a mapping is ignored with a warning", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "outside.yaml": "policy:\n  allow_implicit_invocation: false\n",
    "linked/SKILL.md": skillMd("name: linked\ndescription: d"),
    "big/SKILL.md": skillMd("name: big\ndescription: d"),
    "big/agents/openai.yaml": `interface:\n  display_name: ${
      "x".repeat(70_000)
    }\n`,
    "list/SKILL.md": skillMd("name: list\ndescription: d"),
    "list/agents/openai.yaml": "- a\n- b\n",
  });
  await Deno.mkdir(join(tmp.path, "linked/agents"));
  await Deno.symlink(
    join(tmp.path, "outside.yaml"),
    join(tmp.path, "linked/agents/openai.yaml"),
  );
  const found = await discover({
    sources: [directorySource(tmp.path, { codexMetadata: true })],
    cache: false,
  });
  assert.deepEqual(
    found.skills.map((s) => [s.name, s.allowImplicitInvocation, s.displayName]),
    [
      ["big", undefined, undefined],
      ["linked", undefined, undefined],
      ["list", undefined, undefined],
    ],
  );
  assert.deepEqual(
    found.diagnostics.map((
      d,
    ) => [d.code, d.message.replace(/^.*is ignored: /, "")]),
    [
      ["codex-metadata-invalid", "it is over 65536 bytes"],
      ["codex-metadata-invalid", "it is not a regular file"],
      ["codex-metadata-invalid", "it is not a YAML mapping"],
    ],
  );
});

Deno.test("an approvals file that is a symlink, oversized, not JSON, or approving another hash approves nothing", async () => {
  await using tmp = await tempDir();
  const skills = join(tmp.path, "skills");
  await writeTree(skills, {
    "demo/SKILL.md": skillMd("name: demo\ndescription: d"),
  });
  const file = join(skills, APPROVALS_FILE);
  // Approved, then the file replaced by each hostile form.
  await approve(join(skills, "demo"));
  assert.equal((await approvalOf(join(skills, "demo"))).status, "approved");
  const genuine = await Deno.readTextFile(file);
  const forms: [string, () => Promise<void>, RegExp | undefined][] = [
    ["not JSON", () => Deno.writeTextFile(file, "{not json"), /not valid JSON/],
    [
      "oversized",
      () => Deno.writeTextFile(file, " ".repeat(5 * 1024 * 1024)),
      /not a regular file of sane size/,
    ],
    ["a symlink", async () => {
      await Deno.writeTextFile(join(tmp.path, "elsewhere.json"), genuine);
      await Deno.symlink(join(tmp.path, "elsewhere.json"), file);
    }, /not a regular file/],
    ["another hash", () => {
      const data = JSON.parse(genuine);
      data.skills.demo.hash = `sha256-${"0".repeat(64)}`;
      return Deno.writeTextFile(file, JSON.stringify(data));
    }, undefined],
  ];
  for (const [what, plant, why] of forms) {
    await Deno.remove(file).catch(() => {});
    await plant();
    const state = await approvalOf(join(skills, "demo"));
    assert.notEqual(state.status, "approved", what);
    if (why) {
      assert.match((await readApprovals(skills)).ignored ?? "", why, what);
    }
  }
});
