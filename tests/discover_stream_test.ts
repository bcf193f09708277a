// Copyright 2026 the skillscope authors. MIT license.
// streamDiscovery() (what `list --json` over named roots writes from) hands
// each skill on as it is found: the same skills in the same order, with the
// same diagnostics and shadow reports, as discover() returns.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  directorySource,
  discover,
  embeddedSkill,
  InvalidSourceError,
  type Skill,
} from "../mod.ts";
import { recordedCopies } from "../src/install/same_install.ts";
import { streamDiscovery } from "../src/discover/discover.ts";
import { generateRealisticCorpus } from "../bench/realistic.ts";
import {
  growPastWorkerThreshold,
  runCli,
  skillMd,
  spawnCli,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";

// YAML beyond the fast parser's subset: such a skill waits for the full parser.
const ANCHORS = "metadata:\n  a: &x one\n  b: *x";

/** A large flat root: listed on a worker, its heads read ahead. */
async function largeRoot(dir: string): Promise<string> {
  const large = join(dir, "large");
  Deno.mkdirSync(large);
  generateRealisticCorpus(large, 2200);
  growPastWorkerThreshold(large);
  await writeSkill(large, "aaa-anchors", { extra: ANCHORS });
  await writeSkill(large, "mmm-anchors", { extra: ANCHORS });
  await writeSkill(large, "zzz-anchors", { extra: ANCHORS });
  return large;
}

/** A small root to scan recursively, and a symlink to it (`again`). */
async function smallRoot(dir: string): Promise<string> {
  const small = join(dir, "small");
  await writeSkill(small, "nested/mmm-anchors");
  await writeSkill(small, "nested/deeper/own", { extra: ANCHORS });
  await writeSkill(small, "analyze-kept", { name: "analyze-kept" });
  Deno.symlinkSync(small, join(dir, "again"));
  return small;
}

Deno.test("streamDiscovery hands on exactly discover()'s skills, in its order, with its diagnostics and shadow reports", async () => {
  await using tmp = await tempDir();
  const [large, small] = [await largeRoot(tmp.path), await smallRoot(tmp.path)];
  const options = {
    sources: [
      directorySource(large),
      directorySource(small, { recursive: true }),
      directorySource(join(tmp.path, "again"), { recursive: true }),
      embeddedSkill({
        name: "embedded-anchors",
        description: "Embedded",
        content:
          `---\nname: embedded-anchors\ndescription: Embedded\n${ANCHORS}\n---\n`,
      }),
    ],
    exclude: ["analyze-a*"],
    sameSkill: recordedCopies,
    readAhead: true,
  };
  const whole = await discover({ ...options, cache: false });
  const streamed: Skill[] = [];
  const rest = await streamDiscovery(options, (skill) => streamed.push(skill));
  assert.ok(whole.skills.length > 1800, `${whole.skills.length} skills`);
  assert.deepEqual(streamed, whole.skills);
  assert.deepEqual(rest.diagnostics, whole.diagnostics);
  assert.deepEqual(rest.shadowed, whole.shadowed);
  // The skills that waited for the full parser kept their places.
  const names = streamed.map((s) => s.name);
  assert.equal(names[0], "aaa-anchors");
  assert.ok(names.indexOf("mmm-anchors") > 0);
  assert.ok(names.indexOf("zzz-anchors") > names.indexOf("mmm-anchors"));
  assert.equal(names.at(-1), "embedded-anchors");
  // Filtered out, with their diagnostics; the same skills seen again
  // through the symlink are reported as the same, not warned about.
  assert.ok(!names.some((n) => n.startsWith("analyze-a")));
  assert.ok(rest.shadowed.some((s) => s.same === true));
  assert.ok(rest.diagnostics.some((d) => d.code === "skill-shadowed"));
  assert.ok(rest.diagnostics.some((d) => d.code === "yaml-invalid"));
});

Deno.test("streamDiscovery hands a flat root's skills on while its scan goes on, those after a skill that needed the full parser too", async () => {
  await using tmp = await tempDir();
  const large = await largeRoot(tmp.path);
  let turned = false;
  let turnedBeforeLast = false;
  let count = 0;
  await streamDiscovery({ sources: [directorySource(large)] }, (skill) => {
    // The event loop turns between a skill in the middle, which waited for
    // the parser, and the last one.
    if (skill.name === "mmm-anchors") setTimeout(() => turned = true, 0);
    turnedBeforeLast = turned;
    count++;
  });
  assert.ok(count > 1800, `${count} skills`);
  assert.equal(turnedBeforeLast, true);
});

Deno.test("an onSkill that throws ends streamDiscovery with its error, when it throws for a skill that waited for the parser too", async () => {
  await using tmp = await tempDir();
  const large = await largeRoot(tmp.path);
  for (const first of ["aaa-anchors", "analyze"]) {
    const handed: string[] = [];
    await assert.rejects(
      streamDiscovery({ sources: [directorySource(large)] }, (skill) => {
        handed.push(skill.name);
        if (skill.name.startsWith(first)) throw new Error("output closed");
      }),
      /output closed/,
    );
    // Nothing is handed on after the throw.
    assert.ok(handed.at(-1)!.startsWith(first), handed.at(-1));
  }
});

Deno.test("streamDiscovery throws for a missing required root before it hands on any skill of the roots before it", async () => {
  await using tmp = await tempDir();
  const small = await smallRoot(tmp.path);
  const missing = join(tmp.path, "missing");
  let handed = 0;
  await assert.rejects(
    streamDiscovery({
      sources: [
        directorySource(small, { recursive: true }),
        directorySource(missing, { required: true }),
      ],
    }, () => handed++),
    (error: unknown) =>
      error instanceof InvalidSourceError && error.code === "path-missing",
  );
  assert.equal(handed, 0);
});

Deno.test("skillscope list --json with a missing second root prints the error alone, none of the first root's skills", async () => {
  await using tmp = await tempDir();
  // More skills than the writer holds back (a slice of 64).
  const first = join(tmp.path, "first");
  for (let i = 0; i < 100; i++) await writeSkill(first, `skill-${i}`);
  const missing = join(tmp.path, "missing");
  const run = await runCli([
    "list",
    "--root",
    first,
    "--root",
    missing,
    "--json",
  ]);
  assert.equal(run.code, 1);
  assert.deepEqual(JSON.parse(run.stdout), {
    error: {
      code: "path-missing",
      message: `Skill root "${missing}" does not exist`,
    },
  });
});

/** Runs `list --json` over `root` with its stdout or its stderr closed at once by the reader. */
async function listWithClosed(
  root: string,
  closed: "stdout" | "stderr",
): Promise<{ code: number; open: string }> {
  const child = await spawnCli(["list", "--json", "--root", root]);
  await child[closed].cancel();
  const open = new TextDecoder().decode(
    await new Response(closed === "stdout" ? child.stderr : child.stdout)
      .arrayBuffer(),
  );
  return { code: (await child.status).code, open };
}

/** A root of 100 skills (more than a slice of 64) and one with invalid YAML. */
async function hundredSkills(dir: string): Promise<string> {
  const root = join(dir, "hundred");
  for (let i = 0; i < 100; i++) await writeSkill(root, `skill-${i}`);
  await writeTree(root, { "broken/SKILL.md": "---\nname: [broken\n---\n" });
  return root;
}

Deno.test("skillscope list --json whose stderr reader went away still writes the whole document, and exits 0", async () => {
  await using tmp = await tempDir();
  const root = await hundredSkills(tmp.path);
  const run = await listWithClosed(root, "stderr");
  assert.equal(run.code, 0);
  const document = JSON.parse(run.open);
  assert.equal(document.skills.length, 100);
  assert.deepEqual(
    document.diagnostics.map((d: { code: string }) => d.code),
    ["yaml-invalid"],
  );
});

Deno.test("skillscope list --json whose stdout reader went away still reports the diagnostics on stderr, and exits 0", async () => {
  await using tmp = await tempDir();
  const root = await hundredSkills(tmp.path);
  const run = await listWithClosed(root, "stdout");
  assert.equal(run.code, 0);
  assert.match(run.open, /broken\/SKILL\.md:\d+:\d+: error yaml-invalid/);
});

Deno.test("skillscope list --json with a --config that does not load reports the roots' diagnostics, then the error, as a listing that waits does", async () => {
  await using tmp = await tempDir();
  const root = await hundredSkills(tmp.path);
  const missing = join(tmp.path, "missing.json");
  const run = await runCli([
    "list",
    "--json",
    "--root",
    root,
    "--config",
    missing,
  ]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /broken\/SKILL\.md:\d+:\d+: error yaml-invalid/);
  assert.match(
    JSON.parse(run.stdout).error.message,
    /Cannot read .*missing\.json/,
  );
});

Deno.test("streamDiscovery: a root removed after the roots were opened is a listing that fails, reported, not a thrown error after skills were handed on", async () => {
  await using tmp = await tempDir();
  const large = await largeRoot(tmp.path);
  const victim = join(tmp.path, "victim");
  await writeSkill(victim, "doomed");
  let handed = 0;
  const found = await streamDiscovery({
    sources: [
      directorySource(large),
      directorySource(victim, { required: true }),
    ],
  }, () => {
    if (handed++ === 0) Deno.removeSync(victim, { recursive: true });
  });
  assert.ok(handed > 1800, `${handed} skills`);
  assert.ok(
    found.diagnostics.some((d) =>
      d.code === "dir-read-failed" && d.path === victim
    ),
    JSON.stringify(found.diagnostics.filter((d) => d.path === victim)),
  );
});

Deno.test("streamDiscovery and discover() give the same shadow report when the same-skill test reads the winner's fields", async () => {
  await using tmp = await tempDir();
  const a = join(tmp.path, "a");
  const b = join(tmp.path, "b");
  // Two copies of one skill (same description) and a clash (another one).
  await writeTree(a, {
    "pdf/SKILL.md": skillMd("name: pdf\ndescription: Fill PDF forms"),
    "xls/SKILL.md": skillMd("name: xls\ndescription: Spreadsheets"),
  });
  await writeTree(b, {
    "pdf/SKILL.md": skillMd("name: pdf\ndescription: Fill PDF forms"),
    "xls/SKILL.md": skillMd("name: xls\ndescription: Something else"),
  });
  const sameSkill = () => (winner: Skill, loser: Skill) =>
    winner.description === loser.description;
  const options = {
    sources: [directorySource(a), directorySource(b)],
    sameSkill,
    cache: false as const,
  };
  const whole = await discover(options);
  const streamed = await streamDiscovery(options, () => {});
  assert.deepEqual(
    whole.shadowed.map((s) => [s.name, s.same === true]),
    [["pdf", true], ["xls", false]],
  );
  assert.deepEqual(streamed.shadowed, whole.shadowed);
  assert.deepEqual(
    streamed.diagnostics.map((d) => d.code),
    whole.diagnostics.map((d) => d.code),
  );
});
