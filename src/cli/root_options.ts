// Copyright 2026 the skillscope authors. MIT license.
/**
 * The root options shared by every command that discovers skills.
 *
 * @module
 */
import { defaultSources } from "../discover/default_roots.ts";
import type { DiscoverOptions } from "../discover/discover.ts";
import { SkillSet } from "../serve/skill_set.ts";
import { directorySource } from "../discover/sources.ts";
import type { OptionSpec, OptionValues } from "./command.ts";
import { UsageError } from "./errors.ts";
import { formatDiagnostic, writeErr } from "./io.ts";

/** `--root`, `--recursive`, `--include`, `--exclude`, `--client`, `--no-project`. */
export const SOURCE_OPTIONS: OptionSpec = {
  root: { type: "string", multiple: true },
  recursive: { type: "boolean" },
  include: { type: "string", multiple: true },
  exclude: { type: "string", multiple: true },
  client: { type: "string", multiple: true },
  "no-project": { type: "boolean" },
};

/** Help lines for {@linkcode SOURCE_OPTIONS}. */
export const SOURCE_HELP = `Roots:
  --root DIR       A skills directory (repeatable; earlier wins on a name
                   clash). Without --root: the default roots (project
                   .agents/skills from the git root down to the cwd, then
                   ~/.agents/skills, plus each --client's roots)
  --recursive      Find skills at any depth below each --root (bounded:
                   depth 6, 2000 directories)
  --client NAME    Add an agent's roots: claude, codex, gemini, opencode,
                   cursor, zero (repeatable)
  --no-project     Leave out project roots (an untrusted folder)
  --include PAT    Keep only names matching PAT (* and ?; repeatable)
  --exclude PAT    Drop names matching PAT (repeatable; wins over --include)`;

/**
 * Builds discovery options from the parsed root options.
 *
 * @param values Parsed option values.
 * @returns Discovery options.
 * @throws {UsageError} for an unknown client.
 */
export function discoverOptionsFrom(values: OptionValues): DiscoverOptions {
  const strings = (key: string): string[] =>
    (values[key] as (string | boolean)[] | undefined ?? []).filter((
      v,
    ): v is string => typeof v === "string");
  const roots = strings("root");
  const clients = strings("client");
  const recursive = values.recursive === true;
  let sources;
  if (roots.length > 0) {
    sources = roots.map((root) => directorySource(root, { recursive }));
  } else {
    try {
      sources = defaultSources({
        clients,
        trustProject: values["no-project"] !== true,
      });
    } catch (error) {
      if (error instanceof TypeError) throw new UsageError(error.message);
      throw error;
    }
  }
  return { sources, include: strings("include"), exclude: strings("exclude") };
}

/**
 * Opens the skill set the root options describe.
 *
 * @param values Parsed option values.
 * @param options `report`: print the discovery's diagnostics on stderr.
 * @returns The skill set.
 */
export function openSkillSet(
  values: OptionValues,
  options: { report?: boolean } = {},
): SkillSet {
  // A CLI run has no event loop to keep responsive: synchronous discovery is faster.
  const set = SkillSet.openSync(discoverOptionsFrom(values));
  if (options.report) {
    for (const d of set.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
  }
  return set;
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
