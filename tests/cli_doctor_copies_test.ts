// Copyright 2026 the skillscope authors. MIT license.
// doctor with a skill that has several copies (init's real copy and its
// .agents/skills link, an install's lock, one name in both scopes): doctor
// NAME and doctor PATH agree with each other and with list --client, a
// copy never shadows itself, a problem is said once per real file, an
// installed skill is fixed at its source, a TODO description is a problem,
// and a copy another skill of its name hides is reported.
import assert from "node:assert/strict";
import { join } from "node:path";
import { skillMd, writeTree } from "./_helpers.ts";
import { cliIn, firstDay } from "./_first_day_setup.ts";

interface Verdict {
  client: string;
  sees: string;
  reasons: string[];
  dir: string;
}

interface Problem {
  level: string;
  skill?: string;
  client?: string;
  clients?: string[];
  path?: string;
  message: string;
  next: string;
}

const AGENTS = ["claude", "codex", "cursor", "goose"];

async function verdicts(
  m: Awaited<ReturnType<typeof firstDay>>,
  arg: string,
): Promise<Record<string, Verdict>> {
  const run = await cliIn(m, [
    "doctor",
    arg,
    "--json",
    ...AGENTS.flatMap((c) => ["--client", c]),
  ]);
  assert.equal(run.code, 0, run.stderr);
  return Object.fromEntries(
    JSON.parse(run.stdout).clients.map((v: Verdict) => [v.client, v]),
  );
}

async function setup(
  m: Awaited<ReturnType<typeof firstDay>>,
  args: string[] = [],
): Promise<{ problems: Problem[]; text: string }> {
  const json = await cliIn(m, ["doctor", "--json", ...args]);
  const text = await cliIn(m, ["doctor", ...args]);
  return { problems: JSON.parse(json.stdout).problems, text: text.stdout };
}

Deno.test("doctor NAME after init sees the skill through either copy, never shadowed by itself, and agrees with list --client and with doctor PATH of the link", async () => {
  await using m = await firstDay({ skills: false });
  assert.equal((await cliIn(m, ["init", "my-skill"])).code, 0);
  // A skill only Claude Code's directory holds: the agents without it say no.
  await writeTree(m.project, {
    ".claude/skills/solo/SKILL.md": skillMd("name: solo\ndescription: Solo"),
  });
  for (const name of ["my-skill", "solo"]) {
    const byName = await verdicts(m, name);
    for (const client of AGENTS) {
      const list = await cliIn(m, ["list", "--client", client, "--json"]);
      assert.equal(list.code, 0, list.stderr);
      const listed = JSON.parse(list.stdout).skills.some((
        s: { name: string },
      ) => s.name === name);
      const v = byName[client]!;
      assert.equal(v.sees === "yes", listed, `${name} ${client}: ${v.reasons}`);
      assert.doesNotMatch(v.reasons.join("; "), /shadowed/);
    }
  }
  const byName = await verdicts(m, "my-skill");
  assert.equal(byName.codex!.dir, join(m.project, ".agents/skills/my-skill"));
  assert.equal(byName.claude!.dir, join(m.project, ".claude/skills/my-skill"));
  assert.match(
    byName.codex!.reasons[0]!,
    /^sees .*\.agents\/skills\/my-skill$/,
  );
  const byLink = await verdicts(m, ".agents/skills/my-skill");
  const byCopy = await verdicts(m, ".claude/skills/my-skill");
  for (const client of AGENTS) {
    assert.equal(byLink[client]!.sees, byName[client]!.sees, client);
    assert.equal(byCopy[client]!.sees, byName[client]!.sees, client);
  }
});

Deno.test("doctor reports init's TODO description as a problem with the line to write", async () => {
  await using m = await firstDay({ skills: false });
  assert.equal((await cliIn(m, ["init", "my-skill"])).code, 0);
  const file = join(m.project, ".claude/skills/my-skill/SKILL.md");
  const run = await cliIn(m, ["doctor", "--json"]);
  // A warning: reported, but the run does not fail (the skill loads).
  assert.equal(run.code, 0, run.stdout);
  const problems: Problem[] = JSON.parse(run.stdout).problems;
  assert.equal(problems.length, 1, run.stdout);
  assert.equal(problems[0]!.level, "warning");
  assert.match(problems[0]!.message, /placeholder/);
  assert.match(
    problems[0]!.next,
    new RegExp(`^write the description on line 3 of ${file}`),
  );
  const text = (await cliIn(m, ["doctor"])).stdout;
  assert.doesNotMatch(text, /No problems found/);
  assert.match(text, /- warning: my-skill: its description is still/);
});

Deno.test("doctor reports a YAML problem once per real file, and for an installed skill says to fix it at the source", async () => {
  await using m = await firstDay({ skills: false });
  // By hand: .agents/skills/alpha is a link to .claude/skills/alpha.
  await writeTree(m.project, {
    ".claude/skills/alpha/SKILL.md": skillMd(
      "name: alpha\ndescription: Use this: when a colon is unquoted",
    ),
  });
  await Deno.mkdir(join(m.project, ".agents/skills"), { recursive: true });
  await Deno.symlink(
    "../../.claude/skills/alpha",
    join(m.project, ".agents/skills/alpha"),
  );
  const byHand = await setup(m);
  const yaml = byHand.problems.filter((p) => /frontmatter/.test(p.message));
  assert.equal(yaml.length, 1, byHand.text);
  assert.match(yaml[0]!.next, /^quote the value on line 3 of /);
  assert.equal(byHand.text.match(/frontmatter parses only/g)?.length, 1);
  // Installed from a local source: fixed there, then installed again.
  const source = join(m.home, "src/gamma");
  await writeTree(source, {
    "SKILL.md": skillMd(
      "name: gamma\ndescription: Use this: when a colon is unquoted",
    ),
  });
  const install = await cliIn(m, [
    "install",
    source,
    "--client",
    "claude",
    "--client",
    "codex",
    "--project",
  ]);
  assert.equal(install.code, 0, install.stderr);
  const installed = await setup(m);
  const gamma = installed.problems.filter((p) =>
    p.skill === "gamma" && /frontmatter/.test(p.message)
  );
  assert.equal(gamma.length, 1, installed.text);
  assert.equal(
    gamma[0]!.next,
    `fix it in its source ${source}, then run "skillscope install ${source} --force --project"`,
  );
  assert.doesNotMatch(installed.text, /quote the value on line 3 of .*gamma/);
});

Deno.test("doctor reports which copy of a name in both scopes each agent reads, and that the other is shadowed", async () => {
  await using m = await firstDay({ skills: false });
  await writeTree(m.home, {
    ".agents/skills/beta/SKILL.md": skillMd("name: beta\ndescription: User"),
  });
  await writeTree(m.project, {
    ".agents/skills/beta/SKILL.md": skillMd("name: beta\ndescription: Proj"),
  });
  const { problems, text } = await setup(m, ["--client", "codex"]);
  assert.doesNotMatch(text, /No problems found/);
  const shadow = problems.find((p) => /shadowed/.test(p.message));
  assert.ok(shadow, text);
  assert.equal(shadow.level, "warning");
  assert.deepEqual(shadow.clients, ["codex"]);
  assert.equal(shadow.path, join(m.home, ".agents/skills/beta"));
  assert.match(
    shadow.message,
    /^Codex reads the project copy .*project\/\.agents\/skills\/beta; the user copy .*home\/\.agents\/skills\/beta is shadowed$/,
  );
  assert.equal(shadow.next, "skillscope remove beta --global");
  // doctor NAME names the copy Codex reads, as list --client codex lists it.
  const codex = (await verdicts(m, "beta")).codex!;
  assert.equal(codex.sees, "yes");
  assert.equal(codex.dir, join(m.project, ".agents/skills/beta"));
});
