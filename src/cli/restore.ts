// Copyright 2026 the skillscope authors. MIT license.
/**
 * `restore` (and `install --frozen`): rebuild what skills.lock records, in
 * the scope `install` would use.
 *
 * @module
 */
import { restore } from "../install/mod.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import type { ValuesOf } from "./parse_args.ts";
import { EXIT } from "./errors.ts";
import { field, writeErr, writeJson, writeNotes, writeOut } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import {
  DIR_OPTIONS,
  type DirValues,
  type ScopeValues,
} from "./skills_dir_options.ts";
import { installDirs } from "./skill_scope.ts";
import { FORCE_OVER_EDITS, NO_BACKUP } from "./install_options.ts";
import { writeScopeHeading } from "./install_report.ts";
import { startProgress } from "./progress.ts";
import { interruptible } from "./interrupt.ts";

/**
 * `install --frozen` / `restore`: rebuilds what skills.lock records.
 *
 * @param values Parsed option values: the scope, `--force`, `--no-backup`
 *   and `--json`.
 * @returns The exit code: 1 when a skill could not be restored.
 */
export async function runRestore(
  values:
    & ScopeValues
    & Pick<DirValues, "json">
    & ValuesOf<typeof FORCE_OVER_EDITS & typeof NO_BACKUP>,
): Promise<number> {
  const dirs = installDirs(values);
  return await interruptible(async (signal) => {
    const progress = startProgress();
    let report;
    try {
      report = await restore(dirs.dirs[0], {
        force: values.force === true,
        backup: values["no-backup"] !== true,
        signal,
        ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
      });
    } finally {
      progress.done();
    }
    return writeRestoreReport(report, dirs, values.json === true);
  }, { json: values.json === true });
}

/** Prints what `restore` did; returns the exit code. */
function writeRestoreReport(
  report: Awaited<ReturnType<typeof restore>>,
  dirs: ReturnType<typeof installDirs>,
  json: boolean,
): number {
  if (json) {
    writeJson(
      dirs.scope === undefined ? report : { ...report, scope: dirs.scope },
    );
  } else {
    writeScopeHeading(dirs);
    for (const result of report.results) {
      writeNotes(result.notes);
      writeOut(
        result.status === "unchanged"
          ? `${field(result.name)} is as locked (${result.hash})\n`
          : `Restored ${field(result.name)} (${result.hash}${
            result.commit === undefined ? "" : ` at ${result.commit}`
          })\n`,
      );
    }
    for (const failure of report.failures) {
      writeErr(
        `skillscope: cannot restore ${field(failure.name)}: ${
          field(failure.message)
        }\n`,
      );
    }
  }
  return report.failures.length === 0 ? EXIT.ok : EXIT.failure;
}

/** The option groups of `restore`. */
const GROUPS = [{
  title: "Options",
  options: {
    ...FORCE_OVER_EDITS,
    ...NO_BACKUP,
    ...DIR_OPTIONS,
  },
}] as const satisfies readonly OptionGroup[];

/** `restore`. */
export const restoreCommand: CommandOf<typeof GROUPS> = {
  name: "restore",
  usage:
    "restore [--project | --global | --dir D] [--client NAME] [--force] [--json]",
  description:
    `Rebuilds every skill in skills.lock exactly as locked: a git source at its
locked commit, and any source only when its content still gives the locked
tree hash (exit 1 naming each skill that could not be restored). Skills that
already match are left alone; one with local changes stops everything
(exit 1, nothing changed) unless --force. skills.lock is never changed: this
is what CI runs. Same as "install --frozen", and in the same scope: the
project inside a git repository, else the user's.`,
  examples: [
    "skillscope restore",
    "skillscope install --frozen --dir .agents/skills",
  ],
  groups: GROUPS,
  run(values, positionals): Promise<number> {
    expectArgs(positionals, 0, "skillscope restore");
    return runRestore(values);
  },
};
