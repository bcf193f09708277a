// Copyright 2026 the skillscope authors. MIT license.
// Ctrl-C during install, on the real CLI: sent to skillscope alone while git
// is fetching from a remote that takes the request and never answers (a
// fetch still under way, without depending on how fast a large clone is).
import assert from "node:assert/strict";
import { join } from "node:path";
import { CLI, CONFIG, currentDenoDir, tempDir } from "./_helpers.ts";
import { gitRepo } from "./_git.ts";
import { exists, UNSET } from "./_cli_user.ts";

interface Place extends AsyncDisposable {
  root: string;
  /** A git repository the command runs in. */
  project: string;
  env: Record<string, string>;
}

async function place(): Promise<Place> {
  const tmp = await tempDir();
  const home = join(tmp.path, "home");
  const project = join(tmp.path, "project");
  await Deno.mkdir(home);
  await gitRepo(project, { "README.md": "# project\n" });
  return {
    root: tmp.path,
    project,
    env: { ...UNSET, HOME: home },
    [Symbol.asyncDispose]: tmp[Symbol.asyncDispose],
  };
}

/** A git remote over HTTP that takes the request and never answers: a fetch that is still running. */
function stalledRemote(): {
  url: string;
  asked: Promise<void>;
} & AsyncDisposable {
  const { promise: asked, resolve } = Promise.withResolvers<void>();
  const held: ReadableStreamDefaultController<Uint8Array>[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => {
      resolve();
      return new Response(
        new ReadableStream({ start: (c) => void held.push(c) }),
        { headers: { "content-type": "application/octet-stream" } },
      );
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/big.git`,
    asked,
    async [Symbol.asyncDispose](): Promise<void> {
      for (const c of held) {
        try {
          c.close();
        } catch {
          // the client went away: the stream is closed already
        }
      }
      await server.shutdown();
    },
  };
}

/** The processes whose command line mentions `text`. */
async function processesWith(text: string): Promise<string[]> {
  const out = await new Deno.Command("ps", {
    args: ["-eo", "args="],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(out.stdout).split("\n").filter((line) =>
    line.includes(text) && !line.startsWith("ps ")
  );
}

/** Runs `install URL --dir DIR`, sends SIGINT once git is fetching, and returns how it ended. */
async function interruptedInstall(
  p: Place,
  permissions: string[],
): Promise<{ code: number; stderr: string; dir: string; left: string[] }> {
  await using remote = stalledRemote();
  const dir = join(p.root, "skills");
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      ...permissions,
      CLI,
      "install",
      remote.url,
      "--dir",
      dir,
    ],
    cwd: p.project,
    env: { NO_COLOR: "1", DENO_DIR: await currentDenoDir(), ...p.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(60_000),
  }).spawn();
  await remote.asked;
  // Fetching: the clone directory is there and git runs.
  const entries = [...Deno.readDirSync(dir)].map((e) => e.name);
  assert.ok(
    entries.some((n) => n.startsWith(".skillscope-clone-")),
    entries.join(),
  );
  assert.ok(entries.includes(".skillscope-lock"), entries.join());
  assert.ok((await processesWith(remote.url)).length > 0);
  child.kill("SIGINT");
  const out = await child.output();
  return {
    code: out.code,
    stderr: new TextDecoder().decode(out.stderr),
    dir,
    left: await processesWith(remote.url),
  };
}

Deno.test({
  name:
    "Ctrl-C while git fetches stops git and its transport helper, removes the clone and the lock, says nothing was changed and exits 130",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
    // Allowed to signal any process: git runs in a group of its own, stopped whole.
    const run = await interruptedInstall(p, ["-P=cli", "--allow-run"]);
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stderr, "interrupted; nothing was changed\n");
    // The directory made for the install goes too, as after any failure.
    assert.equal(await exists(run.dir), false);
    assert.deepEqual(run.left, []);
  },
});

Deno.test({
  name:
    "Ctrl-C with only --allow-run=git stops git itself without waiting for a helper stuck on the network, and leaves no clone or lock",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
    const started = Date.now();
    const run = await interruptedInstall(p, ["-P=cli"]);
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stderr, "interrupted; nothing was changed\n");
    assert.equal(await exists(run.dir), false);
    assert.ok(Date.now() - started < 20_000);
  },
});

Deno.test({
  name:
    "Ctrl-C while restore fetches a locked skill again stops git, leaves the lockfile as it was and no clone, and exits 130",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
    await using remote = stalledRemote();
    const source = join(p.root, "source");
    await gitRepo(source, {
      "alpha/SKILL.md":
        "---\nname: alpha\ndescription: Alpha skill\n---\n# A\n",
    });
    const dir = join(p.root, "skills");
    const env = { NO_COLOR: "1", DENO_DIR: await currentDenoDir(), ...p.env };
    const args = (command: string[]): string[] => [
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      "-P=cli",
      "--allow-run",
      CLI,
      ...command,
    ];
    const installed = await new Deno.Command(Deno.execPath(), {
      args: args(["install", `file://${source}`, "--dir", dir]),
      cwd: p.project,
      env,
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.equal(installed.code, 0, new TextDecoder().decode(installed.stderr));
    // The locked source now stalls, and the skill must be fetched again.
    const lockPath = join(dir, "skills.lock");
    const lock = JSON.parse(await Deno.readTextFile(lockPath));
    lock.skills.alpha.source = remote.url;
    const lockText = JSON.stringify(lock, null, 2) + "\n";
    await Deno.writeTextFile(lockPath, lockText);
    await Deno.remove(join(dir, "alpha"), { recursive: true });
    const child = new Deno.Command(Deno.execPath(), {
      args: args(["restore", "--dir", dir]),
      cwd: p.project,
      env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(60_000),
    }).spawn();
    await remote.asked;
    child.kill("SIGINT");
    const out = await child.output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 130, stderr);
    assert.equal(stderr, "interrupted; nothing was changed\n");
    assert.equal(await Deno.readTextFile(lockPath), lockText);
    assert.deepEqual(
      [...Deno.readDirSync(dir)].map((e) => e.name).sort(),
      ["skills.lock"],
    );
    assert.deepEqual(await processesWith(remote.url), []);
  },
});
