// Copyright 2026 the skillscope authors. MIT license.
// Diagnostics that say precisely what and where, and stay short: the
// symlink skipped under an agent's rules names the agent; a refusal or a
// warning that lists many long items stays one bounded line; a key written
// with YAML escapes, properties or an explicit `?` is reported at its line.
// Each through the real CLI, with a temporary HOME and a bounded time.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type CliRun,
  runCli,
  skillMd,
  tempDir,
  writeTree,
} from "./_helpers.ts";
import { keyLines } from "../src/parse/key_lines.ts";

interface Diagnostic {
  level: string;
  code: string;
  message: string;
  path?: string;
  line?: number;
}

/** The CLI with its own permission set, a temporary HOME, bounded in time. */
function cli(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CliRun> {
  return runCli(args, {
    cwd,
    env: {
      HOME: join(cwd, "home"),
      XDG_CONFIG_HOME: "",
      CODEX_HOME: "",
      CLAUDE_CONFIG_DIR: "",
      ...env,
    },
    permissions: ["-P=cli"],
    signal: AbortSignal.timeout(120_000),
  });
}

Deno.test("list --client codex names Codex when it skips a symlinked skill directory or SKILL.md in its system root, and says nothing of a linked file inside a skill", async () => {
  await using tmp = await tempDir();
  const codexHome = join(tmp.path, "codex-home");
  const system = join(codexHome, "skills/.system");
  await writeTree(tmp.path, {
    "shared/demo/SKILL.md": skillMd("name: linked\ndescription: Linked"),
    "notes.md": "notes\n",
  });
  await writeTree(system, {
    "own/SKILL.md": skillMd("name: own\ndescription: Own"),
  });
  await Deno.mkdir(join(tmp.path, "home"));
  // A linked skill directory, a linked SKILL.md, a linked file in a skill.
  await Deno.symlink(join(tmp.path, "shared"), join(system, "linked-dir"));
  await Deno.mkdir(join(system, "linked-file"));
  await Deno.symlink(
    join(tmp.path, "shared/demo/SKILL.md"),
    join(system, "linked-file/SKILL.md"),
  );
  await Deno.symlink(join(tmp.path, "notes.md"), join(system, "own/notes.md"));
  const run = await cli(
    ["list", "--json", "--client", "codex", "--no-project"],
    tmp.path,
    { CODEX_HOME: codexHome },
  );
  assert.equal(run.code, 0, run.stderr);
  const listed = JSON.parse(run.stdout) as {
    skills: { name: string }[];
    diagnostics: Diagnostic[];
  };
  assert.deepEqual(listed.skills.map((s) => s.name), ["own"]);
  const skipped = listed.diagnostics
    .filter((d) => d.code === "symlink-skipped")
    .map((d) => [d.path, d.message]);
  assert.deepEqual(skipped, [
    [
      join(system, "linked-dir"),
      `"${
        join(system, "linked-dir")
      }" is a symlinked directory, and Codex does not follow symlinked skill directories in this root; skipped`,
    ],
    [
      join(system, "linked-file/SKILL.md"),
      `"${
        join(system, "linked-file/SKILL.md")
      }" is a symlink, and Codex does not follow symlinks in this root; skipped`,
    ],
  ]);
  // The human output names the agent on the warning's line too.
  const human = await cli(
    ["list", "--client", "codex", "--no-project"],
    tmp.path,
    { CODEX_HOME: codexHome },
  );
  assert.match(
    human.stderr,
    /linked-dir: warning symlink-skipped: .*Codex does not follow symlinked skill directories/,
  );
});

Deno.test("the refusal of a source holding 500 skills in long directory names stays one line of at most 1000 characters", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "collection");
  const files: Record<string, string> = {};
  for (let i = 0; i < 500; i++) {
    const name = `skill-${String(i).padStart(3, "0")}`;
    const dir = `${"a-long-directory-name-".repeat(9)}${i}`;
    files[`${dir}/SKILL.md`] = skillMd(`name: ${name}\ndescription: D ${i}`);
  }
  await writeTree(source, files);
  await Deno.mkdir(join(tmp.path, "home"));
  const run = await cli(
    ["install", source, "--dir", join(tmp.path, "skills")],
    tmp.path,
  );
  assert.equal(run.code, 1, run.stderr);
  const lines = run.stderr.split("\n").filter((l) => /500 skills/.test(l));
  assert.equal(lines.length, 1, run.stderr);
  const line = lines[0]!;
  assert.match(line, /holds 500 skills: skill-000 \(a-long-directory/);
  assert.match(line, /, and 49\d more; pick one with --skill NAME/);
  assert.ok(line.length <= 1000, `${line.length} characters: ${line}`);
});

Deno.test("the frontmatter-capped warning of a skill with 150 long unknown keys stays one line of at most 1000 characters", async () => {
  await using tmp = await tempDir();
  const keys = Array.from(
    { length: 150 },
    (_, i) => `x-${"k".repeat(200)}-${i}: value ${i}`,
  );
  await writeTree(tmp.path, {
    "skills/wide/SKILL.md": skillMd(
      `name: wide\ndescription: Wide skill\n${keys.join("\n")}`,
    ),
  });
  const run = await cli(
    ["list", "--json", "--root", join(tmp.path, "skills")],
    tmp.path,
  );
  assert.equal(run.code, 0, run.stderr);
  const { diagnostics } = JSON.parse(run.stdout) as {
    diagnostics: Diagnostic[];
  };
  const capped = diagnostics.find((d) => d.code === "frontmatter-capped");
  assert.ok(capped !== undefined, run.stdout);
  assert.match(capped.message, /; dropped: x-k+-0, .*and 14\d more$/);
  assert.ok(
    capped.message.length <= 1000,
    `${capped.message.length} characters`,
  );
  // The human line on stderr is as short.
  const human = await cli(
    ["list", "--root", join(tmp.path, "skills")],
    tmp.path,
  );
  const line = human.stderr.split("\n").find((l) =>
    l.includes("frontmatter-capped")
  );
  assert.ok(line !== undefined && line.length <= 1200, human.stderr);
});

Deno.test("validate reports a key written with escapes, an anchor or tag, as an explicit key, with a colon, or in an indented mapping at the key's own line", async () => {
  await using tmp = await tempDir();
  const write = (dir: string, yaml: string) =>
    writeTree(tmp.path, { [`${dir}/SKILL.md`]: `---\n${yaml}\n---\nBody\n` });
  // Line 1 is the opening "---": the YAML starts on line 2.
  await write(
    "escaped",
    [
      "description: d", // 2
      '"na\\u006de": Bad_Name', // 3: "name", its value invalid
      "'it''s': y", // 4
      '"x-\\x41": z', // 5: "x-A"
    ].join("\n"),
  );
  await write(
    "props",
    [
      "name: props", // 2
      "description: d", // 3
      "&anchor x-anchored: 1", // 4
      "!!str x-tagged: 2", // 5
      "? x-explicit", // 6
      ": 3",
      "x-a:b: 4", // 8: the key is "x-a:b"
      `? x-${" ".repeat(60_000)}spaced`, // 9: one long line
      ": 5",
    ].join("\n"),
  );
  await write(
    "indented",
    ["  name: indented", "  description: d", "  x-indented: 1"].join("\n"),
  );
  const run = await cli(
    ["validate", "--json", "escaped", "props", "indented"],
    tmp.path,
  );
  assert.equal(run.code, 1, run.stderr);
  const results = JSON.parse(run.stdout) as {
    path: string;
    diagnostics: Diagnostic[];
  }[];
  const at = (path: string) =>
    results.find((r) => r.path === path)!.diagnostics
      .filter((d) => d.code !== "name-dir-mismatch")
      .map((d) => {
        const key = /"((?:[^"\\]|\\.){0,20})/.exec(d.message)?.[1];
        return [d.code, key, d.line];
      });
  assert.deepEqual(at("escaped"), [
    ["name-not-lowercase", "name", 3],
    ["name-invalid-chars", "name", 3],
    ["unknown-field", "it's", 4],
    ["unknown-field", "x-A", 5],
  ]);
  assert.deepEqual(at("props"), [
    ["unknown-field", "x-anchored", 4],
    ["unknown-field", "x-tagged", 5],
    ["unknown-field", "x-explicit", 6],
    ["unknown-field", "x-a:b", 8],
    ["unknown-field", `x-${" ".repeat(18)}`, 9],
  ]);
  assert.deepEqual(at("indented"), [["unknown-field", "x-indented", 4]]);
});

Deno.test("keyLines() reads a 60,000-character line that is no key in one pass", () => {
  const long = [
    `x-a${" ".repeat(60_000)}b`,
    `x-a${" \t".repeat(30_000)}b`,
    `? x-a${" ".repeat(60_000)}b`,
  ];
  for (const line of long) {
    const started = performance.now();
    const lines = keyLines(`name: x\n${line}\nlast: 1\n`, 2);
    const took = performance.now() - started;
    assert.equal(lines.get("last"), 4);
    assert.ok(took < 1500, `${Math.round(took)} ms`);
  }
});
