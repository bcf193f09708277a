// Copyright 2026 the skillscope authors. MIT license.
// The agreement harness's scenario corpus: at least 60 deterministic trees
// per client, every dimension covered, and trees that build as written.
import assert from "node:assert/strict";
import { corpus, DIMENSIONS } from "../agree/corpus.ts";
import { layoutOf } from "../agree/corpus_layout.ts";
import { buildTree, expandEnv, skillFolders } from "../agree/run.ts";

const CLIENTS = ["claude", "codex", "opencode", "gemini", "pi", "qwen-code"];

Deno.test("corpus() has at least 60 scenarios per client, ids unique and stable", () => {
  for (const client of CLIENTS) {
    const scenarios = corpus(client);
    assert.ok(scenarios.length >= 60, `${client}: ${scenarios.length}`);
    const ids = scenarios.map((s) => s.id);
    assert.equal(new Set(ids).size, ids.length, `${client}: repeated ids`);
    assert.ok(ids.every((id) => id.startsWith(`${client}/`)));
    assert.deepEqual(corpus(client), scenarios, `${client}: not deterministic`);
  }
});

Deno.test("corpus() covers every dimension; legacy commands only for Claude Code, no budget cases for Claude Code and Codex", () => {
  // Claude Code's and Codex's budgets are a share of the model's context
  // window, not known here: skillscope does not apply them.
  const only: Record<string, readonly string[]> = {
    legacy: ["claude"],
    budget: ["qwen-code", "gemini", "opencode", "pi"],
  };
  for (const client of CLIENTS) {
    const seen = new Set(corpus(client).map((s) => s.dimension));
    for (const dimension of DIMENSIONS) {
      if (only[dimension] !== undefined && !only[dimension].includes(client)) {
        assert.ok(!seen.has(dimension));
      } else {
        assert.ok(seen.has(dimension), `${client} lacks ${dimension}`);
      }
    }
  }
});

Deno.test("corpus() filters by dimension", () => {
  const parsing = corpus("codex", { only: "parsing" });
  assert.ok(parsing.length > 0);
  assert.ok(parsing.every((s) => s.dimension === "parsing"));
});

Deno.test("corpus() places skills in the client's own roots and tries the shared one", () => {
  const layout = layoutOf("claude");
  assert.equal(layout.p, "project/.claude/skills");
  assert.equal(layout.u, "home/.claude/skills");
  assert.ok(layout.variableRoots.some((v) => v.name === "CLAUDE_CONFIG_DIR"));
  const ids = corpus("claude").map((s) => s.id);
  assert.ok(ids.includes("claude/roots/foreign-project-agents-skills"));
  assert.ok(ids.includes("claude/roots/env-claude-config-dir"));
  const env = corpus("claude").find((s) =>
    s.id === "claude/roots/env-claude-config-dir"
  )!;
  assert.deepEqual(expandEnv(env.env, "/r"), {
    CLAUDE_CONFIG_DIR: "/r/alt/CLAUDE_CONFIG_DIR",
  });
});

Deno.test("corpus() covers the cases issue 41 names", () => {
  const ids = new Set(
    corpus("claude").map((s) => s.id.slice("claude/".length)),
  );
  for (
    const id of [
      "walk/nested-cwd-git",
      "walk/nested-cwd-nogit",
      "depth/project-two",
      "counts/hidden-dir",
      "counts/node-modules",
      "counts/symlinked-dir",
      "counts/symlinked-skill-md",
      "counts/bom",
      "counts/crlf",
      "parsing/no-description",
      "parsing/empty-description",
      "parsing/unquoted-colon",
      "parsing/no-frontmatter",
      "parsing/unclosed-frontmatter",
      "parsing/name-differs",
      "parsing/name-spaces",
      "parsing/name-uppercase",
      "parsing/name-long",
      "descriptions/over-1024",
      "descriptions/block-literal",
      "descriptions/when-to-use",
      "duplicates/project-and-user",
      "visibility/disable-model-invocation",
      "visibility/user-invocable-false",
      "legacy/project-command",
    ]
  ) assert.ok(ids.has(id), id);
});

Deno.test("skillFolders() sees a linked folder through its link, not at its target", () => {
  const byId = new Map(corpus("codex").map((s) => [s.id, s]));
  assert.deepEqual(skillFolders(byId.get("codex/counts/symlinked-dir")!), [
    "project/.codex/skills/control",
    "project/.codex/skills/linked",
  ]);
  assert.deepEqual(skillFolders(byId.get("codex/counts/symlinked-root")!), [
    "project/.codex/skills/via-root",
  ]);
  assert.deepEqual(skillFolders(byId.get("codex/counts/symlinked-skill-md")!), [
    "project/.codex/skills/control",
    "project/.codex/skills/linked-file",
  ]);
});

Deno.test("buildTree() writes files, symlinks that resolve, the git repository and the cwd", async () => {
  const root = await Deno.makeTempDir({ prefix: "agree-test-" });
  try {
    const scenarios = corpus("claude");
    const linked = scenarios.find((s) =>
      s.id === "claude/counts/symlinked-dir"
    )!;
    await buildTree({ ...linked, cwd: "project/sub" }, root);
    const text = await Deno.readTextFile(
      `${root}/project/.claude/skills/linked/SKILL.md`,
    );
    assert.match(text, /^---\nname: linked\n/);
    assert.ok((await Deno.stat(`${root}/project/.git`)).isDirectory);
    assert.ok((await Deno.stat(`${root}/project/sub`)).isDirectory);
    assert.ok((await Deno.stat(`${root}/home`)).isDirectory);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
