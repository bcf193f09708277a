// Copyright 2026 the skillscope authors. MIT license.
/**
 * `audit` and `approve`: reporting what a skill's files hold before an agent
 * sees them, and recording consent bound to their content.
 *
 * @module
 */
import { dirname, join, resolve } from "node:path";
import {
  approve,
  atLeast,
  audit,
  type AuditFinding,
  type AuditReport,
  hasFindingAtLeast,
  SEVERITIES,
  type Severity,
} from "../audit/mod.ts";
import { discoverUninterrupted } from "../discover/discover.ts";
import { isDirectorySkill } from "../discover/build_skill.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import type { Discovery } from "../shared/types.ts";
import type { Command, OptionValues } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { skillDirsBelow } from "./skill_dirs.ts";
import {
  field,
  formatDiagnostic,
  writeErr,
  writeJson,
  writeOut,
} from "./io.ts";
import {
  discoverOptionsFrom,
  jsonOption,
  ROOTS_GROUP,
} from "./root_options.ts";

/**
 * The skill directories the arguments name: paths (a skill, or a folder of
 * skills, broken ones included) or names in the roots; none = every skill
 * in the roots. With `unique`, a name more than one skill in the roots
 * carries (one shadowing the others) is refused: a path must say which.
 */
async function skillsNamed(
  values: OptionValues,
  positionals: readonly string[],
  options: { unique?: boolean } = {},
): Promise<string[]> {
  const found: string[] = [];
  const byName: string[] = [];
  for (const arg of positionals) {
    const path = resolve(arg);
    let isDir = false;
    try {
      isDir = Deno.statSync(path).isDirectory;
    } catch {
      isDir = false;
    }
    if (!isDir) {
      if (arg.includes("/") || arg.includes("\\")) {
        throw new UsageError(`${arg} is not a directory`);
      }
      byName.push(arg);
      continue;
    }
    if (isFileSync(join(path, "SKILL.md"))) {
      found.push(path);
      continue;
    }
    const below = await skillDirsBelow(path);
    for (const d of below.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
    for (const dir of below.dirs) found.push(dir); // no spread: ~120k items throw
  }
  if (byName.length > 0 || positionals.length === 0) {
    const discovery = await discoverUninterrupted(discoverOptionsFrom(values));
    const skills = discovery.skills.filter(isDirectorySkill);
    if (positionals.length === 0) { for (const s of skills) found.push(s.dir); }
    for (const name of byName) {
      const skill = skills.find((s) => s.name === name);
      if (skill === undefined) {
        throw new UsageError(
          `No skill named "${name}" in the roots (and no directory of that name)`,
        );
      }
      if (options.unique) assertUnique(name, skill.dir, discovery.shadowed);
      found.push(skill.dir);
    }
  }
  return found;
}

/** Refuses a name that skills in several roots carry. */
function assertUnique(
  name: string,
  dir: string,
  shadowed: Discovery["shadowed"],
): void {
  const others = shadowed.filter((s) => s.name === name).map((s) =>
    s.loser.endsWith("SKILL.md") ? dirname(s.loser) : s.loser
  );
  if (others.length === 0) return;
  throw new UsageError(
    `Several skills are named "${field(name)}": ${field(dir)} (found first), ${
      others.map(field).join(", ")
    } (shadowed); pass the directory of the one to approve`,
  );
}

function formatFinding(f: AuditFinding): string {
  const where = `${field(f.path)}${
    f.line === undefined ? "" : `:${f.line}:${f.column ?? 1}`
  }`;
  return `${where}: ${f.severity} ${f.code}: ${field(f.message)}${
    f.snippet === undefined ? "" : `\n    ${f.snippet}`
  }\n`;
}

function severityOption(value: unknown): Severity {
  const text = typeof value === "string" ? value : "high";
  if (!(SEVERITIES as readonly string[]).includes(text)) {
    throw new UsageError(
      `--fail-on takes ${SEVERITIES.join(", ")}, not "${text}"`,
    );
  }
  return text as Severity;
}

/** `audit [PATH|NAME...]`. */
export const auditCommand: Command = {
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
  groups: [ROOTS_GROUP, {
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
  }],
  async run(values, positionals): Promise<number> {
    const failOn = severityOption(values["fail-on"]);
    const skills = await skillsNamed(values, positionals);
    const reports: AuditReport[] = [];
    for (const dir of skills) reports.push(await audit(dir));
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

/** `approve NAME|PATH...`. */
export const approveCommand: Command = {
  name: "approve",
  usage: "approve NAME|PATH... [--force]",
  description:
    `Records each skill's content hash as approved, in .skillscope-approvals.json
beside its directory, and prints the directory approved. A NAME that skills
in several roots carry (a project skill shadowing a user skill) is refused:
give the PATH of the one you mean. SkillSet.open({ requireApproval: true })
and "mcp --require-approval" then serve it only while its files are
unchanged. The skill is audited first; a critical finding refuses the
approval (exit 1) unless --force.`,
  examples: [
    "skillscope approve pdf-tools",
    "skillscope mcp --require-approval",
  ],
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: {
      force: {
        type: "boolean",
        help: "Approve even with critical audit findings",
      },
      ...jsonOption(),
    },
  }],
  async run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError(
        "Name the skills to approve\nUsage: skillscope approve NAME|PATH...",
      );
    }
    const skills = await skillsNamed(values, positionals, { unique: true });
    const approved: { name: string; dir: string; hash: string }[] = [];
    let refused = false;
    for (const dir of skills) {
      const report = await audit(dir);
      const critical = report.findings.filter((f) =>
        atLeast(f.severity, "critical")
      );
      if (critical.length > 0 && values.force !== true) {
        writeErr(critical.map(formatFinding).join(""));
        writeErr(
          `skillscope: not approving ${
            field(report.name)
          }: ${critical.length} critical finding${
            critical.length === 1 ? "" : "s"
          } (review them; --force approves anyway)\n`,
        );
        refused = true;
        continue;
      }
      const approval = await approve(dir);
      approved.push({
        name: report.name,
        dir: report.dir,
        hash: approval.hash,
      });
      if (values.json !== true) {
        writeOut(
          `Approved ${field(report.name)} (${approval.hash}): ${
            field(report.dir)
          }\n`,
        );
      }
    }
    if (values.json === true) writeJson(approved);
    return refused ? EXIT.failure : EXIT.ok;
  },
};
