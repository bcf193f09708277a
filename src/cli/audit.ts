// Copyright 2026 the skillscope authors. MIT license.
/**
 * `audit [PATH|NAME...]`: what a skill's files hold, before an agent sees them.
 *
 * @module
 */
import {
  audit,
  type AuditFinding,
  type AuditReport,
  type Severity,
} from "../audit/mod.ts";
import { hasFindingAtLeast } from "../audit/audit.ts";
import { SEVERITIES } from "../audit/rules.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeJson, writeOut } from "./io.ts";
import { jsonOption, ROOTS_GROUP } from "./root_option_defs.ts";
import { skillsNamed } from "./skills_named.ts";
import { startProgress } from "./progress.ts";

/**
 * One finding as a line: `path:line:col: severity code: message`.
 *
 * @param f The finding.
 * @returns The line, ending in a newline.
 */
export function formatFinding(f: AuditFinding): string {
  const where = `${field(f.path)}${
    f.line === undefined ? "" : `:${f.line}:${f.column ?? 1}`
  }`;
  return `${where}: ${f.severity} ${f.code}: ${field(f.message)}${
    f.snippet === undefined ? "" : `\n    ${f.snippet}`
  }\n`;
}

function severityOption(value: string | undefined): Severity {
  const text = value ?? "high";
  const severity = SEVERITIES.find((s) => s === text);
  if (severity === undefined) {
    throw new UsageError(
      `--fail-on takes ${SEVERITIES.join(", ")}, not "${text}"`,
    );
  }
  return severity;
}

/** The option groups of `audit`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: {
    "fail-on": {
      type: "string",
      arg: "SEVERITY",
      help:
        "Exit 1 from this severity up: critical, high (default), medium, low",
    },
    ...jsonOption(
      "Print one report per skill: name, dir, files, findings, worst",
    ),
  },
}] as const satisfies readonly OptionGroup[];

/** `audit [PATH|NAME...]`. */
export const auditCommand: CommandOf<typeof GROUPS> = {
  name: "audit",
  usage: "audit [PATH|NAME...] [--fail-on SEVERITY] [--json]",
  description:
    `Audits skills before an agent sees them: invisible Unicode, hidden
comments and text, pipe-to-shell and other remote code execution, credential
paths and literal secrets, broad allowed-tools, bundled executables and
archives, !command lines, links leaving the skill. Each finding has a code,
a severity (critical, high, medium, low), file:line:col and an escaped
snippet. PATH is a skill directory or a folder of skills; NAME a skill in the
roots; none = every skill in the roots. Exit 1 when a finding reaches
--fail-on (default high).`,
  examples: [
    "skillscope audit",
    "skillscope audit ./my-skill --fail-on critical",
    "skillscope audit --root ~/.claude/skills --json",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const failOn = severityOption(values["fail-on"]);
    const skills = await skillsNamed(values, positionals);
    const reports: AuditReport[] = [];
    // A count on a terminal while hundreds of skills are read; nothing off it.
    const progress = startProgress();
    try {
      for (const [i, dir] of skills.entries()) {
        progress.onProgress?.(`Auditing ${i + 1}/${skills.length}…`);
        reports.push(await audit(dir));
      }
    } finally {
      progress.done();
    }
    if (values.json === true) writeJson(reports);
    else {
      writeOut(reports.flatMap((r) => r.findings.map(formatFinding)).join(""));
    }
    const counts = SEVERITIES.map((s) =>
      `${
        reports.reduce((n, r) =>
          n + r.findings.filter((f) => f.severity === s).length, 0)
      } ${s}`
    );
    const files = reports.reduce((n, r) => n + r.files, 0);
    writeErr(
      `Audited ${reports.length} skill${
        reports.length === 1 ? "" : "s"
      } (${files} file${files === 1 ? "" : "s"}): ${counts.join(", ")}\n`,
    );
    return reports.some((r) => hasFindingAtLeast(r, failOn))
      ? EXIT.failure
      : EXIT.ok;
  },
};
