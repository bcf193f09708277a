// Copyright 2026 the skillscope authors. MIT license.
// `skillscope publish` on hostile input: a skill with a symlink (to a secret
// outside it, or as its SKILL.md), a FIFO, hidden files, a name an index
// cannot carry or one already taken, and an output directory whose
// symlinks lead elsewhere. Nothing outside a skill is published and nothing
// outside the site is written.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type CliRun,
  mkfifo,
  runCli,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";
import { readTree } from "./web_site.ts";

/** `publish DIR --out OUT` (extra args) with write permission for `out` only. */
function publish(
  dir: string,
  out: string,
  extra: string[] = [],
): Promise<CliRun> {
  return runCli(["publish", dir, "--out", out, ...extra], {
    permissions: ["--allow-read", `--allow-write=${out}`],
    signal: AbortSignal.timeout(60_000),
  });
}

/** Every byte written below `out`, as one text. */
async function allText(out: string): Promise<string> {
  const files = await readTree(out);
  return [...files.values()].map((b) => new TextDecoder().decode(b)).join("\n");
}

Deno.test("publish leaves out a skill holding a symlink to a file outside it, publishes the others, and exits 1 (0 with --lenient)", async () => {
  await using dir = await tempDir();
  const secret = join(dir.path, "secret.txt");
  await Deno.writeTextFile(secret, "TOP-SECRET-TOKEN\n");
  const skills = join(dir.path, "skills");
  await writeSkill(skills, "good");
  await writeSkill(skills, "leaky");
  await Deno.symlink(secret, join(skills, "leaky", "notes.md"));
  const out = join(dir.path, "site");
  const run = await publish(skills, out);
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    /error web-publish-skipped: .*"notes\.md" is a symlink .*regular files only/,
  );
  assert.match(run.stderr, /Published 1 skill .*; 1 skill left out/);
  const index = JSON.parse(
    await Deno.readTextFile(join(out, ".well-known/agent-skills/index.json")),
  );
  assert.deepEqual(index.skills.map((s: { name: string }) => s.name), ["good"]);
  const text = await allText(out);
  assert.ok(!text.includes("TOP-SECRET-TOKEN"));
  assert.ok(!text.includes("leaky"), "the page names a skill left out");
  const lenient = await publish(skills, out, ["--lenient"]);
  assert.equal(lenient.code, 0, lenient.stderr);
  assert.match(lenient.stderr, /web-publish-skipped/);
});

Deno.test("publish leaves out a skill whose SKILL.md is a symlink, even to a file inside the skill", async () => {
  await using dir = await tempDir();
  const skills = join(dir.path, "skills");
  await writeSkill(skills, "linked");
  await Deno.rename(
    join(skills, "linked", "SKILL.md"),
    join(skills, "linked", "real.md"),
  );
  await Deno.symlink("real.md", join(skills, "linked", "SKILL.md"));
  await writeSkill(skills, "plain");
  const out = join(dir.path, "site");
  const run = await publish(skills, out, ["--json"]);
  assert.equal(run.code, 1);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.skills.map((s: { name: string }) => s.name), [
    "plain",
  ]);
  assert.ok(
    report.diagnostics.some((d: { code: string; message: string }) =>
      d.code === "web-publish-skipped" &&
      /"SKILL\.md" is a symlink/.test(d.message)
    ),
    run.stdout,
  );
});

Deno.test("publish leaves out a skill holding a FIFO without opening it", async () => {
  await using dir = await tempDir();
  const skills = join(dir.path, "skills");
  await writeSkill(skills, "piped");
  await mkfifo(join(skills, "piped", "input.txt"));
  const out = join(dir.path, "site");
  const run = await publish(skills, out); // a blocked open would hang: bounded by the signal
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /"input\.txt" is not a regular file or directory/);
});

Deno.test("publish never publishes hidden files or node_modules", async () => {
  await using dir = await tempDir();
  const skills = join(dir.path, "skills");
  await writeSkill(skills, "tidy");
  await writeTree(join(skills, "tidy"), {
    ".env": "API_KEY=HIDDEN-SECRET\n",
    ".git/config": "[remote] url = HIDDEN-SECRET\n",
    "node_modules/x/index.js": "HIDDEN-SECRET\n",
    "docs/.cache/x": "HIDDEN-SECRET\n",
    "docs/guide.md": "# Guide\n",
  });
  const out = join(dir.path, "site");
  const run = await publish(skills, out, ["--v0.1"]);
  assert.equal(run.code, 0, run.stderr);
  const files = await readTree(out);
  assert.ok(files.has(".well-known/skills/tidy/docs/guide.md"));
  assert.ok(files.has(".well-known/agent-skills/tidy/tidy.tar.gz"));
  assert.ok(!(await allText(out)).includes("HIDDEN-SECRET"));
  const gz = files.get(".well-known/agent-skills/tidy/tidy.tar.gz")!;
  const tar = new TextDecoder().decode(
    await new Response(
      new Blob([gz as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
        new DecompressionStream("gzip"),
      ),
    ).arrayBuffer(),
  );
  assert.ok(!tar.includes("HIDDEN-SECRET"));
  assert.ok(!tar.includes(".env") && !tar.includes("node_modules"));
});

Deno.test("publish leaves out a skill whose name an index cannot carry, and a second skill of a name already published", async () => {
  await using dir = await tempDir();
  const skills = join(dir.path, "skills");
  await writeSkill(skills, "Bad_Name");
  await writeSkill(skills, "alpha", { name: "shared" });
  await writeSkill(skills, "beta", { name: "shared" });
  await writeSkill(skills, "fine");
  const out = join(dir.path, "site");
  const run = await publish(skills, out, ["--json"]);
  assert.equal(run.code, 1);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(
    report.skills.map((s: { name: string; dir: string }) => [s.name, s.dir]),
    [["fine", join(skills, "fine")], ["shared", join(skills, "alpha")]],
  );
  assert.equal(report.skipped, 2);
  const messages = report.diagnostics
    .filter((d: { code: string }) => d.code === "web-publish-skipped")
    .map((d: { message: string }) => d.message).join("\n");
  assert.match(messages, /"Bad_Name" is not a valid skill name/);
  assert.match(
    messages,
    /beta" is not published: "shared" is already published from ".*alpha"/,
  );
});

Deno.test("publish refuses an output whose directory is a symlink leading out of it, and writes nothing there", async () => {
  await using dir = await tempDir();
  const skills = join(dir.path, "skills");
  await writeSkill(skills, "hi");
  const elsewhere = join(dir.path, "elsewhere");
  await Deno.mkdir(elsewhere);
  const out = join(dir.path, "site");
  await Deno.mkdir(out);
  await Deno.symlink(elsewhere, join(out, ".well-known"));
  const run = await runCli(["publish", skills, "--out", out], {
    // Write permission for both: the containment check, not Deno, refuses.
    permissions: ["--allow-read", `--allow-write=${out},${elsewhere}`],
  });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /resolves to ".*elsewhere.*", outside/);
  assert.deepEqual([...Deno.readDirSync(elsewhere)], []);
});

Deno.test("publish replaces a symlink in the site by the file, never writing through it", async () => {
  await using dir = await tempDir();
  const skills = join(dir.path, "skills");
  await writeSkill(skills, "hi");
  const victim = join(dir.path, "victim.txt");
  await Deno.writeTextFile(victim, "untouched\n");
  const out = join(dir.path, "site");
  await Deno.mkdir(join(out, "skills"), { recursive: true });
  await Deno.symlink(victim, join(out, "skills", "index.html"));
  const run = await runCli(["publish", skills, "--out", out], {
    permissions: ["--allow-read", `--allow-write=${out},${victim}`],
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(await Deno.readTextFile(victim), "untouched\n");
  const page = Deno.lstatSync(join(out, "skills", "index.html"));
  assert.ok(page.isFile && !page.isSymlink);
});

Deno.test("publish refuses an output inside a skill it publishes", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "solo");
  const out = join(dir.path, "solo", "site");
  const run = await publish(join(dir.path, "solo"), out);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /The output ".*solo\/site" is inside the skill/);
  assert.throws(() => Deno.statSync(out), Deno.errors.NotFound);
});
