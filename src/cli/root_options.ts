// Copyright 2026 the skillscope authors. MIT license.
/**
 * The root options shared by every command that discovers skills.
 *
 * @module
 */
import { type DefaultRoots, defaultRoots } from "../clients/default_roots.ts";
import { rootSources } from "../clients/root_sources.ts";
import type { DiscoverOptions } from "../discover/discover.ts";
import { recordedCopies } from "../install/same_install.ts";
import { directorySource } from "../discover/sources.ts";
import {
  type ClientName,
  clientName,
  clientProfile,
  CLIENTS,
  isSharedRoot,
} from "../clients/client_profile.ts";
import { guessOf } from "./parse_args.ts";
import { CliError, UsageError } from "./errors.ts";
import { dirname, join, resolve } from "../shared/path.ts";
import { parseOverrides, type SkillOverride } from "../serve/policy.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import type { Diagnostic } from "../shared/types.ts";
import { webRoot } from "./web_root.ts";
import { readConfigText } from "./config_file.ts";
import type { RootValues } from "./root_option_defs.ts";

/**
 * Builds discovery options from the parsed root options.
 *
 * @param values Parsed option values.
 * @param extraRoots Roots given as arguments (after those of `--root`).
 * @returns Discovery options.
 * @throws {UsageError} for an unknown client.
 */
export function discoverOptionsFrom(
  values: RootValues,
  extraRoots: readonly string[] = [],
): DiscoverOptions {
  return rootSelection(values, extraRoots).options;
}

/**
 * What the root options select: the discovery options and, when no root
 * was named, the default roots behind them.
 */
export interface RootSelection {
  /** Discovery options. */
  readonly options: DiscoverOptions;
  /** The default roots and the agents detected, when no root was named. */
  readonly defaults?: DefaultRoots;
}

/**
 * The roots the options name: each `--root` (and each extra root), else the
 * default roots — with `--client`, those clients' roots; without, every
 * agent installed on this machine (detected by its own directory). Install's
 * own copies (a symlink to one directory, or a copy `skills.lock` records
 * with the same content) are one skill, never a `skill-shadowed` clash.
 *
 * @param values Parsed option values.
 * @param extraRoots Roots given as arguments (after those of `--root`).
 * @returns The discovery options, and the default roots when used.
 * @throws {UsageError} for an unknown client.
 */
export function rootSelection(
  values: RootValues,
  extraRoots: readonly string[] = [],
): RootSelection {
  const roots = [...values.root ?? [], ...extraRoots];
  const recursive = values.recursive === true;
  const filters = {
    include: [...values.include ?? []],
    exclude: [...values.exclude ?? []],
    sameSkill: recordedCopies,
  };
  if (roots.length > 0) {
    // A root named on the command line must exist; a root that is itself a
    // skill directory is that one skill.
    const sources = roots.map((root) =>
      webRoot(root) ??
        (isFileSync(join(root, "SKILL.md"))
          ? directorySource(root, {
            recursive: true,
            maxDepth: 0,
            required: true,
          })
          : directorySource(root, { recursive, required: true }))
    );
    return { options: { sources, ...filters } };
  }
  const defaults = defaultRootsFrom(values);
  return { options: { sources: rootSources(defaults), ...filters }, defaults };
}

/**
 * The default roots the options ask for: each `--client`'s, or without one
 * those of every agent detected on this machine; `--no-project` leaves out
 * the project roots.
 *
 * @param values Parsed option values.
 * @returns The roots, their diagnostics and the agents detected.
 * @throws {UsageError} for an unknown client.
 */
export function defaultRootsFrom(
  values: Pick<RootValues, "client" | "no-project">,
): DefaultRoots {
  const clients = [...values.client ?? []];
  for (const client of clients) agentNamed(client);
  try {
    return defaultRoots({
      clients,
      trustProject: values["no-project"] !== true,
      detect: clients.length === 0,
      // X's roots only: the shared .agents/skills where X reads them (its
      // own roots list them), or where whether it does is not known.
      onlyClients: clients.length > 0 && clients.every(ownRootsOnly),
    });
  } catch (error) {
    if (error instanceof TypeError) throw new UsageError(error.message);
    throw error;
  }
}

/** Whether an agent's own roots are all it reads: it lists the shared ones it reads, or is known not to read them. */
function ownRootsOnly(client: string): boolean {
  const profile = clientProfile(client);
  return profile.name !== "agents" && profile.readsAgentsDir !== "unknown" &&
    (profile.readsAgentsDir === false || profile.roots.some(isSharedRoot) ||
      profile.roots.some((r) =>
        typeof r.path !== "string" &&
        r.path.some((p) => p.endsWith("/.agents/skills"))
      ));
}

/**
 * The agent `--client` names (a name or an alias), or a usage error that
 * suggests the closest name and where the list is.
 *
 * @example Usage
 * ```ts
 * import { agentNamed } from "./root_options.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(agentNamed("claude-code"), "claude");
 * assert.throws(() => agentNamed("claud"), /did you mean "claude"\?/);
 * ```
 *
 * @param name What `--client` was given.
 * @returns The client table's name.
 * @throws {UsageError} for a name the table does not know.
 */
export function agentNamed(name: string): "agents" | ClientName {
  try {
    return clientName(name);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new UsageError(
      `Unknown client "${name}"${
        guessOf(name, ["agents", ...CLIENTS])
      }\nRun "skillscope help roots" for the agents --client takes`,
    );
  }
}

/**
 * The overrides of `--config FILE` (the user's own: origin `"user"`), or of
 * `./skillscope.json` when it exists and the project is trusted (project
 * input: origin `"project"`, which may hide skills and never un-hide one;
 * `--no-project` ignores the file). Paths in `match` are relative to the
 * file's directory. There is no user-level config file: the user's own
 * overrides are the file named on the command line.
 *
 * @param values Parsed option values.
 * @returns The overrides (none without a file).
 * @throws {CliError} when the file cannot be read or is not valid: the
 *   project's file also when it is not a regular file, leads outside the
 *   project or is over 1 MiB.
 */
export function overridesFrom(
  values: Pick<RootValues, "config"> & Partial<Pick<RootValues, "no-project">>,
): SkillOverride[] {
  const explicit = values.config !== undefined;
  if (!explicit && values["no-project"] === true) return [];
  const origin = explicit ? "user" : "project";
  const file = resolve(values.config ?? "skillscope.json");
  // Checked, capped and never blocking: the project's file may be a FIFO or
  // a symlink to /dev/zero.
  const text = readConfigText(file, { explicit });
  if (text === undefined) return [];
  try {
    const data = JSON.parse(text) as { overrides?: unknown };
    return parseOverrides(data.overrides ?? [], { origin }).map((o) =>
      o.match.includes("/") && !o.match.startsWith("/")
        ? { ...o, match: resolve(dirname(file), o.match) }
        : o
    );
  } catch (error) {
    throw new CliError(
      `${file} is not a valid skillscope config: ${
        error instanceof Error ? error.message : error
      }`,
    );
  }
}

/**
 * Whether a website named as a root could not be listed (or lists in a
 * `$schema` skillscope does not read): a command whose output is the whole
 * set then fails, as it does for a missing directory.
 *
 * @param diagnostics A discovery's diagnostics.
 * @returns `true` when one says so.
 */
export function remoteRootFailed(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some(isRemoteRootFailure);
}

/**
 * Whether a diagnostic says a website root could not be listed (see
 * {@linkcode remoteRootFailed}).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRemoteRootFailure } from "./root_options.ts";
 *
 * assert.equal(isRemoteRootFailure({ level: "warning", code: "web-schema-unknown", message: "m" }), true);
 * assert.equal(isRemoteRootFailure({ level: "warning", code: "root-missing", message: "m" }), false);
 * ```
 *
 * @param diagnostic A diagnostic.
 * @returns `true` when it reports such a failure.
 */
export function isRemoteRootFailure(diagnostic: Diagnostic): boolean {
  return diagnostic.code === "remote-source-failed" ||
    diagnostic.code === "web-schema-unknown";
}

/**
 * The diagnostics a person should see: default roots that do not exist are
 * normal and shown only with `--verbose`; `--quiet` keeps only errors.
 *
 * @param diagnostics The discovery's diagnostics.
 * @param values Parsed option values.
 * @returns Those to print.
 */
export function shownDiagnostics(
  diagnostics: readonly Diagnostic[],
  values: Pick<RootValues, "quiet" | "verbose">,
): Diagnostic[] {
  return diagnostics.filter((d) => {
    if (values.quiet === true && d.level !== "error") return false;
    if (d.code === "root-missing" && values.verbose !== true) return false;
    return true;
  });
}

/**
 * The single positional argument of a command, or a usage error.
 *
 * @param positionals Positional arguments.
 * @param count How many are expected.
 * @param usage The command's usage line.
 * @returns The positionals.
 * @throws {UsageError} when the count differs.
 */
export function expectArgs(
  positionals: string[],
  count: number,
  usage: string,
): string[] {
  if (positionals.length !== count) {
    throw new UsageError(
      `Expected ${count} argument${
        count === 1 ? "" : "s"
      }, got ${positionals.length}\nUsage: ${usage}`,
    );
  }
  return positionals;
}
