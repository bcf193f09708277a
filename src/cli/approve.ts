// Copyright 2026 the skillscope authors. MIT license.
/**
 * `approve NAME|PATH...`: consent bound to a skill's content.
 *
 * @module
 */
import { approve, audit } from "../audit/mod.ts";
import { atLeast } from "../audit/rules.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeJson, writeOut } from "./io.ts";
import { jsonOption, ROOTS_GROUP } from "./root_option_defs.ts";
import { skillsNamed } from "./skills_named.ts";
import { formatFinding } from "./audit.ts";
import { UndecodableNameError } from "../shared/skill_tree.ts";

/** The option groups of `approve`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: {
    force: {
      type: "boolean",
      help: "Approve even with critical audit findings",
    },
    ...jsonOption(),
  },
}] as const satisfies readonly OptionGroup[];

/** `approve NAME|PATH...`. */
export const approveCommand: CommandOf<typeof GROUPS> = {
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
  groups: GROUPS,
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
      let approval: Awaited<ReturnType<typeof approve>>;
      try {
        approval = await approve(dir);
      } catch (error) {
        // A skill whose bytes cannot all be read is not approved; the
        // others still are.
        if (!(error instanceof UndecodableNameError)) throw error;
        writeErr(
          `skillscope: not approving ${field(report.name)}: ${error.message}\n`,
        );
        refused = true;
        continue;
      }
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
