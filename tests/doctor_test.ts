// Copyright 2026 the skillscope authors. MIT license.
// doctor on a tree built to trip each client rule.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  clientRules,
  CLIENTS,
  defaultRoots,
} from "../src/clients/default_roots.ts";
import { runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";
import { sh } from "./_git.ts";

interface Verdict {
  client: string;
  sees: string;
  reasons: string[];
}

async function doctor(
  cwd: string,
  arg: string,
  clients: string[],
): Promise<Record<string, Verdict>> {
  const run = await runCli(
    ["doctor", arg, "--json", ...clients.flatMap((c) => ["--client", c])],
    {
      cwd,
      env: { HOME: join(cwd, "home") },
      permissions: ["--allow-read", "--allow-env"],
    },
  );
  assert.equal(run.code, 0, run.stderr);
  return Object.fromEntries(
    JSON.parse(run.stdout).clients.map((v: Verdict) => [v.client, v]),
  );
}

Deno.test("doctor: roots not scanned, depth, a symlinked SKILL.md, a name mismatch, shadowing and policy, per client", async () => {
  await using tmp = await tempDir();
  const p = tmp.path;
  await writeTree(p, {
    // In .agents/skills: Claude Code does not read it; opencode rejects the name.
    ".agents/skills/agent-skill/SKILL.md": skillMd(
      "name: other-name\ndescription: d",
    ),
    // Two levels deep in .claude/skills: Claude Code looks one level deep.
    ".claude/skills/group/deep-skill/SKILL.md": skillMd(
      "name: deep-skill\ndescription: d",
    ),
    // Shadowed for Codex: the same name in .codex/skills (project) and ~/.codex/skills (user).
    ".codex/skills/dup/SKILL.md": skillMd(
      "name: dup\ndescription: project copy",
    ),
    "home/.codex/skills/dup/SKILL.md": skillMd(
      "name: dup\ndescription: user copy",
    ),
    // Hidden from the model.
    ".codex/skills/deploy/SKILL.md": skillMd(
      "name: deploy\ndescription: d\ndisable-model-invocation: true",
    ),
    "real/SKILL.md": skillMd("name: linked\ndescription: d"),
    ".claude/skills/twin/SKILL.md": skillMd("name: twin\ndescription: p"),
    "home/.claude/skills/twin/SKILL.md": skillMd("name: twin\ndescription: u"),
  });
  await Deno.mkdir(join(p, ".codex/skills/linked"));
  await Deno.symlink(
    join(p, "real/SKILL.md"),
    join(p, ".codex/skills/linked/SKILL.md"),
  );
  await sh("git", ["init", "-q", p]);

  const agent = await doctor(p, ".agents/skills/agent-skill", [
    "claude",
    "codex",
    "opencode",
    "cursor",
  ]);
  assert.equal(agent.claude!.sees, "no");
  assert.match(agent.claude!.reasons[0]!, /not in a root Claude Code scans/);
  assert.equal(agent.codex!.sees, "yes");
  // Its docs say the name must match the directory; opencode 1.18.33 offers
  // it all the same (opencode/parsing/name-differs).
  assert.equal(agent.opencode!.sees, "yes");
  assert.match(agent.opencode!.reasons.join(), /offered as "other-name"/);
  assert.equal(agent.cursor!.sees, "unknown");
  assert.match(agent.cursor!.reasons.join(), /not known/);

  const deep = await doctor(p, ".claude/skills/group/deep-skill", ["claude"]);
  assert.equal(deep.claude!.sees, "no");
  assert.match(
    deep.claude!.reasons[0]!,
    /2 levels below .*; Claude Code looks 1 level deep/,
  );

  const linked = await doctor(p, ".codex/skills/linked", ["codex", "claude"]);
  assert.equal(linked.codex!.sees, "no");
  assert.match(
    linked.codex!.reasons.join(),
    /SKILL\.md is a symlink, which Codex does not open/,
  );

  // Codex 0.169.0 offers every copy of a name
  // (codex/duplicates/project-and-user) and ignores disable-model-invocation
  // (codex/visibility/disable-model-invocation).
  const dup = await doctor(p, "home/.codex/skills/dup", ["codex"]);
  assert.equal(dup.codex!.sees, "yes");
  assert.match(dup.codex!.reasons.join(), /offered as "dup": "user copy"/);
  const deploy = await doctor(p, "deploy", ["codex"]);
  assert.equal(deploy.codex!.sees, "yes");
  assert.doesNotMatch(deploy.codex!.reasons.join(), /does not see it/);
  // Claude Code keeps the first copy in its precedence (user before project).
  const claudeDup = await runCli(
    ["doctor", join(p, ".claude/skills/twin"), "--client", "claude", "--json"],
    {
      cwd: p,
      env: { HOME: join(p, "home"), SKILLSCOPE_SYSTEM_ROOT: join(p, "sys") },
      permissions: ["--allow-read", "--allow-env"],
    },
  );
  const [claudeVerdict] = JSON.parse(claudeDup.stdout).clients;
  assert.equal(claudeVerdict.sees, "no");
  assert.match(
    claudeVerdict.reasons.join(),
    /shadowed by .*home\/\.claude\/skills\/twin\/SKILL\.md \(the first copy of "twin" in its order is kept\) \(rule duplicates/,
  );

  const table = await runCli([
    "doctor",
    ".claude/skills/group/deep-skill",
    "--client",
    "claude",
  ], {
    cwd: p,
    env: { HOME: join(p, "home") },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.match(
    table.stdout,
    /AGENT +SEES IT +WHY\nClaude Code +no +2 levels below/,
  );
  const unknown = await runCli(["doctor", "nothing-here"], {
    cwd: p,
    env: { HOME: join(p, "home") },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(unknown.code, 1);
});

Deno.test("the client table has the newer agents' roots and a rule set for each (unknown rules left out, never guessed)", () => {
  const { roots } = defaultRoots({
    cwd: "/p",
    home: "/h",
    ancestors: false,
    clients: ["copilot", "goose", "amp", "pi"],
  });
  const paths = roots.map((r) => `${r.scope}:${r.path}`);
  for (
    const expected of [
      "project:/p/.github/skills",
      "project:/p/.pi/skills",
      "user:/h/.copilot/skills",
      "user:/h/.config/agents/skills",
      "user:/h/.config/goose/skills",
    ]
  ) assert.ok(paths.includes(expected), `${expected} missing`);
  for (const client of CLIENTS) assert.ok(clientRules(client).label.length > 0);
  // pi's depth was measured on its binary (pi/depth/project-seven).
  assert.equal(clientRules("pi").depth, Number.POSITIVE_INFINITY);
  assert.equal(clientRules("amp").depth, undefined);
});

Deno.test("doctor: a client with measured rules answers as list --client does; the budget of one without is named (Codex 0.169.0 offered 40 skills of 400 characters uncut)", async () => {
  await using tmp = await tempDir();
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++) {
    const name = `skill-${String(i).padStart(3, "0")}`;
    files[`.codex/skills/${name}/SKILL.md`] = skillMd(
      `name: ${name}\ndescription: ${"A long description. ".repeat(20)}`,
    );
  }
  await writeTree(tmp.path, files);
  await sh("git", ["init", "-q", tmp.path]);
  const verdicts = await doctor(tmp.path, ".codex/skills/skill-299", [
    "codex",
    "cursor",
  ]);
  // The documented 8000-character budget is not what the binary does
  // (codex/descriptions/many-skills): doctor says what list --client shows.
  assert.equal(verdicts.codex!.sees, "yes");
  assert.match(verdicts.codex!.reasons.join(), /offered as "skill-299"/);
  assert.match(
    verdicts.cursor!.reasons.join(),
    /Cursor's listing budget is not known: not checked/,
  );
  const first = await doctor(tmp.path, ".codex/skills/skill-000", ["codex"]);
  assert.equal(first.codex!.sees, "yes");
});

Deno.test("doctor names a lowercase skill.md and says to rename it", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "x/skill.md": "---\nname: x\ndescription: d\n---\n",
  });
  const run = await runCli(["doctor", join(tmp.path, "x")]);
  assert.equal(run.code, 1);
  assert.ok(run.stderr.includes(join(tmp.path, "x", "skill.md")), run.stderr);
  assert.match(run.stderr, /rename it to SKILL\.md/);
});

Deno.test("doctor NAME --client codex finds a skill whose SKILL.md is a symlink and says Codex skips it, as list --client codex does", async () => {
  await using tmp = await tempDir();
  const p = tmp.path;
  await writeTree(p, {
    "real/SKILL.md": skillMd("name: linked\ndescription: d"),
    ".claude/skills/twin/SKILL.md": skillMd("name: twin\ndescription: p"),
    "home/.claude/skills/twin/SKILL.md": skillMd("name: twin\ndescription: u"),
  });
  await Deno.mkdir(join(p, "home/.codex/skills/linked"), { recursive: true });
  await Deno.symlink(
    join(p, "real/SKILL.md"),
    join(p, "home/.codex/skills/linked/SKILL.md"),
  );
  const list = await runCli(["list", "--client", "codex", "--json"], {
    cwd: p,
    env: { HOME: join(p, "home"), CODEX_HOME: "" },
    permissions: ["--allow-read", "--allow-env"],
  });
  const listed = JSON.parse(list.stdout);
  assert.deepEqual(listed.skills, []);
  assert.ok(
    listed.diagnostics.some((d: { code: string }) =>
      d.code === "symlink-skipped"
    ),
  );
  const verdict = await doctor(p, "linked", ["codex"]);
  assert.equal(verdict.codex!.sees, "no");
  assert.match(
    verdict.codex!.reasons.join(),
    /SKILL\.md is a symlink, which Codex does not open/,
  );
});
