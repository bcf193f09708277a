// Copyright 2026 the skillscope authors. MIT license.
// The other agents of issue 41 §1 (Copilot CLI, Crush, Kilo, Amp): the table
// of what was tried has every agent with a precise reason, each joined agent
// has a driver of the same name and version, and the Copilot and Kilo
// extractors read the listing from request bodies trimmed from real runs.
import assert from "node:assert/strict";
import { runContext } from "./_agree.ts";
import { OTHER_AGENTS } from "../agree/other_agents.ts";
import {
  COPILOT_BUILTINS,
  driver as copilot,
  extractCopilot,
} from "../agree/clients/copilot.ts";
import { driver as kilo, extractKilo } from "../agree/clients/kilo.ts";
import type { ClientDriver, RecordedRequest } from "../agree/types.ts";

const FOUR = ["copilot", "crush", "kilo", "amp"];

Deno.test("other agents: the four of issue 41, each with version, status and a reason", () => {
  assert.deepEqual(OTHER_AGENTS.map((a) => a.name).sort(), [...FOUR].sort());
  for (const agent of OTHER_AGENTS) {
    assert.match(agent.package, /^(@[a-z0-9-]+\/)?[a-z0-9-]+$/, agent.name);
    assert.match(agent.version, /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    assert.ok(
      agent.status === "joined" || agent.status === "cannot-run-offline",
    );
    assert.ok(agent.why.trim().length >= 80, `${agent.name}: reason too thin`);
  }
});

Deno.test("other agents: a reason it cannot run names the command and the error", () => {
  for (const agent of OTHER_AGENTS) {
    if (agent.status !== "cannot-run-offline") continue;
    assert.match(agent.why, /`[^`]+`/, `${agent.name}: no command quoted`);
    assert.match(agent.why, /Error|E404|ENOTFOUND/, agent.name);
  }
});

Deno.test("other agents: each joined agent has a driver of its name and version", async () => {
  for (const agent of OTHER_AGENTS) {
    if (agent.status !== "joined") continue;
    const url = new URL(`../agree/clients/${agent.name}.ts`, import.meta.url);
    const module = await import(url.href) as { driver?: ClientDriver };
    assert.equal(module.driver?.name, agent.name);
    assert.equal(module.driver?.version, agent.version);
  }
});

function chat(system: string, tools = true): RecordedRequest {
  return {
    method: "POST",
    path: "/v1/chat/completions",
    body: {
      model: "stub-model",
      stream: true,
      messages: [
        { role: "system", content: system },
        { role: "user", content: "hi" },
      ],
      ...(tools
        ? { tools: [{ type: "function", function: { name: "skill" } }] }
        : {}),
    },
  };
}

// Trimmed from a Copilot 1.0.102 run: project skills, a personal one with a
// `|` description, the two built-ins (descriptions shortened).
const COPILOT_SYSTEM = [
  "You are the GitHub Copilot CLI.",
  "<skill>",
  "<available_skills>",
  "<skill>",
  "  <name>gamma-x</name>",
  "  <description>Gamma named differently.</description>",
  "  <location>project</location>",
  "</skill>",
  "<skill>",
  "  <name>alpha-skill</name>",
  "  <description>Line one",
  "line two &lt;x&gt; &amp; &quot;q&quot;</description>",
  "  <location>user</location>",
  "</skill>",
  "<skill>",
  "  <name>customize-cloud-agent</name>",
  "  <description>Skill for customizing the Copilot cloud agent.</description>",
  "  <location>builtin</location>",
  "</skill>",
  "<skill>",
  "  <name>github-pr-media</name>",
  "  <description>Upload an image to GitHub&apos;s attachments API.</description>",
  "  <location>builtin</location>",
  "</skill>",
  "</available_skills>",
  "</skill>",
  "<sql>",
].join("\n");

Deno.test("copilot: reads the system message's listing, every field unescaped, in order", () => {
  const listing = extractCopilot([chat(COPILOT_SYSTEM)]);
  assert.deepEqual(listing.skills, [
    {
      name: "gamma-x",
      description: "Gamma named differently.",
      location: "project",
    },
    {
      name: "alpha-skill",
      description: 'Line one\nline two <x> & "q"',
      location: "user",
    },
    {
      name: "customize-cloud-agent",
      description: "Skill for customizing the Copilot cloud agent.",
      location: "builtin",
    },
    {
      name: "github-pr-media",
      description: "Upload an image to GitHub's attachments API.",
      location: "builtin",
    },
  ]);
  assert.deepEqual(
    listing.skills.filter((s) => s.location === "builtin").map((s) => s.name),
    [...COPILOT_BUILTINS],
  );
});

Deno.test("copilot: no listing block is an empty listing; no request is an error", () => {
  assert.deepEqual(extractCopilot([chat("You are the GitHub Copilot CLI.")]), {
    skills: [],
  });
  assert.throws(() => extractCopilot([]), /copilot: no \/chat\/completions/);
  assert.throws(
    () =>
      extractCopilot([
        chat("<available_skills>\n<skill>\n  <oops/>\n</skill>\n"),
      ]),
    /unreadable <skill> entry after 0 skills/,
  );
});

Deno.test("copilot: the command runs the binary offline against the stand-in", () => {
  const command = copilot.command(
    runContext("/r", { env: { COPILOT_HOME: "$ROOT/ch" } }),
  );
  assert.equal(
    command.cmd,
    "/cache/x/node_modules/@github/copilot-linux-x64/copilot",
  );
  assert.deepEqual(command.args.slice(0, 2), ["-p", "hi"]);
  assert.equal(command.env.COPILOT_OFFLINE, "true");
  assert.equal(
    command.env.COPILOT_PROVIDER_BASE_URL,
    "http://127.0.0.1:4321/v1",
  );
  assert.equal(command.env.HOME, "/r/home");
  assert.equal(command.env.COPILOT_HOME, "/r/ch");
  assert.deepEqual(copilot.packages, ["@github/copilot@1.0.102"]);
});

// Trimmed from a Kilo 7.7.9 run: raw name and description (a `|` block keeps
// its newline), the location escaped, the built-in kilo-config.
const KILO_SYSTEM = [
  "You are Kilo.",
  "Skills provide specialized instructions and workflows for specific tasks.",
  "Use the skill tool to load a skill when a task matches its description.",
  "<available_skills>",
  "  <skill>",
  "    <name>a-and-b</name>",
  '    <description>Amp & <x> "q".</description>',
  "    <location>/r/home/.kilo/skills/a&amp;b/SKILL.md</location>",
  "  </skill>",
  "  <skill>",
  "    <name>kilo-config</name>",
  "    <description>Guide for Kilo configuration.</description>",
  "    <location>builtin</location>",
  "  </skill>",
  "  <skill>",
  "    <name>multi</name>",
  "    <description>Line one",
  "line two",
  "</description>",
  "    <location>/r/project/.kilo/skills/multi/SKILL.md</location>",
  "  </skill>",
  "</available_skills>",
].join("\n");

Deno.test("kilo: reads the agent turn's listing, raw text, location unescaped", () => {
  const listing = extractKilo([
    chat("title request", false),
    chat(KILO_SYSTEM),
  ]);
  assert.deepEqual(listing.skills, [
    {
      name: "a-and-b",
      description: 'Amp & <x> "q".',
      location: "/r/home/.kilo/skills/a&b/SKILL.md",
    },
    {
      name: "kilo-config",
      description: "Guide for Kilo configuration.",
      location: "builtin",
    },
    {
      name: "multi",
      description: "Line one\nline two\n",
      location: "/r/project/.kilo/skills/multi/SKILL.md",
    },
  ]);
  assert.deepEqual(kilo.builtins, ["kilo-config"]);
});

Deno.test("kilo: no introduction is an empty listing; no agent turn is an error", () => {
  assert.deepEqual(extractKilo([chat("You are Kilo.")]), { skills: [] });
  assert.throws(() => extractKilo([chat("x", false)]), /kilo: no agent turn/);
});

Deno.test("kilo: the config names the stand-in provider and keeps the scenario's", async () => {
  const root = await Deno.makeTempDir({ prefix: "agree-kilo-" });
  try {
    await Deno.mkdir(`${root}/project/cfg`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/project/cfg/kilo.json`,
      JSON.stringify({ skills: { paths: ["extra"] } }),
    );
    const ctx = runContext(root, { env: { KILO_CONFIG: "cfg/kilo.json" } });
    await kilo.prepare(ctx);
    const config = JSON.parse(
      await Deno.readTextFile(`${root}/project/cfg/kilo.json`),
    );
    assert.deepEqual(config.skills, { paths: ["extra"] });
    assert.equal(
      config.provider.stub.options.baseURL,
      "http://127.0.0.1:4321/v1",
    );
    assert.equal(config.model, "stub/stub-model");
    const command = kilo.command(ctx);
    assert.equal(command.env.KILO_CONFIG, `${root}/project/cfg/kilo.json`);
    assert.equal(command.env.KILO_TELEMETRY_LEVEL, "off");
    assert.equal(
      command.cmd,
      "/cache/x/node_modules/@kilocode/cli-linux-x64/bin/kilo",
    );
    assert.deepEqual(kilo.packages, ["@kilocode/cli-linux-x64@7.7.9"]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
