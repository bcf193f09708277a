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
