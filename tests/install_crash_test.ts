// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { discoverSync } from "../src/discover/discover.ts";
import { install, readLock, restore, verify } from "../src/install/mod.ts";
import { directorySource } from "../src/discover/sources.ts";
import {
  CLI,
  CONFIG,
  currentDenoDir,
  runCli,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";

const ROUNDS = 10;

/**
 * Runs the CLI with read and write permission and kills it with SIGKILL at a
 * random moment between start-up and well past the end of the work.
 */
async function runCliAndKillAtRandom(
  args: string[],
  denoDir: string,
): Promise<void> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--config=${CONFIG}`,
      "--allow-read",
      "--allow-write",
      CLI,
      ...args,
    ],
    env: { DENO_DIR: denoDir },
    stdout: "null",
    stderr: "null",
  }).spawn();
  await new Promise((r) =>
    setTimeout(r, 60 + Math.floor(Math.random() * 1200))
  );
  try {
    child.kill("SIGKILL");
  } catch {
    // it already finished
  }
  await child.status;
}

Deno.test("concurrent installs from several processes lose no lock entry", async () => {
  await using dir = await tempDir();
  const target = join(dir.path, "skills");
  const names = Array.from({ length: 6 }, (_, i) => `skill-${i}`);
  for (const name of names) await writeSkill(join(dir.path, "src"), name);
  const runs = await Promise.all(
    names.map((name) =>
      runCli(["install", join(dir.path, "src", name), "--dir", target], {
        permissions: ["--allow-read", "--allow-write"],
      })
    ),
  );
  for (const run of runs) assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(Object.keys(readLock(target).skills).sort(), names);
  assert.equal((await verify(target)).ok, true);
});

async function writeVersion(
  src: string,
  version: number,
  files: number,
): Promise<void> {
  await Deno.remove(src, { recursive: true }).catch(() => {});
  await writeSkill(src, "pdf", { description: `version ${version}` });
  const tree: Record<string, string> = {};
  for (let i = 0; i < files; i++) {
    tree[`pdf/data/file-${i}.txt`] = `v${version} ${i} ${"x".repeat(2000)}`;
  }
  await writeTree(src, tree);
}

Deno.test("killing an update at any moment leaves the old or the new skill, never a half one", async () => {
  await using dir = await tempDir();
  const src = join(dir.path, "src");
  const target = join(dir.path, "skills");
  // Reference hashes of both versions.
  await writeVersion(src, 1, 5);
  const h1 =
    (await install({ source: join(src, "pdf"), dir: join(dir.path, "ref1") }))
      .hash;
  await writeVersion(src, 2, 400);
  const h2 =
    (await install({ source: join(src, "pdf"), dir: join(dir.path, "ref2") }))
      .hash;
  const outcomes = { old: 0, new: 0 };
  const denoDir = await currentDenoDir();
  for (let round = 0; round < ROUNDS; round++) {
    await writeVersion(src, 1, 5);
    await install({ source: join(src, "pdf"), dir: target, force: true });
    await writeVersion(src, 2, 400);
    await runCliAndKillAtRandom(
      ["install", join(src, "pdf"), "--dir", target],
      denoDir,
    );
    // The next operation recovers; until then a reader sees no half-written skill.
    const seen = discoverSync({
      sources: [directorySource(target)],
      cache: false,
    }).skills.map((s) => s.name);
    assert.ok(
      seen.length <= 1 && seen.every((n) => n === "pdf"),
      JSON.stringify(seen),
    );
    const report = await verify(target, { staleMs: 1500 });
    assert.equal(report.ok, true, JSON.stringify(report));
    const hash = readLock(target).skills.pdf!.hash;
    assert.ok(
      hash === h1 || hash === h2,
      `round ${round}: unexpected hash ${hash}`,
    );
    outcomes[hash === h1 ? "old" : "new"]++;
    const leftovers = [...Deno.readDirSync(target)].map((e) => e.name).filter((
      n,
    ) => n.startsWith(".skillscope"));
    assert.deepEqual(leftovers, []);
    assert.deepEqual(
      discoverSync({ sources: [directorySource(target)], cache: false }).skills
        .map((s) => s.description),
      [hash === h1 ? "version 1" : "version 2"],
    );
  }
  console.log(
    `kill -9 outcomes over ${ROUNDS} rounds: ${outcomes.old} old, ${outcomes.new} new`,
  );
});

Deno.test("killing a restore with a copy target at any moment leaves whole skills or none, and the next restore completes it", async () => {
  await using dir = await tempDir();
  const src = join(dir.path, "src");
  const claude = join(dir.path, "p/.claude/skills");
  const gemini = join(dir.path, "p/.gemini/skills");
  await writeVersion(src, 1, 400);
  const { hash } = await install({
    source: join(src, "pdf"),
    dir: claude,
    targets: [gemini],
    copy: true,
  });
  const lockText = await Deno.readTextFile(join(claude, "skills.lock"));
  const denoDir = await currentDenoDir();
  for (let round = 0; round < ROUNDS; round++) {
    await Deno.remove(join(claude, "pdf"), { recursive: true }).catch(() => {});
    await Deno.remove(join(gemini, "pdf"), { recursive: true }).catch(() => {});
    await runCliAndKillAtRandom(["restore", "--dir", claude], denoDir);
    // A reader of either directory sees the whole skill or none.
    for (const root of [claude, gemini]) {
      const seen = discoverSync({
        sources: [directorySource(root)],
        cache: false,
      }).skills;
      assert.ok(seen.length <= 1, JSON.stringify(seen.map((s) => s.name)));
    }
    if (await Deno.stat(join(gemini, "pdf")).then(() => true, () => false)) {
      assert.equal(
        (await import("../src/install/hash.ts")).hashDirectorySync(
          join(gemini, "pdf"),
        ).hash,
        hash,
      );
    }
    // The next restore completes it; the lock never changed.
    const report = await restore(claude, { staleMs: 1500 });
    assert.deepEqual(report.failures, []);
    assert.equal((await verify(claude, { staleMs: 1500 })).ok, true);
    assert.equal(
      await Deno.readTextFile(join(claude, "skills.lock")),
      lockText,
    );
    for (const root of [claude, gemini]) {
      const leftovers = [...Deno.readDirSync(root)].map((e) => e.name)
        .filter((n) => n.startsWith(".skillscope"));
      assert.deepEqual(leftovers, [], root);
    }
  }
});
