// Copyright 2026 the skillscope authors. MIT license.
// Install's size bounds: a repository of a few KB whose trees fan out to far
// more paths than the file-count cap (git's listing is read only up to the
// cap, and git stopped), and a skill over the byte cap, named in the refusal.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type GitResult, type GitRunner, runGit } from "../src/install/git.ts";
import { install } from "../src/install/install.ts";
import { runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";
import { gitRepo, rejectsCode } from "./_git.ts";

/** Runs git with input on stdin in `cwd`, returning its trimmed stdout. */
async function gitIn(cwd: string, args: string[], input = ""): Promise<string> {
  const child = new Deno.Command("git", {
    args,
    cwd,
    env: {
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
    },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const out = await child.output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).trim();
}

/** Makes `repo`'s main a commit whose tree fans out ten ways `depth` times (10^depth paths). */
async function treeBomb(repo: string, depth: number): Promise<void> {
  await gitRepo(repo, { "README.md": "bomb\n" });
  const blob = await gitIn(repo, ["hash-object", "-w", "README.md"]);
  let entry = `100644 blob ${blob}`;
  for (let level = 0; level < depth; level++) {
    const listing = Array.from({ length: 10 }, (_, i) => `${entry}\t${i}\n`)
      .join("");
    entry = `040000 tree ${await gitIn(repo, ["mktree"], listing)}`;
  }
  const tree = entry.split(" ")[2]!;
  const commit = await gitIn(repo, ["commit-tree", tree, "-m", "bomb"]);
  await gitIn(repo, ["update-ref", "refs/heads/main", commit]);
}

Deno.test("install() reads a tree bomb's listing only up to the file-count cap, stops git, and refuses it naming the source", async () => {
  await using dir = await tempDir();
  const repo = join(dir.path, "bomb");
  await treeBomb(repo, 5);
  const listings: GitResult[] = [];
  const recording: GitRunner = async (args, options) => {
    const result = await runGit(args, options);
    if (args.includes("ls-tree")) listings.push(result);
    return result;
  };
  const url = `file://${repo}`;
  const error = await rejectsCode(
    install({ source: url, dir: join(dir.path, "skills"), git: recording }),
    "too-large",
  );
  assert.equal(
    error.message,
    `The repository ${
      JSON.stringify(url)
    } holds more than 10000 files; nothing was checked out`,
  );
  assert.equal(listings.length, 1);
  assert.equal(listings[0]!.exceeded, "records");
  assert.ok(listings[0]!.stdout.split("\0").length <= 10_001);
});

Deno.test("runGit() stops git once it prints past the byte bound on stdout or stderr", async () => {
  await using dir = await tempDir();
  const repo = join(dir.path, "bomb");
  await treeBomb(repo, 3);
  const signal = new AbortController().signal;
  const listed = await runGit(
    ["-C", repo, "ls-tree", "-r", "-z", "HEAD"],
    { signal, limit: { bytes: 1000 } },
  );
  assert.equal(listed.exceeded, "bytes");
  assert.ok(listed.stdout.length <= 1000);
  const noisy = await runGit(
    ["-C", repo, "log", "--no-such-option-".padEnd(2000, "x")],
    { signal, limit: { bytes: 1000 } },
  );
  assert.equal(noisy.exceeded, "bytes");
  assert.ok(noisy.stderr.length <= 1000);
});

Deno.test("skillscope install of a tree bomb fails with one line naming the source, no stack trace", async () => {
  await using dir = await tempDir();
  const repo = join(dir.path, "bomb");
  await treeBomb(repo, 5);
  const url = `file://${repo}`;
  const run = await runCli(
    ["install", url, "--dir", join(dir.path, "skills")],
    { permissions: ["-P=cli"], signal: AbortSignal.timeout(60_000) },
  );
  assert.equal(run.code, 1, run.stderr);
  assert.equal(
    run.stderr,
    `skillscope: The repository ${
      JSON.stringify(url)
    } holds more than 10000 files; nothing was checked out\n`,
  );
});

Deno.test("a skill over the byte cap is refused naming the skill, its source and the file that passed the cap", async () => {
  await using dir = await tempDir();
  const source = join(dir.path, "src", "big");
  await writeTree(source, {
    "SKILL.md": skillMd("name: big\ndescription: Big"),
    "data.bin": "0".repeat(4_000),
  });
  const error = await rejectsCode(
    install({
      source,
      dir: join(dir.path, "skills"),
      limits: { maxBytes: 1_000 },
      // The copy's own refusal, not the audit's of the same cap.
      audit: "off",
    }),
    "too-large",
  );
  assert.equal(
    error.message,
    `The skill "big" from ${source} is larger than 1000 bytes (at "data.bin")`,
  );
});
