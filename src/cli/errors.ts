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

/** What the CLI reports for an error that ends a command. */
export interface Failure {
  /** Stable code: the error's own (`skill-not-found`, `target-outside`…), `usage` for bad arguments. */
  readonly code: string;
  /** The message, as printed. */
  readonly message: string;
  /** The process exit code. */
  readonly exitCode: number;
}

const STABLE_CODE = /^[a-z]+(?:-[a-z0-9]+)*$/;

/**
 * The exit code and message for an error that ends a command, decided by
 * the error's stable `code` (every skillscope error carries one), not by its
 * class: `permission-denied` exits 3, usage errors 2, any other coded error
 * 1. An error without a stable code is not one of ours (a bug): `undefined`.
 * A missing permission (ours, or Deno's own `NotCapable`) in an installed
 * command says how to install it again instead of which Deno flag to pass.
 *
 * @example Usage
 * ```ts
 * import { failureOf, UsageError } from "./errors.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(failureOf(new UsageError("Name a skill"))?.exitCode, 2);
 * assert.equal(failureOf(Object.assign(new Error("No"), { code: "permission-denied" }))?.exitCode, 3);
 * assert.equal(failureOf(Object.assign(new Error("Gone"), { code: "skill-not-found" }))?.exitCode, 1);
 * assert.equal(failureOf(new TypeError("bug")), undefined);
 * ```
 *
 * @param error What was thrown.
 * @returns How to report it, or `undefined` for an unexpected error.
 */
export function failureOf(error: unknown): Failure | undefined {
  if (error instanceof CliError) {
    const own = (error as { code?: unknown }).code;
    return {
      code: error instanceof UsageError
        ? "usage"
        : typeof own === "string"
        ? own
        : "failed",
      message: error.message,
      exitCode: error.exitCode,
    };
  }
  if (error instanceof Deno.errors.NotCapable) {
    // Deno's own refusal, where no grant was queried first.
    return {
      code: "permission-denied",
      message: installedCli() ? installFix(error) : error.message,
      exitCode: EXIT.permission,
    };
  }
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string" || !STABLE_CODE.test(code)) return undefined;
  if (code === "permission-denied") {
    return {
      code,
      message: installedCli() ? installFix(error) : error.message,
      exitCode: EXIT.permission,
    };
  }
  return { code, message: error.message, exitCode: EXIT.failure };
}

/**
 * Whether this process runs as an installed `skillscope` command: every way
 * of installing it (the README's `deno install` line, the npm package,
 * `deno task compile`) grants reading and writing everywhere, while a
 * `deno run` with chosen flags usually scopes them.
 */
function installedCli(): boolean {
  return Deno.permissions.querySync({ name: "read" }).state === "granted" &&
    Deno.permissions.querySync({ name: "write" }).state === "granted";
}

/**
 * What a user of an installed command can do about a missing permission:
 * install it again, the ways the README shows. A Deno flag means nothing to
 * someone who typed `skillscope`.
 */
function installFix(error: Error): string {
  const { permission, resource } = error as {
    permission?: unknown;
    resource?: unknown;
  };
  const what = typeof permission === "string" && typeof resource === "string"
    ? `Missing ${permission} permission for "${resource}"`
    : error.message.replace(/,? run again with the --allow-\S+ flags?$/, "");
  return `${what}: this skillscope was installed without it. ${INSTALL_FIX}`;
}

/**
 * How to install the CLI with every permission it needs: the end of the
 * message of a missing permission in an installed `skillscope`.
 */
export const INSTALL_FIX: string =
  'Install it again with the "deno install -g" line of the README\'s Install section, or from npm ("npm install -g skillscope"), which grant what the CLI needs';
