// Copyright 2026 the skillscope authors. MIT license.
/**
 * `verify [NAME...]`: every installed skill (or the named ones) against
 * skills.lock, in each scope that holds them.
 *
 * @module
 */
import { verify, type VerifyReport } from "../install/mod.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { field, writeJson, writeNotes, writeOut } from "./io.ts";
import {
  DIR_OPTIONS,
  homeDir,
  projectRoot,
  type SkillsDirs,
} from "./skills_dir_options.ts";
import { scopesFor } from "./skill_scope.ts";
import { scoped, writeScopeHeading } from "./install_report.ts";
import { startProgress } from "./progress.ts";
import { writeLockedElsewhere } from "./locked_elsewhere.ts";

/** The option groups of `verify`. */
const GROUPS = [{
  title: "Options",
  options: DIR_OPTIONS,
}] as const satisfies readonly OptionGroup[];

/** `verify [NAME...]`. */
export const verifyCommand: CommandOf<typeof GROUPS> = {
  name: "verify",
  usage: "verify [NAME...] [--project | --global | --dir D] [--json]",
  description:
    `Compares every skill in skills.lock (or the named ones) with the files on
disk, in the project's scope and the user's. Exit 1 when any skill was
modified or is missing.`,
  examples: [
    "skillscope verify",
    "skillscope verify pdf-tools --json",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const progress = startProgress();
    const reports: { dirs: SkillsDirs; report: VerifyReport }[] = [];
    // A link is followed to the lock that records it only inside the
    // project and home: a cloned project's link may lead anywhere.
    const linksWithin = [projectRoot(), ...homeIfSet()];
    try {
      for (const { dirs, names } of scopesFor(values, positionals)) {
        const report = await verify(dirs.dirs[0], {
          linksWithin,
          ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
        });
        const skills = names === undefined
          ? report.skills
          : report.skills.filter((s) => names.includes(s.name));
        reports.push({
          dirs,
          report: {
            ok: skills.every((s) => s.status === "ok"),
            skills,
            unlocked: names === undefined ? report.unlocked : [],
            ...(names === undefined && report.linked !== undefined
              ? { linked: report.linked }
              : {}),
            notes: report.notes,
          },
        });
      }
    } finally {
      progress.done();
    }
    const ok = reports.every((r) => r.report.ok);
    if (values.json === true) {
      writeJson({
        ok,
        skills: reports.flatMap(({ dirs, report }) =>
          scoped(dirs, report.skills)
        ),
        unlocked: reports.flatMap((r) => r.report.unlocked),
        ...(reports.some((r) => r.report.linked !== undefined)
          ? { linked: reports.flatMap((r) => r.report.linked ?? []) }
          : {}),
        notes: reports.flatMap((r) => r.report.notes),
      });
    } else {
      for (const { dirs, report } of reports) {
        writeNotes(report.notes);
        const lines: string[] = [];
        for (const skill of report.skills) {
          lines.push(`${skill.status.padEnd(8)}  ${field(skill.name)}`);
          for (const file of skill.files) {
            lines.push(`            ${file.change}: ${field(file.path)}`);
          }
        }
        for (const name of report.unlocked) {
          lines.push(`unlocked  ${field(name)} (not in skills.lock)`);
        }
        for (const { name, lock } of report.linked ?? []) {
          lines.push(
            `linked    ${field(name)} (a link recorded in ${field(lock)})`,
          );
        }
        if (lines.length === 0) continue;
        writeScopeHeading(dirs);
        writeOut(`${lines.join("\n")}\n`);
      }
      if (positionals.length === 0) {
        writeLockedElsewhere(values, reports.map((r) => r.dirs));
      }
    }
    return ok ? EXIT.ok : EXIT.failure;
  },
};

/** The home directory, or none when HOME is not set (`verify --dir` works without it). */
function homeIfSet(): string[] {
  try {
    return [homeDir()];
  } catch {
    return [];
  }
}
