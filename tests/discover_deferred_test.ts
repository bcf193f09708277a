// Copyright 2026 the skillscope authors. MIT license.
// A scan never uses the full YAML parser: a skill that needs it is a
// deferred entry in its place, and each call finishes it with the parser it
// has. So one cached scan answers a synchronous call without the parser, one
// given it, and discover() alike, each as if it had scanned alone.
import assert from "node:assert/strict";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";
import {
  directorySource,
  discover,
  discoverSync,
  embeddedSkill,
  loadYamlParser,
  SkillCache,
} from "../mod.ts";
import type { Discovery } from "../src/shared/types.ts";

/** Plain skills around one that needs the full parser (an alias) and one whose YAML is invalid. */
const TREE = {
  "a-plain/SKILL.md": skillMd("name: a-plain\ndescription: Plain"),
  "b-alias/SKILL.md": skillMd(
    "name: b-alias\ndescription: &d An alias\nmetadata:\n  about: *d",
  ),
  "c-bad/SKILL.md": skillMd("name: c-bad\ndescription: [unclosed"),
  "d-plain/SKILL.md": skillMd("name: d-plain\ndescription: Plain too"),
};

function answer(found: Discovery): unknown {
  return {
    names: found.skills.map((s) => s.name),
    codes: found.diagnostics.map((d) => [d.code, d.path?.split("/").at(-2)]),
  };
}

// Without the parser, invalid YAML is not-loaded too: only the full parser says why.
const WITHOUT = {
  names: ["a-plain", "d-plain"],
  codes: [
    ["yaml-parser-not-loaded", "b-alias"],
    ["yaml-parser-not-loaded", "c-bad"],
  ],
};
const WITH = {
  names: ["a-plain", "b-alias", "d-plain"],
  codes: [["yaml-invalid", "c-bad"]],
};

Deno.test("one cached scan answers discoverSync() without the parser, with it, and discover(), each in scan order", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, TREE);
  const cache = new SkillCache();
  for (const recursive of [false, true]) {
    cache.invalidate();
    const options = {
      sources: [directorySource(tmp.path, { recursive })],
      cache,
    };
    const first = discoverSync(options);
    assert.deepEqual(answer(first), WITHOUT);
    const async = await discover(options);
    assert.deepEqual(answer(async), WITH);
    const given = discoverSync({
      ...options,
      yamlParser: await loadYamlParser(),
    });
    assert.deepEqual(answer(given), WITH);
    const again = discoverSync(options);
    assert.deepEqual(answer(again), WITHOUT);
    // One scan served every call: the plain skills are the same objects,
    // and a repeated call is the same frozen discovery.
    assert.equal(cache.size, 1);
    assert.equal(async.skills[0], first.skills[0]);
    assert.equal(given.skills[2], first.skills[1]);
    assert.equal(again, first);
  }
});

Deno.test("a discoverSync() given the parser does not leave a full-parser scan in the cache for calls without it", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, TREE);
  const cache = new SkillCache();
  const options = { sources: [directorySource(tmp.path)], cache };
  const yamlParser = await loadYamlParser();
  // The call given the parser answers with it...
  assert.deepEqual(answer(discoverSync({ ...options, yamlParser })), WITH);
  // ...but its scan, cached for everyone, was made without it.
  assert.deepEqual(answer(discoverSync(options)), WITHOUT);
  assert.equal(cache.size, 1);
});

Deno.test("agents/openai.yaml beyond the fast YAML subset: discover() and a call given the parser read it; a call without it warns and loads the skill", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "pdf/SKILL.md": skillMd("name: pdf\ndescription: Fill PDF forms"),
    "pdf/agents/openai.yaml":
      "interface:\n  display_name: &n PDF Tools\n  short_description: *n\n",
  });
  const cache = new SkillCache();
  const options = {
    sources: [directorySource(tmp.path, { codexMetadata: true })],
    cache,
  };
  const shown = (found: Discovery) =>
    found.skills.map((s) => [s.name, s.displayName, s.shortDescription]);
  const without = discoverSync(options);
  assert.deepEqual(shown(without), [["pdf", undefined, undefined]]);
  assert.deepEqual(without.diagnostics.map((d) => d.code), [
    "codex-metadata-invalid",
  ]);
  assert.match(without.diagnostics[0]!.message, /needs the full parser/);
  const read = [["pdf", "PDF Tools", "PDF Tools"]];
  const async = await discover(options);
  assert.deepEqual(shown(async), read);
  assert.deepEqual(async.diagnostics, []);
  const given = discoverSync({
    ...options,
    yamlParser: await loadYamlParser(),
  });
  assert.deepEqual(shown(given), read);
  assert.deepEqual(shown(discoverSync(options)), shown(without));
});

Deno.test("an embedded skill that needs the full parser keeps its place among the sources", async () => {
  const plain = (name: string) =>
    embeddedSkill({ name, description: `The ${name} skill`, content: "" });
  const options = {
    sources: [
      plain("first"),
      embeddedSkill({
        name: "alias",
        content: skillMd("name: alias\ndescription: &d An alias\nx: *d"),
      }),
      plain("last"),
    ],
    cache: new SkillCache(),
  };
  const names = (found: Discovery) => found.skills.map((s) => s.name);
  assert.deepEqual(names(discoverSync(options)), ["first", "last"]);
  assert.deepEqual(names(await discover(options)), ["first", "alias", "last"]);
  assert.deepEqual(
    names(discoverSync({ ...options, yamlParser: await loadYamlParser() })),
    ["first", "alias", "last"],
  );
  assert.deepEqual(
    discoverSync(options).diagnostics.map((d) => d.code),
    ["yaml-parser-not-loaded"],
  );
});
