// Copyright 2026 the skillscope authors. MIT license.
/**
 * `verify [NAME...]`: every installed skill (or the named ones) against
 * skills.lock, in each lock of each scope that holds them (the shared
 * directory's and each agent's); a copy or link one of them records in
 * another directory is verified with it, never again as that directory's.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import { readLock, verify, type VerifyReport } from "../install/mod.ts";
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

/** The option groups of `verify`. */
const GROUPS = [{
  title: "Options",
  options: DIR_OPTIONS,
}] as const satisfies readonly OptionGroup[];

/** `verify [NAME...]`. */
export const verifyCommand: CommandOf<typeof GROUPS> = {
  name: "verify",
  usage:
    "verify [NAME...] [--project | --global | --dir D] [--client NAME] [--json]",
  description:
    `Compares every skill in skills.lock (or the named ones) with the files on
disk, and the copies and links it placed in other agents' directories, in
the project's scope and the user's: every skills.lock of each, the shared
directory's and each agent's (with --client, the skills that agent has a
copy of). Exit 1 when any skill was modified or is missing.`,
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
    const covered = scopesFor(values, positionals);
    // The copies and links the covered locks placed: each is verified with
    // its lock, not listed again in the directory it is in.
    const placed = placedCopies(covered.map((c) => c.dirs.dirs[0]));
    try {
      for (const { dirs, names } of covered) {
        const root = dirs.dirs[0];
        const own = (name: string): boolean => !placed.has(join(root, name));
        const report = await verify(root, {
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
            unlocked: names === undefined ? report.unlocked.filter(own) : [],
            ...linkedOf(names === undefined ? report.linked : undefined, own),
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
    }
    return ok ? EXIT.ok : EXIT.failure;
  },
};

/** The paths where the locks in `dirs` placed a copy or link of a skill. */
function placedCopies(dirs: readonly string[]): Set<string> {
  const placed = new Set<string>();
  for (const dir of dirs) {
    let skills;
    try {
      skills = readLock(dir).skills;
    } catch {
      continue; // verify reports a lock that does not load
    }
    for (const [name, entry] of Object.entries(skills)) {
      for (const t of entry.targets ?? []) {
        placed.add(join(resolve(dir, t.dir), name));
      }
    }
  }
  return placed;
}

/** The `linked` entries not placed by a covered lock, when there are any. */
function linkedOf(
  linked: VerifyReport["linked"],
  own: (name: string) => boolean,
): { linked?: NonNullable<VerifyReport["linked"]> } {
  const left = (linked ?? []).filter((l) => own(l.name));
  return left.length === 0 ? {} : { linked: left };
}

/** The home directory, or none when HOME is not set (`verify --dir` works without it). */
function homeIfSet(): string[] {
  try {
    return [homeDir()];
  } catch {
    return [];
  }
}
