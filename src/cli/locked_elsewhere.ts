// Copyright 2026 the skillscope authors. MIT license.
/**
 * The agents' skills directories of a scope that hold a `skills.lock`
 * beside the shared `.agents/skills`: `install --client claude` writes its
 * lock into `.claude/skills`, and the commands that read locks (`check`,
 * `verify`, `remove`, `update`, `info`, `restore`) read every one of a
 * scope together (see `installed_locks.ts`). The directories come from the
 * client table, so they are exactly where `install --client` writes.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { CLIENTS } from "../clients/default_roots.ts";
import { existsSync } from "../shared/fs_checks.ts";
import { type Scope, scopeDirs } from "./skills_dir_options.ts";

/** A skills directory of an agent holding a `skills.lock`. */
export interface LockedDir {
  /** The agent whose directory it is (the first in table order). */
  readonly client: string;
  /** Its scope. */
  readonly scope: Scope;
  /** The directory. */
  readonly dir: string;
}

/**
 * The agents' directories of `scope` holding a `skills.lock`, other than
 * those in `skip`, in the client table's order, each once.
 *
 * @example A skill installed into `.claude/skills`
 * ```ts
 * import assert from "node:assert/strict";
 * import { install } from "@skillscope/skills/install";
 * import { lockedDirs } from "./locked_elsewhere.ts";
 *
 * const project = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${project}/src`);
 * await Deno.writeTextFile(
 *   `${project}/src/SKILL.md`,
 *   "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n",
 * );
 * await install({ source: `${project}/src`, dir: `${project}/.claude/skills` });
 * const cwd = Deno.cwd();
 * Deno.chdir(project);
 * try {
 *   assert.deepEqual(lockedDirs("project"), [
 *     { client: "claude", scope: "project", dir: `${project}/.claude/skills` },
 *   ]);
 * } finally {
 *   Deno.chdir(cwd);
 * }
 * ```
 *
 * @param scope The scope.
 * @param skip Directories to leave out (the shared one, already read).
 * @returns The directories.
 */
export function lockedDirs(
  scope: Scope,
  skip: readonly string[] = [],
): LockedDir[] {
  const seen = new Set(skip);
  const found: LockedDir[] = [];
  for (const client of CLIENTS) {
    const dir = clientDir(client, scope);
    if (dir === undefined || seen.has(dir)) continue;
    seen.add(dir);
    if (!existsSync(join(dir, "skills.lock"))) continue;
    found.push({ client, scope, dir });
  }
  return found;
}

/** The agent's directory in the scope; `undefined` when it has none or it cannot be told (a refused variable, a directory leading out). */
function clientDir(client: string, scope: Scope): string | undefined {
  try {
    return scopeDirs({ dir: undefined, client: [client] }, scope).dirs[0];
  } catch {
    return undefined;
  }
}
