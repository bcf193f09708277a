// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { agreeFixture, runContext } from "./_agree.ts";
import { driver as pi } from "../agree/clients/pi.ts";
import { driver as qwen } from "../agree/clients/qwen.ts";
import type { RecordedRequest } from "../agree/types.ts";

const QWEN_OFFERED_BUNDLED = [
  "batch",
  "browser-use",
  "computer-use",
  "dataviz",
  "extension-creator",
  "goal-draft",
  "loop",
  "new-app",
  "qc-helper",
  "review",
  "simplify",
  "stuck",
  "workflow-authoring",
  "workflow-creator",
];

Deno.test("pi: reads its listing in discovery order, unescaped, with paths", async () => {
  const { listing } = await agreeFixture<"listing" | "empty">("pi");
  assert.deepEqual(pi.extract(listing).skills, [
    {
      name: "proj-skill",
      description: "Description of proj-skill.",
      location: "/scenario/project/.pi/skills/proj-skill/SKILL.md",
    },
    {
      name: "escaped",
      description: `Use <b>tags</b> & "quotes" it's fine`,
      location: "/scenario/project/.agents/skills/escaped/SKILL.md",
    },
    {
      name: "home-skill",
      description: "Description of home-skill.",
      location: "/scenario/home/.pi/agent/skills/home-skill/SKILL.md",
    },
  ]);
});

Deno.test("pi: no block when no skill is visible is an empty listing", async () => {
  const { empty } = await agreeFixture<"listing" | "empty">("pi");
  assert.deepEqual(pi.extract(empty).skills, []);
  assert.equal(pi.builtins, undefined);
});

Deno.test("pi: a run without a chat completion throws", () => {
  assert.throws(() => pi.extract([]), /no chat completion/);
  assert.throws(
    () => pi.extract([{ method: "GET", path: "/v1/models", body: null }]),
    /no chat completion/,
  );
});

Deno.test("pi: a listing of an unexpected shape throws", async () => {
  const { listing } = await agreeFixture<"listing" | "empty">("pi");
  const changed = JSON.parse(
    JSON.stringify(listing).replace("<location>", "<path>"),
  ) as RecordedRequest[];
  assert.throws(() => pi.extract(changed), /read 2 of 3/);
});

Deno.test("pi: prepare declares the stand-in in the agent directory", async () => {
  const root = await Deno.makeTempDir();
  try {
    const moved = runContext(root, {
      env: { PI_CODING_AGENT_DIR: "$ROOT/agent" },
      git: false,
    });
    await Deno.mkdir(`${root}/agent`);
    await Deno.writeTextFile(
      `${root}/agent/models.json`,
      JSON.stringify({ providers: { other: { baseUrl: "x" } } }),
    );
    await pi.prepare(moved);
    const models = JSON.parse(
      await Deno.readTextFile(`${root}/agent/models.json`),
    );
    assert.deepEqual(Object.keys(models.providers), ["other", "standin"]);
    assert.equal(models.providers.standin.baseUrl, "http://127.0.0.1:4321/v1");
    await pi.prepare(runContext(root, { git: false }));
    const home = JSON.parse(
      await Deno.readTextFile(`${root}/home/.pi/agent/models.json`),
    );
    assert.equal(home.providers.standin.models[0].id, "stand-in");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("pi: the command is one offline print-mode turn", () => {
  const command = pi.command(
    runContext("/r", { env: { PI_CODING_AGENT_DIR: "$ROOT/a" }, git: false }),
  );
  assert.equal(command.cmd, "node");
  assert.equal(
    command.args[0],
    "/cache/x/node_modules/@mariozechner/pi-coding-agent/dist/cli.js",
  );
  assert.deepEqual(command.args.slice(1), [
    "--provider",
    "standin",
    "--model",
    "stand-in",
    "--no-session",
    "-p",
    "hi",
  ]);
  assert.equal(command.env.HOME, "/r/home");
  assert.equal(command.env.PI_OFFLINE, "1");
  assert.equal(command.env.PI_CODING_AGENT_DIR, "/r/a");
  assert.deepEqual(pi.packages, ["@mariozechner/pi-coding-agent@0.73.1"]);
});

Deno.test("qwen-code: reads the first user message's listing, sorted, with levels", async () => {
  const { listing } = await agreeFixture<"listing" | "empty">("qwen");
  const skills = qwen.extract(listing).skills;
  const names = skills.map((s) => s.name);
  assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b)));
  const own = skills.filter((s) => s.location !== "bundled");
  // Qwen Code appends " — WHEN_TO_USE" (when set) and " (LEVEL)" to the
  // description; the listing keeps it as rendered.
  assert.deepEqual(own, [
    {
      name: "escaped",
      description: `Use <b>tags</b> & "quotes" it's fine (project)`,
      location: "project",
    },
    {
      name: "home-skill",
      description: "Description of home-skill. (user)",
      location: "user",
    },
    {
      name: "proj-skill",
      description:
        "Description of proj-skill. — When the user asks about the repo. (project)",
      location: "project",
    },
  ]);
  assert.ok(!names.includes("manual"), "disable-model-invocation is left out");
});

Deno.test("qwen-code: its 16 bundled skills are builtins, 14 of them listed", async () => {
  const { listing } = await agreeFixture<"listing" | "empty">("qwen");
  const bundled = qwen.extract(listing).skills
    .filter((s) => s.location === "bundled").map((s) => s.name);
  assert.deepEqual(bundled, QWEN_OFFERED_BUNDLED);
  const builtins = qwen.builtins ?? [];
  assert.equal(builtins.length, 16);
  for (const name of bundled) assert.ok(builtins.includes(name), name);
  assert.ok(builtins.includes("coordinate"));
  assert.ok(builtins.includes("zvec-grep-install"));
});

Deno.test("qwen-code: the memory extractor's request is ignored", async () => {
  const { listing } = await agreeFixture<"listing" | "empty">("qwen");
  assert.equal(listing.length, 2);
  const [turn, extractor] = listing as [RecordedRequest, RecordedRequest];
  const expected = qwen.extract([turn]);
  assert.deepEqual(qwen.extract([extractor, turn]), expected);
  const edited = JSON.parse(
    JSON.stringify(extractor).replaceAll("home-skill", "other-skill"),
  ) as RecordedRequest;
  assert.deepEqual(qwen.extract([edited, turn]), expected);
  assert.throws(
    () => qwen.extract([extractor]),
    /no chat completion of the turn/,
  );
});

Deno.test("qwen-code: 'No skills are currently available' is an empty listing", async () => {
  const { empty } = await agreeFixture<"listing" | "empty">("qwen");
  assert.deepEqual(qwen.extract(empty).skills, []);
});

Deno.test("qwen-code: a turn without the skills reminder throws", () => {
  const request: RecordedRequest = {
    method: "POST",
    path: "/v1/chat/completions",
    body: {
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    },
  };
  assert.throws(() => qwen.extract([request]), /no skills reminder/);
  assert.throws(() => qwen.extract([]), /no chat completion/);
});

Deno.test("qwen-code: a command without a location is listed without one", () => {
  const text =
    "<system-reminder>\nThe following skills are available for use " +
    "with the Skill tool. x\n\n<available_skills>\n<skill>\n<name>\na&amp;b\n" +
    "</name>\n<description>\nSkill\n</description>\n<location>\nuser\n" +
    "</location>\n</skill>\n<skill>\n<name>\ncmd\n</name>\n<description>\n" +
    "A command\n</description>\n</skill>\n</available_skills>\n</system-reminder>";
  const request: RecordedRequest = {
    method: "POST",
    path: "/v1/chat/completions",
    body: { messages: [{ role: "user", content: [{ type: "text", text }] }] },
  };
  assert.deepEqual(qwen.extract([request]).skills, [
    { name: "a&b", description: "Skill", location: "user" },
    { name: "cmd", description: "A command", location: undefined },
  ]);
});

Deno.test("qwen-code: prepare merges its settings over the scenario's", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/home/.qwen`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/home/.qwen/settings.json`,
      JSON.stringify({ skills: { disabled: ["a"] }, general: { x: 1 } }),
    );
    await qwen.prepare(runContext(root, { git: false }));
    const settings = JSON.parse(
      await Deno.readTextFile(`${root}/home/.qwen/settings.json`),
    );
    assert.deepEqual(settings.skills, { disabled: ["a"] });
    assert.deepEqual(settings.general, {
      x: 1,
      disableAutoUpdate: true,
      disableUpdateNag: true,
    });
    assert.equal(settings.security.auth.selectedType, "openai");
    await qwen.prepare(
      runContext(root, { env: { QWEN_HOME: "$ROOT/qh" }, git: false }),
    );
    const moved = JSON.parse(
      await Deno.readTextFile(`${root}/qh/settings.json`),
    );
    assert.equal(moved.model.name, "stand-in");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("qwen-code: the command names the stand-in and hides system settings", () => {
  const command = qwen.command(runContext("/r", { git: false }));
  assert.equal(command.cmd, "node");
  assert.deepEqual(command.args, [
    "/cache/x/node_modules/@qwen-code/qwen-code/cli-entry.js",
    "-p",
    "hi",
  ]);
  assert.equal(command.env.OPENAI_BASE_URL, "http://127.0.0.1:4321/v1");
  assert.equal(command.env.OPENAI_MODEL, "stand-in");
  assert.equal(
    command.env.QWEN_CODE_SYSTEM_SETTINGS_PATH,
    "/r/.no-system-settings.json",
  );
  assert.equal(qwen.name, "qwen-code");
  assert.deepEqual(qwen.packages, ["@qwen-code/qwen-code@0.24.4"]);
});
