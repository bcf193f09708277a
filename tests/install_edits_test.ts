// Copyright 2026 the skillscope authors. MIT license.
// Local edits are never lost: update, install --force and remove stop on a
// skill whose files changed since it was installed, and keep a backup when
// forced.
import assert from "node:assert/strict";
import { join } from "node:path";
import { install, readLock, remove, update } from "../src/install/mod.ts";
import { InstallError } from "../src/install/errors.ts";
import { gitReason } from "../src/install/git.ts";
import { runCli, skillMd, tempDir, writeSkill } from "./_helpers.ts";
import { gitRepo, sh } from "./_git.ts";

async function installed(): Promise<
  { source: string; dir: string; tmp: AsyncDisposable }
> {
  const tmp = await tempDir();
  const source = join(tmp.path, "src/demo");
  await writeSkill(join(tmp.path, "src"), "demo", { body: "# Demo v1\n" });
  const dir = join(tmp.path, "skills");
  await install({ source, dir });
  return { source, dir, tmp };
}

async function backups(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.startsWith(".skillscope-backup-demo-")) {
      names.push(entry.name);
    }
  }
  return names;
}

Deno.test("update stops on a locally edited skill, names the files, and changes nothing", async () => {
  const { dir, tmp } = await installed();
  await using _ = tmp;
  const skillMd = join(dir, "demo/SKILL.md");
  await Deno.writeTextFile(skillMd, "my edits\n");
  await Deno.writeTextFile(join(dir, "demo/notes.md"), "mine\n");
  const lockBefore = await Deno.readTextFile(join(dir, "skills.lock"));
  const run = await runCli(["update", "--dir", dir], { permissions: ["-A"] });
  assert.equal(run.code, 1, run.stderr);
  assert.match(
    run.stderr,
    /"demo" .* has local changes \(modified SKILL\.md, added notes\.md\)/,
  );
  assert.match(run.stderr, /--force/);
  assert.equal(await Deno.readTextFile(skillMd), "my edits\n");
  assert.equal(await Deno.readTextFile(join(dir, "skills.lock")), lockBefore);
  assert.deepEqual(await backups(dir), []);
  await assert.rejects(
    update(dir),
    (e: unknown) => e instanceof InstallError && e.code === "locally-modified",
  );
});

Deno.test("update --force restores the locked files and keeps the edits in a hidden backup it names", async () => {
  const { dir, tmp } = await installed();
  await using _ = tmp;
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "my edits\n");
  const run = await runCli(["update", "--force", "--dir", dir], {
    permissions: ["-A"],
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^Restored demo to its locked files \(sha256-[0-9a-f]+\); your changes are kept in .*\.skillscope-backup-demo-/,
  );
  assert.doesNotMatch(run.stdout, /->/); // never "a -> a"
  assert.match(
    await Deno.readTextFile(join(dir, "demo/SKILL.md")),
    /# Demo v1/,
  );
  const [backup] = await backups(dir);
  assert.ok(backup, "a backup");
  assert.equal(
    await Deno.readTextFile(join(dir, backup, "SKILL.md")),
    "my edits\n",
  );
  // The backup is hidden: discovery does not list it as a skill.
  const list = await runCli(["list", "--root", dir, "--json"]);
  assert.deepEqual(
    JSON.parse(list.stdout).skills.map((s: { name: string }) => s.name),
    ["demo"],
  );
});

Deno.test("update with nothing changed upstream says up to date and touches nothing", async () => {
  const { dir, tmp } = await installed();
  await using _ = tmp;
  const lockBefore = await Deno.readTextFile(join(dir, "skills.lock"));
  const run = await runCli(["update", "--dir", dir], { permissions: ["-A"] });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "demo is up to date\n");
  assert.equal(await Deno.readTextFile(join(dir, "skills.lock")), lockBefore);
});

Deno.test("an upstream change over an unedited skill updates it with no backup", async () => {
  const { source, dir, tmp } = await installed();
  await using _ = tmp;
  await Deno.writeTextFile(
    join(source, "SKILL.md"),
    "---\nname: demo\ndescription: The demo skill\n---\n# Demo v2\n",
  );
  const [result] = await update(dir);
  assert.equal(result?.status, "updated");
  assert.notEqual(result?.previousHash, result?.hash);
  assert.equal(result?.backup, undefined);
  assert.deepEqual(await backups(dir), []);
});

Deno.test("remove and install --force stop on local edits; forced, they keep a backup unless --no-backup", async () => {
  const { source, dir, tmp } = await installed();
  await using _ = tmp;
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "my edits\n");
  await assert.rejects(
    remove(dir, "demo"),
    (e: unknown) => e instanceof InstallError && e.code === "locally-modified",
  );
  await assert.rejects(
    install({ source, dir }),
    (e: unknown) => e instanceof InstallError && e.code === "locally-modified",
  );
  const forced = await install({ source, dir, force: true });
  assert.ok(forced.backup);
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "edits again\n");
  const notes = await remove(dir, "demo", { force: true, backup: false });
  assert.deepEqual(notes, []);
  assert.deepEqual(Object.keys(readLock(dir).skills), []);
  assert.equal((await backups(dir)).length, 1); // only the install's
});

Deno.test("update of every skill refuses before touching any when one has local edits", async () => {
  const { source, dir, tmp } = await installed();
  await using _ = tmp;
  await writeSkill(join(dir, "..", "src"), "aaa", { body: "# A v1\n" });
  await install({ source: join(dir, "..", "src", "aaa"), dir });
  await Deno.writeTextFile(
    join(source, "SKILL.md"),
    "---\nname: demo\ndescription: The demo skill\n---\n# Demo v2\n",
  );
  await writeSkill(join(dir, "..", "src"), "aaa", { body: "# A v2\n" });
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "my edits\n");
  const lockBefore = await Deno.readTextFile(join(dir, "skills.lock"));
  await assert.rejects(
    update(dir),
    (e: unknown) => e instanceof InstallError && e.code === "locally-modified",
  );
  // "aaa" sorts first and has no edits, but was not updated either.
  assert.match(await Deno.readTextFile(join(dir, "aaa/SKILL.md")), /# A v1/);
  assert.equal(await Deno.readTextFile(join(dir, "skills.lock")), lockBefore);
});

Deno.test("info shows drift and exits 0; verify exits 1 on the same drift", async () => {
  const { dir, tmp } = await installed();
  await using _ = tmp;
  await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "my edits\n");
  const info = await runCli(["info", "demo", "--dir", dir]);
  assert.equal(info.code, 0, info.stderr);
  assert.match(info.stdout, /status: +modified\n +modified: SKILL\.md/);
  const verify = await runCli(["verify", "--dir", dir]);
  assert.equal(verify.code, 1);
});

Deno.test("a git failure keeps git's own reason in the message", () => {
  assert.equal(
    gitReason("Cloning...\n  fatal: repository 'x' not found  \n\n"),
    "Cloning...; fatal: repository 'x' not found",
  );
  assert.equal(gitReason("  \n"), "git printed no reason");
});

Deno.test("install --skill a --skill b installs both from a source holding several", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "collection");
  for (const name of ["alpha", "beta", "gamma"]) {
    await writeSkill(source, name);
  }
  const dir = join(tmp.path, "skills");
  const run = await runCli([
    "install",
    source,
    "--skill",
    "alpha",
    "--skill",
    "beta",
    "--dir",
    dir,
    "--json",
  ], { permissions: ["-A"] });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(
    JSON.parse(run.stdout).map((r: { name: string }) => r.name),
    ["alpha", "beta"],
  );
  assert.deepEqual(Object.keys(readLock(dir).skills).sort(), ["alpha", "beta"]);
  const one = await runCli(
    ["install", source, "--skill", "gamma", "--dir", dir, "--json"],
    { permissions: ["-A"] },
  );
  assert.equal(JSON.parse(one.stdout).name, "gamma");
});

Deno.test("owner/repo[/path][#ref] installs from GitHub when no local path has that name; ./ names the local one", async () => {
  await using tmp = await tempDir();
  // Offline: git's own url.<base>.insteadOf (in a HOME made for the test)
  // sends https://github.com/ to local repositories.
  const repos = join(tmp.path, "repos");
  await gitRepo(join(repos, "acme/skills.git"), {
    "tools/pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF tools"),
  });
  await sh("git", ["tag", "v1"], join(repos, "acme/skills.git"));
  const home = join(tmp.path, "home");
  await Deno.mkdir(home);
  await Deno.writeTextFile(
    join(home, ".gitconfig"),
    `[url "file://${repos}/"]\n\tinsteadOf = https://github.com/\n[protocol "file"]\n\tallow = always\n`,
  );
  const work = join(tmp.path, "work");
  await Deno.mkdir(work);
  const dir = join(tmp.path, "skills");
  const run = await runCli(
    ["install", "acme/skills/tools/pdf#v1", "--dir", dir],
    { permissions: ["-A"], cwd: work, env: { HOME: home } },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /"acme\/skills\/tools\/pdf#v1" is not a local path: installing the GitHub repository https:\/\/github\.com\/acme\/skills\.git#v1:tools\/pdf/,
  );
  const entry = readLock(dir).skills.pdf!;
  assert.equal(entry.source, "https://github.com/acme/skills.git#v1:tools/pdf");
  assert.equal(entry.kind, "git");

  // With a local directory of the same name, ./ says which one is meant
  // (the bare form is refused: tests/install_shorthand_test.ts).
  await writeSkill(join(work, "acme/skills/tools"), "pdf", {
    description: "The local one",
  });
  const local = await runCli(
    ["install", "./acme/skills/tools/pdf", "--dir", join(tmp.path, "other")],
    { permissions: ["-A"], cwd: work, env: { HOME: home } },
  );
  assert.equal(local.code, 0, local.stderr);
  assert.doesNotMatch(local.stderr, /github/);
  assert.equal(
    readLock(join(tmp.path, "other")).skills.pdf!.kind,
    "local",
  );
});

Deno.test("install --list shows what a local or git source holds and installs nothing", async () => {
  await using tmp = await tempDir();
  const collection = join(tmp.path, "collection");
  for (const name of ["alpha", "beta"]) {
    await writeSkill(join(collection, "skills"), name);
  }
  const dir = join(tmp.path, "skills");
  const local = await runCli(
    ["install", collection, "--list", "--dir", dir, "--json"],
    { permissions: ["-A"] },
  );
  assert.equal(local.code, 0, local.stderr);
  assert.deepEqual(JSON.parse(local.stdout), [
    { name: "alpha", description: "The alpha skill", path: "skills/alpha" },
    { name: "beta", description: "The beta skill", path: "skills/beta" },
  ]);
  await assert.rejects(Deno.stat(dir)); // nothing installed, nothing created

  const repo = join(tmp.path, "repo");
  await gitRepo(repo, {
    "pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF tools"),
  });
  const git = await runCli(
    ["install", `file://${repo}`, "--list", "--dir", dir],
    { permissions: ["-A"] },
  );
  assert.equal(git.code, 0, git.stderr);
  assert.equal(git.stdout, "NAME  PATH  DESCRIPTION\npdf   pdf   PDF tools\n");
  await assert.rejects(Deno.stat(dir));
});

Deno.test("install --all (or --skill '*') installs every skill a source holds", async () => {
  await using tmp = await tempDir();
  const collection = join(tmp.path, "collection");
  for (const name of ["alpha", "beta", "gamma"]) {
    await writeSkill(collection, name);
  }
  for (
    const [flag, dir] of [["--all"], ["--skill", "*"]].map((f, i) =>
      [f, join(tmp.path, `skills-${i}`)] as const
    )
  ) {
    const run = await runCli(["install", collection, ...flag, "--dir", dir], {
      permissions: ["-A"],
    });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(Object.keys(readLock(dir).skills).sort(), [
      "alpha",
      "beta",
      "gamma",
    ]);
  }
});
