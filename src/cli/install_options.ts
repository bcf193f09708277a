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
