// Copyright 2026 the skillscope authors. MIT license.
// What a new user meets on the first day: tables on a terminal that reports
// no size, where publish wrote its page, help that speaks to the installed
// command, the npm tarball's next step, and agents named as install names
// them.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  CLI,
  CONFIG,
  currentDenoDir,
  machine,
  runCli,
  tempDir,
  writeSkill,
} from "./_helpers.ts";
import { HAS_SCRIPT } from "./_pty.ts";
import { nextSteps } from "../.ci/npm/pack.ts";

const CLI_PERMISSIONS = ["-P=cli"];
const DESCRIPTION =
  "Fill in PDF forms, merge documents and extract their tables into CSV files without losing a cell";

/**
 * `skillscope ARGS` on a pseudo-terminal of `cols` columns (0: one that
 * reports no size, as `script` gives when its own input is not a terminal),
 * with `env`; what it drew, escape sequences and carriage returns removed.
 */
async function onTerminal(
  args: string[],
  cols: number,
  options: { cwd: string; env: Record<string, string> },
): Promise<{ code: number; screen: string }> {
  const quote = (a: string): string => `'${a.replaceAll("'", `'\\''`)}'`;
  const deno = [
    Deno.execPath(),
    "run",
    "--quiet",
    "--no-prompt",
    `--config=${CONFIG}`,
    ...CLI_PERMISSIONS,
    CLI,
    ...args,
  ].map(quote).join(" ");
  const child = new Deno.Command("script", {
    args: [
      "-q",
      "-e",
      "-c",
      `stty cols ${cols} rows 0; exec ${deno}`,
      "/dev/null",
    ],
    cwd: options.cwd,
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      TERM: "xterm",
      NO_COLOR: "1",
      DENO_DIR: await currentDenoDir(),
      ...options.env,
    },
    // Open until the end: `script` ends the run when its input closes.
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
    signal: AbortSignal.timeout(60_000),
  }).spawn();
  const out = await child.output();
  const screen = new TextDecoder().decode(out.stdout)
    // deno-lint-ignore no-control-regex
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "")
    .replaceAll("\r", "");
  return { code: out.code, screen };
}

/** The lines of `screen` from the table's header on. */
function tableOf(screen: string): string[] {
  const lines = screen.split("\n");
  const header = lines.findIndex((l) => l.startsWith("NAME"));
  assert.ok(header >= 0, screen);
  return lines.slice(header).filter((l) => l !== "");
}

Deno.test({
  name:
    "list on a terminal that reports 0 columns lays the table out to 80, or to COLUMNS, which also wins over a real size",
  ignore: !HAS_SCRIPT,
  async fn(): Promise<void> {
    await using m = await machine();
    const root = join(m.cwd, "skills");
    await writeSkill(root, "pdf-tools", { description: DESCRIPTION });
    const args = ["list", "--root", root];
    const env = { HOME: m.home };

    const zero = await onTerminal(args, 0, { cwd: m.cwd, env });
    assert.equal(zero.code, 0, zero.screen);
    const fallback = tableOf(zero.screen);
    assert.ok(fallback.every((l) => l.length <= 80), zero.screen);
    assert.match(fallback[1]!, /^pdf-tools +Fill in PDF forms, merge/);

    const wide = await onTerminal(args, 0, {
      cwd: m.cwd,
      env: { ...env, COLUMNS: "200" },
    });
    assert.ok(wide.screen.includes(DESCRIPTION), wide.screen);
    assert.ok(
      wide.screen.includes(join("skills", "pdf-tools", "SKILL.md")),
      wide.screen,
    );

    // COLUMNS names the width even when the terminal reports its own.
    const narrowed = await onTerminal(args, 200, {
      cwd: m.cwd,
      env: { ...env, COLUMNS: "60" },
    });
    const lines = tableOf(narrowed.screen);
    assert.ok(lines.every((l) => l.length <= 60), narrowed.screen);
    assert.match(lines[1]!, /^pdf-tools +Fill in/);
  },
});

Deno.test("publish without --base-url names the page it wrote and warns that its install commands hold a placeholder", async () => {
  await using tmp = await tempDir();
  await writeSkill(join(tmp.path, "skills"), "alpha");
  const signal = AbortSignal.timeout(60_000);
  const plain = await runCli(["publish", "skills", "--out", "site"], {
    cwd: tmp.path,
    permissions: CLI_PERMISSIONS,
    signal,
  });
  assert.equal(plain.code, 0, plain.stderr);
  const page = join("site", "skills", "index.html");
  assert.ok((await Deno.stat(join(tmp.path, page))).isFile);
  assert.ok(
    plain.stderr.includes(`The page for people: "${page}"`),
    plain.stderr,
  );
  assert.match(
    plain.stderr,
    /^warning: The page's install commands name the placeholder "https:\/\/YOUR-SITE": publish again with --base-url https:\/\/HOST/m,
  );

  const based = await runCli([
    "publish",
    "skills",
    "--out",
    "site",
    "--base-url",
    "https://docs.example.com",
  ], { cwd: tmp.path, permissions: CLI_PERMISSIONS, signal });
  assert.equal(based.code, 0, based.stderr);
  assert.ok(based.stderr.includes(`The page for people: "${page}"`));
  assert.doesNotMatch(based.stderr, /YOUR-SITE|warning/);

  const quiet = await runCli(["publish", "skills", "--out", "site", "-q"], {
    cwd: tmp.path,
    permissions: CLI_PERMISSIONS,
    signal,
  });
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.equal(quiet.stderr, "");
  assert.equal(quiet.stdout, "");
});

Deno.test("help and hints speak to the installed command: no --allow-* flags, no docs/*.md outside the package", async () => {
  await using m = await machine();
  const signal = AbortSignal.timeout(60_000);
  const run = (args: string[]) =>
    runCli(args, {
      cwd: m.cwd,
      env: { HOME: m.home },
      permissions: CLI_PERMISSIONS,
      signal,
    });
  const roots = await run(["help", "roots"]);
  const mcp = await run(["mcp", "--help"]);
  const publish = await run(["publish", "--help"]);
  const check = await run(["check", "--help"]);
  const empty = await run(["list"]);
  for (
    const [what, text] of [
      ["help roots", roots.stdout],
      ["mcp --help", mcp.stdout],
      ["publish --help", publish.stdout],
      ["check --help", check.stdout],
      ["list, nothing found", empty.stderr],
    ]
  ) {
    assert.ok(text!.length > 0, what);
    assert.doesNotMatch(text!, /--allow-(net|env|read|write|run)\b/, what);
    assert.doesNotMatch(text!, /docs\/\w+\.md/, what);
  }
  assert.match(mcp.stdout, /SKILLSCOPE_MCP_TOKEN environment variable, every/);
  assert.match(roots.stdout, /"skillscope roots --client NAME" shows its/);
  assert.match(empty.stderr, /"skillscope help roots" lists them/);
});

Deno.test("list with no skill names the agents found by the labels install and doctor use", async () => {
  await using m = await machine();
  await Deno.mkdir(join(m.home, ".claude"));
  const run = await runCli(["list"], {
    cwd: m.cwd,
    env: { HOME: m.home },
    permissions: CLI_PERMISSIONS,
    signal: AbortSignal.timeout(60_000),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(
    run.stderr.includes(
      `Agents found on this machine: Claude Code (${join(m.home, ".claude")})`,
    ),
    run.stderr,
  );
});

Deno.test("npm-pack's next step installs the tarball by a path npm cannot read as a GitHub repository", () => {
  assert.equal(
    nextSteps("dist/skillscope-0.1.0.tgz"),
    "Install it with: npm install -g ./dist/skillscope-0.1.0.tgz\n" +
      "Or run it without installing: npx --yes ./dist/skillscope-0.1.0.tgz --help\n",
  );
  assert.match(nextSteps("/tmp/out/skillscope-0.1.0.tgz"), /-g \/tmp\/out\//);
  assert.match(nextSteps("../out/s.tgz"), /-g \.\.\/out\/s\.tgz\n/);
  assert.match(nextSteps("my dist/s.tgz"), /-g '\.\/my dist\/s\.tgz'\n/);
});
