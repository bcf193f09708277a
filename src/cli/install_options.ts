// Copyright 2026 the skillscope authors. MIT license.
/**
 * Options the install commands share (`--force`, `--no-backup`, `--audit`,
 * `-q`, `--verbose`), declared once, and the audit mode they name.
 *
 * @module
 */
import type { AuditMode } from "../install/mod.ts";
import type { OptionDefs } from "./command.ts";
import type { ValuesOf } from "./parse_args.ts";
import { UsageError } from "./errors.ts";

/** `--force` for update and restore: replace skills with local changes. */
export const FORCE_OVER_EDITS = {
  force: {
    type: "boolean",
    help: "Replace skills with local changes too (keeping a backup)",
  },
} as const satisfies OptionDefs;

/** `--no-backup`: with `--force`, do not keep what is replaced or removed. */
export const NO_BACKUP = {
  "no-backup": {
    type: "boolean",
    help: "With --force, do not keep the replaced or removed files as a backup",
  },
} as const satisfies OptionDefs;

/** `--audit MODE`: the content audit before a skill is copied. */
export const AUDIT_OPTION = {
  audit: {
    type: "string",
    arg: "MODE",
    help:
      "block (default: refuse critical findings, show the rest), warn (show all), off",
  },
} as const satisfies OptionDefs;

/** `-q, --quiet`: no next-step hint. */
export const QUIET_OPTION = {
  quiet: {
    type: "boolean",
    short: "q",
    help: "Print no next-step hint, only results and errors",
  },
} as const satisfies OptionDefs;

/**
 * The audit mode the options name, if any.
 *
 * @param values Parsed option values.
 * @returns The mode, or `undefined` for the default.
 * @throws {UsageError} for a mode that is not block, warn or off.
 */
export function auditMode(
  values: ValuesOf<typeof AUDIT_OPTION>,
): AuditMode | undefined {
  if (values.audit === undefined) return undefined;
  if (
    values.audit === "block" || values.audit === "warn" ||
    values.audit === "off"
  ) {
    return values.audit;
  }
  throw new UsageError(
    `--audit takes block, warn or off, not "${values.audit}"`,
  );
}

/**
 * The one SOURCE of `install`; a usage error with examples of each form of
 * source when there is none or more than one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sourceArg } from "./install_options.ts";
 *
 * assert.equal(sourceArg(["./pdf"]), "./pdf");
 * assert.throws(() => sourceArg([]), /skillscope install owner\/repo/);
 * ```
 *
 * @param positionals The arguments after `install`.
 * @returns The source.
 * @throws {UsageError} unless there is exactly one.
 */
export function sourceArg(positionals: readonly string[]): string {
  if (positionals.length === 1) return positionals[0]!;
  throw new UsageError(
    `Expected 1 argument, got ${positionals.length}
Usage: skillscope install SOURCE
SOURCE is a local directory, a GitHub repository or a URL, e.g.
  skillscope install ./skills/pdf
  skillscope install owner/repo
  skillscope install owner/repo@pdf
  skillscope install https://github.com/owner/repo/tree/main/skills/pdf
  skillscope install https://example.com/team/skills.git
Run "skillscope install --help" for every form of SOURCE`,
  );
}

/**
 * `--timeout SECONDS`: the longest one skill's downloads from a website (and
 * one index read) may take, and with several skills the longest the whole
 * command may spend on websites.
 */
export const TIMEOUT_OPTION = {
  timeout: {
    type: "string",
    arg: "SECONDS",
    help:
      "Longest a skill's downloads from a website may take (default 120; a command over many skills: 600 for all)",
  },
} as const satisfies OptionDefs;

/** The longest `--timeout` accepted (an hour), in seconds. */
const MAX_TIMEOUT_SECONDS = 3600;

/**
 * The website options `--timeout` asks for: the deadline of one skill and of
 * the whole command, in milliseconds; none without the option.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { webTimeoutOf } from "./install_options.ts";
 *
 * assert.deepEqual(webTimeoutOf({ timeout: "2" }), {
 *   web: { limits: { deadlineMs: 2000, commandDeadlineMs: 2000 } },
 * });
 * assert.deepEqual(webTimeoutOf({ timeout: undefined }), {});
 * assert.throws(() => webTimeoutOf({ timeout: "soon" }), /--timeout/);
 * ```
 *
 * @param values Parsed option values.
 * @returns `{ web }` to spread into the install options, or `{}`.
 * @throws {UsageError} for a value that is not a number of seconds from 1 to 3600.
 */
export function webTimeoutOf(
  values: Partial<ValuesOf<typeof TIMEOUT_OPTION>>,
): { web?: { limits: { deadlineMs: number; commandDeadlineMs: number } } } {
  const text = values.timeout;
  if (text === undefined) return {};
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_TIMEOUT_SECONDS)) {
    throw new UsageError(
      `--timeout takes a number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}, not "${text}"`,
    );
  }
  const ms = Math.round(seconds * 1000);
  return { web: { limits: { deadlineMs: ms, commandDeadlineMs: ms } } };
}
