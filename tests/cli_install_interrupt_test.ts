// Copyright 2026 the skillscope authors. MIT license.
// Ctrl-C during install, on the real CLI: sent to skillscope alone while git
// is fetching from a remote that takes the request and never answers (a
// fetch still under way, without depending on how fast a large clone is).
import assert from "node:assert/strict";
import { join } from "node:path";
import { gitRepo } from "./_git.ts";
import { exists } from "./_cli_user.ts";
import {
  type Ended,
  gone,
  interrupt,
  type Place,
  place,
  processesWith,
  stalledRemote,
  startCli,
} from "./_interrupt.ts";

/**
 * Runs `install URL --dir DIR` in a process group of its own (as a
 * terminal's foreground job), sends `kill` once git is fetching, and
 * returns how it ended.
 */
async function interruptedInstall(
  p: Place,
  permissions: string[],
  kill?: (child: Deno.ChildProcess) => void,
): Promise<
  Ended & {
    dir: string;
    left: string[];
    /** From the signal to the last git process's end. */
    goneMs: number;
  }
> {
  await using remote = stalledRemote();
  const dir = join(p.root, "skills");
  const child = await startCli(p, ["install", remote.url, "--dir", dir], {
    permissions,
    detached: true,
  });
  await remote.asked;
  // Fetching: the clone directory is there and git runs.
  const entries = [...Deno.readDirSync(dir)].map((e) => e.name);
  assert.ok(
    entries.some((n) => n.startsWith(".skillscope-clone-")),
    entries.join(),
  );
  assert.ok(entries.includes(".skillscope-lock"), entries.join());
  assert.ok((await processesWith(remote.url)).length > 0);
  const killed = Date.now();
  const ended = await interrupt(child, kill);
  // git gives a stalled server up by itself (http.lowSpeedTime) even when
  // nothing is left to stop it.
  const left = await gone(remote.url, 40_000);
  return { ...ended, dir, left, goneMs: Date.now() - killed };
}

Deno.test({
  name:
    "Ctrl-C while git fetches stops git, removes the clone and the lock, says nothing was changed and exits 130; the transport helper gives up by itself",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
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
    const run = await interruptedInstall(p, ["-P=cli"]);
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stderr, "interrupted; nothing was changed\n");
    assert.equal(await exists(run.dir), false);
    assert.ok(run.ms < 10_000, `${run.ms} ms`);
    assert.deepEqual(run.left, []);
  },
});

Deno.test({
  name:
    "A terminal hang-up (SIGHUP to the whole group) reaches git and its helpers, removes the clone and the lock, and exits 130",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
    const run = await interruptedInstall(
      p,
      ["-P=cli", "--allow-run"],
      (child) => Deno.kill(-child.pid, "SIGHUP"),
    );
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stderr, "interrupted; nothing was changed\n");
    assert.equal(await exists(run.dir), false);
    assert.deepEqual(run.left, []);
    // Gone with the hang-up, not by git's own low-speed limit.
    assert.ok(run.goneMs < 10_000, `${run.goneMs} ms`);
  },
});

Deno.test({
  name:
    "git left behind by a killed skillscope gives a stalled server up by itself",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
    const run = await interruptedInstall(
      p,
      ["-P=cli", "--allow-run"],
      (child) => child.kill("SIGKILL"),
    );
    assert.equal(run.code, 137);
    assert.deepEqual(run.left, []);
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
    const permissions = ["-P=cli", "--allow-run"];
    const installed = await (await startCli(
      p,
      ["install", `file://${source}`, "--dir", dir],
      { permissions },
    )).output();
    assert.equal(installed.code, 0, new TextDecoder().decode(installed.stderr));
    // The locked source now stalls, and the skill must be fetched again.
    const lockPath = join(dir, "skills.lock");
    const lock = JSON.parse(await Deno.readTextFile(lockPath));
    lock.skills.alpha.source = remote.url;
    const lockText = JSON.stringify(lock, null, 2) + "\n";
    await Deno.writeTextFile(lockPath, lockText);
    await Deno.remove(join(dir, "alpha"), { recursive: true });
    const child = await startCli(p, ["restore", "--dir", dir], {
      permissions,
    });
    await remote.asked;
    const run = await interrupt(child);
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stderr, "interrupted; nothing was changed\n");
    assert.equal(await Deno.readTextFile(lockPath), lockText);
    assert.deepEqual(
      [...Deno.readDirSync(dir)].map((e) => e.name).sort(),
      ["skills.lock"],
    );
    assert.deepEqual(await gone(remote.url, 40_000), []);
  },
});
