// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope validate PATH… [--strict] [--json]`.
 *
 * @module
 */
import { validateSkillDir } from "../parse/validate.ts";
import type { Diagnostic } from "../shared/types.ts";
import { jsonOption } from "./root_options.ts";
import type { Command } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, formatDiagnostic, writeJson, writeOut } from "./io.ts";

/** One entry of `validate --json`. */
interface ValidateEntry {
  path: string;
  valid: boolean;
  diagnostics: Diagnostic[];
}

/** The `validate` command. */
export const validateCommand: Command = {
  name: "validate",
  usage: "validate PATH... [--strict] [--json]",
  description:
    "Validates each PATH, a skill directory or its SKILL.md. Only the head of\nSKILL.md is read.",
  groups: [{
    title: "Options",
    options: {
      strict: {
        type: "boolean",
        help:
          'Every violation is an error (unknown fields, a description over 1024 characters, YAML that only parses after quoting ": ")',
      },
      ...jsonOption('Print [{ "path", "valid", "diagnostics" }]'),
    },
  }],
  footer:
    "Exit codes: 0 all valid, 1 any invalid, 2 usage, 3 missing permission.",
  async run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError(
        '"validate" needs at least one PATH\nRun "skillscope validate --help" for usage',
      );
    }
    const strict = values.strict === true;
    const entries: ValidateEntry[] = [];
    for (const path of positionals) {
      const diagnostics = await validateSkillDir(path, { strict });
      entries.push({
        path,
        valid: !diagnostics.some((d) => d.level === "error"),
        diagnostics,
      });
    }
    if (values.json === true) {
      writeJson(entries);
    } else {
      const lines: string[] = [];
      for (const entry of entries) {
        const errors = entry.diagnostics.filter((d) =>
          d.level === "error"
        ).length;
        const warnings = entry.diagnostics.length - errors;
        const counts = entry.diagnostics.length === 0
          ? ""
          : ` (${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${
            warnings === 1 ? "" : "s"
          })`;
        lines.push(
          `${entry.valid ? "ok" : "invalid"}  ${field(entry.path)}${counts}`,
        );
        for (const d of entry.diagnostics) {
          lines.push(`  ${formatDiagnostic(d)}`);
        }
      }
      writeOut(`${lines.join("\n")}\n`);
    }
    return entries.every((e) => e.valid) ? EXIT.ok : EXIT.failure;
  },
};
