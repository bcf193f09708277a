// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which scope an install command works in when the options name none:
 * `install` and `restore` the project inside a git repository, else the
 * user's; `remove`, `update`, `check`, `verify` and `info` the scope that
 * holds the named skill (the project first, an ambiguous name refused), or
 * every scope that exists when no skill is named.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { readLock } from "../install/read_lock.ts";
import { InstallError } from "../install/errors.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { existsSync } from "../shared/fs_checks.ts";
import { field } from "./io.ts";
import { UsageError } from "./errors.ts";
import { foundElsewhere, lockedElsewhere } from "./locked_elsewhere.ts";
import {
  inRepository,
  namedScope,
  type Scope,
  scopeDirs,
  type ScopeValues,
  type SkillsDirs,
} from "./skills_dir_options.ts";

/**
 * Where `install` (and `restore`) writes: the scope named, else the project
 * inside a git repository and the user's directory elsewhere.
 *
 * @param values Parsed option values.
 * @param clients The agents chosen, when not the options' own.
 * @returns The directories.
 */
export function installDirs(
  values: ScopeValues,
  clients?: readonly string[],
): SkillsDirs {
  return scopeDirs(values, namedScope(values) ?? defaultScope(), clients);
}

/**
 * The scope `install` uses when none is named.
 *
 * @returns `"project"` inside a git repository, else `"global"`.
 */
export function defaultScope(): Scope {
  return inRepository() ? "project" : "global";
}

/**
 * How a scope is named in output: `project (/repo/.agents/skills)`.
 *
 * @param dirs The directories.
 * @returns The label (the directory alone for `--dir`).
 */
export function scopeLabel(dirs: SkillsDirs): string {
  const dir = field(dirs.dirs[0]);
  return dirs.scope === undefined ? dir : `${dirs.scope} (${dir})`;
}

/**
 * The scopes a command without a skill name covers: the one named, else
 * the project's and the user's whose skills directory exists (the
 * install default when neither does), without repeats.
 *
 * @param values Parsed option values.
 * @returns The scopes, the project's first.
 */
export function existingScopes(values: ScopeValues): SkillsDirs[] {
  const named = namedScope(values);
  if (named !== undefined) return [scopeDirs(values, named)];
  const found = candidates(values).filter((s) => isDirectory(s.dirs[0]));
  return found.length > 0 ? found : [installDirs(values)];
}

/**
 * The scope that holds `name` (in skills.lock, or as a directory for
 * `remove --force`): the one named, else the project's or the user's.
 *
 * @param values Parsed option values.
 * @param name The skill's name.
 * @returns The scope holding it.
 * @throws {UsageError} when both hold it: `--project` or `--global` decides.
 * @throws {InstallError} `not-installed` when neither does.
 */
export function scopeHolding(values: ScopeValues, name: string): SkillsDirs {
  const holders = scopesHoldingName(values, name);
  if (holders.length > 1) {
    throw new UsageError(
      `"${field(name)}" is installed in both scopes, ${
        holders.map(scopeLabel).join(" and ")
      }: pass --project or --global`,
    );
  }
  return holders[0]!;
}

/**
 * Every scope that holds `name`: the one named, else the project's and the
 * user's that do (the project's first).
 *
 * @param values Parsed option values.
 * @param name The skill's name.
 * @returns One or two scopes.
 * @throws {InstallError} `not-installed` when neither does.
 */
export function scopesHoldingName(
  values: ScopeValues,
  name: string,
): SkillsDirs[] {
  const named = namedScope(values);
  if (named !== undefined) return [scopeDirs(values, named)];
  const all = candidates(values);
  const holders = all.filter((s) => holds(s.dirs[0], name));
  if (holders.length > 0) return holders;
  const elsewhere = foundElsewhere(
    lockedElsewhere(values, all.flatMap((s) => s.dirs), name),
  );
  throw new InstallError(
    "not-installed",
    `No skill "${name}" is installed in ${all.map(scopeLabel).join(" or ")}${
      elsewhere === "" ? "" : `; ${elsewhere}`
    }`,
  );
}

/**
 * Groups names by the scope holding each (see {@linkcode scopeHolding}).
 *
 * @param values Parsed option values.
 * @param names Skill names.
 * @returns Each scope with its names, the project's first.
 */
export function scopesHolding(
  values: ScopeValues,
  names: readonly string[],
): { dirs: SkillsDirs; names: string[] }[] {
  const groups = new Map<string, { dirs: SkillsDirs; names: string[] }>();
  for (const name of new Set(names)) {
    const dirs = scopeHolding(values, name);
    const group = groups.get(dirs.dirs[0]) ?? { dirs, names: [] };
    group.names.push(name);
    groups.set(dirs.dirs[0], group);
  }
  return [...groups.values()].sort((a, b) =>
    a.dirs.scope === b.dirs.scope ? 0 : a.dirs.scope === "project" ? -1 : 1
  );
}

/**
 * The scopes a command covers for `names`: each scope holding some of them
 * ({@linkcode scopesHolding}), or with no name every scope that exists
 * ({@linkcode existingScopes}), its names then `undefined` (all).
 *
 * @param values Parsed option values.
 * @param names Skill names, possibly none.
 * @returns Each scope with its names.
 */
export function scopesFor(
  values: ScopeValues,
  names: readonly string[],
): { dirs: SkillsDirs; names: string[] | undefined }[] {
  return names.length === 0
    ? existingScopes(values).map((dirs) => ({ dirs, names: undefined }))
    : scopesHolding(values, names);
}

/** The project's scope and the user's, once each (they coincide when the project is the home). */
function candidates(values: ScopeValues): SkillsDirs[] {
  // An agent without a project directory (`--client zero`), or no HOME: the
  // other scope only (both missing: the user scope's error).
  const project = usable(() => scopeDirs(values, "project"));
  if (project === undefined) return [scopeDirs(values, "global")];
  const global = usable(() => scopeDirs(values, "global"));
  if (global === undefined) return [project];
  return project.dirs[0] === global.dirs[0] ? [global] : [project, global];
}

/** The scope, or `undefined` when the options give it no directory (a usage error). */
function usable(dirs: () => SkillsDirs): SkillsDirs | undefined {
  try {
    return dirs();
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}

function holds(dir: string, name: string): boolean {
  if (!isDirectory(dir)) return false;
  if (Object.hasOwn(readLock(dir).skills, name)) return true;
  return isValidSkillName(name) && existsSync(join(dir, name));
}

function isDirectory(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
