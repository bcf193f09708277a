// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { discoverSync } from "../src/discover/discover.ts";
import { InstallError } from "../src/install/errors.ts";
import { type GitRunner, runGit } from "../src/install/git.ts";
import {
  install,
  readLock,
  remove,
  skillInfo,
  update,
  verify,
} from "../src/install/mod.ts";
import { parseInstallSource } from "../src/install/install_source.ts";
import { directorySource } from "../src/discover/sources.ts";
import { runCli, skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { gitRepo, rejectsCode, sh } from "./_git.ts";

Deno.test("install() copies the whole skill and records a reproducible hash in skills.lock", async () => {
  await using dir = await tempDir();
  const src = join(dir.path, "src");
  await writeSkill(src, "pdf", { body: "# PDF\n" });
  await writeTree(join(src, "pdf"), {
    "scripts/run.sh": "#!/bin/sh\necho hi\n",
    "references/a.md": "A\n",
    ".git/config": "x",
  });
  await Deno.chmod(join(src, "pdf", "scripts/run.sh"), 0o755);
  const target = join(dir.path, "skills");
  const result = await install({ source: join(src, "pdf"), dir: target });
  assert.equal(result.status, "installed");
  assert.equal(result.name, "pdf");
  assert.equal(
    await Deno.readTextFile(join(target, "pdf", "references/a.md")),
    "A\n",
  );
  assert.equal(
    (await Deno.stat(join(target, "pdf", "scripts/run.sh"))).mode! & 0o777,
    0o755,
  );
  await assert.rejects(Deno.stat(join(target, "pdf", ".git")));
  const lock = readLock(target);
  const entry = lock.skills.pdf!;
  assert.equal(entry.hash, result.hash);
  assert.equal(entry.source, join(src, "pdf"));
  assert.deepEqual(Object.keys(entry.files), [
    "SKILL.md",
    "references/a.md",
    "scripts/run.sh",
  ]);
  // The same hash from standard tools: sha256sum of every file, sorted by path, hashed again.
  const fromTools = await sh("sh", [
    "-c",
    "find . -type f | sed 's|^\\./||' | LC_ALL=C sort | while read -r f; do sha256sum \"$f\"; done | sha256sum",
  ], join(target, "pdf"));
  assert.equal(`sha256-${fromTools.split(" ")[0]}`, entry.hash);
  // Keys are sorted and the file ends with a newline.
  const text = await Deno.readTextFile(join(target, "skills.lock"));
  assert.ok(text.endsWith("}\n"));
  assert.ok(
    text.indexOf('"files"') < text.indexOf('"hash"') &&
      text.indexOf('"hash"') < text.indexOf('"source"'),
  );
  assert.deepEqual(
    discoverSync({ sources: [directorySource(target)], cache: false }).skills
      .map((s) => s.name),
    ["pdf"],
  );
});

Deno.test("install() reports updated with the previous hash, and unchanged when nothing changed", async () => {
  await using dir = await tempDir();
  const src = join(dir.path, "src", "pdf");
  await writeSkill(join(dir.path, "src"), "pdf", { description: "v1" });
  const target = join(dir.path, "skills");
  const first = await install({ source: src, dir: target });
  const again = await install({ source: src, dir: target });
  assert.equal(again.status, "unchanged");
  await writeSkill(join(dir.path, "src"), "pdf", { description: "v2" });
  const second = await install({ source: src, dir: target });
  assert.equal(second.status, "updated");
  assert.equal(second.previousHash, first.hash);
  assert.notEqual(second.hash, first.hash);
  // A locally modified copy is repaired only when forced, and the edits
  // are kept.
  await Deno.writeTextFile(join(target, "pdf", "SKILL.md"), "tampered");
  await rejectsCode(install({ source: src, dir: target }), "locally-modified");
  const repaired = await install({ source: src, dir: target, force: true });
  assert.equal(repaired.status, "updated");
  assert.equal(
    await Deno.readTextFile(join(repaired.backup!, "SKILL.md")),
    "tampered",
  );
  assert.equal((await verify(target)).ok, true);
});

Deno.test("install() refuses a clash with another source and an unlocked directory unless forced", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, "a"), "pdf", { description: "from a" });
  await writeSkill(join(dir.path, "b"), "pdf", { description: "from b" });
  const target = join(dir.path, "skills");
  await install({ source: join(dir.path, "a", "pdf"), dir: target });
  await rejectsCode(
    install({ source: join(dir.path, "b", "pdf"), dir: target }),
    "clash",
  );
  assert.equal(readLock(target).skills.pdf!.source, join(dir.path, "a", "pdf"));
  const forced = await install({
    source: join(dir.path, "b", "pdf"),
    dir: target,
    force: true,
  });
  assert.equal(forced.status, "updated");
  assert.equal(readLock(target).skills.pdf!.source, join(dir.path, "b", "pdf"));

  await writeSkill(target, "mine", { description: "hand-made" });
  await writeSkill(join(dir.path, "c"), "mine", { description: "installed" });
  await rejectsCode(
    install({ source: join(dir.path, "c", "mine"), dir: target }),
    "unlocked-directory",
  );
  assert.match(
    await Deno.readTextFile(join(target, "mine", "SKILL.md")),
    /hand-made/,
  );
  await install({
    source: join(dir.path, "c", "mine"),
    dir: target,
    force: true,
  });
  assert.match(
    await Deno.readTextFile(join(target, "mine", "SKILL.md")),
    /installed/,
  );
});

Deno.test("install() picks the only skill of a source, refuses several without --skill", async () => {
  await using dir = await tempDir();
  const repo = join(dir.path, "collection");
  await writeSkill(repo, "skills/alpha");
  await writeSkill(repo, "skills/beta");
  const target = join(dir.path, "skills");
  const error = await rejectsCode(
    install({ source: repo, dir: target }),
    "several-skills",
  );
  assert.match(error.message, /alpha \(skills\/alpha\), beta \(skills\/beta\)/);
  assert.equal(
    (await install({ source: repo, dir: target, skill: "beta" })).name,
    "beta",
  );
  await rejectsCode(
    install({ source: repo, dir: target, skill: "gamma" }),
    "no-skill",
  );
  await rejectsCode(
    install({ source: join(dir.path, "nothing-here"), dir: target }),
    "source-missing",
  );
  await Deno.mkdir(join(dir.path, "empty"));
  await rejectsCode(
    install({ source: join(dir.path, "empty"), dir: target }),
    "no-skill",
  );
});

Deno.test("install() refuses unsafe names and skills without a description", async () => {
  await using dir = await tempDir();
  const target = join(dir.path, "skills");
  const cases: [string, string][] = [
    ["traversal", "name: ../escape\ndescription: d"],
    ["slash", "name: a/b\ndescription: d"],
    ["dot", "name: .hidden\ndescription: d"],
    ["upper", "name: Upper\ndescription: d"],
    ["nodesc", "name: nodesc"],
    ["noname", "description: d"],
  ];
  for (const [dirName, frontmatter] of cases) {
    await writeTree(join(dir.path, "src"), {
      [`${dirName}/SKILL.md`]: skillMd(frontmatter),
    });
    await rejectsCode(
      install({ source: join(dir.path, "src", dirName), dir: target }),
      "skill-invalid",
    );
  }
  await assert.rejects(Deno.stat(join(dir.path, "escape")));
  assert.deepEqual([...Deno.readDirSync(target)].map((e) => e.name), []);
});

Deno.test("install() refuses symlinks leading outside the skill and special files", async () => {
  await using dir = await tempDir();
  const target = join(dir.path, "skills");
  await writeTree(dir.path, { "secret.txt": "secret" });
  await writeSkill(join(dir.path, "src"), "leaky");
  await Deno.symlink(
    join(dir.path, "secret.txt"),
    join(dir.path, "src", "leaky", "link.txt"),
  );
  const error = await rejectsCode(
    install({ source: join(dir.path, "src", "leaky"), dir: target }),
    "unsafe-file",
  );
  assert.match(error.message, /link\.txt/);
  await writeSkill(join(dir.path, "src"), "inner");
  await writeTree(join(dir.path, "src", "inner"), { "real.md": "R" });
  await Deno.symlink("real.md", join(dir.path, "src", "inner", "alias.md"));
  await install({ source: join(dir.path, "src", "inner"), dir: target });
  assert.equal(await Deno.readTextFile(join(target, "inner", "alias.md")), "R");
  assert.equal(
    (await Deno.lstat(join(target, "inner", "alias.md"))).isSymlink,
    false,
  );
  await writeSkill(join(dir.path, "src"), "piped");
  await sh("mkfifo", [join(dir.path, "src", "piped", "fifo")]);
  await rejectsCode(
    install({ source: join(dir.path, "src", "piped"), dir: target }),
    "unsafe-file",
  );
  assert.deepEqual([...Deno.readDirSync(target)].map((e) => e.name).sort(), [
    "inner",
    "skills.lock",
  ]);
});

Deno.test("parseInstallSource() refuses option-like sources, remote helpers and odd refs", () => {
  for (
    const bad of [
      "--upload-pack=touch /tmp/x",
      "-oProxyCommand=x",
      "ext::sh -c touch% /tmp/x",
      "fd::17",
      "https://h/r.git#--orphan",
      "https://h/r.git#a..b",
      "https://h/r.git#main:../x",
      "a\nb",
    ]
  ) {
    assert.throws(
      () => parseInstallSource(bad),
      (e: unknown) => e instanceof InstallError && e.code === "source-refused",
      bad,
    );
  }
  assert.deepEqual(
    parseInstallSource("https://example.com/o/r.git#v1.2:skills/pdf"),
    {
      kind: "git",
      url: "https://example.com/o/r.git",
      ref: "v1.2",
      subpath: "skills/pdf",
    },
  );
  assert.deepEqual(parseInstallSource("git@example.com:o/r.git#:x"), {
    kind: "git",
    url: "git@example.com:o/r.git",
    subpath: "x",
  });
  assert.deepEqual(parseInstallSource("./local/dir"), {
    kind: "local",
    path: "./local/dir",
  });
});

Deno.test("install() refuses argument-injection sources before git runs", async () => {
  await using dir = await tempDir();
  const calls: string[][] = [];
  const recorder: GitRunner = (args) => {
    calls.push([...args]);
    return Promise.resolve({ code: 0, stdout: "", stderr: "" });
  };
  const marker = join(dir.path, "pwned");
  for (
    const source of [
      `--upload-pack=touch ${marker}`,
      `ext::sh -c touch% ${marker}`,
      `-u touch ${marker}`,
    ]
  ) {
    await rejectsCode(
      install({ source, dir: join(dir.path, "skills"), git: recorder }),
      "source-refused",
    );
  }
  assert.deepEqual(calls, []);
  const run = await runCli([
    "install",
    `ext::sh -c touch% ${marker}`,
    "--dir",
    join(dir.path, "skills"),
  ], {
    permissions: ["--allow-read", "--allow-write", "--allow-run=git"],
  });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /remote helpers/);
  await assert.rejects(Deno.stat(marker));
});

Deno.test("install() from real git repositories: default branch, #ref, :subpath, commit recorded, safe invocation", async () => {
  await using dir = await tempDir();
  const repo = join(dir.path, "repo");
  await gitRepo(repo, {
    "skills/pdf/SKILL.md": skillMd("name: pdf\ndescription: v1"),
    "skills/pdf/ref.md": "one",
    "README.md": "r",
  });
  await sh("git", ["tag", "v1"], repo);
  await writeTree(repo, {
    "skills/pdf/SKILL.md": skillMd("name: pdf\ndescription: v2"),
  });
  await sh("git", ["commit", "-q", "-am", "v2"], repo);
  const head = (await sh("git", ["rev-parse", "HEAD"], repo)).trim();
  const v1 = (await sh("git", ["rev-parse", "v1^{commit}"], repo)).trim();
  const calls: string[][] = [];
  const recording: GitRunner = (args, options) => {
    calls.push([...args]);
    return runGit(args, options);
  };
  const target = join(dir.path, "skills");
  const url = `file://${repo}`;
  const first = await install({
    source: `${url}#v1:skills/pdf`,
    dir: target,
    git: recording,
  });
  assert.equal(first.commit, v1);
  assert.match(
    await Deno.readTextFile(join(target, "pdf", "SKILL.md")),
    /description: v1/,
  );
  assert.equal(readLock(target).skills.pdf!.ref, "v1");
  const fetch = calls.find((c) => c.includes("fetch"))!;
  assert.ok(fetch.includes("core.hooksPath=/dev/null"));
  assert.equal(fetch[fetch.indexOf("--") + 1], url);
  // the default branch, found by scanning
  const latest = await install({
    source: url,
    dir: join(dir.path, "other"),
    git: recording,
  });
  assert.equal(latest.commit, head);
  assert.match(
    await Deno.readTextFile(join(dir.path, "other", "pdf", "SKILL.md")),
    /description: v2/,
  );
  assert.deepEqual(
    [...Deno.readDirSync(join(dir.path, "other"))].map((e) => e.name).sort(),
    ["pdf", "skills.lock"],
  );
  // update follows the recorded source: the tag stays, the branch moves
  await writeTree(repo, {
    "skills/pdf/SKILL.md": skillMd("name: pdf\ndescription: v3"),
  });
  await sh("git", ["commit", "-q", "-am", "v3"], repo);
  const [updated] = await update(join(dir.path, "other"), "pdf", {
    git: recording,
  });
  assert.equal(updated!.status, "updated");
  assert.equal(updated!.previousHash, latest.hash);
  const [pinned] = await update(target, undefined, { git: recording });
  assert.equal(pinned!.status, "unchanged");
  await rejectsCode(
    install({
      source: `${url}#no-such-branch`,
      dir: target,
      force: true,
      git: recording,
    }),
    "git-failed",
  );
  assert.deepEqual([...Deno.readDirSync(target)].map((e) => e.name).sort(), [
    "pdf",
    "skills.lock",
  ]);
});

Deno.test("verify() names each drifted skill and file; info() shows source, hash and drift; remove() drops both", async () => {
  await using dir = await tempDir();
  const target = join(dir.path, "skills");
  for (const name of ["one", "two", "three"]) {
    await writeSkill(join(dir.path, "src"), name);
    await writeTree(join(dir.path, "src", name), { "notes.md": "n" });
    await install({ source: join(dir.path, "src", name), dir: target });
  }
  assert.equal((await verify(target)).ok, true);
  await Deno.writeTextFile(join(target, "one", "notes.md"), "tampered");
  await Deno.writeTextFile(join(target, "one", "extra.md"), "new");
  await Deno.remove(join(target, "two", "notes.md"));
  await Deno.remove(join(target, "three"), { recursive: true });
  await writeSkill(target, "stray");
  const report = await verify(target);
  assert.equal(report.ok, false);
  assert.deepEqual(
    report.skills.map((s) => [
      s.name,
      s.status,
      s.files.map((f) => `${f.change}:${f.path}`),
    ]),
    [
      ["one", "modified", ["added:extra.md", "modified:notes.md"]],
      ["three", "missing", ["removed:SKILL.md", "removed:notes.md"]],
      ["two", "modified", ["removed:notes.md"]],
    ],
  );
  assert.deepEqual(report.unlocked, ["stray"]);
  const info = skillInfo(target, "one");
  assert.equal(info.entry.source, join(dir.path, "src", "one"));
  assert.equal(info.verification.status, "modified");
  const cli = await runCli(["verify", "--dir", target]);
  assert.equal(cli.code, 1);
  assert.match(
    cli.stdout,
    /modified {2}one\n +added: extra\.md\n +modified: notes\.md/,
  );
  // "one" was edited: removing it needs --force, and keeps the edits.
  await rejectsCode(remove(target, "one"), "locally-modified");
  const notes = await remove(target, "one", { force: true });
  assert.match(
    notes[0]!,
    /kept the changed files of "one" at .*\.skillscope-backup-one-/,
  );
  assert.equal(readLock(target).skills.one, undefined);
  await assert.rejects(Deno.stat(join(target, "one")));
  await rejectsCode(remove(target, "one"), "not-installed");
  await rejectsCode(remove(target, "stray"), "unlocked-directory");
  await remove(target, "stray", { force: true, backup: false });
  await assert.rejects(Deno.stat(join(target, "stray")));
});

Deno.test("skillscope install/info/remove from the CLI, with exit codes", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, "src"), "cli-skill");
  const target = join(dir.path, "skills");
  const perms = { permissions: ["--allow-read", `--allow-write=${dir.path}`] };
  const run = await runCli([
    "install",
    join(dir.path, "src", "cli-skill"),
    "--dir",
    target,
    "--json",
  ], perms);
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.status, "installed");
  const info = await runCli(
    ["info", "cli-skill", "--dir", target, "--json"],
    perms,
  );
  assert.equal(JSON.parse(info.stdout).hash, result.hash);
  const noWrite = await runCli(["remove", "cli-skill", "--dir", target], {
    permissions: ["--allow-read"],
  });
  assert.equal(noWrite.code, 3);
  assert.ok(noWrite.stderr.includes(`--allow-write=${target}`));
  const removed = await runCli(["remove", "cli-skill", "--dir", target], perms);
  assert.equal(removed.code, 0, removed.stderr);
  const missing = await runCli(["info", "cli-skill", "--dir", target], perms);
  assert.equal(missing.code, 1);
  const project = await runCli([
    "install",
    join(dir.path, "src", "cli-skill"),
    "--project",
  ], { ...perms, cwd: dir.path });
  assert.equal(project.code, 0, project.stderr);
  assert.ok(
    (await Deno.stat(join(dir.path, ".agents/skills/cli-skill/SKILL.md")))
      .isFile,
  );
});
