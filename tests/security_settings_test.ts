// Copyright 2026 the skillscope authors. MIT license.
// The agents' own settings readers under attack (src/clients/settings/*,
// settings_readers.ts, default_roots.ts, client_view.ts): what a hostile
// repository's settings files can do to
// `skillscope list --client X` (and `list` / `doctor`, which build the same
// views for the agents detected), run as the real CLI with its own
// permission set (-P=cli), a temporary HOME and none of the machine's agent
// variables.
//
// Each attack ran against the readers as first written and failed there (a
// hang bounded by an AbortSignal, a crash, or a wrong listing), the comment
// says how; the fix is a bound on what a settings file may cost (its lists
// and objects cut to 256 items, one budget for a file's patterns), strict
// JSON where the agent is strict, and trailing commas dropped only outside
// strings. The others show attacks defended from the start.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type CliRun, machine, mkfifo, runCli, writeTree } from "./_helpers.ts";
import { SETTINGS_UNSET } from "./_settings.ts";

interface Timed {
  readonly run: CliRun;
  readonly seconds: number;
  readonly timedOut: boolean;
}

/** The CLI in `cwd` with HOME `home`, killed after `timeoutMs`. */
async function timedCli(
  args: string[],
  cwd: string,
  home: string,
  options: {
    timeoutMs: number;
    env?: Record<string, string>;
    permissions?: string[];
  },
): Promise<Timed> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const start = performance.now();
  const run = await runCli(args, {
    cwd,
    env: { ...SETTINGS_UNSET, HOME: home, ...options.env },
    permissions: options.permissions ?? ["-P=cli"],
    signal,
  });
  return {
    run,
    seconds: (performance.now() - start) / 1000,
    timedOut: signal.aborted,
  };
}

/** The names `list --json` printed. */
function names(run: CliRun): string[] {
  const out = JSON.parse(run.stdout) as { skills: { name: string }[] };
  return out.skills.map((s) => s.name).sort();
}

/** Asserts a run finished in time, exited 0, and returns its names. */
function finished(t: Timed, what: string): string[] {
  assert.ok(
    !t.timedOut,
    `${what}: killed after ${t.seconds.toFixed(1)} s (hang / runaway CPU)`,
  );
  assert.equal(
    t.run.code,
    0,
    `${what}: exit ${t.run.code}\n${t.run.stderr.slice(-600)}`,
  );
  return names(t.run);
}

/** A project (a git root of its own, so no walk leaves it) and a HOME. */
async function project(
  files: Record<string, string>,
): Promise<{ home: string; cwd: string } & AsyncDisposable> {
  const m = await machine();
  await Deno.mkdir(join(m.cwd, ".git"));
  await writeTree(m.cwd, files);
  return m;
}

const SKILL = (name: string, description = `The ${name} skill`): string =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;

// ---------------------------------------------------------------------------
// pi: .pi/settings.json (pi_settings.ts, pi_glob.ts)
// ---------------------------------------------------------------------------

/** A `!` glob at the caps (≤ 1024 chars, 256 alternatives): `*?` pairs, then 8 `{a,b}`. */
const WIDE_GLOB = "!" + "*?".repeat(480) + "{a,b}".repeat(8);

Deno.test("security: pi ! globs of 256 alternatives each do not exhaust memory", async () => {
  // Failed before the fix: piGlob() compiles every alternative of every pattern eagerly
  // (piRules → add → piGlob → expandBraces + segment tokens): ~11 MB of heap
  // per 1 KiB pattern, with no cap on the number of patterns. A real 1 MiB
  // .pi/settings.json (~1000 such patterns) crashes the CLI with "Fatal
  // JavaScript out of memory" at ~4.3 GB RSS under the default heap, even
  // with no skill at all. Scaled down here: 150 patterns, a 512 MB heap.
  const skills = Array.from({ length: 150 }, (_, i) => WIDE_GLOB + i);
  await using m = await project({
    ".pi/settings.json": JSON.stringify({ skills }),
    ".pi/skills/good/SKILL.md": SKILL("good"),
  });
  const t = await timedCli(
    ["list", "--client", "pi", "--json"],
    m.cwd,
    m.home,
    {
      timeoutMs: 30_000,
      env: { DENO_V8_FLAGS: "--max-old-space-size=512" },
    },
  );
  assert.deepEqual(finished(t, "list --client pi"), ["good"]);
});

Deno.test("security: pi ! globs against a long folder name do not hang the listing", async () => {
  // Failed before the fix: each (rule, skill) pair runs matchTokens() over every one of
  // the 256 alternatives × ~1000 tokens × each candidate string (the
  // 200-char folder name): ~1.5 s per pattern per skill, so 16 patterns take
  // ~25 s for ONE skill; a 1 MiB file (~1000 patterns) ~25 min per skill.
  const skills = Array.from({ length: 16 }, (_, i) => WIDE_GLOB + i);
  await using m = await project({
    ".pi/settings.json": JSON.stringify({ skills }),
    [`.pi/skills/${"x".repeat(200)}/SKILL.md`]: SKILL("x".repeat(64)),
  });
  const t = await timedCli(
    ["list", "--client", "pi", "--json"],
    m.cwd,
    m.home,
    {
      timeoutMs: 12_000,
    },
  );
  assert.equal(finished(t, "list --client pi").length, 1);
});

Deno.test("security: many plain pi entries and ! patterns are not quadratic", async () => {
  // Failed before the fix: every `!` rule's matches() calls ownerOf(), which scans all
  // of the file's plain-entry paths (no dedupe: "." 10 000 times) for every
  // skill: rules × entries work per skill. This 129 KB file takes ~70 s for
  // one skill; a 1 MiB one about an hour. (The plain entries alone also cost
  // ~0.3 ms each: 800 KB of "." takes ~60 s, stat'ed in every scope pass.)
  const skills = [
    ...Array(10_000).fill("."),
    ...Array.from({ length: 10_000 }, (_, i) => `!z${i}`),
  ];
  await using m = await project({
    ".pi/settings.json": JSON.stringify({ skills }),
    ".agents/skills/good/SKILL.md": SKILL("good"),
  });
  const t = await timedCli(
    ["list", "--client", "pi", "--json"],
    m.cwd,
    m.home,
    {
      timeoutMs: 15_000,
    },
  );
  assert.deepEqual(finished(t, "list --client pi"), ["good"]);
});

Deno.test("security: --no-project keeps a hostile .pi/settings.json out", async () => {
  // The same memory bomb as above, with the project untrusted: not read.
  const skills = Array.from({ length: 150 }, (_, i) => WIDE_GLOB + i);
  await using m = await project({
    ".pi/settings.json": JSON.stringify({ skills }),
  });
  await writeTree(m.home, { ".pi/agent/skills/mine/SKILL.md": SKILL("mine") });
  const t = await timedCli(
    ["list", "--client", "pi", "--no-project", "--json"],
    m.cwd,
    m.home,
    { timeoutMs: 20_000, env: { DENO_V8_FLAGS: "--max-old-space-size=512" } },
  );
  assert.deepEqual(finished(t, "list --client pi --no-project"), ["mine"]);
});

Deno.test("security: pi glob caps hold for brace bombs, sequences, long and globstar patterns", async () => {
  const skills = [
    "!" + "{a,b}".repeat(20), // 2^20 alternatives: over the cap, never matches
    "!{1..99999999}", // a sequence: cut at the cap
    "!" + "*".repeat(5000), // over 1024 characters: never matches
    "!" + "**/".repeat(300) + "x", // collapsed to one **
    "!" + "{".repeat(500) + "}".repeat(500),
    "!" + "[".repeat(1000),
    "!" + "a/".repeat(500) + "../".repeat(400) + "*",
  ];
  await using m = await project({
    ".pi/settings.json": JSON.stringify({ skills }),
    ".pi/skills/good/SKILL.md": SKILL("good"),
  });
  const t = await timedCli(
    ["list", "--client", "pi", "--json"],
    m.cwd,
    m.home,
    {
      timeoutMs: 20_000,
    },
  );
  assert.deepEqual(finished(t, "list --client pi"), ["good"]);
  assert.ok(t.seconds < 15, `${t.seconds} s`);
});

// ---------------------------------------------------------------------------
// opencode / Qwen Code: roots a project file adds
// ---------------------------------------------------------------------------

Deno.test("security: 30 000 distinct opencode skills.paths do not make the listing quadratic", async () => {
  // Failed before the fix: opencodeRoots() dedupes with roots.some(...) (O(n²)), and
  // defaultRoots() calls each reader's roots() once per scope (4×). The
  // roots alone take ~25 s for 30 000 entries (259 KB), ~7 min for 1 MiB;
  // every one of them is then a root to discover, with no cap.
  const paths = Array.from({ length: 30_000 }, (_, i) => `d${i}`);
  await using m = await project({
    "opencode.json": JSON.stringify({ skills: { paths } }),
    ".agents/skills/good/SKILL.md": SKILL("good"),
  });
  const t = await timedCli(
    ["list", "--client", "opencode", "--json"],
    m.cwd,
    m.home,
    { timeoutMs: 20_000 },
  );
  assert.deepEqual(finished(t, "list --client opencode"), ["good"]);
});

Deno.test("security: 30 000 distinct Qwen skills.directories do not make the listing quadratic", async () => {
  // Failed before the fix: qwenSettings.roots() dedupes with roots.some(...) (O(n²)),
  // called once per scope; same shape as opencode's.
  const directories = Array.from({ length: 30_000 }, (_, i) => `d${i}`);
  await using m = await project({
    ".qwen/settings.json": JSON.stringify({ skills: { directories } }),
    ".agents/skills/good/SKILL.md": SKILL("good"),
  });
  const t = await timedCli(
    ["list", "--client", "qwen-code", "--json"],
    m.cwd,
    m.home,
    { timeoutMs: 20_000 },
  );
  assert.deepEqual(finished(t, "list --client qwen-code"), ["good"]);
});

Deno.test("security: settings roots at /, /proc, /dev, ~, .. and NUL paths stay bounded", async () => {
  const hostile = ["/", "/proc", "/dev", "/sys", "~", "../../..", "a\u0000b"];
  await using m = await project({
    ".pi/settings.json": JSON.stringify({ skills: hostile }),
    "opencode.json": JSON.stringify({ skills: { paths: hostile } }),
    ".qwen/settings.json": JSON.stringify({
      skills: { directories: hostile },
    }),
    ".agents/skills/good/SKILL.md": SKILL("good"),
  });
  for (const client of ["pi", "opencode", "qwen-code"]) {
    const t = await timedCli(
      ["list", "--client", client, "--json"],
      m.cwd,
      m.home,
      { timeoutMs: 30_000 },
    );
    assert.ok(finished(t, client).includes("good"), client);
  }
});

// ---------------------------------------------------------------------------
// Matching cost of name rules (opencode, Gemini CLI)
// ---------------------------------------------------------------------------

Deno.test("security: opencode permission.skill patterns against long names are not quadratic", async () => {
  // Failed before the fix: wildcardMatch()'s globMatch backtracks to every start of the
  // text for a "*aaaa…b" pattern: O(name × pattern) per rule per skill.
  // Names are kept up to 4096 characters (name-too-long is only a warning),
  // so each rule costs ~80 ms per skill: 100 rules (206 KB) × 3 skills ≈
  // 25 s; 1 MiB of rules ≈ 40 s per skill.
  const skill: Record<string, string> = {};
  for (let i = 0; i < 100; i++) skill[`*${"a".repeat(2048)}b${i}`] = "deny";
  const files: Record<string, string> = {
    "opencode.json": JSON.stringify({ permission: { skill } }),
  };
  for (let k = 0; k < 3; k++) {
    files[`.opencode/skills/s${k}/SKILL.md`] = SKILL("a".repeat(4096));
  }
  await using m = await project(files);
  const t = await timedCli(
    ["list", "--client", "opencode", "--json"],
    m.cwd,
    m.home,
    { timeoutMs: 10_000 },
  );
  finished(t, "list --client opencode");
});

Deno.test("security: Gemini skills.disabled does not lower-case every name once per entry", async () => {
  // Failed before the fix (low): each skills.disabled entry is its own rule whose
  // matches() lower-cases the skill's name again: entries × name length per
  // skill. 150 000 entries (1 MB) × 60 skills of 4 KB names ≈ 16 s (0.1 s
  // without the settings file). Qwen Code's nameRule() is the same.
  const disabled = Array.from({ length: 150_000 }, (_, i) => i.toString(36));
  const files: Record<string, string> = {
    ".gemini/settings.json": JSON.stringify({ skills: { disabled } }),
  };
  for (let k = 0; k < 60; k++) {
    files[`.gemini/skills/s${k}/SKILL.md`] = SKILL(`s${k}${"a".repeat(4090)}`);
  }
  await using m = await project(files);
  const t = await timedCli(
    ["list", "--client", "gemini", "--json"],
    m.cwd,
    m.home,
    { timeoutMs: 6_000 },
  );
  assert.equal(finished(t, "list --client gemini").length, 60);
});

// ---------------------------------------------------------------------------
// Parsing: JSON with comments (settings_file.ts), TOML (codex_settings.ts)
// ---------------------------------------------------------------------------

Deno.test("security: a JSONC string holding ', ]' keeps its comma: opencode reads the folder it names", async () => {
  // Failed before the fix: withoutComments() ends with
  // .replace(/,(\s*[}\]])/g, "$1") over the whole text, strings included,
  // so "extra, ]" becomes "extra ]" once the file has a comment. opencode
  // (jsonc-parser) reads "extra, ]" and offers `evil`; skillscope reads the
  // decoy folder "extra ]" instead and never shows `evil`.
  await using m = await project({
    "opencode.jsonc":
      '{\n  // extra skills\n  "skills": { "paths": ["extra, ]"] }\n}\n',
    "extra, ]/evil/SKILL.md": SKILL("evil"),
    "extra ]/decoy/SKILL.md": SKILL("decoy"),
  });
  const t = await timedCli(
    ["list", "--client", "opencode", "--json"],
    m.cwd,
    m.home,
    { timeoutMs: 30_000 },
  );
  assert.deepEqual(finished(t, "list --client opencode"), ["evil"]);
});

Deno.test("security: a .claude/settings.json Claude Code rejects does not turn its skills off", async () => {
  // Failed before the fix: claudeSettings reads with readJsonSettings(), which accepts
  // comments and trailing commas. Claude Code parses settings strictly: a
  // file with `//` or a trailing comma is "Invalid or malformed JSON" and
  // "skipped entirely" (anthropics/claude-code#83190, slackapi/slack-cli#313;
  // not measured here). So a hostile repository's malformed skillOverrides
  // hide `evil` from `list --client claude` and make `doctor` say Claude Code
  // does not see it, while Claude Code (continuing without the file) offers
  // it to its model.
  await using m = await project({
    ".claude/settings.json":
      '{\n  // tidy up the listing\n  "skillOverrides": { "evil": "off" },\n}\n',
    ".claude/skills/evil/SKILL.md": SKILL("evil"),
    ".claude/skills/good/SKILL.md": SKILL("good"),
  });
  const t = await timedCli(
    ["list", "--client", "claude", "--json"],
    m.cwd,
    m.home,
    { timeoutMs: 30_000 },
  );
  assert.deepEqual(finished(t, "list --client claude"), ["evil", "good"]);
});

Deno.test("security: comment markers and escaped quotes inside JSONC strings are not comments", async () => {
  await using m = await project({
    "opencode.jsonc": [
      "{",
      "  /* skills folders */",
      '  "skills": { "paths": ["a//b", "c/*d*/e", "q\\"//x"] }, // trailing',
      "}",
    ].join("\n"),
    "a/b/one/SKILL.md": SKILL("one"),
    "c/*d*/e/two/SKILL.md": SKILL("two"),
    'q"/x/three/SKILL.md': SKILL("three"),
  });
  const t = await timedCli(
    ["list", "--client", "opencode", "--json"],
    m.cwd,
    m.home,
    { timeoutMs: 30_000 },
  );
  assert.deepEqual(finished(t, "list --client opencode"), [
    "one",
    "three",
    "two",
  ]);
});

Deno.test("security: __proto__ and constructor keys in settings change nothing", async () => {
  await using m = await project({
    ".claude/settings.json":
      '{"__proto__": {"skillOverrides": {"good": "off"}}, "skillOverrides": {"constructor": "off", "__proto__": "off", "toString": "name-only"}}',
    ".gemini/settings.json":
      '{"skills": {"__proto__": {"enabled": false, "disabled": ["good"]}}}',
    ".qwen/settings.json":
      '{"skills": {"__proto__": {"disabledLevels": ["project"], "disabled": ["good"]}}}',
    "opencode.json": '{"permission": {"__proto__": {"skill": "deny"}}}',
    ".pi/settings.json": '{"__proto__": {"skills": ["!*"]}}',
    ".codex/config.toml":
      "[__proto__.skills]\ninclude_instructions = false\n[constructor.prototype.features]\nomit_skill_descriptions = true\n",
    ".agents/skills/good/SKILL.md": SKILL("good"),
    ".claude/skills/good/SKILL.md": SKILL("good"),
    ".gemini/skills/good/SKILL.md": SKILL("good"),
  });
  for (
    const client of ["claude", "gemini", "qwen-code", "opencode", "pi", "codex"]
  ) {
    const t = await timedCli(
      ["list", "--client", client, "--json"],
      m.cwd,
      m.home,
      { timeoutMs: 30_000 },
    );
    assert.ok(finished(t, client).includes("good"), client);
    const out = JSON.parse(t.run.stdout) as {
      skills: { name: string; description: string }[];
    };
    assert.ok(
      out.skills.every((s) => s.description !== ""),
      `${client}: a description was dropped`,
    );
  }
});

Deno.test("security: TOML bombs in a project's .codex/config.toml stay bounded", async () => {
  const bombs = [
    "a = " + "[".repeat(100_000) + "]".repeat(100_000),
    "a = " + "{b=".repeat(50_000) + "1" + "}".repeat(50_000),
    "a" + ".a".repeat(100_000) + " = 1",
    Array.from({ length: 30_000 }, (_, i) => `[t${i}]`).join("\n"),
  ];
  for (const bomb of bombs) {
    await using m = await project({
      ".codex/config.toml": bomb,
      ".agents/skills/good/SKILL.md": SKILL("good"),
    });
    const t = await timedCli(
      ["list", "--client", "codex", "--json"],
      m.cwd,
      m.home,
      { timeoutMs: 30_000 },
    );
    assert.ok(finished(t, "codex").includes("good"), bomb.slice(0, 20));
  }
});

// ---------------------------------------------------------------------------
// Special files at the settings paths; permissions
// ---------------------------------------------------------------------------

const SETTINGS_PATHS = [
  ".pi/settings.json",
  ".qwen/settings.json",
  "opencode.json",
  "opencode.jsonc",
  ".opencode/opencode.json",
  ".gemini/settings.json",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".codex/config.toml",
];

Deno.test("security: FIFOs, devices, loops, folders and huge files at settings paths are skipped", async () => {
  for (const kind of ["fifo", "dev-zero", "loop", "dir", "sparse"]) {
    await using m = await project({
      ".agents/skills/good/SKILL.md": SKILL("good"),
      ".claude/skills/good/SKILL.md": SKILL("good"),
    });
    for (const rel of SETTINGS_PATHS) {
      const path = join(m.cwd, rel);
      await Deno.mkdir(join(path, ".."), { recursive: true });
      if (kind === "fifo") await mkfifo(path);
      else if (kind === "dev-zero") await Deno.symlink("/dev/zero", path);
      else if (kind === "loop") await Deno.symlink(path, path);
      else if (kind === "dir") await Deno.mkdir(path);
      else {
        // 2 GiB, sparse: no disk used; over the 1 MiB cap, never read.
        using file = await Deno.open(path, { write: true, create: true });
        await file.truncate(2 ** 31);
      }
    }
    for (
      const client of [
        "pi",
        "qwen-code",
        "opencode",
        "gemini",
        "claude",
        "codex",
      ]
    ) {
      const t = await timedCli(
        ["list", "--client", client, "--json"],
        m.cwd,
        m.home,
        { timeoutMs: 20_000 },
      );
      assert.ok(
        finished(t, `${kind} ${client}`).includes("good"),
        `${kind} ${client}`,
      );
    }
  }
});

Deno.test("security: settings pointing outside --allow-read are skipped, never prompted for", async () => {
  await using m = await project({
    ".pi/settings.json": '{"skills": ["/etc", "~/x", "../outside"]}',
    "opencode.json": '{"skills": {"paths": ["/etc", "~/x", "../outside"]}}',
    ".qwen/settings.json":
      '{"skills": {"directories": ["/etc", "~/x", "../outside"]}}',
    ".codex/config.toml": "[skills]\ninclude_instructions = true\n",
    ".agents/skills/good/SKILL.md": SKILL("good"),
  });
  await writeTree(m.home, {
    ".codex/config.toml":
      '[[skills.config]]\npath = "/etc/passwd"\nenabled = false\n',
    ".gemini/extensions/e/gemini-extension.json":
      '{"name": "e", "version": "1"}',
    ".gemini/extensions/e/.gemini-extension-install.json":
      '{"type": "link", "source": "/etc"}',
  });
  // Only the project is granted; runCli passes --no-prompt, so an
  // unchecked read outside it would throw (NotCapable) instead of prompting.
  for (const client of ["pi", "opencode", "qwen-code", "codex", "gemini"]) {
    const t = await timedCli(
      ["list", "--client", client, "--json"],
      m.cwd,
      m.home,
      {
        timeoutMs: 30_000,
        permissions: [`--allow-read=${m.cwd}`, "--allow-env"],
      },
    );
    assert.deepEqual(finished(t, client), ["good"], client);
  }
});
