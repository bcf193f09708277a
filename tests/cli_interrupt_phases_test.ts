// Copyright 2026 the skillscope authors. MIT license.
// Ctrl-C in the phases of install and update that wait on something other
// than git: a website's index, another process's lock, an open prompt; and
// what an interruption says across scopes and with --json.
import assert from "node:assert/strict";
import { join } from "node:path";
import { skillMd, writeTree } from "./_helpers.ts";
import { gitRepo, sh } from "./_git.ts";
import { cliAs, exists } from "./_cli_user.ts";
import { interrupt, place, stalledRemote, startCli } from "./_interrupt.ts";
import { openPrompts } from "../src/cli/prompt.ts";
import { InstallError } from "../src/install/errors.ts";

Deno.test({
  name:
    "Ctrl-C while a website's index is being fetched stops the request, removes the clone and exits 130",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
    await using remote = stalledRemote();
    const dir = join(p.root, "skills");
    const origin = new URL(remote.url).origin;
    const child = await startCli(p, ["install", `${origin}/`, "--dir", dir]);
    await remote.asked;
    const run = await interrupt(child);
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stderr, "interrupted; nothing was changed\n");
    assert.ok(run.ms < 10_000, `${run.ms} ms`);
    assert.equal(await exists(dir), false);
  },
});

Deno.test({
  name:
    "Ctrl-C while waiting for another process's lock stops the wait, leaves that lock and exits 130",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
    const dir = join(p.root, "skills");
    const source = join(p.root, "src", "alpha");
    await writeTree(source, {
      "SKILL.md": skillMd("name: alpha\ndescription: Alpha"),
    });
    // Held by this (live) test process, and fresh.
    const held = JSON.stringify({
      pid: Deno.pid,
      id: "held",
      at: new Date().toISOString(),
    });
    await writeTree(dir, { ".skillscope-lock": held });
    const child = await startCli(p, ["install", source, "--dir", dir]);
    // Long enough to be waiting for the lock, far shorter than the wait.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const run = await interrupt(child);
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stderr, "interrupted; nothing was changed\n");
    assert.ok(run.ms < 10_000, `${run.ms} ms`);
    assert.equal(await Deno.readTextFile(join(dir, ".skillscope-lock")), held);
    assert.equal(await exists(join(dir, "alpha")), false);
  },
});

Deno.test({
  name:
    "update --json interrupted in the global scope names the project skill it updated, on stderr and as the JSON error on stdout",
  ignore: Deno.build.os !== "linux",
  async fn(): Promise<void> {
    await using p = await place();
    await using remote = stalledRemote();
    const alpha = join(p.root, "alpha-src");
    const beta = join(p.root, "beta-src");
    await gitRepo(alpha, {
      "SKILL.md": skillMd("name: alpha\ndescription: Alpha v1"),
    });
    await gitRepo(beta, {
      "SKILL.md": skillMd("name: beta\ndescription: Beta"),
    });
    for (
      const [url, scope] of [[alpha, "--project"], [beta, "--global"]]
    ) {
      const run = await cliAs(
        p.env,
        ["install", `file://${url}`, scope!],
        p.project,
      );
      assert.equal(run.code, 0, run.stderr);
    }
    await writeTree(alpha, {
      "SKILL.md": skillMd("name: alpha\ndescription: Alpha v2"),
    });
    await sh("git", ["commit", "-q", "-am", "v2"], alpha);
    // The global skill's source now stalls.
    const lockPath = join(p.home, ".agents", "skills", "skills.lock");
    const lock = JSON.parse(await Deno.readTextFile(lockPath));
    lock.skills.beta.source = remote.url;
    await Deno.writeTextFile(lockPath, JSON.stringify(lock, null, 2) + "\n");
    const child = await startCli(p, ["update", "--json"]);
    await remote.asked;
    const run = await interrupt(child);
    const message = "Interrupted; alpha was updated, nothing else was changed";
    assert.equal(run.code, 130, run.stderr);
    assert.equal(
      run.stderr,
      `${message.replace("Interrupted", "interrupted")}\n`,
    );
    assert.deepEqual(JSON.parse(run.stdout), {
      error: { code: "interrupted", message },
    });
  },
});

Deno.test("an open prompt ends when the operation's signal fires, as the interruption", async () => {
  const controller = new AbortController();
  const prompts = await openPrompts(controller.signal);
  const answer = prompts.pickOne("Pick", [{ value: "a", label: "a" }], "a");
  controller.abort();
  await assert.rejects(
    answer,
    (e) => e instanceof InstallError && e.code === "interrupted",
  );
});
