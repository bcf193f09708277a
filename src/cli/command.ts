// Copyright 2026 the skillscope authors. MIT license.
/**
 * The shape of a CLI command and the shared argument parsing.
 *
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./errors.ts";

/** Option definitions in `node:util` `parseArgs` form. */
export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

/** Parsed option values. */
export type OptionValues = Record<
  string,
  string | boolean | (string | boolean)[] | undefined
>;

/** One CLI command. */
export interface Command {
  /** The command word. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** Full help text (usage, arguments, options). */
  readonly help: string;
  /** Options besides `--help`. */
  readonly options: OptionSpec;
  /** Runs the command; resolves to the exit code. */
  run(values: OptionValues, positionals: string[]): Promise<number>;
}

/**
 * Parses the arguments of one command.
 *
 * @param command The command.
 * @param args The arguments after the command word.
 * @returns Option values and positionals.
 * @throws {UsageError} on an unknown option or a missing option value.
 */
export function parseCommandArgs(
  command: Command,
  args: string[],
): { values: OptionValues; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as OptionValues, positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(
      `${
        message.split("\n")[0]
      }\nRun "skillscope ${command.name} --help" for usage`,
    );
  }
}
