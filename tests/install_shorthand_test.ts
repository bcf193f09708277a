// Copyright 2026 the skillscope authors. MIT license.
// A bare owner/repo[/path] is a GitHub shorthand and a relative path at once:
// inside a clone that ships a directory of that name, install must not pick
// one silently. `./owner/repo` and `github:owner/repo` say which is meant.
import assert from "node:assert/strict";
import { join } from "node:path";
import { readLock } from "../src/install/mod.ts";
import { parseInstallSource } from "../src/install/install_source.ts";
import { runCli, skillMd, tempDir } from "./_helpers.ts";
import { gitRepo } from "./_git.ts";
import { clonedProject, treeSnapshot } from "./_hostile_project.ts";
import { InstallError } from "../src/install/errors.ts";

/**
 * A clone shipping `acme/skills/pdf/`, and a HOME whose git config sends
 * https://github.com/ to a local repository holding the real acme/skills
 * (no network).
 */
async function setUp(tmp: string): Promise<{ home: string; project: string }> {
  const cloned = await clonedProject(tmp, {
    "acme/skills/pdf/SKILL.md": skillMd(
      "name: pdf\ndescription: Planted by the project",
    ),
  });
  const repos = join(tmp, "repos");
  await gitRepo(join(repos, "acme/skills.git"), {
    "pdf/SKILL.md": skillMd("name: pdf\ndescription: The GitHub one"),
  });
  await Deno.writeTextFile(
    join(cloned.home, ".gitconfig"),
    `[url "file://${repos}/"]\n\tinsteadOf = https://github.com/\n[protocol "file"]\n\tallow = always\n`,
  );
  return cloned;
}

Deno.test("install acme/skills/pdf inside a clone that ships acme/skills/pdf/ refuses, naming both readings, and installs nothing", async () => {
  await using tmp = await tempDir();
  const { home, project } = await setUp(tmp.path);
  const before = await treeSnapshot(tmp.path);
  for (
    const args of [
      ["install", "acme/skills/pdf"],
      ["install", "acme/skills/pdf", "--all"],
      ["install", "acme/skills/pdf", "--list"],
    ]
  ) {
    const run = await runCli(args, {
      permissions: ["-A"],
      cwd: project,
      env: { HOME: home },
    });
    assert.equal(run.code, 1, `${args}: ${run.stderr}`);
    assert.ok(
      run.stderr.includes(
        `Ambiguous source "acme/skills/pdf": it names the local directory "${project}/acme/skills/pdf" and the GitHub repository https://github.com/acme/skills.git#:pdf; write "./acme/skills/pdf" for the directory or "github:acme/skills/pdf" for the repository`,
      ),
      run.stderr,
    );
    assert.equal(run.stdout, "");
    assert.deepEqual(await treeSnapshot(tmp.path), before);
  }
});

Deno.test("./acme/skills/pdf installs the local directory and github:acme/skills/pdf the repository", async () => {
  await using tmp = await tempDir();
  const { home, project } = await setUp(tmp.path);
  const local = join(tmp.path, "local");
  const remote = join(tmp.path, "remote");
  const run = (source: string, dir: string) =>
    runCli(["install", source, "--dir", dir], {
      permissions: ["-A"],
      cwd: project,
      env: { HOME: home },
    });
  const first = await run("./acme/skills/pdf", local);
  assert.equal(first.code, 0, first.stderr);
  assert.equal(readLock(local).skills.pdf?.kind, "local");
  assert.match(
    await Deno.readTextFile(join(local, "pdf/SKILL.md")),
    /Planted by the project/,
  );
  const second = await run("github:acme/skills/pdf", remote);
  assert.equal(second.code, 0, second.stderr);
  assert.deepEqual(
    [readLock(remote).skills.pdf?.kind, readLock(remote).skills.pdf?.source],
    ["git", "https://github.com/acme/skills.git#:pdf"],
  );
  assert.match(
    await Deno.readTextFile(join(remote, "pdf/SKILL.md")),
    /The GitHub one/,
  );
});

Deno.test("parseInstallSource() reads github:owner/repo[/path][#ref] as the GitHub shorthand and refuses malformed ones", () => {
  assert.deepEqual(parseInstallSource("github:acme/skills"), {
    kind: "git",
    url: "https://github.com/acme/skills.git",
  });
  assert.deepEqual(parseInstallSource("github:acme/skills/tools/pdf#v2"), {
    kind: "git",
    url: "https://github.com/acme/skills.git",
    ref: "v2",
    subpath: "tools/pdf",
  });
  for (
    const bad of ["github:acme", "github:../x/y", "github:a/b/../c", "github:"]
  ) {
    assert.throws(
      () => parseInstallSource(bad),
      (e) => e instanceof InstallError && e.code === "source-refused",
      bad,
    );
  }
});
