// Copyright 2026 the skillscope authors. MIT license.
// The CLI as a person at a terminal and a CI script use it.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  CLI,
  CONFIG,
  runCli,
  skillMd,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";
import fc from "fast-check";
import { displayWidth, renderTable } from "../src/cli/table.ts";
import { discover, embeddedSkill } from "../mod.ts";
import { directorySource } from "../src/discover/sources.ts";

const FIXTURES = new URL("../fixtures/skills", import.meta.url).pathname;

/** A tree of many skills with long bodies, so every listing overflows a pipe. */
async function bigTree(root: string): Promise<void> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 1200; i++) {
    const name = `skill-${String(i).padStart(4, "0")}`;
    files[`${name}/SKILL.md`] = skillMd(
      `name: ${name}\ndescription: Skill number ${i}, with a description long enough to fill lines\nglobs: ['**/*.ts']`,
      `# ${name}\n${"Body text of the skill. ".repeat(4000)}\n`,
    );
    if (i === 0) {
      for (let f = 0; f < 3000; f++) files[`${name}/references/r${f}.md`] = "x";
    }
  }
  await writeTree(root, files);
}

Deno.test("writing to a closed pipe ends quietly with exit 0, for every listing command", async () => {
  await using tmp = await tempDir();
  await bigTree(tmp.path);
  const commands = [
    ["list", "--root", tmp.path],
    ["list", "--root", tmp.path, "--json"],
    ["catalog", "--root", tmp.path],
    ["search", "skill", "--root", tmp.path, "--limit", "1000"],
    ["match", "a.ts", "--root", tmp.path],
    ["read", "skill-0000", "--root", tmp.path],
    ["resources", "skill-0000", "--root", tmp.path],
    ["validate", "--lenient", tmp.path],
    ["audit", tmp.path],
  ];
  const errFile = join(tmp.path, "pipe-err");
  for (const args of commands) {
    const quoted = args.map((a) => `'${a}'`).join(" ");
    const out = await new Deno.Command("bash", {
      args: [
        "-c",
        `'${Deno.execPath()}' run --quiet --config='${CONFIG}' --allow-read '${CLI}' ${quoted} 2>'${errFile}' | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"; cat '${errFile}' | grep -v 'warning\\|^Found\\|^Checked\\|^Audited\\|skills\\?$' || true`,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(text.split("\n")[0], "0", `${args[0]}: ${text}`);
    assert.doesNotMatch(
      text,
      /BrokenPipe|error/i,
      `${args.join(" ")}: ${text}`,
    );
  }
});

Deno.test("list DIR: a positional root, a root that is a skill, a missing root (exit 1), default roots silent unless --verbose", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "alpha");
  const positional = await runCli(["list", tmp.path]);
  assert.equal(positional.code, 0, positional.stderr);
  assert.match(positional.stdout, /^NAME +DESCRIPTION +PATH\nalpha /);
  assert.equal(positional.stderr, "1 skill\n");
  const skillRoot = await runCli(["list", join(tmp.path, "alpha"), "--json"]);
  assert.deepEqual(
    JSON.parse(skillRoot.stdout).skills.map((s: { name: string }) => s.name),
    ["alpha"],
  );
  const missing = await runCli(["list", join(tmp.path, "nope")]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /does not exist/);
  const env = { HOME: tmp.path };
  const empty = await runCli(["list"], {
    cwd: join(tmp.path, "alpha"),
    env,
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(empty.code, 0);
  // Where it looked, not one warning per missing default root.
  assert.match(empty.stderr, /^No skills found\. Looked in:\n/);
  assert.doesNotMatch(empty.stderr, /root-missing/);
  const verbose = await runCli(["list", "--verbose"], {
    cwd: join(tmp.path, "alpha"),
    env,
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.match(verbose.stderr, /root-missing/);
  const quiet = await runCli(["list", FIXTURES, "-q"]);
  assert.equal(quiet.stderr, "");
});

Deno.test("diagnostics of skills filtered out by --exclude are left out too", async () => {
  const all = await runCli(["list", FIXTURES]);
  assert.match(all.stderr, /changelog-writer.*yaml-invalid/);
  const filtered = await runCli(["list", FIXTURES, "--exclude", "changelog-*"]);
  assert.doesNotMatch(filtered.stderr, /yaml-invalid/);
  assert.equal(filtered.stderr, "3 skills\n");
});

Deno.test("every command's help has usage, description, options and examples, in that order", async () => {
  const { COMMANDS } = await import("../src/cli/main.ts");
  const { commandHelp } = await import("../src/cli/command.ts");
  for (const entry of COMMANDS) {
    const help = commandHelp(await entry.load());
    const usage = help.indexOf("Usage: skillscope ");
    const options = help.search(/\n\n(?:Options|Roots):\n/);
    const examples = help.indexOf("\n\nExamples:\n  skillscope ");
    assert.ok(
      usage === 0 && options > 0 && examples > options,
      `${entry.name}:\n${help}`,
    );
  }
});

Deno.test("help CMD is CMD --help; every help has usage, description and options", async () => {
  for (const command of ["list", "validate", "install", "audit", "init"]) {
    const a = await runCli(["help", command]);
    const b = await runCli([command, "--help"]);
    assert.equal(a.code, 0);
    assert.equal(a.stdout, b.stdout);
    assert.match(a.stdout, /^Usage: skillscope /);
    assert.match(a.stdout, /\n\nOptions:\n/);
  }
  const unknown = await runCli(["help", "lsit"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /did you mean "list"/);
  const noColor = await runCli(["list", FIXTURES, "--no-color"]);
  assert.equal(noColor.code, 0);
  assert.ok(!(noColor.stdout + noColor.stderr).includes("\x1b"));
});

Deno.test("validate is a strict linter: extension fields need --allow-field, --lenient relaxes, a summary like deno lint, no repeated paths", async () => {
  const strict = await runCli(["validate", FIXTURES]);
  assert.equal(strict.code, 1);
  assert.match(
    strict.stdout,
    /brand-guidelines\/SKILL\.md:4:1: error extension-field: "alwaysApply" is another agent's field/,
  );
  assert.match(
    strict.stdout,
    /changelog-writer\/SKILL\.md:3:82: error yaml-invalid: Invalid YAML in the frontmatter \(a plain value/,
  );
  for (
    const line of strict.stdout.split("\n").filter((l) =>
      l.includes(": error ")
    )
  ) {
    const path = line.trim().split(":")[0]!;
    assert.equal(line.split(path).length, 2, `the path is repeated: ${line}`);
  }
  assert.equal(strict.stderr, "Found 4 problems in 3 skills (checked 4)\n");
  const allowed = await runCli([
    "validate",
    join(FIXTURES, "brand-guidelines"),
    join(FIXTURES, "sql-review"),
    "--allow-field",
    "alwaysApply",
    "--allow-field",
    "paths",
  ]);
  assert.equal(allowed.code, 0, allowed.stdout);
  assert.equal(allowed.stderr, "Checked 2 skills\n");
  const lenient = await runCli(["validate", "--lenient", FIXTURES]);
  assert.equal(lenient.code, 0, lenient.stdout);
  assert.equal(lenient.stderr, "Found 1 problem in 1 skill (checked 4)\n");
});

Deno.test("tables fit 40, 80 and 200 columns by display width, with CJK and emoji; the path goes first", () => {
  const rows = [
    [
      "pdf-tools",
      "project",
      "Extract text from PDF files and fill forms",
      "/home/me/.agents/skills/pdf-tools/SKILL.md",
    ],
    [
      "翻訳",
      "user",
      "日本語の文書を英語に翻訳します。長い説明文です。",
      "/home/me/.claude/skills/翻訳/SKILL.md",
    ],
    [
      "emoji-🎉",
      "",
      "Adds 🎉 and ✅ to release notes 🚀",
      "/srv/skills/emoji/SKILL.md",
    ],
  ];
  const header = ["NAME", "SCOPE", "DESCRIPTION", "PATH"];
  for (const width of [40, 80, 200]) {
    const text = renderTable(header, rows, { width, shrink: 2, drop: 3 });
    const lines = text.trimEnd().split("\n");
    for (const line of lines) {
      assert.ok(
        displayWidth(line) <= width,
        `${width}: ${displayWidth(line)} > ${width}: ${line}`,
      );
    }
    // Names are never cut.
    for (const row of rows) {
      assert.ok(text.includes(row[0]!), `${width}: ${row[0]} cut`);
    }
    if (width === 200) {
      assert.ok(
        text.includes(rows[1]![3]!),
        "a wide terminal shows whole paths",
      );
    }
    if (width === 40) {
      assert.doesNotMatch(lines[0]!, /PATH/, "the path is dropped first");
    }
  }
  assert.equal(displayWidth("翻訳"), 4);
  assert.equal(displayWidth("🎉a"), 3);
  assert.equal(displayWidth("e\u0301"), 1);
  // Empty columns are hidden; without a width nothing is cut.
  const plain = renderTable(header, rows.map((r) => [r[0]!, "", r[2]!, r[3]!]));
  assert.match(plain, /^NAME +DESCRIPTION +PATH\n/);
  assert.ok(plain.includes(rows[0]![3]!));
});

Deno.test("init scaffolds a skill that passes strict validation, and never overwrites", async () => {
  await using tmp = await tempDir();
  const write = ["--allow-read", `--allow-write=${tmp.path}`];
  const made = await runCli([
    "init",
    "my-skill",
    "--dir",
    tmp.path,
    "--with",
    "scripts,references",
    "--with",
    "assets",
  ], { permissions: write });
  assert.equal(made.code, 0, made.stderr);
  for (
    const part of [
      "SKILL.md",
      "scripts/README.md",
      "references/README.md",
      "assets/README.md",
    ]
  ) {
    await Deno.stat(join(tmp.path, "my-skill", part));
  }
  assert.match(
    await Deno.readTextFile(join(tmp.path, "my-skill/SKILL.md")),
    /^description: "TODO: say what this skill does and when to use it, on this one line"$/m,
  );
  const valid = await runCli(["validate", join(tmp.path, "my-skill")]);
  assert.equal(valid.code, 0, valid.stdout);
  await Deno.writeTextFile(join(tmp.path, "my-skill/SKILL.md"), "mine\n");
  const again = await runCli(["init", "my-skill", "--dir", tmp.path], {
    permissions: write,
  });
  assert.equal(again.code, 1);
  assert.equal(
    await Deno.readTextFile(join(tmp.path, "my-skill/SKILL.md")),
    "mine\n",
  );
  const bad = await runCli(["init", "My Skill", "--dir", tmp.path], {
    permissions: write,
  });
  assert.equal(bad.code, 2);
});

Deno.test("embed fails on no skill or an invalid one unless told, and its output passes deno lint and fmt, empty or not", async () => {
  await using tmp = await tempDir();
  const empty = join(tmp.path, "empty");
  await Deno.mkdir(empty);
  const perms = ["--allow-read", `--allow-write=${tmp.path}`];
  const out = join(tmp.path, "out.ts");
  const none = await runCli(["embed", empty, "--out", out], {
    permissions: perms,
  });
  assert.equal(none.code, 1);
  assert.match(none.stderr, /holds no skill to embed; pass --allow-empty/);
  const emptyOk = await runCli(
    ["embed", empty, "--out", out, "--allow-empty"],
    { permissions: perms },
  );
  assert.equal(emptyOk.code, 0, emptyOk.stderr);
  const skills = join(tmp.path, "skills");
  await writeSkill(skills, "good");
  await writeTree(skills, { "bad/SKILL.md": "no frontmatter\n" });
  const invalid = await runCli([
    "embed",
    skills,
    "--out",
    join(tmp.path, "b.ts"),
  ], { permissions: perms });
  assert.equal(invalid.code, 1);
  assert.match(invalid.stderr, /1 skill is invalid and would be left out/);
  const lenient = await runCli([
    "embed",
    skills,
    "--out",
    join(tmp.path, "b.ts"),
    "--lenient",
  ], { permissions: perms });
  assert.equal(lenient.code, 0, lenient.stderr);
  for (const file of [out, join(tmp.path, "b.ts")]) {
    for (const args of [["lint", file], ["fmt", "--check", file]]) {
      const check = await new Deno.Command(Deno.execPath(), {
        args,
        cwd: tmp.path,
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(
        check.code,
        0,
        `deno ${args.join(" ")}: ${new TextDecoder().decode(check.stderr)}`,
      );
    }
  }
});

Deno.test("catalog --max-chars drops locations before descriptions, says what it cut, and refuses a budget too small for anything", async () => {
  const full = await runCli([
    "catalog",
    FIXTURES,
    "--format",
    "json",
    "--root",
    FIXTURES,
  ]);
  assert.match(full.stdout, /"location"/);
  const size = full.stdout.length;
  const noLocations = await runCli([
    "catalog",
    "--root",
    FIXTURES,
    "--format",
    "json",
    "--max-chars",
    String(size - 150),
  ]);
  assert.equal(noLocations.code, 0);
  assert.doesNotMatch(noLocations.stdout, /"location"/);
  assert.match(
    noLocations.stdout,
    /"description":"Extract text and tables from PDF files, fill PDF forms/,
  );
  assert.match(
    noLocations.stderr,
    /catalog: over --max-chars \d+: locations left out\n/,
  );
  const tiny = await runCli([
    "catalog",
    "--root",
    FIXTURES,
    "--max-chars",
    "10",
  ]);
  assert.equal(tiny.code, 1);
  assert.equal(tiny.stdout, "");
  assert.match(tiny.stderr, /too small for even one skill's name/);
});

Deno.test("a bundled skill overridden by a user's skill of the same name is reported in shadowed, not warned about", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "notes", {
    description: "The user's notes skill",
  });
  const bundled = embeddedSkill({
    name: "notes",
    description: "Bundled notes",
    content: "# Notes\n",
  });
  const found = await discover({
    sources: [directorySource(tmp.path), bundled],
    cache: false,
  });
  assert.equal(found.skills[0]?.description, "The user's notes skill");
  assert.equal(found.shadowed.length, 1);
  assert.deepEqual(found.diagnostics, []);
  const other = await discover({
    sources: [directorySource(tmp.path), directorySource(tmp.path)],
    cache: false,
  });
  assert.equal(other.diagnostics[0]?.code, "skill-shadowed");
  const overridable = await discover({
    sources: [bundled, directorySource(tmp.path, { overridable: true })],
    cache: false,
  });
  assert.deepEqual(overridable.diagnostics, []);
});

Deno.test("the README's deno install command makes a working skillscope command", async () => {
  await using tmp = await tempDir();
  const readme = await Deno.readTextFile(
    new URL("../README.md", import.meta.url),
  );
  const line = readme.split("\n").find((l) =>
    l.startsWith("deno install -g ")
  )!;
  const args = line.split(" ").slice(1);
  const installed = await new Deno.Command(Deno.execPath(), {
    args: [...args.slice(0, -1), "--root", tmp.path, args.at(-1)!],
    cwd: new URL("..", import.meta.url).pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(installed.code, 0, new TextDecoder().decode(installed.stderr));
  const run = await new Deno.Command(join(tmp.path, "bin/skillscope"), {
    args: ["list", FIXTURES, "--json"],
    cwd: tmp.path,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  assert.equal(
    JSON.parse(new TextDecoder().decode(run.stdout)).skills.length,
    4,
  );
});

Deno.test("displayWidth's Latin fast path counts what the per-character classes count", () => {
  // The classes as they were applied to every character before the fast path.
  const wide =
    /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]|\p{Emoji_Presentation}/u;
  const zero = /[\p{M}\u200B-\u200F\u2060\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
  const reference = (text: string) => {
    let width = 0;
    for (const c of text) width += zero.test(c) ? 0 : wide.test(c) ? 2 : 1;
    return width;
  };
  // Characters around the U+0300 boundary, wide and combining ones, emoji.
  const char = fc.oneof(
    fc.integer({ min: 0x20, max: 0x3ff }),
    fc.integer({ min: 0x1100, max: 0x115f }),
    fc.integer({ min: 0x1f300, max: 0x1f9ff }),
    fc.constantFrom(0x200b, 0x2060, 0xfe0f, 0xe0100, 0x3000, 0x4e00),
  ).map((code) => String.fromCodePoint(code));
  fc.assert(
    fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
      const text = chars.join("");
      assert.equal(displayWidth(text), reference(text), JSON.stringify(text));
    }),
    { numRuns: 3000 },
  );
});
