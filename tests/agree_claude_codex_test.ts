// Copyright 2026 the skillscope authors. MIT license.
// The Claude Code and Codex drivers of the agreement harness: their extractors
// against request bodies the clients sent (agree/fixtures/claude.json and
// codex.json, trimmed to the listing), the edge cases of each entry format,
// and the commands and config they run with.
import assert from "node:assert/strict";
import {
  CLAUDE_BUILTINS,
  driver as claude,
  extractClaude,
  HEADER,
  parseEntry as parseClaudeEntry,
} from "../agree/clients/claude.ts";
import {
  CODEX_BUILTINS,
  codexConfig,
  driver as codex,
  extractCodex,
  parseBlock,
  parseEntry as parseCodexEntry,
} from "../agree/clients/codex.ts";
import type { RecordedRequest } from "../agree/types.ts";
import { agreeFixture, runContext } from "./_agree.ts";

function names(skills: readonly { name: string }[]): string[] {
  return skills.map((s) => s.name);
}

Deno.test("claude: a user skill, a project skill and a renamed one, then the bundled ones", async () => {
  const { skills } = extractClaude((await agreeFixture("claude")).skills!);
  assert.deepEqual(names(skills), [
    "user-notes",
    "folder-x",
    "proj-build",
    ...CLAUDE_BUILTINS,
  ]);
  assert.deepEqual(skills[0], {
    name: "user-notes",
    description: "Keeps user notes tidy. Use when: the user asks about notes.",
  });
  // Listed as `folder-x (renamed-skill)`: the folder is the name invoked.
  assert.deepEqual(skills[1], {
    name: "folder-x",
    description: "Quoted: has a colon and a (file: fake) suffix",
  });
  assert.equal(skills.every((s) => s.location === undefined), true);
});

Deno.test("claude: an empty tree lists exactly the 13 bundled skills", async () => {
  const { skills } = extractClaude((await agreeFixture("claude")).empty!);
  assert.deepEqual(names(skills), [...CLAUDE_BUILTINS]);
  assert.equal(CLAUDE_BUILTINS.length, 13);
  assert.deepEqual(claude.builtins, CLAUDE_BUILTINS);
});

Deno.test("claude: over budget, later skills are listed by name only", async () => {
  const { skills } = extractClaude((await agreeFixture("claude")).budget!);
  const byName = new Map(skills.map((s) => [s.name, s]));
  assert.match(byName.get("bulk-0")!.description!, /^Bulk 0 word word/);
  assert.match(byName.get("bulk-112")!.description!, /^Bulk 112 word/);
  for (const only of ["bulk-113", "bulk-114", "bulk-149"]) {
    assert.deepEqual(byName.get(only), { name: only });
  }
  assert.equal(byName.get("spaced")!.description, "lots   of   spaces");
  assert.equal(
    byName.get("multi")!.description,
    "First line: colon here. Second paragraph after a blank line.",
  );
  assert.equal(byName.get("nofm")!.description, "Heading");
  // A bundled description that runs over three lines stays one entry.
  const api = byName.get("claude-api")!.description!;
  assert.equal(api.split("\n").length, 3);
  assert.match(api, /\nTRIGGER — read FIRST/);
  assert.equal(skills.at(-1)!.name, "security-review");
  assert.equal(skills.length, 6 + 3 + 13);
});

Deno.test("claude: entry edge cases", () => {
  assert.deepEqual(parseClaudeEntry("a: b: c"), {
    name: "a",
    description: "b: c",
  });
  assert.deepEqual(parseClaudeEntry("dir (other name)"), { name: "dir" });
  assert.deepEqual(parseClaudeEntry("dir (x): d"), {
    name: "dir",
    description: "d",
  });
  assert.deepEqual(parseClaudeEntry("empty:"), {
    name: "empty",
    description: "",
  });
  assert.deepEqual(parseClaudeEntry("two: one\nline two"), {
    name: "two",
    description: "one\nline two",
  });
});

Deno.test("claude: a turn without the listing is empty; no turn is an error", () => {
  const turn = (text: string): RecordedRequest => ({
    method: "POST",
    path: "/v1/messages?beta=true",
    body: { messages: [{ role: "user", content: text }] },
  });
  const tokens: RecordedRequest = {
    method: "POST",
    path: "/v1/messages/count_tokens?beta=true",
    body: { messages: [{ role: "user", content: `${HEADER}\n\n- no: no` }] },
  };
  assert.deepEqual(extractClaude([turn("hi")]), { skills: [] });
  assert.deepEqual(
    extractClaude([tokens, turn(`${HEADER}\n\n- a: b\n\nend`)]),
    {
      skills: [{ name: "a", description: "b" }],
    },
  );
  assert.throws(() => extractClaude([]), /no \/v1\/messages request/);
  assert.throws(() => extractClaude([tokens]), /no \/v1\/messages request/);
});

Deno.test("claude: the command points the binary at the stand-in", () => {
  const run = runContext("/r");
  const command = claude.command({
    ...run,
    scenario: { ...run.scenario, env: { CLAUDE_CONFIG_DIR: "$ROOT/cfg" } },
  });
  assert.equal(
    command.cmd,
    "/cache/x/node_modules/@anthropic-ai/claude-code/bin/claude.exe",
  );
  assert.deepEqual(command.args, ["-p", "hi"]);
  assert.equal(command.env.ANTHROPIC_BASE_URL, "http://127.0.0.1:4321");
  assert.equal(command.env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC, "1");
  assert.equal(command.env.HOME, "/r/home");
  assert.equal(command.env.CLAUDE_CONFIG_DIR, "/r/cfg");
  assert.deepEqual(claude.packages, ["@anthropic-ai/claude-code@2.1.328"]);
});

Deno.test("codex: every copy of a name, with root aliases expanded", async () => {
  const { skills } = extractCodex((await agreeFixture("codex")).skills!);
  const root = "/tmp/agree-x1";
  const sys = `${root}/home/.codex/skills/.system`;
  assert.deepEqual(
    skills.map((s) => [s.name, s.location]),
    [
      ["imagegen", `${sys}/imagegen/SKILL.md`],
      ["openai-docs", `${sys}/openai-docs/SKILL.md`],
      ["skill-creator", `${sys}/skill-creator/SKILL.md`],
      ["skill-installer", `${sys}/skill-installer/SKILL.md`],
      ["proj-build", `${root}/project/.agents/skills/proj-build/SKILL.md`],
      ["proj-build", `${root}/project/.codex/skills/proj-build/SKILL.md`],
      ["renamed-skill", `${root}/project/.agents/skills/folder-x/SKILL.md`],
      ["renamed-skill", `${root}/project/.codex/skills/folder-x/SKILL.md`],
      ["user-notes", `${root}/home/.agents/skills/user-notes/SKILL.md`],
      ["user-notes", `${root}/home/.codex/skills/user-notes/SKILL.md`],
    ],
  );
  // Only the last `(file: …)` is the path; the description keeps its own.
  assert.equal(
    skills[6]!.description,
    "Quoted: has a colon and a (file: fake) suffix",
  );
  assert.equal(
    skills[8]!.description,
    "Keeps user notes tidy. Use when: the user asks about notes.",
  );
});

Deno.test("codex: an empty tree lists its bundled .system skills", async () => {
  const { skills } = extractCodex((await agreeFixture("codex")).empty!);
  assert.deepEqual(names(skills), [
    "imagegen",
    "openai-docs",
    "skill-creator",
    "skill-installer",
  ]);
  assert.equal(skills.every((s) => CODEX_BUILTINS.includes(s.name)), true);
  assert.deepEqual(codex.builtins, CODEX_BUILTINS);
});

Deno.test("codex: over budget, descriptions are cut to about 100 characters", async () => {
  const { skills } = extractCodex((await agreeFixture("codex")).budget!);
  const byName = new Map(skills.map((s) => [s.name, s]));
  assert.equal(byName.get("huge")!.description, "x".repeat(98));
  assert.equal(byName.get("spaced")!.description, "lots of spaces");
  assert.equal(
    byName.get("multi")!.description,
    "First line: colon here. Second paragraph after a blank line.",
  );
  assert.equal(byName.has("nofm"), false);
  assert.equal(skills.every((s) => s.description!.length <= 100), true);
  assert.equal(
    byName.get("bulk-0")!.location,
    "/tmp/agree-x2/home/.agents/skills/bulk-0/SKILL.md",
  );
});

Deno.test("codex: entry edge cases", () => {
  const roots = new Map([["r0", "/a/skills"], ["r10", "/b"]]);
  assert.deepEqual(parseCodexEntry("n: d: e (file: r0/n/SKILL.md)", roots), {
    name: "n",
    description: "d: e",
    location: "/a/skills/n/SKILL.md",
  });
  assert.deepEqual(parseCodexEntry("n (file: r10/n/SKILL.md)", roots), {
    name: "n",
    location: "/b/n/SKILL.md",
  });
  assert.deepEqual(parseCodexEntry("n: (file: /abs/n/SKILL.md)", roots), {
    name: "n",
    description: "",
    location: "/abs/n/SKILL.md",
  });
  assert.deepEqual(parseCodexEntry("n: see (file: x)", roots), {
    name: "n",
    description: "see",
    location: "x",
  });
  assert.deepEqual(
    parseBlock(
      "\n### Skill roots\n- `r0` = `/p`\n### Available skills\n- a: b (file: r0/a/SKILL.md)\n\n### How to use\n- not: a skill\n",
    ),
    [{ name: "a", description: "b", location: "/p/a/SKILL.md" }],
  );
  assert.throws(() => parseBlock("## Skills\n"), /Available skills/);
});

Deno.test("codex: a turn without the block is empty; no turn is an error", () => {
  const turn = (text: string): RecordedRequest => ({
    method: "POST",
    path: "/v1/responses",
    body: {
      input: [{
        type: "message",
        role: "developer",
        content: [{ type: "input_text", text }],
      }],
    },
  });
  assert.deepEqual(extractCodex([turn("hi")]), { skills: [] });
  assert.deepEqual(
    extractCodex([
      turn(
        "<skills_instructions>\n### Available skills\n- a: b (file: /a/SKILL.md)\n</skills_instructions>",
      ),
    ]),
    { skills: [{ name: "a", description: "b", location: "/a/SKILL.md" }] },
  );
  assert.throws(() => extractCodex([]), /no \/v1\/responses request/);
});

Deno.test("codex: config.toml names the stand-in, trusts the project and keeps the scenario's", () => {
  const text = codexConfig(
    runContext("/r", { cwd: "/r/project/sub" }),
    '[[skills.config]]\npath = "/x/SKILL.md"\nenabled = false\n\n[features]\nplugins = false\n',
  );
  assert.match(text, /^model = "stub-model"\nmodel_provider = "stub"\n/);
  assert.match(text, /base_url = "http:\/\/127\.0\.0\.1:4321\/v1"/);
  assert.match(text, /\[projects\."\/r\/project"\]\ntrust_level = "trusted"/);
  assert.match(
    text,
    /\[projects\."\/r\/project\/sub"\]\ntrust_level = "trusted"/,
  );
  assert.match(
    text,
    /\[\[skills\.config\]\]\npath = "\/x\/SKILL\.md"\nenabled = false/,
  );
  assert.equal(text.split("[features]").length, 2);
  assert.ok(
    text.indexOf("[[skills.config]]") < text.indexOf("[model_providers.stub]"),
  );
  const plain = codexConfig(runContext("/r"), "");
  assert.equal(plain.split("[projects.").length, 2);
  assert.match(
    plain,
    /\[features\]\nplugins = false\nremote_plugin = false\napps = false/,
  );
});

Deno.test("codex: prepare writes config.toml in CODEX_HOME, else ~/.codex", async () => {
  const root = await Deno.makeTempDir({ prefix: "agree-codex-" });
  try {
    await codex.prepare(runContext(root));
    assert.match(
      await Deno.readTextFile(`${root}/home/.codex/config.toml`),
      /stub-model/,
    );
    const run = runContext(root);
    await codex.prepare({
      ...run,
      scenario: { ...run.scenario, env: { CODEX_HOME: "$ROOT/ch" } },
    });
    assert.match(
      await Deno.readTextFile(`${root}/ch/config.toml`),
      /stub-model/,
    );
    const command = codex.command({
      ...run,
      scenario: { ...run.scenario, env: { CODEX_HOME: "$ROOT/ch" } },
    });
    assert.equal(command.cmd, "node");
    assert.deepEqual(command.args.slice(1), [
      "exec",
      "--skip-git-repo-check",
      "--ephemeral",
      "--color",
      "never",
      "hi",
    ]);
    assert.equal(command.env.CODEX_HOME, `${root}/ch`);
    assert.equal(command.env.STUB_API_KEY, "dummy");
    assert.equal(codex.command(run).env.CODEX_HOME, undefined);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
