// Copyright 2026 the skillscope authors. MIT license.
// check reports without changing anything; restore (install --frozen)
// rebuilds exactly what skills.lock records. Real git repositories.
import assert from "node:assert/strict";
import { join } from "node:path";
import { check, install, readLock, restore } from "../src/install/mod.ts";
import { runCli, skillMd, tempDir, writeSkill } from "./_helpers.ts";
import { gitRepo, rejectsCode, sh } from "./_git.ts";

const SKILL = (text: string) => skillMd(`name: demo\ndescription: ${text}`);

/** A git repository holding the demo skill, and a skills directory it is installed into. */
async function gitInstalled(): Promise<
  { repo: string; dir: string; tmp: AsyncDisposable; commit: string }
> {
  const tmp = await tempDir();
  const repo = join(tmp.path, "repo");
  await gitRepo(repo, { "SKILL.md": SKILL("version one") });
  const dir = join(tmp.path, "skills");
  const result = await install({ source: `file://${repo}`, dir });
  return { repo, dir, tmp, commit: result.commit! };
}

async function commit(repo: string, text: string): Promise<string> {
  await Deno.writeTextFile(join(repo, "SKILL.md"), SKILL(text));
  await sh("git", ["commit", "-qam", text], repo);
  return (await sh("git", ["rev-parse", "HEAD"], repo)).trim();
}

/** Every file below `dir` with its content, to prove nothing changed. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (path: string, rel: string) => {
    for await (const entry of Deno.readDir(path)) {
      const child = join(path, entry.name);
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory) await walk(child, name);
      else out[name] = await Deno.readTextFile(child);
    }
  };
  await walk(dir, "");
  return out;
}

Deno.test("check: up to date, then a new upstream commit is an available update, and nothing changes", async () => {
  const { repo, dir, tmp, commit: first } = await gitInstalled();
  await using _ = tmp;
  const [fresh] = await check(dir);
  assert.equal(fresh?.status, "up-to-date");
  assert.equal(fresh?.latestCommit, first);
  const second = await commit(repo, "version two");
  const before = await snapshot(dir);
  const [later] = await check(dir);
  assert.equal(later?.status, "update-available");
  assert.equal(later?.commit, first);
  assert.equal(later?.latestCommit, second);
  assert.notEqual(later?.latestHash, later?.hash);
  assert.deepEqual(await snapshot(dir), before);
  // The CLI: the same, the commits old -> new first and the tree hashes
  // after them, exit 0; --json has the fields.
  const run = await runCli(["check", "--dir", dir], { permissions: ["-A"] });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    new RegExp(
      `update available +demo +${first.slice(0, 12)} -> ${
        second.slice(0, 12)
      } \\(${later!.hash} -> ${later!.latestHash}\\)`,
    ),
  );
  const json = await runCli(["check", "--dir", dir, "--json"], {
    permissions: ["-A"],
  });
  assert.equal(JSON.parse(json.stdout)[0].status, "update-available");
  assert.deepEqual(await snapshot(dir), before);
});

Deno.test("check: a locally modified skill and an unreachable source are reported; only the latter fails", async () => {
  const { repo, dir, tmp } = await gitInstalled();
  await using _ = tmp;
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "my edit\n");
  const [modified] = await check(dir, ["demo"]);
  assert.equal(modified?.status, "locally-modified");
  assert.equal(modified?.updateAvailable, false);
  assert.deepEqual(modified?.files, [{ path: "SKILL.md", change: "modified" }]);
  const cli = await runCli(["check", "--dir", dir], { permissions: ["-A"] });
  assert.equal(cli.code, 0, cli.stderr);
  assert.match(cli.stdout, /locally modified +demo\n +modified: SKILL\.md/);
  await Deno.remove(repo, { recursive: true });
  const [gone] = await check(dir);
  assert.equal(gone?.status, "source-unreachable");
  assert.ok(gone?.reason && gone.reason.length > 0);
  const failed = await runCli(["check", "--dir", dir], { permissions: ["-A"] });
  assert.equal(failed.code, 1);
  assert.match(failed.stdout, /source unreachable +demo/);
  await rejectsCode(check(dir, ["nope"]), "not-installed");
});

Deno.test("check on a local source compares its current content", async () => {
  await using tmp = await tempDir();
  await writeSkill(join(tmp.path, "src"), "demo");
  const dir = join(tmp.path, "skills");
  await install({ source: join(tmp.path, "src/demo"), dir });
  assert.equal((await check(dir))[0]?.status, "up-to-date");
  await Deno.writeTextFile(join(tmp.path, "src/demo/extra.md"), "more\n");
  assert.equal((await check(dir))[0]?.status, "update-available");
});

Deno.test("restore after upstream moved rebuilds the locked commit, and never changes skills.lock", async () => {
  const { repo, dir, tmp, commit: first } = await gitInstalled();
  await using _ = tmp;
  const lockText = await Deno.readTextFile(join(dir, "skills.lock"));
  const locked = await Deno.readTextFile(join(dir, "demo/SKILL.md"));
  await commit(repo, "version two");
  await Deno.remove(join(dir, "demo"), { recursive: true });
  const run = await runCli(["install", "--frozen", "--dir", dir], {
    permissions: ["-A"],
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    new RegExp(`Restored demo \\(sha256-[0-9a-f]{64} at ${first}\\)`),
  );
  assert.equal(await Deno.readTextFile(join(dir, "demo/SKILL.md")), locked);
  assert.equal(await Deno.readTextFile(join(dir, "skills.lock")), lockText);
  // Already as locked: left alone, still exit 0.
  const again = await runCli(["restore", "--dir", dir], {
    permissions: ["-A"],
  });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /demo is as locked/);
  assert.equal(await Deno.readTextFile(join(dir, "skills.lock")), lockText);
});

Deno.test("restore refuses a local edit before touching anything, and --force keeps a backup", async () => {
  const { dir, tmp } = await gitInstalled();
  await using _ = tmp;
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "my edit\n");
  await rejectsCode(restore(dir), "locally-modified");
  assert.equal(
    await Deno.readTextFile(join(dir, "demo/SKILL.md")),
    "my edit\n",
  );
  const report = await restore(dir, { force: true });
  assert.equal(report.results[0]?.status, "updated");
  assert.ok(report.results[0]?.backup);
  assert.equal(
    await Deno.readTextFile(join(report.results[0]!.backup!, "SKILL.md")),
    "my edit\n",
  );
});

Deno.test("restore fails for a local source whose content no longer matches the lock, and restores the others", async () => {
  await using tmp = await tempDir();
  await writeSkill(join(tmp.path, "src"), "aa");
  await writeSkill(join(tmp.path, "src"), "bb");
  const dir = join(tmp.path, "skills");
  await install({ source: join(tmp.path, "src/aa"), dir });
  await install({ source: join(tmp.path, "src/bb"), dir });
  await Deno.writeTextFile(
    join(tmp.path, "src/aa/extra.md"),
    "changed upstream\n",
  );
  await Deno.remove(join(dir, "aa"), { recursive: true });
  await Deno.remove(join(dir, "bb"), { recursive: true });
  const lockText = await Deno.readTextFile(join(dir, "skills.lock"));
  const report = await restore(dir);
  assert.deepEqual(report.results.map((r) => [r.name, r.status]), [[
    "bb",
    "installed",
  ]]);
  assert.deepEqual(report.failures.map((f) => [f.name, f.code]), [[
    "aa",
    "frozen-mismatch",
  ]]);
  assert.match(report.failures[0]!.message, /no longer matches skills\.lock/);
  assert.equal(await Deno.readTextFile(join(dir, "skills.lock")), lockText);
  const cli = await runCli(["restore", "--dir", dir], { permissions: ["-A"] });
  assert.equal(cli.code, 1);
  assert.match(cli.stderr, /cannot restore aa: .*no longer matches/);
  assert.equal(
    (await readLock(dir)).skills.aa?.hash,
    JSON.parse(lockText).skills.aa.hash,
  );
});

Deno.test("restore of a git source whose locked commit is gone fails with git's reason", async () => {
  const { repo, dir, tmp } = await gitInstalled();
  await using _ = tmp;
  // Rewrite history: the locked commit no longer exists upstream.
  await Deno.remove(join(repo, ".git"), { recursive: true });
  await gitRepo(repo, { "SKILL.md": SKILL("rewritten") });
  await Deno.remove(join(dir, "demo"), { recursive: true });
  const report = await restore(dir);
  assert.equal(report.failures.length, 1);
  assert.equal(report.failures[0]!.name, "demo");
  assert.equal(report.failures[0]!.code, "git-failed");
  assert.match(report.failures[0]!.message, /not our ref/);
  assert.ok(
    !(await Deno.stat(join(dir, "demo")).then(() => true, () => false)),
  );
});
