// Copyright 2026 the skillscope authors. MIT license.
// Install sources as people paste them (issue 27): browser URLs of GitHub and
// GitLab, `owner/repo@skill`, refs as `#ref`, `--list` that shows what
// install takes, and `metadata.internal` skills left out unless asked for.
// The parser cases mirror the vercel-labs/skills source-parser tests (named
// in each case); the CLI runs against real local repositories that the test
// HOME's git config puts in place of https://github.com/ and
// https://gitlab.com/ (no network).
import assert from "node:assert/strict";
import { join } from "node:path";
import { readLock } from "../src/install/mod.ts";
import {
  githubShorthand,
  type InstallSource,
  parseInstallSource,
} from "../src/install/install_source.ts";
import { InstallError } from "../src/install/errors.ts";
import { runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";
import { gitRepo, sh } from "./_git.ts";

const git = (
  url: string,
  rest: Partial<Extract<InstallSource, { kind: "git" }>> = {},
) => ({
  kind: "git",
  url,
  ...rest,
});

Deno.test("parseInstallSource() reads GitHub and GitLab browser URLs as repository, ref and directory (vercel-labs/skills source-parser cases)", () => {
  const cases: [string, string, unknown][] = [
    [
      "GitHub URL - tree with branch only",
      "https://github.com/owner/repo/tree/feature-branch",
      git("https://github.com/owner/repo.git", { ref: "feature-branch" }),
    ],
    [
      "GitHub URL - tree with branch and path",
      "https://github.com/owner/repo/tree/main/skills/my-skill",
      git("https://github.com/owner/repo.git", {
        ref: "main",
        subpath: "skills/my-skill",
      }),
    ],
    [
      "GitHub URL - tree with slash in path (ambiguous branch)",
      "https://github.com/owner/repo/tree/feature/my-feature",
      git("https://github.com/owner/repo.git", {
        ref: "feature",
        subpath: "my-feature",
      }),
    ],
    [
      "GitLab URL - tree with branch only",
      "https://gitlab.com/owner/repo/-/tree/develop",
      git("https://gitlab.com/owner/repo.git", { ref: "develop" }),
    ],
    [
      "GitLab URL - tree with branch and path",
      "https://gitlab.com/owner/repo/-/tree/main/src/skills",
      git("https://gitlab.com/owner/repo.git", {
        ref: "main",
        subpath: "src/skills",
      }),
    ],
    [
      "parses custom gitlab domain with deep subgroup paths",
      "https://git.corp.com/group/subgroup/project/-/tree/main/src",
      git("https://git.corp.com/group/subgroup/project.git", {
        ref: "main",
        subpath: "src",
      }),
    ],
    [
      "parses gitlab tree with branch but no path",
      "https://gitlab.example.com/org/repo/-/tree/v1.0",
      git("https://gitlab.example.com/org/repo.git", { ref: "v1.0" }),
    ],
    [
      "parses custom gitlab domain with port number",
      "https://git.corp.com:8443/group/repo/-/tree/main",
      git("https://git.corp.com:8443/group/repo.git", { ref: "main" }),
    ],
    [
      "parses http protocol (non-ssl)",
      "http://git.local/group/repo/-/tree/dev",
      git("http://git.local/group/repo.git", { ref: "dev" }),
    ],
    [
      "parses personal project path (~user)",
      "https://gitlab.com/~user/project/-/tree/main",
      git("https://gitlab.com/~user/project.git", { ref: "main" }),
    ],
    [
      "a blob URL of a SKILL.md names its directory",
      "https://github.com/owner/repo/blob/main/skills/pdf/SKILL.md",
      git("https://github.com/owner/repo.git", {
        ref: "main",
        subpath: "skills/pdf",
      }),
    ],
    [
      "a blob URL of the root SKILL.md names the repository's root",
      "https://github.com/owner/repo/blob/v2/SKILL.md",
      git("https://github.com/owner/repo.git", { ref: "v2" }),
    ],
    [
      "a GitLab blob URL, with the browser's query",
      "https://gitlab.com/group/repo/-/blob/main/pdf/SKILL.md?ref_type=heads",
      git("https://gitlab.com/group/repo.git", { ref: "main", subpath: "pdf" }),
    ],
    [
      "a percent-encoded path is decoded",
      "https://github.com/owner/repo/tree/main/my%20skills/pdf",
      git("https://github.com/owner/repo.git", {
        ref: "main",
        subpath: "my skills/pdf",
      }),
    ],
    // A plain repository URL stays the URL to clone, as written (the lock
    // records what was given; vercel-labs/skills appends .git).
    [
      "GitHub URL - basic repo",
      "https://github.com/owner/repo",
      git("https://github.com/owner/repo"),
    ],
    [
      "GitHub URL - with .git suffix",
      "https://github.com/owner/repo.git",
      git("https://github.com/owner/repo.git"),
    ],
    [
      "Git URL - SSH format",
      "git@github.com:owner/repo.git",
      git("git@github.com:owner/repo.git"),
    ],
    [
      "Git URL - custom host",
      "https://git.example.com/owner/repo.git",
      git("https://git.example.com/owner/repo.git"),
    ],
    [
      "Local path - relative with ./",
      "./my-skills",
      { kind: "local", path: "./my-skills" },
    ],
    [
      "Local path - relative with ../",
      "../other-skills",
      { kind: "local", path: "../other-skills" },
    ],
    ["Local path - current directory", ".", { kind: "local", path: "." }],
    [
      "Local path - absolute path",
      "/home/user/skills",
      { kind: "local", path: "/home/user/skills" },
    ],
  ];
  for (const [name, spec, expected] of cases) {
    assert.deepEqual(parseInstallSource(spec), expected, name);
  }
});

Deno.test("owner/repo@skill picks a skill and owner/repo#ref names a ref (vercel-labs/skills 'owner/repo@skill (skill filter syntax)')", () => {
  const cases: [string, string, unknown][] = [
    [
      "GitHub shorthand - owner/repo@skill (skill filter syntax)",
      "github:owner/repo@my-skill",
      git("https://github.com/owner/repo.git", { skill: "my-skill" }),
    ],
    [
      "GitHub shorthand - owner/repo@skill with hyphenated skill name",
      "github:vercel-labs/agent-skills@find-skills",
      git("https://github.com/vercel-labs/agent-skills.git", {
        skill: "find-skills",
      }),
    ],
    [
      "GitHub shorthand - owner/repo/path",
      "github:owner/repo/skills/my-skill",
      git("https://github.com/owner/repo.git", { subpath: "skills/my-skill" }),
    ],
    [
      "a ref, a path and a skill",
      "github:owner/repo/skills#v1.2@pdf",
      git("https://github.com/owner/repo.git", {
        ref: "v1.2",
        subpath: "skills",
        skill: "pdf",
      }),
    ],
    [
      "a Unicode skill name",
      "github:owner/repo@技能",
      git("https://github.com/owner/repo.git", { skill: "技能" }),
    ],
  ];
  for (const [name, spec, expected] of cases) {
    assert.deepEqual(parseInstallSource(spec), expected, name);
  }
  assert.equal(
    githubShorthand("owner/repo#main"),
    "https://github.com/owner/repo.git#main",
  );
  assert.equal(
    githubShorthand("owner/repo@pdf"),
    "https://github.com/owner/repo.git",
  );
});

Deno.test("an @ that names no valid skill is refused with the advice to write #REF; browser URLs that are not a skill are refused", () => {
  const refused = (spec: string, pattern: RegExp) =>
    assert.throws(
      () => parseInstallSource(spec),
      (e: unknown) =>
        e instanceof InstallError && e.code === "source-refused" &&
        pattern.test(e.message),
      spec,
    );
  refused(
    "github:acme/skills@v1.2",
    /"v1\.2" is not a skill name; for the git ref "v1\.2" write "github:acme\/skills#v1\.2"/,
  );
  refused(
    "github:acme/skills@release/2",
    /write "github:acme\/skills#release\/2"/,
  );
  refused("github:acme/skills@Main", /"Main" is not a skill name/);
  refused(
    "https://github.com/acme/skills/blob/main/README.md",
    /a blob URL must point at a SKILL\.md/,
  );
  refused(
    "https://github.com/acme/skills/blob/main/pdf/SKILL.md#L3",
    /names its ref in the path/,
  );
  refused(
    "https://github.com/acme/skills/pull/12",
    /a GitHub page, not a repository/,
  );
  refused(
    "https://github.com/acme/skills/tree/main/../../etc",
    /Refusing sub-path/,
  );
  refused(
    "https://github.com/acme/skills/tree/main/%2e%2e/x",
    /Refusing sub-path/,
  );
  refused(
    "https://github.com/acme/skills/tree/-x/pdf",
    /Refusing git ref "-x"/,
  );
  refused("https://github.com/acme/skills/tree/main/%zz", /percent-encoding/);
});

/**
 * Repositories in place of GitHub and GitLab: acme/skills holds tools/pdf
 * (a tag v1, then changed on main) and sql; group/sub/skills on GitLab holds
 * tools/pdf. Returns the HOME whose git config points there, and a work dir.
 */
async function hosts(tmp: string): Promise<{ home: string; work: string }> {
  const github = join(tmp, "github");
  const acme = join(github, "acme/skills.git");
  await gitRepo(acme, {
    "tools/pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF at v1"),
    "sql/SKILL.md": skillMd("name: sql\ndescription: SQL review"),
  });
  await sh("git", ["tag", "v1"], acme);
  await writeTree(acme, {
    "tools/pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF on main"),
  });
  await sh("git", ["commit", "-q", "-am", "main"], acme);
  const gitlab = join(tmp, "gitlab");
  await gitRepo(join(gitlab, "group/sub/skills.git"), {
    "tools/pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF from GitLab"),
  });
  const home = join(tmp, "home");
  const work = join(tmp, "work");
  await Deno.mkdir(home);
  await Deno.mkdir(work);
  await Deno.writeTextFile(
    join(home, ".gitconfig"),
    `[url "file://${github}/"]\n\tinsteadOf = https://github.com/\n[url "file://${gitlab}/"]\n\tinsteadOf = https://gitlab.com/\n[protocol "file"]\n\tallow = always\n`,
  );
  return { home, work };
}

Deno.test("install takes a GitHub tree URL at its ref, a blob URL's directory and a GitLab tree URL (real repositories)", async () => {
  await using tmp = await tempDir();
  const { home, work } = await hosts(tmp.path);
  const install = (source: string, dir: string) =>
    runCli(["install", source, "--dir", dir], {
      permissions: ["-A"],
      cwd: work,
      env: { HOME: home },
    });
  const cases = [
    [
      "https://github.com/acme/skills/tree/v1/tools/pdf",
      "PDF at v1",
      "https://github.com/acme/skills.git#v1:tools/pdf",
    ],
    [
      "https://github.com/acme/skills/blob/main/tools/pdf/SKILL.md",
      "PDF on main",
      "https://github.com/acme/skills.git#main:tools/pdf",
    ],
    [
      "https://gitlab.com/group/sub/skills/-/tree/main/tools/pdf?ref_type=heads",
      "PDF from GitLab",
      "https://gitlab.com/group/sub/skills.git#main:tools/pdf",
    ],
  ];
  for (const [source, description, recorded] of cases) {
    const dir = join(
      tmp.path,
      "skills",
      String(cases.findIndex((c) => c[0] === source)),
    );
    const run = await install(source!, dir);
    assert.equal(run.code, 0, `${source}: ${run.stderr}`);
    assert.match(
      await Deno.readTextFile(join(dir, "pdf/SKILL.md")),
      new RegExp(description!),
    );
    assert.equal(readLock(dir).skills.pdf?.source, recorded, source);
  }
});

Deno.test("install owner/repo@skill takes that skill (recorded as --skill would be); an @ref gets the advice to write #ref", async () => {
  await using tmp = await tempDir();
  const { home, work } = await hosts(tmp.path);
  const cli = (args: string[]) =>
    runCli(args, { permissions: ["-A"], cwd: work, env: { HOME: home } });
  const dir = join(tmp.path, "skills");
  const sql = await cli(["install", "acme/skills@sql", "--dir", dir]);
  assert.equal(sql.code, 0, sql.stderr);
  assert.match(
    sql.stderr,
    /installing the GitHub repository https:\/\/github\.com\/acme\/skills\.git \(skill "sql"\)/,
  );
  const entry = readLock(dir).skills.sql!;
  assert.deepEqual([entry.source, entry.skill], [
    "https://github.com/acme/skills.git",
    "sql",
  ]);
  // v1 is a valid skill name, and the tag of the repository: no skill has it.
  const tag = await cli(["install", "acme/skills@v1", "--dir", dir]);
  assert.equal(tag.code, 1);
  assert.match(tag.stderr, /No skill named "v1"/);
  assert.match(
    tag.stderr,
    /if "v1" is a git ref, write "#v1" instead of "@v1"/,
  );
  // Not a skill name at all: refused before anything is fetched.
  const dotted = await cli(["install", "acme/skills@v1.0", "--dir", dir]);
  assert.equal(dotted.code, 1);
  assert.match(
    dotted.stderr,
    /for the git ref "v1\.0" write "acme\/skills#v1\.0"/,
  );
  const ref = await cli([
    "install",
    "acme/skills#v1",
    "--skill",
    "pdf",
    "--dir",
    dir,
  ]);
  assert.equal(ref.code, 0, ref.stderr);
  assert.match(await Deno.readTextFile(join(dir, "pdf/SKILL.md")), /PDF at v1/);
  const listed = await cli(["install", "acme/skills@sql", "--list", "--json"]);
  assert.deepEqual(
    JSON.parse(listed.stdout).map((s: { name: string }) => s.name),
    ["sql"],
  );
});

Deno.test("install --list on a source with its own SKILL.md lists exactly what install installs: that skill, not the nested ones", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "bundle");
  await writeTree(source, {
    "SKILL.md": skillMd("name: bundle\ndescription: The bundle itself"),
    "examples/demo/SKILL.md": skillMd("name: demo\ndescription: An example"),
  });
  const list = await runCli(["install", source, "--list", "--json"]);
  assert.equal(list.code, 0, list.stderr);
  assert.deepEqual(JSON.parse(list.stdout), [
    { name: "bundle", description: "The bundle itself", path: "." },
  ]);
  const dir = join(tmp.path, "skills");
  const run = await runCli(["install", source, "--all", "--dir", dir], {
    permissions: ["-A"],
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(Object.keys(readLock(dir).skills), ["bundle"]);
});

Deno.test("metadata.internal: true skills are left out of --list, --all and the only-skill choice unless --internal (vercel-labs/skills 'should skip internal skills by default')", async () => {
  await using tmp = await tempDir();
  const source = join(tmp.path, "collection");
  await writeTree(source, {
    "pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF tools"),
    "internal-skill/SKILL.md": skillMd(
      "name: internal-skill\ndescription: An internal skill\nmetadata:\n  internal: true",
    ),
  });
  const names = async (args: string[]) => {
    const run = await runCli(["install", source, "--list", "--json", ...args]);
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout).map((s: { name: string }) => s.name);
  };
  assert.deepEqual(await names([]), ["pdf"]);
  assert.deepEqual(await names(["--internal"]), ["internal-skill", "pdf"]);
  assert.deepEqual(await names(["--skill", "internal-skill"]), [
    "internal-skill",
  ]);
  const install = async (dir: string, args: string[]) => {
    const run = await runCli(["install", source, "--dir", dir, ...args], {
      permissions: ["-A"],
    });
    assert.equal(run.code, 0, run.stderr);
    return Object.keys(readLock(dir).skills).sort();
  };
  assert.deepEqual(await install(join(tmp.path, "a"), ["--all"]), ["pdf"]);
  assert.deepEqual(
    await install(join(tmp.path, "b"), ["--all", "--internal"]),
    ["internal-skill", "pdf"],
  );
  assert.deepEqual(await install(join(tmp.path, "c"), []), ["pdf"]);
  assert.deepEqual(
    await install(join(tmp.path, "d"), ["--skill", "internal-skill"]),
    ["internal-skill"],
  );
});
