// Copyright 2026 the skillscope authors. MIT license.
/**
 * The CLI entry: dispatch, help, version, error-to-exit-code mapping.
 *
 * @module
 */
import {
  InvalidSourceError,
  PermissionDeniedError,
  SkillAccessError,
} from "../shared/errors.ts";
import { InstallError } from "../install/errors.ts";
import { VERSION } from "../shared/version.ts";
import { type Command, parseCommandArgs } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import { writeErr, writeOut } from "./io.ts";
import { embedCommand } from "./embed.ts";
import {
  infoCommand,
  installCommand,
  removeCommand,
  updateCommand,
  verifyCommand,
} from "./install.ts";
import { listCommand } from "./list.ts";
import { rootsCommand } from "./roots.ts";
import {
  activateCommand,
  assetCommand,
  catalogCommand,
  matchCommand,
  mcpCommand,
  readCommand,
  resourcesCommand,
  searchCommand,
} from "./serve_commands.ts";
import { validateCommand } from "./validate.ts";

/** Every command, in help order. */
export const COMMANDS: readonly Command[] = [
  listCommand,
  validateCommand,
  readCommand,
  assetCommand,
  resourcesCommand,
  matchCommand,
  searchCommand,
  catalogCommand,
  activateCommand,
  mcpCommand,
  embedCommand,
  installCommand,
  removeCommand,
  infoCommand,
  verifyCommand,
  updateCommand,
  rootsCommand,
];

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `skillscope ${VERSION}: discover, validate and serve Agent Skills

Usage: skillscope <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n")}

Options:
  -h, --help     Show help (also "skillscope <command> --help")
  -V, --version  Show the version

Exit codes: 0 ok, 1 invalid / not found, 2 usage, 3 missing permission.
`;
}

/**
 * Runs the CLI with `args` and resolves to the exit code. Output goes to
 * stdout (results) and stderr (diagnostics, errors).
 *
 * @param args The arguments after the program name.
 * @returns The exit code.
 */
export async function runCli(args: readonly string[]): Promise<number> {
  const [first, ...rest] = args;
  if (
    first === undefined || first === "-h" || first === "--help" ||
    first === "help"
  ) {
    writeOut(mainHelp());
    return first === undefined ? EXIT.usage : EXIT.ok;
  }
  if (first === "-V" || first === "--version") {
    writeOut(`skillscope ${VERSION}\n`);
    return EXIT.ok;
  }
  try {
    const command = COMMANDS.find((c) => c.name === first);
    if (!command) {
      throw new UsageError(
        `Unknown command "${first}"\nRun "skillscope --help" for the list of commands`,
      );
    }
    const { values, positionals } = parseCommandArgs(command, rest);
    if (values.help === true) {
      writeOut(`${command.help}\n`);
      return EXIT.ok;
    }
    return await command.run(values, positionals);
  } catch (error) {
    if (error instanceof PermissionDeniedError) {
      writeErr(`skillscope: ${error.message}\n`);
      return EXIT.permission;
    }
    if (
      error instanceof InvalidSourceError ||
      error instanceof SkillAccessError ||
      error instanceof InstallError
    ) {
      writeErr(`skillscope: ${error.message}\n`);
      return EXIT.failure;
    }
    if (error instanceof CliError) {
      writeErr(`skillscope: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}
