// Copyright 2026 the skillscope authors. MIT license.
/**
 * One view of what skillscope installed in a scope: every `skills.lock` of
 * the scope read together — the shared `.agents/skills` and each agent's
 * directory that holds one (`install --client claude` writes its lock into
 * `.claude/skills`). A skill is reported once, under the lock that records
 * it; the copies and links it placed in other agents' directories are that
 * lock's targets. `--client X` narrows the view to the skills that have a
 * copy in X's directory, wherever their lock is; it never needs another
 * `--client`.
 *
 * @module
 */
import { isDirectorySync } from "../shared/fs_checks.ts";
import { resolve } from "../shared/path.ts";
import { readLock } from "../install/read_lock.ts";
import { UsageError } from "./errors.ts";
import { lockedDirs } from "./locked_elsewhere.ts";
import {
  namedScope,
  type Scope,
  scopeDirs,
  type ScopeValues,
  type SkillsDirs,
} from "./skills_dir_options.ts";

/** One lock of the view, and the skills of it a command covers. */
export interface LockView {
  /** The skills directory holding the lock (its only directory), with its scope. */
  readonly dirs: SkillsDirs;
  /** The skills of the lock covered; `undefined` for all of them. */
  readonly names: string[] | undefined;
}

/**
 * Every lock of the scopes the options cover (the one named, else the
 * project's and the user's): the shared skills directory when it exists,
 * then each agent's directory holding a `skills.lock`, each once. With
 * `--client`, only the skills with a copy in one of the agents'
 * directories; with `--dir`, that directory alone.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { installedLocks } from "./installed_locks.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const values = { dir, client: undefined, project: undefined, global: undefined };
 * assert.deepEqual(installedLocks(values).map((v) => v.dirs.dirs[0]), [dir]);
 * ```
 *
 * @param values Parsed option values.
 * @returns The locks, the project's first; empty when none exists.
 * @throws {UsageError} for contradicting options, or an agent with no
 *   directory in a scope named.
 */
export function installedLocks(values: ScopeValues): LockView[] {
  const named = namedScope(values);
  if (named === "dir") {
    return [{ dirs: scopeDirs(values, "dir"), names: undefined }];
  }
  const scopes: Scope[] = named === undefined ? ["project", "global"] : [named];
  const seen = new Set<string>();
  const views: LockView[] = [];
  for (const scope of scopes) {
    const wanted = wantedDirs(values, scope, named !== undefined);
    if (wanted === null) continue;
    for (const dir of scopeLockDirs(scope)) {
      if (seen.has(dir)) continue;
      seen.add(dir);
      const dirs: SkillsDirs = { scope, dirs: [dir] };
      if (wanted === undefined || wanted.includes(dir)) {
        views.push({ dirs, names: undefined });
        continue;
      }
      const names = copiedInto(dir, wanted);
      if (names.length > 0) views.push({ dirs, names });
    }
  }
  return views;
}

/**
 * The skills directories of a scope holding what skillscope installed
 * there: the shared one when it exists, then each agent's directory with a
 * `skills.lock`.
 *
 * @param scope The scope.
 * @returns The directories, the shared one first.
 * @throws {UsageError} when the scope has no directory (no HOME).
 */
export function scopeLockDirs(scope: Scope): string[] {
  const shared = sharedDir(scope);
  const dirs = shared === undefined || !isDirectorySync(shared) ? [] : [shared];
  for (const { dir } of lockedDirs(scope, dirs)) dirs.push(dir);
  return dirs;
}

/** The scope's `.agents/skills`, `undefined` when the scope has none (no HOME). */
function sharedDir(scope: Scope): string | undefined {
  try {
    return scopeDirs({ dir: undefined, client: undefined }, scope).dirs[0];
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}

/**
 * The `--client` agents' directories in the scope: `undefined` without
 * `--client` (everything), `null` when none of them has one there and the
 * scope was not named (the scope is left out).
 */
function wantedDirs(
  values: ScopeValues,
  scope: Scope,
  scopeNamed: boolean,
): readonly string[] | undefined | null {
  if ((values.client ?? []).length === 0) return undefined;
  try {
    return scopeDirs(values, scope).dirs;
  } catch (error) {
    if (error instanceof UsageError && !scopeNamed) return null;
    throw error;
  }
}

/** The skills of the lock in `dir` with a recorded copy or link in one of `wanted`. */
function copiedInto(dir: string, wanted: readonly string[]): string[] {
  const { skills } = readLock(dir);
  return Object.keys(skills).sort().filter((name) =>
    (skills[name]!.targets ?? []).some((t) =>
      wanted.includes(resolve(dir, t.dir))
    )
  );
}
