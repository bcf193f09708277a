// Copyright 2026 the skillscope authors. MIT license.
/**
 * `update [NAME...]`: the named skills in whichever lock holds each, or
 * every skill of every lock of every scope; unchanged skills on one line,
 * a skill with local changes skipped and named (exit 1) while the others
 * are updated.
 *
 * @module
 */
import {
  type SkippedUpdate,
  updateAll,
  type UpdateReport,
} from "../install/update.ts";
import { interruptedAfter } from "../install/errors.ts";
import { commandDeadline } from "../install/web_source.ts";
import { firstItems } from "../shared/first_items.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { field, writeErr, writeJson } from "./io.ts";
import { DIR_OPTIONS, type SkillsDirs } from "./skills_dir_options.ts";
import { scopesFor } from "./skill_scope.ts";
import {
  AUDIT_OPTION,
  auditMode,
  FORCE_OVER_EDITS,
  NO_BACKUP,
  TIMEOUT_OPTION,
  webTimeoutOf,
} from "./install_options.ts";
import {
  scoped,
  withSkillWarnings,
  writeResults,
  writeSkillWarnings,
} from "./install_report.ts";
import { startProgress } from "./progress.ts";
import { interruptible } from "./interrupt.ts";

/** The option groups of `update`. */
const GROUPS = [{
  title: "Options",
  options: {
    ...FORCE_OVER_EDITS,
    ...AUDIT_OPTION,
    ...TIMEOUT_OPTION,
    ...NO_BACKUP,
    verbose: {
      type: "boolean",
      help: "Name each skill already up to date, with its hash",
    },
    ...DIR_OPTIONS,
  },
}] as const satisfies readonly OptionGroup[];

/** `update [NAME...]`. */
export const updateCommand: CommandOf<typeof GROUPS> = {
  name: "update",
  usage:
    "update [NAME...] [--project | --global | --dir D] [--client NAME] [--force] [--verbose] [--json]",
  description:
    `Re-installs the named skills, or every skill in skills.lock, from their
recorded sources and reports the previous and the new hash; skills already
up to date are counted on one line. A skill whose files were changed since
it was installed is skipped and named with its changed files (the others are
still updated; exit 1) unless --force; then the changed files are kept as a
hidden backup in the skills directory. Each NAME is looked for in every
skills.lock of the project's scope, then the user's; without NAME every
skill of both is updated (with --client, those that agent has a copy of).`,
  examples: [
    "skillscope update",
    "skillscope update pdf-tools docx --force",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const audit = auditMode(values);
    return await interruptible(async (signal) => {
      const progress = startProgress();
      const done: { dirs: SkillsDirs; report: UpdateReport }[] = [];
      // Every web request of the command, over every lock, shares one deadline.
      const timeout = webTimeoutOf(values);
      using deadline = commandDeadline(
        timeout,
        "Updating the installed skills",
      );
      try {
        for (const { dirs, names } of scopesFor(values, positionals)) {
          done.push({
            dirs,
            report: await updateAll(dirs.dirs[0], names ?? [], {
              force: values.force === true,
              backup: values["no-backup"] !== true,
              ...(audit === undefined ? {} : { audit }),
              ...(progress.onProgress
                ? { onProgress: progress.onProgress }
                : {}),
              signal,
              commandDeadline: deadline.commandDeadline,
              ...timeout,
            }).catch((error) => {
              // The library names what this lock changed; the locks before it too.
              throw interruptedAfter(
                error,
                done.flatMap((d) => d.report.results),
                "updated",
              );
            }),
          });
        }
      } finally {
        progress.done();
      }
      if (values.json === true) {
        // Each result with the warnings plain update prints, as install
        // does; each skipped skill with its changed files.
        const out = [];
        for (const { dirs, report } of done) {
          out.push(...scoped(dirs, await withSkillWarnings(report.results)));
          out.push(
            ...scoped(
              dirs,
              report.skipped.map((s) => ({ ...s, status: "skipped" })),
            ),
          );
        }
        writeJson(out);
      } else {
        for (const { dirs, report } of done) {
          writeResults(report.results, {
            verbose: values.verbose === true,
            scope: dirs.scope,
          });
          await writeSkillWarnings(report.results, {
            verbose: values.verbose === true,
          });
          for (const skipped of report.skipped) writeSkipped(skipped);
        }
      }
      return done.some((d) => d.report.skipped.length > 0)
        ? EXIT.failure
        : EXIT.ok;
    }, { json: values.json === true });
  },
};

/** One skill left alone, its changed files and how to update it anyway, on stderr. */
function writeSkipped(skipped: SkippedUpdate): void {
  writeErr(
    `skillscope: skipped "${field(skipped.name)}" in ${
      field(skipped.dir)
    }: it has local changes (${
      firstItems(
        skipped.files.map((f) => `${f.change} ${field(f.path)}`),
        20,
      )
    }); update it with --force (the changed files are kept as a backup)\n`,
  );
}
