// Copyright 2026 the skillscope authors. MIT license.
// How `skillscope list` looks on a terminal (a pseudo-terminal, the CLI's
// own permission set): the table first and the problems after it, each
// once and on one line, paths short, colour for state; no colour in a pipe,
// with --json, NO_COLOR or --no-color. The screen is also rendered to a PNG
// through headless Chromium (set SKILLSCOPE_SCREENSHOT_DIR to keep it).
import assert from "node:assert/strict";
import { join } from "node:path";
import { machine, runCli, writeSkill, writeTree } from "./_helpers.ts";
import { HAS_SCRIPT, runOnTerminal } from "./_pty.ts";
import {
  decodePng,
  hasChromium,
  launchChromium,
  NO_CHROMIUM_REASON,
  type Pixels,
} from "./_chromium.ts";

// deno-lint-ignore no-control-regex
const SGR = /\x1b\[[0-9;]*m/;
const COLUMNS = 120;
const TIMEOUT_MS = 60_000;
const PROBLEM = /: (?:warning|error) [a-z-]+: /;

/**
 * A user's machine: Claude Code and Codex installed, a skill with an
 * unquoted colon linked from ~/.agents/skills into ~/.claude/skills, a
 * project with a skill, a skill without a description, and a skill no
 * agent sees (Claude Code prefers the personal one of the same name).
 */
async function setUp(home: string, cwd: string): Promise<void> {
  for (const dir of [".claude", ".codex"]) await Deno.mkdir(join(home, dir));
  await Deno.mkdir(join(cwd, ".git"));
  const shared = join(home, ".agents/skills");
  await writeSkill(shared, "colon-skill", {
    description: "Use when: the description has an unquoted colon",
  });
  await writeSkill(shared, "good");
  await Deno.mkdir(join(home, ".claude/skills"), { recursive: true });
  await Deno.symlink(
    join(shared, "colon-skill"),
    join(home, ".claude/skills/colon-skill"),
  );
  await writeSkill(join(cwd, ".agents/skills"), "proj");
  await writeTree(cwd, {
    ".agents/skills/broken/SKILL.md": "---\nname: broken\n---\n# Body\n",
  });
  await writeSkill(join(cwd, ".claude/skills"), "dup", { description: "P" });
  await writeSkill(join(home, ".claude/skills"), "dup", { description: "U" });
}

/** `skillscope list ARGS` on a terminal of {@linkcode COLUMNS} columns. */
async function onTerminal(
  args: string[],
  m: { home: string; cwd: string },
  env: Record<string, string> = {},
): Promise<{ code: number; screen: string; raw: string }> {
  await using run = await runOnTerminal(["list", ...args], {
    cwd: m.cwd,
    env: { HOME: m.home, ...env },
  });
  return await run.done(TIMEOUT_MS);
}

Deno.test({
  name:
    "list on a terminal shows the table first, then each problem once on one line with short paths, coloured by state",
  ignore: !HAS_SCRIPT,
  async fn(): Promise<void> {
    await using m = await machine();
    await setUp(m.home, m.cwd);
    const { code, screen, raw } = await onTerminal([], m);
    assert.equal(code, 0, screen);
    // Colour for state: the level, the scope, and agents seen or not.
    for (
      const painted of [
        "\x1b[1;33mwarning\x1b[0m",
        "\x1b[1;31merror\x1b[0m",
        "\x1b[36mproject\x1b[39m",
        "\x1b[35muser\x1b[39m",
        "\x1b[32mclaude, codex\x1b[39m",
        "\x1b[31m-\x1b[39m",
      ]
    ) {
      assert.ok(raw.includes(painted), `${JSON.stringify(painted)}:\n${raw}`);
    }
    const lines = screen.split("\n");
    const header = lines.findIndex((l) => /^NAME +SCOPE +AGENTS/.test(l));
    const problems = lines.flatMap((l, i) => PROBLEM.test(l) ? [i] : []);
    assert.ok(header >= 0, screen);
    // The result first: every problem after the table's last row.
    const lastRow = lines.findIndex((l) => l.startsWith("good "));
    assert.ok(lastRow > header && problems.every((i) => i > lastRow), screen);
    // One line each, and the linked skill's warning once (not per path).
    assert.deepEqual(
      problems.map((i) => lines[i]!.replace(/: .*/, "")),
      [
        ".agents/skills/broken/SKILL.md:1:1",
        "~/.claude/skills/colon-skill/SKILL.md:3:22",
        "~/.claude/skills/dup/SKILL.md",
      ],
      screen,
    );
    for (const i of problems) {
      assert.ok(lines[i]!.length <= COLUMNS, lines[i]);
      // A line that wrapped would go on without a location of its own.
      const next = lines[i + 1] ?? "";
      assert.ok(PROBLEM.test(next) || /^\d+ skills/.test(next), next);
    }
    // No absolute path anywhere: relative to the cwd, or from ~.
    assert.ok(!screen.includes(m.home) && !screen.includes(m.cwd), screen);
    assert.match(
      screen,
      /^dup +project +- +P +\.claude\/skills\/dup\/SKILL\.md$/m,
    );
    assert.match(
      screen,
      /^AGENTS "-": no agent installed here sees the skill/m,
    );
    assert.match(
      screen,
      /^4 skills, 1 skipped \(3 problems reported above; --verbose prints them whole\)$/m,
    );
  },
});

Deno.test({
  name:
    "list writes no colour code with NO_COLOR, --no-color or --json on a terminal, nor in a pipe",
  ignore: !HAS_SCRIPT,
  async fn(): Promise<void> {
    await using m = await machine();
    await setUp(m.home, m.cwd);
    for (
      const [args, env] of [
        [[], { NO_COLOR: "1" }],
        [["--no-color"], {}],
        [["--json"], {}],
      ] as const
    ) {
      const run = await onTerminal([...args], m, env);
      assert.equal(run.code, 0, run.screen);
      assert.ok(
        !SGR.test(run.raw),
        `${args} ${JSON.stringify(env)}:\n${run.raw}`,
      );
    }
    // Without colour the terminal layout stays: the warning once, short.
    const plain = await onTerminal(["--no-color"], m);
    assert.match(
      plain.screen,
      /^~\/\.claude\/skills\/colon-skill\/SKILL\.md:3:22: warning yaml-invalid: /m,
    );
    // Piped (NO_COLOR empty means unset): plain and whole, paths as found,
    // and the linked skill's warning still once.
    const piped = await runCli(["list"], {
      permissions: ["-P=cli"],
      cwd: m.cwd,
      env: { HOME: m.home, NO_COLOR: "", TERM: "xterm" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    assert.equal(piped.code, 0, piped.stderr);
    assert.ok(!SGR.test(piped.stdout + piped.stderr), piped.stderr);
    assert.ok(
      piped.stdout.includes(join(m.cwd, ".agents/skills/proj/SKILL.md")),
    );
    const warnings = piped.stderr.split("\n").filter((l) =>
      l.includes("yaml-invalid")
    );
    assert.equal(warnings.length, 1, piped.stderr);
    assert.ok(
      warnings[0]!.startsWith(
        `${
          join(m.home, ".claude/skills/colon-skill/SKILL.md")
        }:3:22: warning yaml-invalid: Invalid YAML in the frontmatter (a plain value contains ": "); it parses only after quoting`,
      ),
      warnings[0],
    );
  },
});

const chromium = hasChromium();
if (!chromium) console.warn(`cli_terminal_look_test: ${NO_CHROMIUM_REASON}`);

Deno.test({
  name:
    "a screenshot of list on a terminal shows warnings, errors and agents in colour, and none with NO_COLOR",
  ignore: !HAS_SCRIPT || !chromium,
  async fn(): Promise<void> {
    await using m = await machine();
    await setUp(m.home, m.cwd);
    const coloured = await onTerminal([], m);
    const plain = await onTerminal([], m, { NO_COLOR: "1" });
    await using browser = await launchChromium();
    const keep = Deno.env.get("SKILLSCOPE_SCREENSHOT_DIR");
    const shots: Record<string, Pixels> = {};
    for (const [name, run] of Object.entries({ coloured, plain })) {
      const html = join(m.cwd, `${name}.html`);
      const rows = terminalHtml(run.raw);
      await Deno.writeTextFile(html, rows.html);
      const size = { width: 80 + COLUMNS * 8, height: 40 + rows.lines * 18 };
      const page = await browser.newPage(size.width, size.height);
      await page.goto(`file://${html}`);
      const png = await page.screenshot({ x: 0, y: 0, ...size });
      if (keep !== undefined) {
        await Deno.writeFile(join(keep, `list-terminal-${name}.png`), png);
      }
      shots[name] = await decodePng(png);
    }
    const counts = colourCounts(shots.coloured!);
    // Yellow warnings, red errors and the unseen "-", green agents, the
    // cyan and magenta scopes: each drawn.
    for (const [hue, count] of Object.entries(counts)) {
      assert.ok(count > 20, `${hue}: ${JSON.stringify(counts)}`);
    }
    const none = colourCounts(shots.plain!);
    assert.ok(
      Object.values(none).every((n) => n === 0),
      JSON.stringify(none),
    );
  },
});

/** xterm's colours, as the screenshot draws them. */
const PALETTE: Record<number, string> = {
  31: "#e0443c",
  32: "#3cc85a",
  33: "#e6c619",
  34: "#3c78e0",
  35: "#c850c8",
  36: "#28b4d2",
};

/**
 * The terminal's bytes as an HTML page: one `<div>` per line, SGR colour,
 * bold and faint as spans, every other escape sequence dropped.
 */
function terminalHtml(raw: string): { html: string; lines: number } {
  const escape = (text: string) =>
    text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(
      ">",
      "&gt;",
    );
  const lines = raw.replaceAll("\r", "").replace(/\n$/, "").split("\n");
  let colour: string | undefined;
  let bold = false;
  let faint = false;
  const body = lines.map((line) => {
    let out = "";
    // deno-lint-ignore no-control-regex
    for (const part of line.split(/(\x1b\[[0-9;?]*[A-Za-z])/)) {
      // deno-lint-ignore no-control-regex
      const sgr = /^\x1b\[([0-9;]*)m$/.exec(part);
      if (sgr !== null) {
        for (const code of (sgr[1] || "0").split(";").map(Number)) {
          if (code === 0) [colour, bold, faint] = [undefined, false, false];
          else if (code === 1) bold = true;
          else if (code === 2) faint = true;
          else if (code === 22) [bold, faint] = [false, false];
          else if (code === 39) colour = undefined;
          else if (PALETTE[code] !== undefined) colour = PALETTE[code];
        }
        continue;
      }
      if (part.startsWith("\x1b") || part === "") continue;
      const style = [
        colour === undefined ? "" : `color:${colour}`,
        bold ? "font-weight:bold" : "",
        faint ? "opacity:0.6" : "",
      ].filter((s) => s !== "").join(";");
      out += style === ""
        ? escape(part)
        : `<span style="${style}">${escape(part)}</span>`;
    }
    return `<div>${out === "" ? "&nbsp;" : out}</div>`;
  });
  return {
    html:
      `<!doctype html><meta charset="utf-8"><style>body{margin:0;padding:20px 40px;background:#1e1e1e;color:#d4d4d4;font:13px/18px "DejaVu Sans Mono",monospace;white-space:pre}</style>${
        body.join("")
      }`,
    lines: lines.length,
  };
}

/** How many pixels are near each of the palette's hues. */
function colourCounts(pixels: Pixels): Record<string, number> {
  const targets = Object.entries(PALETTE).map(([code, hex]) => ({
    code,
    rgb: [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)),
  }));
  const counts: Record<string, number> = Object.fromEntries(
    targets.map((t) => [t.code, 0]),
  );
  for (let i = 0; i < pixels.width * pixels.height; i++) {
    const [r, g, b] = [0, 1, 2].map((k) => pixels.rgba[i * 4 + k]!);
    for (const t of targets) {
      const distance = Math.abs(r! - t.rgb[0]!) + Math.abs(g! - t.rgb[1]!) +
        Math.abs(b! - t.rgb[2]!);
      if (distance < 40) counts[t.code]!++;
    }
  }
  delete counts["34"]; // blue: no scope here draws it
  return counts;
}
