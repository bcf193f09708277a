// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which scope an install command works in when the options name none:
 * `install` and `restore` the project inside a git repository, else the
 * user's; `remove`, `update`, `check`, `verify` and `info` the lock that
 * holds the named skill (the project's first, an ambiguous name refused),
 * or every lock of every scope when no skill is named — the shared
 * directory's and each agent's (see `installed_locks.ts`).
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { readLock } from "../install/read_lock.ts";
import { InstallError } from "../install/errors.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { existsSync, isDirectorySync } from "../shared/fs_checks.ts";
import { field } from "./io.ts";
import { UsageError } from "./errors.ts";
import { installedLocks } from "./installed_locks.ts";
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
  const found = candidates(values).filter((s) => isDirectorySync(s.dirs[0]));
  return found.length > 0 ? found : [installDirs(values)];
}

/**
 * The lock that holds `name` (in skills.lock, or as a directory for
 * `remove --force`), among every lock of the scopes the options cover.
 *
 * @param values Parsed option values.
 * @param name The skill's name.
 * @returns The skills directory holding it, with its scope.
 * @throws {UsageError} when several hold it: `--project`, `--global` or
 *   `--dir` decides.
 * @throws {InstallError} `not-installed` when none does.
 */
export function scopeHolding(values: ScopeValues, name: string): SkillsDirs {
  const holders = scopesHoldingName(values, name);
  if (holders.length > 1) {
    const scopes = new Set(holders.map((h) => h.scope));
    throw new UsageError(
      scopes.size === holders.length
        ? `"${field(name)}" is installed in both scopes, ${
          holders.map(scopeLabel).join(" and ")
        }: pass --project or --global`
        : `"${field(name)}" is installed in ${holders.length} places, ${
          holders.map(scopeLabel).join(" and ")
        }: pass --dir with one of them`,
    );
  }
  return holders[0]!;
}

/**
 * Every lock that holds `name` (in skills.lock), the project's first; when
 * none does, the scopes' own skills directories holding a directory of
 * that name (what `remove --force` removes).
 *
 * @param values Parsed option values.
 * @param name The skill's name.
 * @returns One or more skills directories, each with its scope.
 * @throws {InstallError} `not-installed` when none does.
 */
export function scopesHoldingName(
  values: ScopeValues,
  name: string,
): SkillsDirs[] {
  const locked = installedLocks(values).filter((v) =>
    (v.names === undefined || v.names.includes(name)) &&
    records(v.dirs.dirs[0], name)
  );
  if (locked.length > 0) return locked.map((v) => v.dirs);
  const named = namedScope(values);
  const own = named === undefined ? candidates(values) : [
    scopeDirs(values, named),
  ];
  const present = own.filter((s) => holdsDirectory(s.dirs[0], name));
  if (present.length > 0) return present;
  throw new InstallError(
    "not-installed",
    `No skill "${name}" is installed in ${own.map(scopeLabel).join(" or ")}${
      withoutCopy(values, name)
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
 * The locks a command covers for `names`: each lock holding some of them
 * ({@linkcode scopesHolding}), or with no name every lock of every scope
 * (the shared directory's and each agent's; see `installed_locks.ts`), or
 * when none exists the scopes' own directories.
 *
 * @param values Parsed option values.
 * @param names Skill names, possibly none.
 * @returns Each skills directory holding a lock, with the names it covers
 *   (`undefined`: all).
 */
export function scopesFor(
  values: ScopeValues,
  names: readonly string[],
): { dirs: SkillsDirs; names: string[] | undefined }[] {
  if (names.length > 0) return scopesHolding(values, names);
  const views = installedLocks(values);
  return views.length > 0
    ? views
    : existingScopes(values).map((dirs) => ({ dirs, names: undefined }));
}

/**
 * With `--client`, where a name not found is installed all the same,
 * without a copy in the agents' directories: `""` when nowhere.
 */
function withoutCopy(values: ScopeValues, name: string): string {
  if ((values.client ?? []).length === 0) return "";
  const elsewhere = installedLocks({ ...values, client: undefined }).filter((
    v,
  ) => records(v.dirs.dirs[0], name));
  return elsewhere.length === 0
    ? ""
    : `; it is installed in ${
      elsewhere.map((v) => scopeLabel(v.dirs)).join(" and ")
    } with no copy for ${
      (values.client ?? []).join(" or ")
    }: leave out --client to reach it`;
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

/** Whether the lock of `dir` records `name`. */
function records(dir: string, name: string): boolean {
  return isDirectorySync(dir) && Object.hasOwn(readLock(dir).skills, name);
}

/** Whether `dir` holds a directory `name` that no lock records. */
function holdsDirectory(dir: string, name: string): boolean {
  return isValidSkillName(name) && isDirectorySync(dir) &&
    existsSync(join(dir, name));
}
