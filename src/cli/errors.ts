// Copyright 2026 the skillscope authors. MIT license.
/**
 * CLI errors: each carries the process exit code.
 *
 * @module
 */

/** Exit codes of the `skillscope` CLI. */
export const EXIT = Object.freeze({
  ok: 0,
  /** Invalid skill, drift, not found. */
  failure: 1,
  /** Bad arguments. */
  usage: 2,
  /** A Deno permission is missing. */
  permission: 3,
});

/** An error that ends the CLI with `exitCode`. */
export class CliError extends Error {
  /** The process exit code. */
  readonly exitCode: number;

  /**
   * Constructs a new instance.
   *
   * @param message The message printed on stderr.
   * @param exitCode The process exit code.
   */
  constructor(message: string, exitCode: number = EXIT.failure) {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}

/** Bad command-line arguments (exit code 2). */
export class UsageError extends CliError {
  /**
   * Constructs a new instance.
   *
   * @param message What is wrong with the arguments.
   */
  constructor(message: string) {
    super(message, EXIT.usage);
    this.name = "UsageError";
  }
}

/**
 * The reader of stdout went away (`skillscope list | head -1`): the command
 * ends quietly with exit 0, as `deno doc | head` does.
 */
export class OutputClosed extends CliError {
  /** Constructs a new instance. */
  constructor() {
    super("", EXIT.ok);
    this.name = "OutputClosed";
  }
}
