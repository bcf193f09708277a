// Copyright 2026 the skillscope authors. MIT license.
/**
 * The declarations of the root options every command that discovers skills
 * takes, and of `--json`: only what parsing and help need, so a command's
 * module loads nothing of discovery until it runs.
 *
 * @module
 */
import type { FlagDef, OptionDefs, OptionGroup } from "./command.ts";
import type { ValuesOf } from "./parse_args.ts";

/** `--root`, `--recursive`, `--client`, `--no-project`, `--include`, `--exclude`. */
export const ROOT_OPTIONS = {
  root: {
    type: "string",
    multiple: true,
    arg: "DIR",
    help:
      "A skills directory, or a website that publishes skills (https://HOST: its /.well-known/agent-skills/ index, verified) (repeatable; earlier wins on a name clash). Without --root: the default roots (project .agents/skills from the git root down to the cwd, then ~/.agents/skills, plus each --client's roots; without --client, the roots of every agent installed here, found by its own directory such as ~/.claude or ~/.codex)",
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
      `Add an agent's roots, scanned as it scans them (its depth, symlinks, description rule): one of the agents of the client table, e.g. claude, codex, gemini (repeatable; the first one's precedence orders the scopes; "skillscope help roots" lists them all)`,
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
  config: {
    type: "string",
    arg: "FILE",
    help:
      'Your overrides from FILE: { "overrides": [{ "match": NAME|GLOB|PATH, "mode": "on"|"name-only"|"user-only"|"off" }] }. Without it, ./skillscope.json when present, as project input: it may hide skills, never un-hide one, and --no-project ignores it. There is no user-level config file',
  },
  quiet: {
    type: "boolean",
    short: "q",
    help: "Print no warnings and no summary, only errors and results",
  },
  verbose: {
    type: "boolean",
    help: "Also report default roots that do not exist",
  },
} as const satisfies OptionDefs;

/** The parsed values of {@linkcode ROOT_OPTIONS}. */
export type RootValues = ValuesOf<typeof ROOT_OPTIONS>;

/** The `Roots:` block of a command that discovers skills. */
export const ROOTS_GROUP: OptionGroup<typeof ROOT_OPTIONS> = {
  title: "Roots",
  options: ROOT_OPTIONS,
  topic: "roots",
};

/** The declaration of `--json`. */
export type JsonOption = { readonly json: FlagDef };

/**
 * `--json`, with what it prints.
 *
 * @param help The help text (default `Print JSON`).
 * @returns The option.
 */
export function jsonOption(help = "Print JSON"): JsonOption {
  return { json: { type: "boolean", help } };
}
