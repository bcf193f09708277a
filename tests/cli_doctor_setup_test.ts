// Copyright 2026 the skillscope authors. MIT license.
// doctor without a name checks the whole setup: the agents found, their
// roots, every skill with the agents that see it and those that do not,
// problems first, each problem with a next step; the reason column wraps.
import assert from "node:assert/strict";
import { join } from "node:path";
import { cliIn, firstDay } from "./_first_day_setup.ts";
import { writeTree } from "./_helpers.ts";

interface Problem {
  skill?: string;
  client?: string;
  message: string;
  next: string;
}

Deno.test("doctor with no name reports the agents, their roots, every skill with who sees it, problems first, each with a next step", async () => {
  await using m = await firstDay();
  const skills = join(m.project, ".agents/skills");
  const run = await cliIn(m, ["doctor", "--json"]);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(
    report.agents.map((a: { client: string }) => a.client),
    ["claude", "codex"],
  );
  const root = report.roots.find((r: { path: string }) => r.path === skills);
  assert.deepEqual(root.clients, ["codex"]);
  assert.equal(root.exists, true);
  const byName = Object.fromEntries(
    report.skills.map((s: { name: string }) => [s.name, s]),
  );
  assert.deepEqual(byName["pdf-fill"].seenBy, ["codex"]);
  assert.deepEqual(
    byName["pdf-fill"].notSeenBy.map((n: { client: string }) => n.client),
    ["claude"],
  );
  assert.deepEqual(byName["notes"].seenBy, ["claude"]);
  assert.deepEqual(byName["lower"].seenBy, []);
  assert.match(byName["lower"].skipped, /skill\.md/);
  // Every skill has a problem here: sorted by name, problems first.
  assert.deepEqual(
    report.skills.map((s: { name: string }) => s.name),
    ["colon", "lower", "notes", "pdf-fill"],
  );
  const problems: Problem[] = report.problems;
  const about = (skill: string, client?: string) =>
    problems.find((p) => p.skill === skill && p.client === client);
  assert.match(
    about("pdf-fill", "claude")!.message,
    /^Claude Code does not see it: not in a root Claude Code scans$/,
  );
  assert.equal(
    about("pdf-fill", "claude")!.next,
    `skillscope install ${join(skills, "pdf-fill")} --client claude --project`,
  );
  assert.equal(
    about("notes", "codex")!.next,
    `skillscope install ${
      join(m.home, ".claude/skills/notes")
    } --client codex --global`,
  );
  assert.equal(
    about("lower")!.next,
    `rename it: mv ${join(skills, "lower/skill.md")} ${
      join(skills, "lower/SKILL.md")
    }`,
  );
  assert.match(about("colon")!.message, /quoting a value that holds ": "/);
  assert.match(
    about("colon")!.next,
    new RegExp(`^quote the value on line 3 of ${join(skills, "colon")}`),
  );
});

Deno.test("doctor with no name wraps the reason column at the width instead of cutting it, and lists the problems after the skills", async () => {
  await using m = await firstDay();
  const run = await cliIn(m, ["doctor"], { env: { COLUMNS: "72" } });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /^Agents: Claude Code \(.*\), Codex \(.*\)\n/);
  const table = run.stdout.slice(run.stdout.indexOf("SKILL "));
  const rows = table.slice(0, table.indexOf("\n\n")).split("\n");
  for (const line of rows) assert.ok(line.length <= 72, line);
  assert.ok(!table.includes("…"), table);
  // The WHY of pdf-fill goes on over a line of its own, whole.
  const start = rows.findIndex((l) => l.startsWith("pdf-fill "));
  const why = [rows[start]!.slice(rows[0]!.indexOf("WHY"))];
  for (const more of rows.slice(start + 1)) {
    if (!more.startsWith(" ")) break;
    assert.match(more, /^ {20,}\S/);
    why.push(more.trim());
  }
  assert.ok(why.length > 1, rows.join("\n"));
  assert.equal(why.join(" "), "Claude Code: not in a root Claude Code scans");
  const problems = run.stdout.slice(run.stdout.indexOf("problems:"));
  assert.match(
    problems,
    /- pdf-fill: Claude Code does not see it: not in a root Claude Code scans\n {2}next: skillscope install .*pdf-fill --client claude --project\n/,
  );
});

Deno.test("doctor with no name on a setup with no problem exits 0, and --client checks only the agents named", async () => {
  await using m = await firstDay({ skills: false });
  await Deno.mkdir(join(m.project, ".claude/skills/ok"), { recursive: true });
  await Deno.writeTextFile(
    join(m.project, ".claude/skills/ok/SKILL.md"),
    "---\nname: ok\ndescription: Fine\n---\n",
  );
  const run = await cliIn(m, ["doctor", "--client", "claude"]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^Agents: Claude Code\n/);
  assert.match(run.stdout, /\nok +project +Claude Code +-\n/);
  assert.match(run.stdout, /No problems found\n$/);
  const named = await cliIn(m, ["doctor", "a", "b"]);
  assert.equal(named.code, 2);
});

Deno.test("doctor with no name answers from each agent's measured view, as list --client does: Codex refuses a byte-order mark, Claude Code loads a SKILL.md without frontmatter and a command file", async () => {
  await using m = await firstDay({ skills: false });
  await writeTree(m.home, {
    ".agents/skills/bom/SKILL.md":
      "\uFEFF---\nname: bom\ndescription: A BOM skill.\n---\n",
    ".claude/skills/plain-text/SKILL.md": "# Plain text\nJust do it.\n",
    ".claude/commands/deploy.md": "---\ndescription: Deploy it.\n---\nDo.\n",
  });
  const run = await cliIn(m, ["doctor", "--json"]);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout);
  const byName = Object.fromEntries(
    report.skills.map((s: { name: string }) => [s.name, s]),
  );
  const clientsOf = (list: { client: string }[]) => list.map((n) => n.client);
  assert.deepEqual(byName["bom"].seenBy, []);
  assert.deepEqual(clientsOf(byName["bom"].notSeenBy), ["claude", "codex"]);
  assert.match(
    byName["bom"].notSeenBy[1].reasons.join(" "),
    /byte order mark \(rule rejectsBom; Codex 0\.169\.0 binary/,
  );
  assert.deepEqual(byName["plain-text"].seenBy, ["claude"]);
  assert.deepEqual(byName["deploy"].seenBy, ["claude"]);
  assert.deepEqual(clientsOf(byName["deploy"].notSeenBy), ["codex"]);
  const problems: Problem[] = report.problems;
  const codexBom = problems.find((p) =>
    p.skill === "bom" && p.client === "codex"
  )!;
  assert.match(codexBom.message, /^Codex does not see it: .*byte order mark/);
  assert.match(
    codexBom.next,
    /^change .*bom\/SKILL\.md so that codex loads it/,
  );
  assert.match(
    problems.find((p) => p.skill === "plain-text")!.message,
    /^only Claude Code loads it: frontmatter-missing/,
  );
  // list --client claude lists what doctor says Claude Code sees.
  const listed = await cliIn(m, ["list", "--client", "claude", "--json"]);
  assert.deepEqual(
    JSON.parse(listed.stdout).skills.map((s: { name: string }) => s.name)
      .sort(),
    ["deploy", "plain-text"],
  );
});

Deno.test("doctor with no name names an agent's own setting that turns a skill off, and its next step is to change that entry in that file", async () => {
  await using m = await firstDay({ skills: false, agents: [".pi/agent"] });
  const settings = join(m.home, ".pi/agent/settings.json");
  await writeTree(m.home, {
    ".pi/agent/skills/hidden/SKILL.md":
      "---\nname: hidden\ndescription: Turned off.\n---\n",
    ".pi/agent/skills/shown/SKILL.md":
      "---\nname: shown\ndescription: Listed.\n---\n",
    ".pi/agent/settings.json": '{ "skills": ["!hid*"] }\n',
  });
  const run = await cliIn(m, ["doctor", "--client", "pi", "--json"]);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout);
  const problem = (report.problems as Problem[]).find((p) =>
    p.skill === "hidden" && p.client === "pi"
  )!;
  assert.match(problem.message, /turned off by !hid\* in /);
  assert.equal(problem.next, `remove or change !hid* in ${settings}`);
  const shown = report.skills.find((s: { name: string }) => s.name === "shown");
  assert.deepEqual(shown.seenBy, ["pi"]);
});

Deno.test("doctor's next step for an agent setting names the whole settings file, spaces and all, and says a variable is one", async () => {
  await using m = await firstDay({ skills: false, agents: [".gemini"] });
  // A project whose path holds a space, with a settings file turning a skill off.
  const project = join(m.project, "..", "my project");
  await Deno.mkdir(project);
  await new Deno.Command("git", { args: ["init", "-q", project] }).output();
  const settings = join(project, ".gemini/settings.json");
  await writeTree(project, {
    ".gemini/skills/hidden/SKILL.md":
      "---\nname: hidden\ndescription: Turned off.\n---\n",
    ".gemini/settings.json": '{ "skills": { "disabled": ["hidden"] } }\n',
  });
  const problemOf = async (
    env: Record<string, string> = {},
  ): Promise<Problem> => {
    const run = await cliIn(m, ["doctor", "--client", "gemini", "--json"], {
      cwd: project,
      env,
    });
    assert.equal(run.code, 1, run.stderr);
    return (JSON.parse(run.stdout).problems as Problem[]).find((p) =>
      p.skill === "hidden" && p.client === "gemini"
    )!;
  };
  const file = await problemOf();
  assert.match(file.message, /turned off by hidden in /);
  assert.equal(file.next, `remove or change hidden in '${settings}'`);
  // Every skill off by a variable: there is no file to name.
  const variable = await problemOf({ GEMINI_PROMPT_AGENTSKILLS: "0" });
  assert.match(variable.message, /every skill is off/);
  assert.equal(
    variable.next,
    "unset or change GEMINI_PROMPT_AGENTSKILLS=0 (the environment)",
  );
});
