// Copyright 2026 the skillscope authors. MIT license.
/**
 * `restore` (and `install --frozen`): rebuild what every skills.lock of the
 * scope `install` would use records (the shared directory's and each
 * agent's).
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { readLock, restore, type RestoreReport } from "../install/mod.ts";
import { guardLocalEdits } from "../install/local_edits.ts";
import { interruptedAfter } from "../install/errors.ts";
import { commandDeadline } from "../install/web_source.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import type { ValuesOf } from "./parse_args.ts";
import { EXIT } from "./errors.ts";
import { field, writeErr, writeJson, writeNotes, writeOut } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import {
  DIR_OPTIONS,
  type DirValues,
  type ScopeValues,
  type SkillsDirs,
} from "./skills_dir_options.ts";
import { installDirs } from "./skill_scope.ts";
import { scopeLockDirs } from "./installed_locks.ts";
import {
  FORCE_OVER_EDITS,
  NO_BACKUP,
  TIMEOUT_OPTION,
  webTimeoutOf,
} from "./install_options.ts";
import { writeScopeHeading } from "./install_report.ts";
import { startProgress } from "./progress.ts";
import { interruptible } from "./interrupt.ts";

/**
 * `install --frozen` / `restore`: rebuilds what skills.lock records — every
 * skills.lock of the scope (the shared directory's and each agent's), or
 * the one `--client` or `--dir` names.
 *
 * @param values Parsed option values: the scope, `--force`, `--no-backup`
 *   and `--json`.
 * @returns The exit code: 1 when a skill could not be restored.
 */
export async function runRestore(
  values:
    & ScopeValues
    & Pick<DirValues, "json">
    & ValuesOf<typeof FORCE_OVER_EDITS & typeof NO_BACKUP>
    & Partial<ValuesOf<typeof TIMEOUT_OPTION>>,
): Promise<number> {
  const locks = restoredLocks(values);
  // Local edits in any lock stop everything before any lock is touched
  // (restore checks each again).
  if (values.force !== true && locks.length > 1) {
    for (const dirs of locks) {
      const root = dirs.dirs[0];
      for (const [name, entry] of Object.entries(readLock(root).skills)) {
        guardLocalEdits(root, name, entry, false, "restore");
      }
    }
  }
  return await interruptible(async (signal) => {
    const progress = startProgress();
    const reports: { dirs: SkillsDirs; report: RestoreReport }[] = [];
    // Every web request of the command, over every lock, shares one deadline.
    const timeout = webTimeoutOf(values);
    using deadline = commandDeadline(
      timeout,
      "Restoring the installed skills",
    );
    try {
      for (const dirs of locks) {
        reports.push({
          dirs,
          report: await restore(dirs.dirs[0], {
            force: values.force === true,
            backup: values["no-backup"] !== true,
            signal,
            commandDeadline: deadline.commandDeadline,
            ...timeout,
            ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
          }).catch((error) => {
            throw interruptedAfter(
              error,
              reports.flatMap((r) => r.report.results),
              "restored",
            );
          }),
        });
      }
    } finally {
      progress.done();
    }
    return writeRestoreReport(reports, locks[0]!, values.json === true);
  }, { json: values.json === true });
}

/** The locks restore rebuilds: the one `--client` or `--dir` names, else every lock of the install scope. */
function restoredLocks(values: ScopeValues): SkillsDirs[] {
  const dirs = installDirs(values);
  if (dirs.scope === undefined || (values.client ?? []).length > 0) {
    return [dirs];
  }
  const scope = dirs.scope;
  const others = scopeLockDirs(scope).filter((d) => d !== dirs.dirs[0]);
  return [dirs, ...others.map((d): SkillsDirs => ({ scope, dirs: [d] }))];
}

/** Prints what `restore` did; returns the exit code. */
function writeRestoreReport(
  reports: readonly { dirs: SkillsDirs; report: RestoreReport }[],
  first: SkillsDirs,
  json: boolean,
): number {
  const failed = reports.some((r) => r.report.failures.length > 0);
  if (json) {
    // One report, as for one lock; each result names its directory.
    const report = {
      results: reports.flatMap((r) => r.report.results),
      failures: reports.flatMap(({ dirs, report }) =>
        report.failures.map((f) => ({ ...f, dir: join(dirs.dirs[0], f.name) }))
      ),
    };
    writeJson(
      first.scope === undefined ? report : { ...report, scope: first.scope },
    );
    return failed ? EXIT.failure : EXIT.ok;
  }
  for (const [i, { dirs, report }] of reports.entries()) {
    if (i > 0 && report.results.length + report.failures.length === 0) {
      continue;
    }
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
  return failed ? EXIT.failure : EXIT.ok;
}

/** The option groups of `restore`. */
const GROUPS = [{
  title: "Options",
  options: {
    ...FORCE_OVER_EDITS,
    ...TIMEOUT_OPTION,
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
project inside a git repository, else the user's; every skills.lock of it,
the shared directory's and each agent's (with --client, that agent's).`,
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
