// Copyright 2026 the skillscope authors. MIT license.
/**
 * The install error class.
 *
 * @module
 */

/**
 * Thrown when an install, update, remove or verify cannot proceed. `code`
 * says why: `source-refused`, `source-missing`, `no-skill`, `several-skills`,
 * `skill-invalid`, `unsafe-file`, `too-large`, `clash`, `unlocked-directory`,
 * `locally-modified`, `not-installed`, `name-changed`, `git-failed`,
 * `git-timeout`, `locked`, `lockfile-invalid`, `state-file-invalid`,
 * `io-failed`, `source-ambiguous` (a bare `owner/repo` that is also a local
 * directory), `bad-target`, `target-outside` (an install target or a
 * project skills directory that resolves outside its project or home),
 * `not-a-directory` (a skills directory that is a file), `interrupted`
 * (the operation's signal fired: Ctrl-C).
 *
 * @example Usage
 * ```ts
 * import { InstallError } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const error = new InstallError("clash", 'Skill "pdf" is installed from another source');
 * assert.equal(error.code, "clash");
 * ```
 */
export class InstallError extends Error {
  /** Stable code. */
  readonly code: string;

  /**
   * Constructs a new instance.
   *
   * @param code Stable code.
   * @param message Human-readable message.
   * @param options The underlying cause, if any.
   */
  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "InstallError";
    this.code = code;
  }
}

/**
 * Throws `interrupted` when the operation's signal fired (Ctrl-C, SIGTERM):
 * checked before each step that starts work or changes the skills directory.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { InstallError, throwIfInterrupted } from "./errors.ts";
 *
 * const controller = new AbortController();
 * throwIfInterrupted(controller.signal);
 * controller.abort();
 * assert.throws(
 *   () => throwIfInterrupted(controller.signal),
 *   (e) => e instanceof InstallError && e.code === "interrupted",
 * );
 * ```
 *
 * @param signal The signal, if the operation has one.
 * @throws {InstallError} `interrupted`.
 */
export function throwIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw interruptedError([], "changed");
}

/**
 * The `interrupted` error: what was done before the interruption, as data
 * and in the message.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { InterruptedError } from "./errors.ts";
 *
 * const error = new InterruptedError(["alpha"], "updated");
 * assert.equal(error.code, "interrupted");
 * assert.deepEqual(error.done, ["alpha"]);
 * ```
 */
export class InterruptedError extends InstallError {
  /** The skills changed before the interruption. */
  readonly done: readonly string[];

  /**
   * Constructs a new instance.
   *
   * @param done The skills changed before it.
   * @param verb What was done to them (`"installed"`, `"updated"`).
   * @param options The underlying cause, if any.
   */
  constructor(done: readonly string[], verb: string, options?: ErrorOptions) {
    super(
      "interrupted",
      done.length === 0
        ? "Interrupted; nothing was changed"
        : `Interrupted; ${done.join(", ")} ${
          done.length === 1 ? "was" : "were"
        } ${verb}, nothing else was changed`,
      options,
    );
    this.done = Object.freeze([...done]);
  }
}

/**
 * The `interrupted` error, saying what was done before the interruption.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { interruptedError } from "./errors.ts";
 *
 * assert.equal(
 *   interruptedError(["alpha"], "updated").message,
 *   "Interrupted; alpha was updated, nothing else was changed",
 * );
 * assert.equal(interruptedError([], "updated").message, "Interrupted; nothing was changed");
 * ```
 *
 * @param done The skills changed before it.
 * @param verb What was done to them (`"installed"`, `"updated"`).
 * @param options The underlying cause, if any.
 * @returns The error.
 */
export function interruptedError(
  done: readonly string[],
  verb: string,
  options?: ErrorOptions,
): InterruptedError {
  return new InterruptedError(done, verb, options);
}

/**
 * An interruption that came after `results`: the `interrupted` error naming
 * the skills they changed, then those it already named (an inner operation's
 * own); any other error as it is.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { interruptedAfter, interruptedError } from "./errors.ts";
 *
 * const error = interruptedAfter(interruptedError([], "changed"), [
 *   { name: "alpha", status: "updated" },
 *   { name: "beta", status: "unchanged" },
 * ], "updated") as Error;
 * assert.equal(error.message, "Interrupted; alpha was updated, nothing else was changed");
 * const other = new Error("no");
 * assert.equal(interruptedAfter(other, [], "updated"), other);
 * ```
 *
 * @param error What the operation threw.
 * @param results What was done before it, in order.
 * @param verb What was done to them (`"installed"`, `"updated"`).
 * @returns The error to throw.
 */
export function interruptedAfter(
  error: unknown,
  results: readonly { readonly name: string; readonly status: string }[],
  verb: string,
): unknown {
  if (!(error instanceof InterruptedError)) return error;
  const done = results.filter((r) => r.status !== "unchanged").map((r) =>
    r.name
  );
  return new InterruptedError([...done, ...error.done], verb, {
    cause: error,
  });
}
