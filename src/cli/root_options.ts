// Copyright 2026 the skillscope authors. MIT license.
/**
 * The root options shared by every command that discovers skills.
 *
 * @module
 */
import type { DefaultRoots } from "../clients/default_roots.ts";
import type { DiscoverOptions } from "../discover/discover.ts";
import { recordedCopies } from "../install/same_install.ts";
import { directorySource } from "../discover/sources.ts";
import { CliError, UsageError } from "./errors.ts";
import { dirname, join, resolve } from "../shared/path.ts";
import { parseOverrides, type SkillOverride } from "../serve/policy.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import type { Diagnostic } from "../shared/types.ts";
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
export async function discoverOptionsFrom(
  values: RootValues,
  extraRoots: readonly string[] = [],
): Promise<DiscoverOptions> {
  return (await rootSelection(values, extraRoots)).options;
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
export async function rootSelection(
  values: RootValues,
  extraRoots: readonly string[] = [],
): Promise<RootSelection> {
  const roots = [...values.root ?? [], ...extraRoots];
  const recursive = values.recursive === true;
  const filters = {
    include: [...values.include ?? []],
    exclude: [...values.exclude ?? []],
    sameSkill: recordedCopies,
  };
  if (roots.length > 0) {
    // A website's modules load only for what may be a website root (one
    // with a scheme); webRoot decides.
    const web = roots.some((root) => root.includes("://"))
      ? await import("./web_root.ts")
      : undefined;
    // A root named on the command line must exist; a root that is itself a
    // skill directory is that one skill.
    const sources = roots.map((root) =>
      web?.webRoot(root) ??
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
  // The client table and the agents' roots load only for the default roots.
  const [{ defaultRootsFrom }, { rootSources }] = await Promise.all([
    import("./client_options.ts"),
    import("../clients/root_sources.ts"),
  ]);
  const defaults = defaultRootsFrom(values);
  return { options: { sources: rootSources(defaults), ...filters }, defaults };
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
