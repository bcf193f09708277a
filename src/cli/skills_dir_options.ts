// Copyright 2026 the skillscope authors. MIT license.
/**
 * Where the install commands' skills directories are: `--dir`, `--project`,
 * `--global` and `--client`, the project (the git root, else the cwd), and
 * the check that a project's skills directories resolve inside it. Which
 * scope a command uses when none is named: `skill_scope.ts`.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import { canReadEnv } from "../shared/permissions.ts";
import { CLIENTS, clientSkillsDir } from "../clients/default_roots.ts";
import { homeDirectory } from "../shared/home_directory.ts";
import { gitRoot } from "../clients/project_dirs.ts";
import { InstallError } from "../install/errors.ts";
import {
  ContainmentError,
  makeDirsInside,
  resolveInside,
} from "../shared/containment.ts";
import type { OptionDefs } from "./command.ts";
import type { ValuesOf } from "./parse_args.ts";
import { UsageError } from "./errors.ts";

/** `--dir`, `--project`, `--global`, `--client`, `--json`: where the skills directory is. */
export const DIR_OPTIONS = {
  dir: {
    type: "string",
    arg: "D",
    help: "The skills directory (instead of a scope)",
  },
  client: {
    type: "string",
    multiple: true,
    arg: "NAME",
    help: `Use this agent's skills directory instead of .agents/skills: ${
      CLIENTS.slice(0, 5).join(", ")
    }, … (any agent "skillscope help roots" lists, by name or alias); the first one given holds skills.lock`,
  },
  project: {
    type: "boolean",
    help:
      "The project's skills directory (.agents/skills, or the agent's, at the git root, else in the current directory)",
  },
  global: {
    type: "boolean",
    help: "The user's skills directory (~/.agents/skills, or the agent's)",
  },
  json: { type: "boolean", help: "Print JSON" },
} as const satisfies OptionDefs;

/** The parsed values of {@linkcode DIR_OPTIONS}. */
export type DirValues = ValuesOf<typeof DIR_OPTIONS>;

/** The values that name a scope: `--dir`, `--client`, `--project`, `--global`. */
export type ScopeValues = Pick<
  DirValues,
  "dir" | "client" | "project" | "global"
>;

/** A scope: the project's skills directories, or the user's. */
export type Scope = "project" | "global";

/**
 * The skills directories of one scope (or of `--dir`): the one holding
 * skills.lock first, then the other agents' that get a symlink or copy.
 */
export interface SkillsDirs {
  /** The scope, `undefined` for `--dir`. */
  readonly scope: Scope | undefined;
  /** The directories, the lock's first. */
  readonly dirs: readonly [string, ...string[]];
}

/**
 * The scope the options name: `"dir"` for `--dir`, `undefined` when none.
 *
 * @param values Parsed option values.
 * @returns The scope named, if any.
 * @throws {UsageError} for `--project` with `--global`, or `--dir` with either or with `--client`.
 */
export function namedScope(values: ScopeValues): Scope | "dir" | undefined {
  if (values.project === true && values.global === true) {
    throw new UsageError("Use --project or --global, not both");
  }
  if (values.dir !== undefined) {
    if (values.project === true || values.global === true) {
      throw new UsageError("Use --dir or --project/--global, not both");
    }
    if ((values.client ?? []).length > 0) {
      throw new UsageError("Use --dir or --client, not both");
    }
    return "dir";
  }
  return values.project === true
    ? "project"
    : values.global === true
    ? "global"
    : undefined;
}

/**
 * The project directory: the git root above the cwd, else the cwd.
 *
 * @returns The absolute directory.
 */
export function projectRoot(): string {
  const cwd = resolve(".");
  return gitRoot(cwd) ?? cwd;
}

/**
 * Whether the cwd is inside a git repository (where `install` defaults to
 * the project).
 *
 * @returns `true` inside a repository.
 */
export function inRepository(): boolean {
  return gitRoot(resolve(".")) !== undefined;
}

/**
 * The skills directories of `scope` for the options' `--client`s (the
 * shared `.agents/skills` without one), or `--dir`. A project's must
 * resolve inside the project: a cloned project may ship
 * `.claude -> ../.claude`, leading into the user's own directory.
 *
 * @param values Parsed option values (`--client`, `--dir`).
 * @param scope The scope, or `"dir"` for `--dir`.
 * @param clients The agents, when not the options' own.
 * @returns The directories.
 * @throws {UsageError} for an unknown agent, or one without a directory in that scope.
 * @throws {InstallError} `target-outside` for a project directory leading out.
 */
export function scopeDirs(
  values: Pick<DirValues, "dir" | "client">,
  scope: Scope | "dir",
  clients?: readonly string[],
): SkillsDirs {
  if (scope === "dir") {
    if (values.dir === undefined) throw new UsageError("--dir needs a value");
    return { scope: undefined, dirs: [resolve(values.dir)] };
  }
  const named = [...new Set(clients ?? values.client ?? [])];
  const project = scope === "project" ? projectRoot() : undefined;
  const dirs: string[] = [];
  if (named.length === 0) {
    dirs.push(
      project === undefined
        ? join(homeDir(), ".agents", "skills")
        : join(project, ".agents", "skills"),
    );
  }
  const context = {
    projectRoot: project ?? resolve("."),
    get home(): string {
      return homeDir();
    },
    env: envReader,
  };
  for (const client of named) {
    let dir: string | undefined;
    try {
      dir = clientSkillsDir(
        client,
        scope === "global" ? "user" : scope,
        context,
      );
    } catch (error) {
      if (error instanceof TypeError) throw new UsageError(error.message);
      throw error;
    }
    if (dir === undefined) {
      throw new UsageError(
        `${client} has no ${scope} skills directory; ${
          scope === "project" ? "pass --global" : "pass --project"
        }`,
      );
    }
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  if (project !== undefined) {
    for (const dir of dirs) projectDir(project, dir, false);
  }
  return { scope, dirs: dirs as [string, ...string[]] };
}

/**
 * Checks (and with `create`, makes, one checked component at a time) a
 * project skills directory where it resolves.
 *
 * @param project The project directory.
 * @param dir The skills directory.
 * @param create Whether to create it.
 * @throws {InstallError} `target-outside` when it leads outside the project.
 */
export function projectDir(
  project: string,
  dir: string,
  create: boolean,
): void {
  try {
    (create ? makeDirsInside : resolveInside)(project, dir, {
      label: "The project skills directory",
    });
  } catch (error) {
    if (!(error instanceof ContainmentError)) throw error;
    throw new InstallError(
      "target-outside",
      `${error.message}: a project's skills directory must stay inside the project; nothing was changed`,
      { cause: error },
    );
  }
}

/** An environment reader that refuses an ungranted variable instead of guessing without it. */
function envReader(name: string): string | undefined {
  if (!canReadEnv(name)) {
    throw new PermissionDeniedError("env", name, `--allow-env=${name}`);
  }
  const value = Deno.env.get(name);
  return value === undefined || value === "" ? undefined : value;
}

/**
 * The home directory (the one reader discovery uses too).
 *
 * @returns The directory.
 * @throws {UsageError} when HOME is not set (naming --dir).
 */
export function homeDir(): string {
  const home = homeDirectory(envReader);
  if (home === undefined) throw new UsageError("HOME is not set: pass --dir");
  return home;
}
