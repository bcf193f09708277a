// Copyright 2026 the skillscope authors. MIT license.
// init creates a skill where the agents on the machine look, as install
// decides, with a one-line description that stays valid YAML when only its
// line is edited.
import assert from "node:assert/strict";
import { join } from "node:path";
import { cliIn, firstDay } from "./_first_day_setup.ts";

Deno.test("init NAME in a git project creates it in Claude Code's skills directory with a link in .agents/skills for Codex, and says both see it", async () => {
  await using m = await firstDay({ skills: false });
  const run = await cliIn(m, ["init", "pdf-fill"]);
  assert.equal(run.code, 0, run.stderr);
  const dir = join(m.project, ".claude/skills/pdf-fill");
  const link = join(m.project, ".agents/skills/pdf-fill");
  assert.equal(run.stdout.split("\n")[0], `Created ${join(dir, "SKILL.md")}`);
  assert.ok((await Deno.lstat(link)).isSymlink);
  assert.equal(await Deno.realPath(link), dir);
  assert.equal(run.stdout.split("\n")[1], `Linked ${link} -> ${dir}`);
  assert.match(run.stderr, /^Seen by Claude Code, Codex$/m);
  const list = await cliIn(m, ["list", "--json"]);
  const [skill] = JSON.parse(list.stdout).skills;
  assert.equal(skill.name, "pdf-fill");
  assert.deepEqual(skill.agents, ["claude", "codex"]);
  const doctor = await cliIn(m, ["doctor", "--json"]);
  const [checked] = JSON.parse(doctor.stdout).skills;
  assert.deepEqual(checked.seenBy, ["claude", "codex"]);
});

Deno.test("init's description is one line: editing only that line leaves valid YAML, and validate passes strictly", async () => {
  await using m = await firstDay({ skills: false });
  const run = await cliIn(m, ["init", "pdf-fill"]);
  assert.equal(run.code, 0, run.stderr);
  const file = join(m.project, ".claude/skills/pdf-fill/SKILL.md");
  const text = await Deno.readTextFile(file);
  const lines = text.split("\n").filter((l) => /^description:/.test(l));
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /^description: "TODO: say what this skill does/);
  const placeholder = await cliIn(m, ["validate", file]);
  assert.equal(placeholder.code, 0, placeholder.stdout);
  assert.match(placeholder.stdout, /description-placeholder/);
  await Deno.writeTextFile(
    file,
    text.replace(
      /^description: .*$/m,
      "description: Fills PDF forms. Use for PDF files",
    ),
  );
  const edited = await cliIn(m, ["validate", file]);
  assert.equal(edited.code, 0, edited.stdout + edited.stderr);
  assert.doesNotMatch(edited.stdout, /yaml-invalid|description-placeholder/);
});

Deno.test("init NAME outside a git project creates it in the user's skills directory, and warns when no agent here reads it", async () => {
  await using m = await firstDay({ skills: false, agents: [] });
  const elsewhere = join(m.home, "scratch");
  await Deno.mkdir(elsewhere);
  const run = await cliIn(m, ["init", "notes"], { cwd: elsewhere });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(
    run.stdout,
    `Created ${join(m.home, ".agents/skills/notes/SKILL.md")}\n`,
  );
  assert.match(run.stderr, /warning: no agent found on this machine reads/);
  const dir = await cliIn(m, ["init", "here", "--dir", "."], {
    cwd: elsewhere,
  });
  assert.equal(dir.code, 0, dir.stderr);
  assert.equal(dir.stdout, `Created ${join(elsewhere, "here/SKILL.md")}\n`);
});
