// Copyright 2026 the skillscope authors. MIT license.
/**
 * The project directories the default roots are looked for in: the cwd and
 * its ancestors up to the git root, each looked at only where Deno grants
 * reading it.
 *
 * @module
 */
import { dirname, join } from "../shared/path.ts";

/**
 * The git root above `cwd`: the nearest directory, `cwd` included, holding
 * a `.git` entry (a directory, or a file for a worktree), looked for only
 * where Deno grants reading it.
 *
 * @example Usage
 * ```ts
 * import { gitRoot } from "./project_dirs.ts";
 * import assert from "node:assert/strict";
 *
 * const project = await Deno.makeTempDir();
 * await Deno.mkdir(`${project}/.git`);
 * await Deno.mkdir(`${project}/src`);
 * assert.equal(gitRoot(`${project}/src`), project);
 * ```
 *
 * @param cwd An absolute directory.
 * @returns The git root, or `undefined` when there is none.
 */
export function gitRoot(cwd: string): string | undefined {
  for (let dir = cwd;; dir = dirname(dir)) {
    const git = join(dir, ".git");
    if (
      Deno.permissions.querySync({ name: "read", path: git }).state !==
        "granted"
    ) return undefined;
    try {
      Deno.lstatSync(git);
      return dir;
    } catch {
      // not the git root
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * `cwd` and its ancestors up to the git root, deepest first; only `cwd`
 * when there is no git root or `ancestors` is `false`.
 *
 * @example Usage
 * ```ts
 * import { projectDirs } from "./project_dirs.ts";
 * import assert from "node:assert/strict";
 *
 * const project = await Deno.makeTempDir();
 * await Deno.mkdir(`${project}/.git`);
 * await Deno.mkdir(`${project}/src`);
 * assert.deepEqual(projectDirs(`${project}/src`, true), [`${project}/src`, project]);
 * assert.deepEqual(projectDirs(`${project}/src`, false), [`${project}/src`]);
 * ```
 *
 * @param cwd An absolute directory.
 * @param ancestors Whether to go up to the git root.
 * @returns The directories.
 */
export function projectDirs(cwd: string, ancestors: boolean): string[] {
  return walkedDirs(cwd, ancestors ? "git-root" : "cwd");
}

/**
 * The project directories an agent reads its project roots in, deepest
 * first, by its walk rule (see `ProjectWalk` in the client table):
 * `"git-root"` from `cwd` up to the git root (`cwd` alone outside one),
 * `"cwd"` only `cwd`, `"git-root-else-top"` up to the git root, or outside
 * a repository every ancestor up to `/`.
 *
 * @example Usage
 * ```ts
 * import { walkedDirs } from "./project_dirs.ts";
 * import assert from "node:assert/strict";
 *
 * const top = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${top}/a/b`, { recursive: true });
 * assert.deepEqual(walkedDirs(`${top}/a/b`, "cwd"), [`${top}/a/b`]);
 * assert.ok(walkedDirs(`${top}/a/b`, "git-root-else-top").includes(top));
 * assert.equal(walkedDirs(`${top}/a/b`, "git-root-else-top").at(-1), "/");
 * ```
 *
 * @param cwd An absolute directory.
 * @param walk The agent's rule.
 * @returns The directories.
 */
export function walkedDirs(
  cwd: string,
  walk: "git-root" | "cwd" | "git-root-else-top",
): string[] {
  if (walk === "cwd") return [cwd];
  const root = gitRoot(cwd);
  if (root === undefined) {
    if (walk === "git-root") return [cwd];
    const chain: string[] = [];
    for (let dir = cwd;; dir = dirname(dir)) {
      chain.push(dir);
      if (dirname(dir) === dir) return chain;
    }
  }
  const chain: string[] = [];
  for (let dir = cwd; dir !== root; dir = dirname(dir)) chain.push(dir);
  return [...chain, root];
}
