// Copyright 2026 the skillscope authors. MIT license.
// validate with no PATH validates what list shows: the skills of the default
// roots (with the agents found on this machine), strict as validate is.
import assert from "node:assert/strict";
import { join } from "node:path";
import { cliIn, firstDay } from "./_first_day_setup.ts";

Deno.test("validate with no PATH validates the skills list shows, strictly, each once", async () => {
  await using m = await firstDay();
  const skills = join(m.project, ".agents/skills");
  // A copy install linked into Claude Code's directory: one skill, checked once.
  await Deno.mkdir(join(m.project, ".claude/skills"), { recursive: true });
  await Deno.symlink(
    "../../.agents/skills/pdf-fill",
    join(m.project, ".claude/skills/pdf-fill"),
  );
  const run = await cliIn(m, ["validate", "--json"]);
  assert.equal(run.code, 1, run.stderr);
  const entries: {
    path: string;
    valid: boolean;
    diagnostics: { code: string; level: string }[];
  }[] = JSON.parse(run.stdout);
  const paths = entries.map((e) => e.path);
  assert.equal(
    paths.filter((p) => p.endsWith("/pdf-fill")).length,
    1,
    paths.join("\n"),
  );
  assert.ok(paths.includes(join(skills, "colon")), paths.join("\n"));
  assert.ok(paths.includes(join(m.home, ".claude/skills/notes")));
  const colon = entries.find((e) => e.path === join(skills, "colon"))!;
  assert.equal(colon.valid, false);
  assert.ok(
    colon.diagnostics.some((d) =>
      d.code === "yaml-invalid" && d.level === "error"
    ),
  );
  const human = await cliIn(m, ["validate"]);
  assert.equal(human.code, 1);
  assert.match(human.stdout, /^invalid {2}.*\/colon$/m);
  assert.match(human.stderr, /^Found 1 problem in 1 skill \(checked 3\)\n$/);
});

Deno.test("validate with no PATH and no skills in the default roots says where to look and exits 0", async () => {
  await using m = await firstDay({ skills: false });
  const run = await cliIn(m, ["validate"]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "");
  assert.match(run.stderr, /No skills in the default roots/);
});
