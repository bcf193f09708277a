// Copyright 2026 the skillscope authors. MIT license.
// SkillSet's `view` option shapes every discovery the set holds: at open and
// after each refresh; openSync refuses it (the view is asynchronous).
import assert from "node:assert/strict";
import { SkillSet } from "../src/serve/skill_set.ts";
import { directorySource } from "../src/discover/sources.ts";
import type { Discovery } from "../src/shared/types.ts";
import { tempDir, writeSkill } from "./_helpers.ts";

const upper = (found: Discovery): Promise<Discovery> =>
  Promise.resolve({
    ...found,
    skills: found.skills.map((s) => ({ ...s, name: s.name.toUpperCase() })),
  });

Deno.test("SkillSet's view shapes the discovery at open and after every refresh; openSync refuses it", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "alpha");
  const options = { sources: [directorySource(dir.path)], view: upper };
  const set = await SkillSet.open(options);
  assert.deepEqual(set.list().map((s) => s.name), ["ALPHA"]);
  assert.equal(set.get("ALPHA")?.name, "ALPHA");
  await writeSkill(dir.path, "beta");
  await set.refresh();
  assert.deepEqual(set.list().map((s) => s.name).sort(), ["ALPHA", "BETA"]);
  assert.throws(() => SkillSet.openSync(options), TypeError);
});
