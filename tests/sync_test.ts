// Copyright 2026 the skillscope authors. MIT license.
// `skillscope sync`: the catalog written between markers in AGENTS.md, the
// rest of the file kept, idempotent, and --check for CI.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { SYNC_END, SYNC_START } from "../src/cli/sync.ts";

const RW = (dir: string) => [`--allow-read`, `--allow-write=${dir}`];

Deno.test("sync writes the catalog into AGENTS.md between markers, keeps the rest byte for byte, and a second run changes nothing", async () => {
  await using tmp = await tempDir();
  const skills = join(tmp.path, ".agents", "skills");
  await writeSkill(skills, "pdf-tools", { description: "Fill PDF forms" });
  // A folded description, as openskills and skillkit mangle it.
  await writeTree(skills, {
    "sql-review/SKILL.md": skillMd(
      "name: sql-review\ndescription: >-\n  Review SQL\n  migrations for safety",
    ),
  });
  const before = "# Project\r\n\r\nRules for agents.\r\n";
  const agents = join(tmp.path, "AGENTS.md");
  await Deno.writeTextFile(agents, before);
  const args = ["sync", "--root", skills];
  const first = await runCli(args, {
    cwd: tmp.path,
    permissions: RW(tmp.path),
  });
  assert.equal(first.code, 0, first.stderr);
  const text = await Deno.readTextFile(agents);
  assert.ok(text.startsWith(before), text);
  assert.match(text, /## Skills\r\n\r\n<!-- skillscope:skills:start -->/);
  assert.ok(
    text.includes(
      "- sql-review: Review SQL migrations for safety (file: .agents/skills/sql-review/SKILL.md)",
    ),
    text,
  );
  assert.ok(text.includes("- pdf-tools: Fill PDF forms"), text);
  assert.ok(!text.includes(tmp.path), "paths inside the project are relative");
  assert.ok(!/[^\r]\n/.test(text), "the file's CRLF line ends are kept");
  // Idempotent: no byte changes, and --check agrees.
  const stat = await Deno.stat(agents);
  const second = await runCli(args, {
    cwd: tmp.path,
    permissions: RW(tmp.path),
  });
  assert.equal(second.code, 0);
  assert.match(second.stderr, /is up to date/);
  assert.equal(await Deno.readTextFile(agents), text);
  assert.equal(
    (await Deno.stat(agents)).mtime?.getTime(),
    stat.mtime?.getTime(),
  );
  const check = await runCli([...args, "--check"], { cwd: tmp.path });
  assert.equal(check.code, 0, check.stderr);
  // Edits outside the markers are kept when the catalog changes.
  const edited =
    text.replace("Rules for agents.", "Rules for agents, edited.") +
    "\r\n## After\r\n";
  await Deno.writeTextFile(agents, edited);
  await writeSkill(skills, "zeta", { description: "Last skill" });
  const stale = await runCli([...args, "--check"], { cwd: tmp.path });
  assert.equal(stale.code, 1);
  assert.match(stale.stderr, /out of date/);
  assert.equal(
    await Deno.readTextFile(agents),
    edited,
    "--check writes nothing",
  );
  const third = await runCli(args, {
    cwd: tmp.path,
    permissions: RW(tmp.path),
  });
  assert.equal(third.code, 0, third.stderr);
  const updated = await Deno.readTextFile(agents);
  assert.ok(updated.includes("- zeta: Last skill"));
  assert.ok(updated.includes("Rules for agents, edited."));
  assert.ok(updated.endsWith("\r\n## After\r\n"));
  assert.equal(updated.split(SYNC_START).length, 2);
});

Deno.test("sync honours filters and budgets, creates a missing file, and refuses unbalanced markers and symlinks", async () => {
  await using tmp = await tempDir();
  const skills = join(tmp.path, "skills");
  for (const name of ["alpha", "beta", "gamma"]) {
    await writeSkill(skills, name, {
      description: `The ${name} skill, ${"x".repeat(200)}`,
    });
  }
  const out = join(tmp.path, "CLAUDE.md");
  const run = await runCli(
    ["sync", out, "--root", skills, "--exclude", "gamma", "--max-chars", "300"],
    { permissions: RW(tmp.path) },
  );
  assert.equal(run.code, 0, run.stderr);
  const text = await Deno.readTextFile(out);
  assert.ok(text.includes("alpha") && text.includes("beta"));
  assert.ok(!text.includes("gamma"));
  const block = text.slice(text.indexOf(SYNC_START), text.indexOf(SYNC_END));
  assert.ok(
    !block.includes("x".repeat(200)),
    "the budget shortened the descriptions",
  );

  await Deno.writeTextFile(out, `${SYNC_START}\nno end\n`);
  const unbalanced = await runCli(["sync", out, "--root", skills], {
    permissions: RW(tmp.path),
  });
  assert.equal(unbalanced.code, 1);
  assert.match(unbalanced.stderr, /unbalanced/);
  assert.equal(await Deno.readTextFile(out), `${SYNC_START}\nno end\n`);

  // A planted AGENTS.md -> elsewhere is not written through.
  const elsewhere = join(tmp.path, "bashrc");
  await Deno.writeTextFile(elsewhere, "export PATH\n");
  await Deno.symlink(elsewhere, join(tmp.path, "AGENTS.md"));
  const linked = await runCli(["sync", "--root", skills], {
    cwd: tmp.path,
    permissions: RW(tmp.path),
  });
  assert.equal(linked.code, 1);
  assert.match(linked.stderr, /is a symlink/);
  assert.equal(await Deno.readTextFile(elsewhere), "export PATH\n");
});

Deno.test("sync without --root writes only the project's skills, not the user's own, so the committed file is the same on every machine", async () => {
  await using tmp = await tempDir();
  const project = join(tmp.path, "project");
  const home = join(tmp.path, "home");
  await writeSkill(join(project, ".agents", "skills"), "hello", {
    description: "Greets people",
  });
  await writeSkill(join(home, ".claude", "skills"), "mine", {
    description: "A personal skill",
  });
  await Deno.mkdir(join(project, ".git"));
  const run = await runCli(["sync"], {
    cwd: project,
    env: { HOME: home },
    permissions: [...RW(project), "--allow-env"],
  });
  assert.equal(run.code, 0, run.stderr);
  const text = await Deno.readTextFile(join(project, "AGENTS.md"));
  assert.ok(text.includes("- hello: Greets people"), text);
  assert.ok(!text.includes("mine"), text);
  assert.ok(!text.includes(home), text);
  // Another machine (another HOME) agrees that the file is current.
  const check = await runCli(["sync", "--check"], {
    cwd: project,
    env: { HOME: join(tmp.path, "elsewhere") },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(check.code, 0, check.stderr);
});
