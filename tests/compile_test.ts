// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  CONFIG,
  currentDenoDir,
  runCli,
  tempDir,
  writeSkill,
} from "./_helpers.ts";

const REPO = new URL("..", import.meta.url).pathname;
const FIXTURES = join(REPO, "fixtures/skills");
const config = JSON.parse(await Deno.readTextFile(CONFIG));

Deno.test("the compile permission set is defined once, in deno.json, and the compile task uses it", () => {
  const set = config.permissions?.cli;
  assert.deepEqual(Object.keys(set).sort(), [
    "env",
    "net",
    "read",
    "run",
    "write",
  ]);
  assert.equal(set.read, true);
  assert.deepEqual(set.run, ["git"]);
  // Any https website and git host; `mcp --http` still binds loopback
  // unless --allow-remote.
  assert.equal(set.net, true);
  assert.ok(set.env.includes("HOME"));
  assert.match(config.tasks.compile, /deno compile -P=cli /);
});

Deno.test("the CLI works end to end under the compile permission set", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "home");
  await writeSkill(join(home, ".agents/skills"), "home-skill");
  const opts = { permissions: ["-P=cli"], cwd: dir.path, env: { HOME: home } };
  const list = await runCli(["list", "--json"], opts);
  assert.equal(list.code, 0, list.stderr);
  assert.deepEqual(
    JSON.parse(list.stdout).skills.map((s: { name: string }) => s.name),
    ["home-skill"],
  );
  const catalog = await runCli([
    "catalog",
    "--root",
    FIXTURES,
    "--format",
    "markdown",
  ], opts);
  assert.equal(catalog.code, 0, catalog.stderr);
  assert.equal(
    catalog.stdout.split("\n").filter((l) => l.startsWith("- ")).length,
    4,
  );
  const activate = await runCli(
    ["activate", "pdf-tools", "--root", FIXTURES],
    opts,
  );
  assert.match(activate.stdout, /^<skill_content name="pdf-tools">/);
  const validate = await runCli(
    ["validate", join(FIXTURES, "pdf-tools")],
    opts,
  );
  assert.equal(validate.code, 0);
  // install, with git, works under the set
  const repo = join(dir.path, "repo");
  await writeSkill(repo, "from-git");
  const gitSteps = [
    ["init", "-q", repo],
    ["-C", repo, "add", "-A"],
    [
      "-C",
      repo,
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@e",
      "commit",
      "-qm",
      "x",
    ],
  ];
  for (const args of gitSteps) {
    assert.equal((await new Deno.Command("git", { args }).output()).code, 0);
  }
  const installed = await runCli([
    "install",
    `file://${repo}`,
    "--dir",
    join(dir.path, "skills"),
  ], opts);
  assert.equal(installed.code, 0, installed.stderr);
  assert.match(installed.stdout, /^Installed from-git /);
});

async function denortAvailable(): Promise<string | undefined> {
  const explicit = Deno.env.get("DENORT_BIN");
  if (explicit) {
    try {
      if ((await Deno.stat(explicit)).isFile) return undefined;
    } catch {
      return `DENORT_BIN=${explicit} does not exist`;
    }
  }
  const cached = join(
    await currentDenoDir(),
    "dl/release",
    `v${Deno.version.deno}`,
  );
  try {
    for await (const entry of Deno.readDir(cached)) {
      if (entry.name.startsWith("denort-")) return undefined;
    }
  } catch {
    // not cached
  }
  return `no denort base binary: DENORT_BIN is not set and none is cached in ${cached}`;
}

const skipReason = await denortAvailable();

Deno.test({
  name: `deno task compile builds a skillscope binary that runs${
    skipReason ? ` (skipped: ${skipReason})` : ""
  }`,
  ignore: skipReason !== undefined,
  async fn(): Promise<void> {
    await using dir = await tempDir();
    const output = join(dir.path, "skillscope");
    const compile = await new Deno.Command(Deno.execPath(), {
      args: [
        "compile",
        `--config=${CONFIG}`,
        "-P=cli",
        "--output",
        output,
        join(REPO, "cli.ts"),
      ],
      env: { DENO_DIR: await currentDenoDir() },
      stderr: "piped",
    }).output();
    assert.equal(compile.code, 0, new TextDecoder().decode(compile.stderr));
    const run = await new Deno.Command(output, {
      args: ["list", "--root", FIXTURES, "--json"],
      stdout: "piped",
    })
      .output();
    assert.equal(run.code, 0);
    assert.equal(
      JSON.parse(new TextDecoder().decode(run.stdout)).skills.length,
      4,
    );
  },
});

Deno.test(
  "deno task compile builds the binary, or fails fast naming DENORT_BIN when it cannot get denort",
  {
    ignore: skipReason === undefined,
  },
  async () => {
    await using dir = await tempDir();
    const started = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["task", `--config=${CONFIG}`, "compile"],
      cwd: REPO,
      env: {
        NO_COLOR: "1",
        DENO_DIR: await currentDenoDir(),
        TMPDIR: dir.path,
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    try {
      if (out.code === 0) {
        // A connected machine downloaded denort: the binary must exist.
        assert.ok((await Deno.stat(join(REPO, "skillscope"))).isFile);
      } else {
        assert.match(stderr, /DENORT_BIN=\/path\/to\/denort/);
        assert.ok(
          performance.now() - started < 60_000,
          "fails within a minute",
        );
      }
    } finally {
      await Deno.remove(join(REPO, "skillscope")).catch(() => {});
    }
  },
);
