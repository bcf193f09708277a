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
 * project skills directory that resolves outside its project or home).
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
