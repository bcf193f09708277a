// Copyright 2026 the skillscope authors. MIT license.
// The peer scenario "GitHub shorthand - owner/repo/path" (vercel-labs/skills
// tests/source-parser.test.ts: `owner/repo/skills/my-skill` is the
// repository github.com/owner/repo and the sub-path skills/my-skill), end to
// end: installed from a real git repository, offline, through git's own
// url.<base>.insteadOf in a HOME made for the test. DESIGN §5a writes the
// source `owner/repo[/path][@skill][#ref]`; the `#ref` before the `@skill`
// keeps working too.
import assert from "node:assert/strict";
import { join } from "node:path";
import { readLock } from "../src/install/mod.ts";
import { parseInstallSource } from "../src/install/install_source.ts";
import { InstallError } from "../src/install/errors.ts";
import { runCli, skillMd, tempDir } from "./_helpers.ts";
import { gitRepo, sh } from "./_git.ts";

/**
 * github.com/acme/skills as a local repository: tag v1 holds tools/pdf and
 * tools/xlsx as first written; main has moved on since.
 */
async function setUp(tmp: string): Promise<{ home: string; work: string }> {
  const repo = join(tmp, "repos", "acme", "skills.git");
  await gitRepo(repo, {
    "tools/pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF tools v1"),
    "tools/xlsx/SKILL.md": skillMd("name: xlsx\ndescription: Sheets v1"),
    "other/pdf/SKILL.md": skillMd("name: pdf\ndescription: Another pdf"),
  });
  await sh("git", ["tag", "v1"], repo);
  await Deno.writeTextFile(
    join(repo, "tools/pdf/SKILL.md"),
    skillMd("name: pdf\ndescription: PDF tools v2"),
  );
  await sh("git", ["commit", "-qam", "v2"], repo);
  const home = join(tmp, "home");
  const work = join(tmp, "work");
  await Deno.mkdir(home);
  await Deno.mkdir(work);
  await Deno.writeTextFile(
    join(home, ".gitconfig"),
    `[url "file://${
      join(tmp, "repos")
    }/"]\n\tinsteadOf = https://github.com/\n[protocol "file"]\n\tallow = always\n`,
  );
  return { home, work };
}

Deno.test("install owner/repo/path@skill#ref installs that skill from the sub-path of the repository at the ref", async () => {
  await using tmp = await tempDir();
  const { home, work } = await setUp(tmp.path);
  const install = (source: string, dir: string) =>
    runCli(["install", source, "--dir", join(tmp.path, dir)], {
      permissions: ["-A"],
      cwd: work,
      env: { HOME: home },
    });
  const cases = [
    // The sub-path is the skill itself, at the default branch.
    ["acme/skills/tools/pdf", "a", "PDF tools v2", ":tools/pdf"],
    // The skill named, the ref after it (DESIGN's order) …
    ["acme/skills/tools/pdf@pdf#v1", "b", "PDF tools v1", "v1:tools/pdf"],
    // … or before it; a sub-path holding several skills, one picked.
    ["acme/skills/tools#v1@pdf", "c", "PDF tools v1", "v1:tools"],
    ["acme/skills/tools@pdf#v1", "d", "PDF tools v1", "v1:tools"],
  ] as const;
  for (const [source, dir, description, fragment] of cases) {
    const run = await install(source, dir);
    assert.equal(run.code, 0, `${source}: ${run.stderr}`);
    assert.ok(
      run.stderr.includes(
        `"${source}" is not a local path: installing the GitHub repository https://github.com/acme/skills.git#${fragment}`,
      ),
      run.stderr,
    );
    const entry = readLock(join(tmp.path, dir)).skills.pdf;
    assert.equal(entry?.kind, "git", source);
    assert.equal(
      entry?.source,
      `https://github.com/acme/skills.git#${fragment}`,
      source,
    );
    assert.match(
      await Deno.readTextFile(join(tmp.path, dir, "pdf/SKILL.md")),
      new RegExp(`description: ${description}\n`),
      source,
    );
    // Only the skill asked for: not xlsx beside it, not other/pdf.
    assert.deepEqual(Object.keys(readLock(join(tmp.path, dir)).skills), [
      "pdf",
    ]);
  }
});

Deno.test("parseInstallSource() reads owner/repo/path with @skill and #ref in either order, and refuses two refs", () => {
  const expected = {
    kind: "git",
    url: "https://github.com/owner/repo.git",
    ref: "main",
    subpath: "skills/my-skill",
    skill: "my-skill",
  };
  assert.deepEqual(
    parseInstallSource("github:owner/repo/skills/my-skill@my-skill#main"),
    expected,
  );
  assert.deepEqual(
    parseInstallSource("github:owner/repo/skills/my-skill#main@my-skill"),
    expected,
  );
  assert.deepEqual(parseInstallSource("github:owner/repo/skills/my-skill"), {
    kind: "git",
    url: "https://github.com/owner/repo.git",
    subpath: "skills/my-skill",
  });
  assert.throws(
    () => parseInstallSource("github:owner/repo#v1@my-skill#v2"),
    (e) => e instanceof InstallError && e.code === "source-refused",
  );
});
