// Copyright 2026 the skillscope authors. MIT license.
// verify follows a link of a skills directory to the lock that records it
// only inside the project and home it works in: a cloned project's link
// (`.agents/skills/x -> /anywhere/lockdir/x`) must not make it read
// `/anywhere/lockdir/skills.lock`.
import assert from "node:assert/strict";
import { join } from "node:path";
import { verify } from "../src/install/verify.ts";
import { runCli, skillMd, writeTree } from "./_helpers.ts";
import { type Place, place } from "./_interrupt.ts";

interface Planted extends Place {
  /** The lock the project's link points beside. */
  lock: string;
}

/** A project whose `.agents/skills/x` links to a skill beside a `skills.lock` outside it and home. */
async function planted(): Promise<Planted> {
  const p = await place();
  const lockdir = join(p.root, "anywhere", "lockdir");
  await writeTree(lockdir, {
    "x/SKILL.md": skillMd("name: x\ndescription: X"),
    "skills.lock": '{"lockfileVersion": 1, "skills": {}}\n',
  });
  await Deno.mkdir(join(p.project, ".agents", "skills"), { recursive: true });
  await Deno.symlink(join(lockdir, "x"), join(p.project, ".agents/skills/x"));
  return { ...p, lock: join(lockdir, "skills.lock") };
}

Deno.test("verify() given the project and home does not look at a skills.lock a link leads beside elsewhere", async () => {
  await using p = await planted();
  const looked: string[] = [];
  const lstat = Deno.lstatSync;
  Deno.lstatSync = (path) => {
    looked.push(String(path));
    return lstat(path);
  };
  try {
    const report = await verify(join(p.project, ".agents", "skills"), {
      linksWithin: [p.project, p.home],
    });
    assert.deepEqual(report.unlocked, ["x"]);
  } finally {
    Deno.lstatSync = lstat;
  }
  assert.ok(!looked.includes(p.lock), looked.join("\n"));
});

const STRACE = (() => {
  try {
    return new Deno.Command("strace", { args: ["-V"], stdout: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
})();

Deno.test({
  name:
    "skillscope verify in a cloned project does not open a skills.lock outside the project and home that a link leads beside",
  ignore: Deno.build.os !== "linux" || !STRACE,
  async fn(): Promise<void> {
    await using p = await planted();
    const trace = join(p.home, "trace");
    const run = await runCli(["verify"], {
      permissions: ["-P=cli"],
      cwd: p.project,
      env: p.env,
      wrapper: [
        "strace",
        "-f",
        "-qq",
        "-e",
        "trace=openat,statx,newfstatat,lstat,stat",
        "-o",
        trace,
      ],
      signal: AbortSignal.timeout(60_000),
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /unlocked +x \(not in skills\.lock\)/);
    const calls = (await Deno.readTextFile(trace)).split("\n");
    assert.deepEqual(calls.filter((line) => line.includes(p.lock)), []);
  },
});
