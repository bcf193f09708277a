// Copyright 2026 the skillscope authors. MIT license.
/**
 * `--require-approval`: one declaration for every command that opens a
 * skill set (kept apart from opening it, so that a command's options load
 * nothing of the serving layer).
 *
 * @module
 */
import type { FlagDef } from "./command.ts";

/** The declaration of `--require-approval`. */
export type ApprovalOption = { readonly "require-approval": FlagDef };

/**
 * The `--require-approval` option, one declaration for every command that
 * opens a skill set.
 *
 * @param what What is limited to approved skills ("Serve", "List", "Read").
 * @returns The option.
 */
export function approvalOption(what: string): ApprovalOption {
  return {
    "require-approval": {
      type: "boolean",
      help:
        `${what} only skills approved with "skillscope approve" and unchanged since (every file read is checked against the approved bytes)`,
    },
  };
}
