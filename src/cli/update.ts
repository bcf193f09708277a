// Copyright 2026 the skillscope authors. MIT license.
/**
 * `update [NAME]`: the named skill in whichever scope holds it, or every
 * skill of every scope that exists; unchanged skills on one line.
 *
 * @module
 */
import { type InstallResult, update } from "../install/mod.ts";
import { interruptedAfter } from "../install/errors.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { writeJson } from "./io.ts";
import { DIR_OPTIONS, type SkillsDirs } from "./skills_dir_options.ts";
import { scopesFor } from "./skill_scope.ts";
import {
  AUDIT_OPTION,
  auditMode,
  FORCE_OVER_EDITS,
  NO_BACKUP,
} from "./install_options.ts";
import {
  scoped,
  withSkillWarnings,
  writeResults,
  writeSkillWarnings,
} from "./install_report.ts";
import { startProgress } from "./progress.ts";
import { writeLockedElsewhere } from "./locked_elsewhere.ts";
import { interruptible } from "./interrupt.ts";

/** The option groups of `update`. */
const GROUPS = [{
  title: "Options",
  options: {
    ...FORCE_OVER_EDITS,
    ...AUDIT_OPTION,
    ...NO_BACKUP,
    verbose: {
      type: "boolean",
      help: "Name each skill already up to date, with its hash",
    },
    ...DIR_OPTIONS,
  },
}] as const satisfies readonly OptionGroup[];

/** `update [NAME]`. */
export const updateCommand: CommandOf<typeof GROUPS> = {
  name: "update",
  usage:
    "update [NAME] [--project | --global | --dir D] [--force] [--verbose] [--json]",
  description:
    `Re-installs one skill, or every skill in skills.lock, from its recorded source
and reports the previous and the new hash; skills already up to date are
counted on one line. A skill whose files were changed since it was installed
is left alone (exit 1, the files named) unless --force; then the changed
files are kept as a hidden backup in the skills directory. NAME is looked
for in the project's scope, then the user's; without NAME both are updated.`,
  examples: [
    "skillscope update",
    "skillscope update pdf-tools --force",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    if (positionals.length > 1) {
      throw new UsageError("Usage: skillscope update [NAME]");
    }
    const name = positionals[0];
    const audit = auditMode(values);
    return await interruptible(async (signal) => {
      const progress = startProgress();
      const done: { dirs: SkillsDirs; results: InstallResult[] }[] = [];
      try {
        for (
          const { dirs } of scopesFor(values, name === undefined ? [] : [name])
        ) {
          done.push({
            dirs,
            results: await update(dirs.dirs[0], name, {
              force: values.force === true,
              backup: values["no-backup"] !== true,
              ...(audit === undefined ? {} : { audit }),
              ...(progress.onProgress
                ? { onProgress: progress.onProgress }
                : {}),
              signal,
            }).catch((error) => {
              // The library names what this scope changed; the scopes before it too.
              throw interruptedAfter(
                error,
                done.flatMap((d) => d.results),
                "updated",
              );
            }),
          });
        }
      } finally {
        progress.done();
      }
      if (values.json === true) {
        // Each result with the warnings plain update prints, as install does.
        const out = [];
        for (const { dirs, results } of done) {
          out.push(...scoped(dirs, await withSkillWarnings(results)));
        }
        writeJson(out);
      } else {
        for (const { dirs, results } of done) {
          writeResults(results, {
            verbose: values.verbose === true,
            scope: dirs.scope,
          });
          await writeSkillWarnings(results, {
            verbose: values.verbose === true,
          });
        }
        if (name === undefined) {
          writeLockedElsewhere(values, done.map((d) => d.dirs));
        }
      }
      return EXIT.ok;
    }, { json: values.json === true });
  },
};
