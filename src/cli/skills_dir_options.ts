// Copyright 2026 the skillscope authors. MIT license.
/**
 * Where the install commands' skills directory is: `--dir`, `--project`,
 * `--global` and `--client`, and the check that a project's skills
 * directories resolve inside the project.
 *
 * @module
 */
import { join, resolve } from "node:path";
import { PermissionDeniedError } from "../shared/errors.ts";
import { canReadEnv } from "../shared/permissions.ts";
import { clientSkillsDir } from "../discover/default_roots.ts";
import { InstallError } from "../install/errors.ts";
import {
  ContainmentError,
  makeDirsInside,
  resolveInside,
} from "../shared/containment.ts";
import type { OptionDefs, OptionValues } from "./command.ts";
import { UsageError } from "./errors.ts";

/** `--dir`, `--project`, `--global`, `--client`, `--json`: where the skills directory is. */
export const DIR_OPTIONS: OptionDefs = {
  dir: {
    type: "string",
    arg: "D",
    help: "The skills directory (default ~/.agents/skills)",
  },
  client: {
    type: "string",
    multiple: true,
    arg: "NAME",
    help:
      "Use this client's skills directory instead: agents, claude, codex, gemini, opencode, cursor, … (any agent of docs/clients.md, by name or alias; user scope, or project scope with --project); the first one given holds skills.lock",
  },
  project: {
    type: "boolean",
    help:
      "Use the current directory's skills directory (.agents/skills, or the client's) instead of the user one",
  },
  global: {
    type: "boolean",
    help: "Use the user's skills directory (the default; with --client)",
  },
  json: { type: "boolean", help: "Print JSON" },
};

/** An environment reader that refuses an ungranted variable instead of guessing without it. */
function envReader(name: string): string | undefined {
  if (!canReadEnv(name)) {
    throw new PermissionDeniedError("env", name, `--allow-env=${name}`);
  }
  const value = Deno.env.get(name);
  return value === undefined || value === "" ? undefined : value;
}

/**
 * The skills directories the options name: the one holding skills.lock
 * first, then (with several --client) the others that get a symlink or copy.
 * With --project each must resolve inside the project: a cloned project
 * may ship `.claude -> ../.claude`, leading into the user's own directory.
 *
 * @param values Parsed option values.
 * @returns The directories, the lock's first.
 * @throws {UsageError} for unusable combinations or an unknown client.
 * @throws {InstallError} `target-outside` for a project directory leading out.
 */
export function targetDirs(values: OptionValues): [string, ...string[]] {
  const dirs = namedDirs(values);
  if (values.project === true) {
    for (const dir of dirs) projectDir(dir, false);
  }
  return dirs;
}

/**
 * Checks (and with `create`, makes, one checked component at a time) a
 * project skills directory where it resolves.
 *
 * @param dir The directory.
 * @param create Whether to create it.
 * @throws {InstallError} `target-outside` when it leads outside the project.
 */
export function projectDir(dir: string, create: boolean): void {
  try {
    (create ? makeDirsInside : resolveInside)(resolve("."), dir, {
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

function namedDirs(values: OptionValues): [string, ...string[]] {
  if (values.project === true && values.global === true) {
    throw new UsageError("Use --project or --global, not both");
  }
  const clients = [...new Set((values.client as string[] | undefined) ?? [])];
  if (typeof values.dir === "string") {
    if (values.project === true || values.global === true) {
      throw new UsageError("Use --dir or --project/--global, not both");
    }
    if (clients.length > 0) {
      throw new UsageError("Use --dir or --client, not both");
    }
    return [resolve(values.dir)];
  }
  if (clients.length === 0) {
    if (values.project === true) return [resolve(".agents", "skills")];
    return [join(homeDir(), ".agents", "skills")];
  }
  const scope = values.project === true ? "project" : "user";
  const context = {
    projectRoot: resolve("."),
    get home(): string {
      return homeDir();
    },
    env: envReader,
  };
  const dirs: string[] = [];
  for (const client of clients) {
    let dir: string | undefined;
    try {
      dir = clientSkillsDir(client, scope, context);
    } catch (error) {
      if (error instanceof TypeError) throw new UsageError(error.message);
      throw error;
    }
    if (dir === undefined) {
      throw new UsageError(
        `${client} has no ${scope} skills directory${
          scope === "project" ? "; drop --project" : ""
        }`,
      );
    }
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  return dirs as [string, ...string[]];
}

/**
 * The skills directory holding skills.lock.
 *
 * @param values Parsed option values.
 * @returns The directory.
 */
export function targetDir(values: OptionValues): string {
  return targetDirs(values)[0];
}

function homeDir(): string {
  if (!canReadEnv("HOME")) {
    throw new PermissionDeniedError("env", "HOME", "--allow-env=HOME");
  }
  const home = Deno.env.get("HOME");
  if (!home) throw new UsageError("HOME is not set: pass --dir");
  return home;
}
