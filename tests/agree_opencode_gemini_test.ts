// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { agreeFixture, runContext } from "./_agree.ts";
import { driver as opencode } from "../agree/clients/opencode.ts";
import { driver as gemini } from "../agree/clients/gemini.ts";
import type { ListedSkill, RecordedRequest } from "../agree/types.ts";

type Fixture = Record<string, RecordedRequest[]>;

function requests(fixture: Fixture, name: string): RecordedRequest[] {
  const found = fixture[name];
  if (found === undefined) throw new Error(`no fixture case ${name}`);
  return found;
}

const OPENCODE_BUILTIN_DESCRIPTION =
  "Use ONLY when the user is editing or creating opencode's own configuration: opencode.json, opencode.jsonc, files under .opencode/, or files under ~/.config/opencode/. Also use when creating or fixing opencode agents, subagents, skills, plugins, MCP servers, or permission rules. Do not use for the user's own application code, or for any project that is not configuring opencode itself.";

const SHARED: readonly ListedSkill[] = [
  {
    name: "alpha",
    description: 'Use when a < b & c > d, "quoted" too',
    location: "/scenario/project/.agents/skills/alpha/SKILL.md",
  },
  {
    name: "amp&ersand",
    description: "Dir with & in it",
    location: "/scenario/project/.agents/skills/amp&ersand/SKILL.md",
  },
  {
    name: "delta",
    description: "Line one <x>\nline two\n",
    location: "/scenario/project/.agents/skills/delta/SKILL.md",
  },
];

function named(name: string): ListedSkill {
  const skill = SHARED.find((s) => s.name === name);
  if (skill === undefined) throw new Error(name);
  return skill;
}

Deno.test("opencode: reads the agent turn's listing, sorted, raw text, location unescaped", async () => {
  const listing = requests(await agreeFixture("opencode"), "listing");
  // The title request comes first and has no tools; it is skipped.
  assert.equal(
    listing[0]!.body !== null && "tools" in (listing[0]!.body as object),
    false,
  );
  assert.deepEqual(opencode.extract(listing).skills, [
    named("alpha"),
    named("amp&ersand"),
    {
      name: "beta",
      description: "Beta skill for testing",
      location: "/scenario/project/.opencode/skills/beta/SKILL.md",
    },
    {
      name: "customize-opencode",
      description: OPENCODE_BUILTIN_DESCRIPTION,
      location: "<built-in>",
    },
    named("delta"),
    {
      name: "gamma",
      description: "Gamma: a home skill",
      location: "/scenario/home/.config/opencode/skills/gamma/SKILL.md",
    },
  ]);
});

Deno.test("opencode: a skill on disk named customize-opencode replaces the built-in", async () => {
  const skills =
    opencode.extract(requests(await agreeFixture("opencode"), "override"))
      .skills;
  const custom = skills.filter((s) => s.name === "customize-opencode");
  assert.deepEqual(custom, [{
    name: "customize-opencode",
    description: "My own override",
    location: "/scenario/project/.claude/skills/customize-opencode/SKILL.md",
  }]);
  assert.deepEqual(opencode.builtins, ["customize-opencode"]);
});

Deno.test("opencode: every skill denied leaves the section out: an empty listing", async () => {
  assert.deepEqual(
    opencode.extract(requests(await agreeFixture("opencode"), "denied")),
    {
      skills: [],
    },
  );
});

Deno.test("opencode: only a title request recorded is a failed run", async () => {
  const title = requests(await agreeFixture("opencode"), "title_only");
  assert.throws(() => opencode.extract(title), /no agent turn/);
});

Deno.test("opencode: a truncated listing is an error, not a shorter listing", () => {
  const system =
    "Use the skill tool to load a skill when a task matches its description.\n" +
    "<available_skills>\n  <skill>\n    <name>a</name>\n    <description>x";
  assert.throws(
    () =>
      opencode.extract([{
        method: "POST",
        path: "/v1/chat/completions",
        body: { messages: [{ role: "system", content: system }], tools: [{}] },
      }]),
    /unreadable <skill> entry after 0 skills/,
  );
});

Deno.test("gemini: reads the streamed turn's listing in its order, nothing unescaped", async () => {
  const listing = requests(await agreeFixture("gemini"), "listing");
  assert.match(listing[0]!.path, /:generateContent$/);
  const skills = gemini.extract(listing).skills;
  assert.deepEqual(skills.map((s) => s.name), [
    "skill-creator",
    "antigravity-support",
    "gamma",
    "beta",
    "delta",
    "amp&ersand",
    "alpha",
  ]);
  assert.deepEqual(skills.slice(2), [
    {
      name: "gamma",
      description: "Gamma: a home skill",
      location: "/scenario/home/.gemini/skills/gamma/SKILL.md",
    },
    {
      name: "beta",
      description: "Beta skill for testing",
      location: "/scenario/project/.gemini/skills/beta/SKILL.md",
    },
    named("delta"),
    named("amp&ersand"),
    named("alpha"),
  ]);
});

Deno.test("gemini: its two built-ins live under bundle/builtin/", async () => {
  const skills =
    gemini.extract(requests(await agreeFixture("gemini"), "listing")).skills;
  const builtins = skills.filter((s) =>
    s.location?.includes("/node_modules/@google/gemini-cli/bundle/builtin/")
  );
  assert.deepEqual(builtins.map((s) => s.name), gemini.builtins);
  assert.deepEqual(
    builtins.map((s) => s.location?.replace(/^.*\/bundle\//, "")),
    ["builtin/skill-creator/SKILL.md", "builtin/antigravity-support/SKILL.md"],
  );
});

Deno.test("gemini: every skill disabled leaves the section out: an empty listing", async () => {
  assert.deepEqual(
    gemini.extract(requests(await agreeFixture("gemini"), "disabled")),
    {
      skills: [],
    },
  );
});

Deno.test("gemini: only the router call recorded is a failed run", async () => {
  const router = requests(await agreeFixture("gemini"), "router_only");
  assert.throws(() => gemini.extract(router), /no streamGenerateContent/);
});

Deno.test("opencode: prepare writes OPENCODE_CONFIG outside the project; command names it", async () => {
  const root = await Deno.makeTempDir();
  try {
    const run = runContext(root, {
      env: { OPENCODE_DISABLE_CLAUDE_CODE_SKILLS: "1" },
    });
    await opencode.prepare(run);
    const command = opencode.command(run);
    const file = command.env.OPENCODE_CONFIG!;
    assert.ok(!file.startsWith(`${root}/project/`) && file.startsWith(root));
    const config = JSON.parse(await Deno.readTextFile(file));
    assert.equal(
      config.provider.stub.options.baseURL,
      "http://127.0.0.1:4321/v1",
    );
    assert.equal(config.model, "stub/stub-model");
    assert.deepEqual(config.enabled_providers, ["stub"]);
    assert.equal(
      command.cmd,
      "/cache/x/node_modules/opencode-linux-x64/bin/opencode",
    );
    assert.deepEqual(command.args, [
      "run",
      "--pure",
      "--print-logs",
      "--log-level",
      "INFO",
      "hi",
    ]);
    assert.equal(command.env.HOME, `${root}/home`);
    assert.equal(command.env.OPENCODE_DISABLE_CLAUDE_CODE_SKILLS, "1");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("opencode: a scenario's own OPENCODE_CONFIG keeps its settings", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/conf`);
    await Deno.writeTextFile(
      `${root}/conf/oc.json`,
      JSON.stringify({
        skills: { paths: ["extra"] },
        permission: { skill: { x: "deny" } },
      }),
    );
    const run = runContext(root, {
      env: { OPENCODE_CONFIG: "$ROOT/conf/oc.json" },
    });
    await opencode.prepare(run);
    assert.equal(
      opencode.command(run).env.OPENCODE_CONFIG,
      `${root}/conf/oc.json`,
    );
    const config = JSON.parse(await Deno.readTextFile(`${root}/conf/oc.json`));
    assert.deepEqual(config.skills, { paths: ["extra"] });
    assert.deepEqual(config.permission, { skill: { x: "deny" } });
    assert.equal(config.small_model, "stub/stub-model");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("gemini: prepare merges its settings under the scenario's, honouring GEMINI_CLI_HOME", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/home/.gemini`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/home/.gemini/settings.json`,
      JSON.stringify({
        skills: { disabled: ["a"] },
        general: { vimMode: true },
      }),
    );
    const run = runContext(root);
    await gemini.prepare(run);
    const settings = JSON.parse(
      await Deno.readTextFile(`${root}/home/.gemini/settings.json`),
    );
    assert.deepEqual(settings.skills, { disabled: ["a"] });
    assert.deepEqual(settings.general, {
      disableAutoUpdate: true,
      disableUpdateNag: true,
      vimMode: true,
    });
    assert.equal(settings.security.auth.selectedType, "gemini-api-key");
    assert.equal(settings.telemetry.enabled, false);

    const moved = runContext(root, { env: { GEMINI_CLI_HOME: "$ROOT/gh" } });
    await gemini.prepare(moved);
    await Deno.stat(`${root}/gh/.gemini/settings.json`);
    const command = gemini.command(moved);
    assert.equal(command.cmd, "node");
    assert.deepEqual(command.args, [
      "/cache/x/node_modules/@google/gemini-cli/bundle/gemini.js",
      "-p",
      "hi",
    ]);
    assert.equal(command.env.GOOGLE_GEMINI_BASE_URL, "http://127.0.0.1:4321");
    assert.equal(command.env.GEMINI_CLI_TRUST_WORKSPACE, "true");
    assert.equal(command.env.GEMINI_CLI_HOME, `${root}/gh`);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
