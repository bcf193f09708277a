// Copyright 2026 the skillscope authors. MIT license.
// A cloned project decides what its own files are. Its skillscope.json, its
// AGENTS.md and a token file named on the command line are planted as a
// FIFO (which never opens: no writer) and as a symlink to /dev/zero (which
// never ends), and every command that reads them must refuse them at once:
// the real CLI as a subprocess, with its own permission set and with -A,
// killed when it outlives its time or its memory bound so that a regression
// fails instead of hanging the suite or filling the machine's memory.
import assert from "node:assert/strict";
import { join } from "node:path";
import { machine, mkfifo, spawnCli, writeSkill } from "./_helpers.ts";

/** How long one run may take (a few seconds on a loaded machine). */
const TIME_BOUND_MS = 30_000;
/** Resident memory one run may reach (a normal run stays under 100 MiB). */
const MEMORY_BOUND_KIB = 512 * 1024;

const PERMISSION_SETS: readonly (readonly string[])[] = [["-P=cli"], ["-A"]];

type Plant = (path: string) => Promise<void>;

const ATTACKS: readonly { name: string; plant: Plant; refusal: RegExp }[] = [
  { name: "a FIFO", plant: mkfifo, refusal: /is not a regular file/ },
  {
    name: "a symlink to /dev/zero",
    plant: (path) => Deno.symlink("/dev/zero", path),
    refusal: /leads outside the project|is a symlink/,
  },
];

/** The commands that read `./skillscope.json` before doing anything else. */
const COMMANDS: readonly string[][] = [
  ["mcp"],
  ["catalog"],
  ["sync"],
  ["read", "alpha"],
  ["activate", "alpha"],
  ["search", "alpha"],
  ["doctor", "alpha"],
];

interface BoundedRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Why the run was killed, when it was. */
  killed?: "time" | "memory";
  /** Largest resident memory seen (KiB; 0 without `ps`). */
  peakKib: number;
}

/**
 * Resident memory of a process (KiB), 0 when it cannot be read. `ps`, as
 * reading `/proc/PID/status` would need every permission.
 */
async function residentKib(pid: number): Promise<number> {
  try {
    const out = await new Deno.Command("ps", {
      args: ["-o", "rss=", "-p", String(pid)],
      stdout: "piped",
      stderr: "null",
    }).output();
    return Number(new TextDecoder().decode(out.stdout).trim()) || 0;
  } catch {
    return 0;
  }
}

/**
 * Runs the CLI in `cwd` with a temporary HOME, killed after
 * {@linkcode TIME_BOUND_MS} or once its memory passes
 * {@linkcode MEMORY_BOUND_KIB}.
 */
async function runBounded(
  args: string[],
  options: { cwd: string; home: string; permissions: readonly string[] },
): Promise<BoundedRun> {
  const child = await spawnCli(args, {
    permissions: [...options.permissions],
    cwd: options.cwd,
    env: { HOME: options.home },
  });
  let killed: BoundedRun["killed"];
  let done = false;
  const kill = (why: "time" | "memory") => {
    if (done) return;
    killed ??= why;
    try {
      // SIGKILL: a process stuck in open(2) on a FIFO may not act on SIGTERM.
      child.kill("SIGKILL");
    } catch {
      // It ended meanwhile.
    }
  };
  const signal = AbortSignal.timeout(TIME_BOUND_MS);
  signal.addEventListener("abort", () => kill("time"));
  let peakKib = 0;
  const watch = (async () => {
    while (!done && killed === undefined) {
      peakKib = Math.max(peakKib, await residentKib(child.pid));
      if (peakKib > MEMORY_BOUND_KIB) kill("memory");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const out = await child.output();
  done = true;
  await watch;
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
    ...(killed === undefined ? {} : { killed }),
    peakKib,
  };
}

/** A project with one skill, `alpha`, beside a temporary HOME. */
async function project(): Promise<
  { home: string; cwd: string } & AsyncDisposable
> {
  const m = await machine();
  await writeSkill(join(m.cwd, ".agents/skills"), "alpha");
  return m;
}

/** Asserts every permission set refuses `file` at once, naming it. */
async function assertRefused(
  args: string[],
  m: { home: string; cwd: string },
  file: string,
  refusal: RegExp,
): Promise<void> {
  const runs = await Promise.all(
    PERMISSION_SETS.map((permissions) =>
      runBounded(args, { cwd: m.cwd, home: m.home, permissions })
    ),
  );
  runs.forEach((run, i) => {
    const label = `${args.join(" ")} with ${PERMISSION_SETS[i]!.join(" ")}`;
    assert.equal(
      run.killed,
      undefined,
      `${label} was killed for its ${run.killed} (peak ${run.peakKib} KiB)\n${run.stderr}`,
    );
    assert.equal(run.code, 1, `${label}\n${run.stderr}`);
    assert.ok(run.stderr.includes(file), `${label}\n${run.stderr}`);
    assert.match(run.stderr, refusal, label);
  });
}

for (const args of COMMANDS) {
  for (const attack of ATTACKS) {
    Deno.test({
      name: `skillscope ${
        args[0]
      } refuses a project's skillscope.json that is ${attack.name} at once`,
      ignore: Deno.build.os === "windows",
      async fn(): Promise<void> {
        await using m = await project();
        const file = join(m.cwd, "skillscope.json");
        await attack.plant(file);
        await assertRefused(args, m, file, attack.refusal);
      },
    });
  }
}

for (const attack of ATTACKS) {
  Deno.test({
    name:
      `skillscope sync refuses a project's AGENTS.md that is ${attack.name}`,
    ignore: Deno.build.os === "windows",
    async fn(): Promise<void> {
      await using m = await project();
      const file = join(m.cwd, "AGENTS.md");
      await attack.plant(file);
      await assertRefused(["sync"], m, file, /is a symlink|not a regular file/);
    },
  });

  Deno.test({
    name: `skillscope mcp --http refuses a --token-file that is ${attack.name}`,
    ignore: Deno.build.os === "windows",
    async fn(): Promise<void> {
      await using m = await project();
      const file = join(m.cwd, "token");
      await attack.plant(file);
      await assertRefused(
        ["mcp", "--http", "127.0.0.1:0", "--token-file", file],
        m,
        file,
        /not a regular file|a symlink/,
      );
    },
  });
}

Deno.test({
  name:
    "a --config FILE the user names may lead anywhere, but a FIFO there is refused at once",
  ignore: Deno.build.os === "windows",
  async fn(): Promise<void> {
    await using m = await project();
    const elsewhere = join(m.home, "mine.json");
    await Deno.writeTextFile(
      elsewhere,
      JSON.stringify({ overrides: [{ match: "alpha", mode: "off" }] }),
    );
    const link = join(m.cwd, "linked.json");
    await Deno.symlink(elsewhere, link);
    const fifo = join(m.cwd, "fifo.json");
    await mkfifo(fifo);
    for (const permissions of PERMISSION_SETS) {
      const read = await runBounded(
        ["catalog", "--format", "json", "--config", link],
        { ...m, permissions },
      );
      assert.equal(read.killed, undefined, read.stderr);
      assert.equal(read.code, 0, read.stderr);
      // Its override turned alpha off: the file was read.
      assert.deepEqual(JSON.parse(read.stdout).skills, []);
    }
    await assertRefused(
      ["catalog", "--config", fifo],
      m,
      fifo,
      /is not a regular file \(a FIFO\)/,
    );
  },
});

Deno.test({
  name:
    "a project's skillscope.json over 1 MiB is refused unread, and one linked inside the project is read",
  ignore: Deno.build.os === "windows",
  async fn(): Promise<void> {
    await using m = await project();
    const file = join(m.cwd, "skillscope.json");
    await Deno.writeTextFile(
      file,
      `{"overrides":[]${" ".repeat(1024 * 1024)}}`,
    );
    await assertRefused(["catalog"], m, file, /the limit is 1048576/);
    await Deno.remove(file);
    await Deno.mkdir(join(m.cwd, "config"));
    await Deno.writeTextFile(
      join(m.cwd, "config/skillscope.json"),
      JSON.stringify({ overrides: [{ match: "alpha", mode: "off" }] }),
    );
    await Deno.symlink("config/skillscope.json", file);
    for (const permissions of PERMISSION_SETS) {
      const run = await runBounded(["catalog", "--format", "json"], {
        ...m,
        permissions,
      });
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout).skills, []);
    }
  },
});
