// Copyright 2026 the skillscope authors. MIT license.
/**
 * The agents' skills directories, in the project and the home, that hold a
 * `skills.lock` a command did not look at: `install --client claude` writes
 * into `.claude/skills`, which `verify` without `--client` never opens, so
 * a name not found (or a plain run) says where else skills are locked and
 * which flag reaches them. The directories come from the client table.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { CLIENTS } from "../discover/default_roots.ts";
import { readLock } from "../install/read_lock.ts";
import { existsSync } from "../shared/fs_checks.ts";
import { field, writeErr } from "./io.ts";
import {
  homeDir,
  namedScope,
  projectRoot,
  type Scope,
  scopeDirs,
  type ScopeValues,
  type SkillsDirs,
} from "./skills_dir_options.ts";

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
 * The agents' directories holding a `skills.lock` (recording `name`, when
 * given) other than `looked`, in the scopes the options allow.
 *
 * @example A skill installed into `.claude/skills`
 * ```ts
 * import assert from "node:assert/strict";
 * import { install } from "@skillscope/skills/install";
 * import { lockedElsewhere } from "./locked_elsewhere.ts";
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
 *   const values = { dir: undefined, client: undefined, project: true, global: undefined };
 *   assert.deepEqual(lockedElsewhere(values, [], "demo"), [
 *     { client: "claude", scope: "project", dir: `${project}/.claude/skills` },
 *   ]);
 *   assert.deepEqual(lockedElsewhere(values, [], "other"), []);
 * } finally {
 *   Deno.chdir(cwd);
 * }
 * ```
 *
 * @param values Parsed option values (`--project`, `--global`, `--dir`).
 * @param looked The directories the command already looked in.
 * @param name The skill asked for, if any.
 * @returns The directories, the project's first.
 */
export function lockedElsewhere(
  values: ScopeValues,
  looked: readonly string[],
  name?: string,
): LockedDir[] {
  const named = namedScope(values);
  if (named === "dir") return [];
  const seen = new Set(looked);
  const found: LockedDir[] = [];
  for (const scope of named === undefined ? SCOPES : [named]) {
    for (const client of CLIENTS) {
      const dir = clientDir(client, scope);
      if (dir === undefined || seen.has(dir)) continue;
      seen.add(dir);
      if (!existsSync(join(dir, "skills.lock"))) continue;
      if (name !== undefined && !holds(dir, name)) continue;
      found.push({ client, scope, dir });
    }
  }
  return found;
}

/**
 * Where a name was found instead, for a not-found message:
 * `found in .claude/skills: add --client claude`.
 *
 * @param found The directories ({@linkcode lockedElsewhere}).
 * @returns The hint, `""` for none.
 */
export function foundElsewhere(found: readonly LockedDir[]): string {
  return found.map((f) => `found in ${shown(f)}: add --client ${f.client}`)
    .join("; ");
}

/**
 * After a run without a name: a note for each agent's directory holding a
 * `skills.lock` the run did not cover, on stderr.
 *
 * @param values Parsed option values.
 * @param covered The scopes the run covered.
 */
export function writeLockedElsewhere(
  values: ScopeValues,
  covered: readonly SkillsDirs[],
): void {
  for (const f of lockedElsewhere(values, covered.flatMap((d) => d.dirs))) {
    writeErr(
      `note: ${
        shown(f)
      } also holds a skills.lock: add --client ${f.client} to include it\n`,
    );
  }
}

const SCOPES: readonly Scope[] = ["project", "global"];

/** The agent's directory in the scope; `undefined` when it has none or it cannot be told (a refused variable, a directory leading out). */
function clientDir(client: string, scope: Scope): string | undefined {
  try {
    return scopeDirs({ dir: undefined, client: [client] }, scope).dirs[0];
  } catch {
    return undefined;
  }
}

function holds(dir: string, name: string): boolean {
  try {
    return Object.hasOwn(readLock(dir).skills, name);
  } catch {
    return false;
  }
}

/** The directory as a person finds it: relative to the project, `~/…` in the home. */
function shown(f: LockedDir): string {
  if (f.scope === "project") {
    const root = projectRoot();
    if (f.dir.startsWith(`${root}/`)) {
      return field(f.dir.slice(root.length + 1));
    }
  } else {
    const home = homeDir();
    if (f.dir.startsWith(`${home}/`)) {
      return `~/${field(f.dir.slice(home.length + 1))}`;
    }
  }
  return field(f.dir);
}
