// Copyright 2026 the skillscope authors. MIT license.
// Test helpers for install: real git repositories and error expectations.
import assert from "node:assert/strict";
import { InstallError } from "../src/install/errors.ts";
import { writeTree } from "./_helpers.ts";

/** Asserts that `promise` rejects with an InstallError of `code`. */
export async function rejectsCode(
  promise: Promise<unknown>,
  code: string,
): Promise<InstallError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(
    caught instanceof InstallError,
    `expected InstallError ${code}, got ${caught}`,
  );
  assert.equal(caught.code, code, caught.message);
  return caught;
}

/** Runs a command (git with a fixed identity), asserting success. */
export async function sh(
  cmd: string,
  args: string[],
  cwd?: string,
): Promise<string> {
  const out = await new Deno.Command(cmd, {
    args,
    ...(cwd ? { cwd } : {}),
    env: {
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assert.equal(
    out.code,
    0,
    `${cmd} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`,
  );
  return text;
}

/** A git repository at `path` holding `files` in one commit on main. */
export async function gitRepo(
  path: string,
  files: Record<string, string>,
): Promise<void> {
  await writeTree(path, files);
  await sh("git", ["init", "-q", "-b", "main", path]);
  await sh("git", ["add", "-A"], path);
  await sh("git", ["commit", "-q", "-m", "init"], path);
}
