// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which agents an install reaches: the agents found on this machine (the
 * client table's `detect` directories), the directories an install without
 * `--client` or `--dir` writes to (the shared `.agents/skills`, plus each
 * detected agent's own directory when that agent does not read the shared
 * one), and, once installed, which of those agents read the directories the
 * skill landed in.
 *
 * @module
 */
import { dirname, resolve } from "../shared/path.ts";
import { InstallError, type InstallResult, readLock } from "../install/mod.ts";
import { stripCredentials } from "../install/install_source.ts";
import { scopeLockDirs } from "./installed_locks.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import {
  clientEntry,
  clientProfile,
  CLIENTS,
} from "../clients/client_profile.ts";
import { defaultRoots } from "../clients/default_roots.ts";
import { UsageError } from "./errors.ts";
import {
  namedScope,
  projectRoot,
  type Scope,
  scopeDirs,
  type ScopeValues,
  type SkillsDirs,
} from "./skills_dir_options.ts";
import { defaultScope } from "./skill_scope.ts";

/** The shared `.agents/skills` among the agents an install is for. */
export const SHARED = "agents";

/**
 * The agents installed on this machine (found by their own directory,
 * `~/.claude`, `~/.codex`, …), in table order; none when detection cannot
 * run.
 *
 * @example Usage
 * ```ts
 * import { detectedAgents } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(Array.isArray(detectedAgents()));
 * ```
 *
 * @returns The agents' table names.
 */
export function detectedAgents(): string[] {
  try {
    return defaultRoots({ detect: true }).detected.map((d) => d.client);
  } catch {
    return []; // detection only adds directories: without it, none is added
  }
}

/**
 * The agents whose directories an install into `scope` writes by default:
 * the shared `.agents/skills`, then every detected agent that does not read
 * the shared directory of that scope (Claude Code reads only its own).
 *
 * @example Usage
 * ```ts
 * import { defaultAgents, SHARED } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(defaultAgents("global", [])[0], SHARED);
 * ```
 *
 * @param scope The scope installed into.
 * @param detected The agents found on this machine.
 * @returns The shared directory's name, then the agents.
 */
export function defaultAgents(
  scope: Scope,
  detected: readonly string[] = detectedAgents(),
): string[] {
  if (detected.length === 0) return [SHARED];
  let shared: string;
  try {
    shared = scopeDirs({ dir: undefined, client: undefined }, scope).dirs[0];
  } catch {
    return [SHARED]; // no shared directory here (no HOME): nothing to add to
  }
  const sharedReaders = agentReaders(detected)(shared);
  return [SHARED, ...detected.filter((a) => !sharedReaders.includes(a))];
}

/**
 * Where an install writes when the picker did not decide: `--dir` or the
 * `--client` directories exactly as given; with neither, the shared
 * directory of the scope plus the directories of the agents
 * {@linkcode defaultAgents} adds, less those without one in that scope.
 *
 * @example Usage
 * ```ts
 * import { installTargets } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const { dirs } = installTargets({ dir, client: undefined, project: undefined, global: undefined });
 * assert.deepEqual(dirs.dirs, [dir]);
 * ```
 *
 * @param values Parsed option values.
 * @returns The directories, and the agents left out with why.
 * @throws {UsageError} for options that name no usable directory.
 */
export function installTargets(
  values: ScopeValues,
): { dirs: SkillsDirs; left: string[] } {
  const named = namedScope(values);
  if (named === "dir") return { dirs: scopeDirs(values, "dir"), left: [] };
  const scope = named ?? defaultScope();
  if ((values.client ?? []).length > 0) {
    return { dirs: scopeDirs(values, scope), left: [] };
  }
  return agentDirs(values, scope, defaultAgents(scope));
}

/**
 * The directories of the agents chosen in `scope`, without those that have
 * none there (or whose directory cannot be worked out), which are named in
 * `left`.
 *
 * @example Usage
 * ```ts
 * import { agentDirs, SHARED } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const { dirs, left } = agentDirs({ dir: undefined, client: undefined }, "project", [SHARED]);
 * assert.ok(dirs.dirs[0].endsWith(".agents/skills"));
 * assert.deepEqual(left, []);
 * ```
 *
 * @param values Parsed option values.
 * @param scope The scope.
 * @param clients The agents (the shared directory as {@linkcode SHARED}).
 * @returns The directories, and the agents left out.
 * @throws {UsageError} when none of them has a directory in `scope`.
 */
export function agentDirs(
  values: Pick<ScopeValues, "dir" | "client">,
  scope: Scope,
  clients: readonly string[],
): { dirs: SkillsDirs; left: string[] } {
  const usable: string[] = [];
  const left: string[] = [];
  for (const client of clients) {
    try {
      scopeDirs(values, scope, [client]);
      usable.push(client);
    } catch (error) {
      if (
        !(error instanceof UsageError ||
          error instanceof PermissionDeniedError)
      ) throw error;
      left.push(client);
    }
  }
  if (usable.length === 0) {
    throw new UsageError(
      `None of the agents chosen has a ${scope} skills directory`,
    );
  }
  return { dirs: scopeDirs(values, scope, usable), left };
}

/**
 * Reads which agents read a skills directory: of `agents` (and every agent
 * found on this machine), those that list it among their roots or read it
 * as the shared `.agents/skills`, in table order.
 *
 * @example Usage
 * ```ts
 * import { agentReaders } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * const readers = agentReaders(["claude", "codex"], home);
 * assert.deepEqual(readers(`${home}/.claude/skills`), ["claude"]);
 * assert.ok(readers(`${home}/.agents/skills`).includes("codex"));
 * ```
 *
 * @param agents The agents to consider besides those detected.
 * @param home The home directory (default: `HOME`).
 * @returns A function from a skills directory to its readers.
 */
export function agentReaders(
  agents: readonly string[],
  home?: string,
): (dir: string) => string[] {
  let roots: ReturnType<typeof defaultRoots>["roots"] = [];
  try {
    roots = defaultRoots({
      clients: agents.filter((a) => a !== SHARED),
      detect: true,
      cwd: projectRootOrCwd(),
      ...(home === undefined ? {} : { home }),
    }).roots;
  } catch {
    roots = []; // no roots: no agent is known to read anything
  }
  return (dir: string): string[] => {
    const path = resolve(dir);
    const root = roots.find((r) => r.path === path);
    return root === undefined ? [] : inTableOrder(root.clients);
  };
}

/**
 * The agents that see an installed skill: those (named with `--client` or
 * found on this machine) reading its directory or the directory of one of
 * its links or copies, in table order.
 *
 * @example Usage
 * ```ts
 * import { seenBy } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const seen = seenBy(["claude"]);
 * const home = Deno.env.get("HOME") ?? "/nowhere";
 * const result = { name: "pdf", dir: `${home}/.claude/skills/pdf`, status: "installed", hash: "sha256-0", source: "./pdf", notes: [] } as const;
 * assert.ok(seen(result).includes("claude"));
 * ```
 *
 * @param clients The agents named with `--client`.
 * @returns A function from a result to its agents.
 */
export function seenBy(
  clients: readonly string[],
): (result: InstallResult) => string[] {
  const readers = agentReaders(clients);
  return (result) =>
    inTableOrder(
      [result.dir, ...(result.targets ?? [])].flatMap((path) =>
        readers(dirname(path))
      ),
    );
}

/**
 * The directories of an install after the first (which holds the real
 * copy) that get a copy instead of a symlink: those read by an agent (named
 * with `--client` or found on this machine) not known to follow a
 * symlinked directory, such as Claude Code, that does not read the real
 * copy's directory too, so that it surely sees the skill.
 *
 * @example Usage
 * ```ts
 * import { copyTargets } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const home = Deno.env.get("HOME") ?? "/nowhere";
 * const claude = `${home}/.claude/skills`;
 * assert.deepEqual(copyTargets([`${home}/.agents/skills`, claude], ["claude"]), [claude]);
 * assert.deepEqual(copyTargets([claude], ["claude"]), []);
 * ```
 *
 * @param dirs The directories, the real copy's first.
 * @param clients The agents named with `--client`.
 * @returns The directories to copy into.
 */
export function copyTargets(
  dirs: readonly string[],
  clients: readonly string[],
): string[] {
  if (dirs.length < 2) return [];
  const readers = agentReaders(clients);
  const seeReal = readers(dirs[0]!);
  return dirs.slice(1).filter((dir) =>
    readers(dir).some((c) =>
      !seeReal.includes(c) && clientProfile(c).followsSymlinkedDirs !== true
    )
  );
}

/**
 * The agent whose skills directory `dir` is in `scope` ({@linkcode SHARED}
 * for the shared `.agents/skills`), the first in table order; `undefined`
 * for a directory that is no agent's.
 *
 * @example Usage
 * ```ts
 * import { agentOfDir, SHARED } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const home = Deno.env.get("HOME") ?? "/nowhere";
 * assert.equal(agentOfDir("global", `${home}/.agents/skills`), SHARED);
 * assert.equal(agentOfDir("global", `${home}/.claude/skills`), "claude");
 * assert.equal(agentOfDir("global", "/nowhere/skills"), undefined);
 * ```
 *
 * @param scope The scope.
 * @param dir A skills directory.
 * @returns The agent's table name.
 */
export function agentOfDir(scope: Scope, dir: string): string | undefined {
  const path = resolve(dir);
  return [SHARED, ...CLIENTS].find((client) => {
    try {
      return scopeDirs({ dir: undefined, client: [client] }, scope)
        .dirs[0] === path;
    } catch {
      return false; // no directory of that agent here
    }
  });
}

/**
 * Refuses a plain install (no `--client`, `--dir` or `--force`) of a skill
 * another `skills.lock` of the scope already records (`install --client
 * codex` wrote it into `.codex/skills`): it would land twice. The message
 * names where it is and the install that adds the agents to that lock.
 *
 * @example Usage
 * ```ts
 * import { refuseLockedElsewhere } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const home = Deno.env.get("HOME") ?? "/nowhere";
 * const check = refuseLockedElsewhere({ scope: "global", dirs: [`${home}/.agents/skills`] }, "./pdf", undefined);
 * assert.equal(check("a-name-no-lock-records"), undefined);
 * ```
 *
 * @param dirs Where the install writes, the real copy's directory first.
 * @param source The source, as given.
 * @param skill The skill named with `--skill`, if any.
 * @returns The check of a name.
 * @throws {InstallError} `clash` (from the check) for a name recorded elsewhere.
 */
export function refuseLockedElsewhere(
  dirs: SkillsDirs,
  source: string,
  skill: string | undefined,
): (name: string) => void {
  return (name) => {
    const { scope } = dirs;
    if (scope === undefined) return;
    const other = scopeLockDirs(scope).find((dir) =>
      dir !== dirs.dirs[0] && readLock(dir).skills[name] !== undefined
    );
    if (other === undefined) return;
    const owner = agentOfDir(scope, other) ?? "NAME";
    // The agents this install is for (the shared directory is none).
    const added = inTableOrder(
      dirs.dirs.flatMap((d) => agentOfDir(scope, d) ?? []),
    ).filter((a) => a !== owner);
    const clients = [owner, ...(added.length === 0 ? ["NAME"] : added)];
    throw new InstallError(
      "clash",
      `"${name}" is already installed in "${other}" (${scope}), recorded in its skills.lock: to add ${
        added.length === 0 ? "an agent" : agentLabels(added)
      } to it, install it into that lock with "skillscope install ${
        stripCredentials(source)
      }${skill === undefined ? "" : ` --skill ${skill}`} ${
        clients.map((c) => `--client ${c}`).join(" ")
      }", or pass --force to install a second copy`,
    );
  };
}

/**
 * How agents are named to people: their label (`Claude Code`).
 *
 * @example Usage
 * ```ts
 * import { agentLabels } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(agentLabels(["claude", "codex"]), "Claude Code, Codex");
 * ```
 *
 * @param agents Table names.
 * @returns The labels, comma-separated.
 */
export function agentLabels(agents: readonly string[]): string {
  return agents.map((a) => clientEntry(a).label).join(", ");
}

/**
 * Agents in the client table's order, each once, without the shared
 * directory (not an agent).
 *
 * @example Usage
 * ```ts
 * import { inTableOrder } from "./install_agents.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(inTableOrder(["codex", "agents", "claude", "codex"]), ["claude", "codex"]);
 * ```
 *
 * @param agents Table names.
 * @returns The agents, sorted.
 */
export function inTableOrder(agents: Iterable<string>): string[] {
  const order = (name: string): number => CLIENTS.indexOf(name as never);
  return [...new Set(agents)].filter((a) => a !== SHARED).sort((a, b) =>
    order(a) - order(b)
  );
}

/** The project directory, the cwd when it cannot be worked out. */
function projectRootOrCwd(): string {
  try {
    return projectRoot();
  } catch {
    return resolve(".");
  }
}
