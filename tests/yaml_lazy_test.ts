// Copyright 2026 the skillscope authors. MIT license.
// The full YAML parser is loaded on first need. Its state is per process, so
// each case runs in a fresh `deno` subprocess.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  CLI,
  CONFIG,
  inFreshProcess,
  skillMd,
  tempDir,
  writeTree,
} from "./_helpers.ts";

/**
 * Runs `discover()` on `dir` in a new process; returns the skill names, the
 * second skill's `metadata` and the diagnostic codes.
 */
function discoverInFreshProcess(
  dir: string,
  sourceOptions: { recursive?: boolean },
): Promise<unknown> {
  return inFreshProcess(
    dir,
    `import { discover, directorySource } from "$MOD";
     const found = await discover({
       sources: [directorySource("$DIR", ${JSON.stringify(sourceOptions)})],
     });
     console.log(JSON.stringify({
       names: found.skills.map((s) => s.name),
       metadata: found.skills[1]?.frontmatter.metadata,
       codes: found.diagnostics.map((d) => d.code),
     }));`,
  );
}

const SIMPLE = skillMd("name: simple\ndescription: Plain fields only");
// A flow mapping over two lines is beyond the fast subset: it needs the full parser.
const FLOW = skillMd(
  'name: flow\ndescription: Has a flow map\nmetadata: {author: me,\n  version: "1"}',
);

async function tree(files: Record<string, string>): Promise<
  { path: string } & AsyncDisposable
> {
  const dir = await tempDir();
  await writeTree(dir.path, files);
  return dir;
}

Deno.test("discover() on simple frontmatters never loads the full YAML parser", async () => {
  await using dir = await tree({ "simple/SKILL.md": SIMPLE });
  const result = await inFreshProcess(
    dir.path,
    `import { discover, directorySource } from "$MOD";
     import { yamlParserLoaded } from "${
      new URL("../src/parse/yaml.ts", import.meta.url).href
    }";
     const found = await discover({ sources: [directorySource("$DIR")] });
     console.log(JSON.stringify({ names: found.skills.map((s) => s.name), loaded: yamlParserLoaded() }));`,
  );
  assert.deepEqual(result, { names: ["simple"], loaded: false });
});

Deno.test("discover() loads the full YAML parser when a frontmatter needs it, and keeps scan order", async () => {
  await using dir = await tree({
    "a-simple/SKILL.md": SIMPLE.replace("simple", "a-simple"),
    "b-flow/SKILL.md": FLOW.replace("name: flow", "name: b-flow"),
    "c-bad/SKILL.md": skillMd("name: c-bad\ndescription: [unclosed"),
    "d-simple/SKILL.md": SIMPLE.replace("simple", "d-simple"),
  });
  const result = await discoverInFreshProcess(dir.path, {});
  assert.deepEqual(result, {
    names: ["a-simple", "b-flow", "d-simple"],
    metadata: { author: "me", version: "1" },
    codes: ["yaml-invalid"],
  });
});

Deno.test("a recursive discover() loads the full YAML parser for a nested skill that needs it, and keeps path order", async () => {
  await using dir = await tree({
    "a/one/SKILL.md": SIMPLE.replace("simple", "one"),
    "b/deep/flow/SKILL.md": FLOW,
    "b/deep/flow/child/SKILL.md": SIMPLE.replace("simple", "child"),
    "c/bad/SKILL.md": skillMd("name: bad\ndescription: [unclosed"),
  });
  const result = await discoverInFreshProcess(dir.path, { recursive: true });
  assert.deepEqual(result, {
    names: ["one", "flow", "child"],
    metadata: { author: "me", version: "1" },
    codes: ["yaml-invalid"],
  });
});

Deno.test("discoverSync() without yamlParser: the skill that needs it gets yaml-parser-not-loaded even after loadYamlParser(); with it, it loads", async () => {
  await using dir = await tree({
    "flow/SKILL.md": FLOW,
    "simple/SKILL.md": SIMPLE,
  });
  const result = await inFreshProcess(
    dir.path,
    `import { discover, discoverSync, directorySource, loadYamlParser } from "$MOD";
     const options = { sources: [directorySource("$DIR")] };
     const before = discoverSync(options);
     // Loading the parser does not change the same call; passing it does.
     const yamlParser = await loadYamlParser();
     const again = discoverSync(options);
     const after = discoverSync({ ...options, yamlParser });
     console.log(JSON.stringify({
       before: before.skills.map((s) => s.name),
       diagnostics: before.diagnostics.map((d) => [d.code, d.path?.endsWith("flow/SKILL.md"), d.message.includes("loadYamlParser()")]),
       again: again.skills.map((s) => s.name),
       after: after.skills.map((s) => s.name),
     }));`,
  );
  assert.deepEqual(result, {
    before: ["simple"],
    diagnostics: [["yaml-parser-not-loaded", true, true]],
    again: ["simple"],
    after: ["flow", "simple"],
  });
});

Deno.test("parseSkillMd() without yamlParser throws yaml-parser-not-loaded; validateSkillDir() loads it", async () => {
  await using dir = await tree({ "flow/SKILL.md": FLOW });
  const result = await inFreshProcess(
    dir.path,
    `import { loadYamlParser, parseSkillMd, SkillParseError, validateSkillDir, validateSkillMd } from "$MOD";
     const text = await Deno.readTextFile("$DIR/flow/SKILL.md");
     let code;
     try { parseSkillMd(text); } catch (e) { code = e instanceof SkillParseError && e.code; }
     const sync = validateSkillMd(text, { dirName: "flow" }).map((d) => d.code);
     const dirCodes = (await validateSkillDir("$DIR/flow")).map((d) => d.code);
     const still = validateSkillMd(text, { dirName: "flow" }).map((d) => d.code);
     const parsed = parseSkillMd(text, { yamlParser: await loadYamlParser() }).frontmatter.metadata;
     console.log(JSON.stringify({ code, sync, dirCodes, still, parsed }));`,
  );
  assert.deepEqual(result, {
    code: "yaml-parser-not-loaded",
    sync: ["yaml-parser-not-loaded"],
    dirCodes: [],
    still: ["yaml-parser-not-loaded"],
    parsed: { author: "me", version: "1" },
  });
});

Deno.test("embedded skills: discover() loads the parser for an embedded frontmatter that needs it", async () => {
  await using dir = await tree({});
  const result = await inFreshProcess(
    dir.path,
    `import { discover, discoverSync, embeddedSkill } from "$MOD";
     const source = embeddedSkill({ name: "flow", content: ${
      JSON.stringify(FLOW)
    } });
     const before = discoverSync({ sources: [source] });
     const after = await discover({ sources: [source] });
     console.log(JSON.stringify({
       before: before.diagnostics.map((d) => d.code),
       after: after.skills.map((s) => [s.name, s.frontmatter.metadata]),
     }));`,
  );
  assert.deepEqual(result, {
    before: ["yaml-parser-not-loaded"],
    after: [["flow", { author: "me", version: "1" }]],
  });
});

Deno.test("the CLI lists and validates skills whose frontmatter needs the full parser", async () => {
  await using dir = await tree({
    "flow/SKILL.md": FLOW,
    "simple/SKILL.md": SIMPLE,
  });
  const run = (args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        `--allow-read=${dir.path}`,
        `--config=${CONFIG}`,
        CLI,
        ...args,
      ],
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
  const list = await run(["list", "--json", "--root", dir.path]);
  assert.equal(new TextDecoder().decode(list.stderr), "");
  const json = JSON.parse(new TextDecoder().decode(list.stdout));
  assert.deepEqual(json.skills.map((s: { name: string }) => s.name), [
    "flow",
    "simple",
  ]);
  const validate = await run(["validate", join(dir.path, "flow")]);
  assert.equal(validate.code, 0, new TextDecoder().decode(validate.stderr));
});
