// Copyright 2026 the skillscope authors. MIT license.
/**
 * The root options shared by every command that discovers skills.
 *
 * @module
 */
import { defaultSources } from "../discover/default_roots.ts";
import type { DiscoverOptions } from "../discover/discover.ts";
import { directorySource } from "../discover/sources.ts";
import type { OptionDefs, OptionGroup, OptionValues } from "./command.ts";
import { UsageError } from "./errors.ts";

/** `--root`, `--recursive`, `--client`, `--no-project`, `--include`, `--exclude`. */
export const ROOT_OPTIONS: OptionDefs = {
  root: {
    type: "string",
    multiple: true,
    arg: "DIR",
    help:
      "A skills directory (repeatable; earlier wins on a name clash). Without --root: the default roots (project .agents/skills from the git root down to the cwd, then ~/.agents/skills, plus each --client's roots)",
  },
  recursive: {
    type: "boolean",
    help:
      "Find skills at any depth below each --root (bounded: depth 6, 2000 directories)",
  },
  client: {
    type: "string",
    multiple: true,
    arg: "NAME",
    help:
      "Add an agent's roots: claude, codex, gemini, opencode, cursor, zero (repeatable)",
  },
  "no-project": {
    type: "boolean",
    help: "Leave out project roots (an untrusted folder)",
  },
  include: {
    type: "string",
    multiple: true,
    arg: "PAT",
    help: "Keep only names matching PAT (* and ?; repeatable)",
  },
  exclude: {
    type: "string",
    multiple: true,
    arg: "PAT",
    help: "Drop names matching PAT (repeatable; wins over --include)",
  },
};

/** The `Roots:` block of a command that discovers skills. */
export const ROOTS_GROUP: OptionGroup = {
  title: "Roots",
  options: ROOT_OPTIONS,
};

/**
 * `--json`, with what it prints.
 *
 * @param help The help text (default `Print JSON`).
 * @returns The option.
 */
export function jsonOption(help = "Print JSON"): OptionDefs {
  return { json: { type: "boolean", help } };
}

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
