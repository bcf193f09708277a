// Copyright 2026 the skillscope authors. MIT license.
/**
 * Frozen restore: rebuilding every skill of `skills.lock` exactly as locked
 * (the recorded commit of a git source; the recorded tree hash in every
 * case), never changing the lockfile. What CI runs.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { InstallError, interruptedAfter } from "./errors.ts";
import { guardLocalEdits } from "./local_edits.ts";
import { readLockfileSync } from "./lockfile.ts";
import { installUnderLock } from "./install.ts";
import type { InstallResult } from "./install_types.ts";
import { parseInstallSource } from "./install_source.ts";
import { verifyOne } from "./verify.ts";
import { lockedSource } from "./web_source.ts";
import type { CommonInstallOptions } from "./options.ts";
import { commandDeadline } from "./web_source.ts";
import { checkTargets } from "./target_path.ts";
import { loadYamlParser } from "../parse/yaml.ts";

/** A skill {@linkcode restore} could not rebuild. */
export interface RestoreFailure {
  /** The skill's name. */
  readonly name: string;
  /** The {@linkcode InstallError} code (`frozen-mismatch`, `source-missing`, `git-failed`, …). */
  readonly code: string;
  /** What went wrong. */
  readonly message: string;
}

/** What {@linkcode restore} did. */
export interface RestoreReport {
  /** Skills rebuilt (`installed`), replaced (`updated`, forced) or already as locked (`unchanged`). */
  readonly results: readonly InstallResult[];
  /** Skills that could not be rebuilt; the others were still restored. */
  readonly failures: readonly RestoreFailure[];
}

/**
 * Rebuilds every skill in `skills.lock` exactly as locked: a git source at
 * its locked commit, a website only while its index still publishes the
 * locked digest, any source only when its content gives the locked tree
 * hash. A skill already matching the lock is left alone; one with local
 * edits is refused (nothing is touched) unless `force`, which keeps a backup
 * as `install --force` does. The lockfile is never changed.
 *
 * @example Rebuild a skills directory from its lockfile
 * ```ts
 * import { install, restore } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(
 *   join(source, "SKILL.md"),
 *   "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n",
 * );
 * const dir = await Deno.makeTempDir();
 * await install({ source, dir });
 * await Deno.remove(join(dir, "demo"), { recursive: true });
 * const report = await restore(dir);
 * assert.deepEqual(report.results.map((r) => [r.name, r.status]), [["demo", "installed"]]);
 * assert.deepEqual(report.failures, []);
 * ```
 *
 * @param dir The skills directory holding `skills.lock`.
 * @param options Git runner, timeouts, caps; `force` replaces skills with
 *   local edits (kept as a backup unless `backup: false`);
 *   `commandDeadline`: the deadline of a command spanning several skills
 *   directories.
 * @returns What was restored and what failed.
 * @throws {InstallError} `locally-modified` (without `force`), `bad-target`
 *   or `target-outside` (a target leading outside the project or home that
 *   owns the lock), before anything is changed; `interrupted` when
 *   `signal` aborts, saying which skills were restored before.
 */
export async function restore(
  dir: string,
  options: CommonInstallOptions & {
    commandDeadline?: AbortSignal | undefined;
    force?: boolean;
    backup?: boolean;
  } = {},
): Promise<RestoreReport> {
  await loadYamlParser(); // sources are validated synchronously
  const root = resolve(dir);
  assertReadPermission(root);
  const lock = readLockfileSync(root);
  const names = Object.keys(lock.skills).sort();
  // A target leading outside the lock's owner stops everything before
  // anything is fetched or written.
  for (const name of names) checkTargets(root, lock.skills[name]!.targets);
  // Local edits are never lost: refuse before anything is fetched or replaced.
  if (options.force !== true) {
    for (const name of names) {
      guardLocalEdits(root, name, lock.skills[name]!, false, "restore");
    }
  }
  const results: InstallResult[] = [];
  const failures: RestoreFailure[] = [];
  // Every web request of the command shares one deadline.
  using timed = commandDeadline(
    options,
    `Restoring ${names.length} skill${names.length === 1 ? "" : "s"}`,
  );
  for (const [i, name] of names.entries()) {
    options.onProgress?.(`Restoring ${name} (${i + 1}/${names.length})…`);
    const entry = lock.skills[name]!;
    if (verifyOne(root, name, entry).status === "ok") {
      results.push({
        name,
        dir: join(root, name),
        status: "unchanged",
        hash: entry.hash,
        previousHash: entry.hash,
        source: entry.source,
        ...(entry.commit === undefined ? {} : { commit: entry.commit }),
        notes: [],
      });
      continue;
    }
    try {
      results.push(
        await installUnderLock(
          lockedSource(entry, parseInstallSource),
          {
            ...timed,
            source: entry.source,
            dir: root,
            expectedName: name,
            force: true, // the lock names this source for this skill
            ...(entry.skill === undefined ? {} : { skill: entry.skill }),
          },
          [],
          { name, entry },
        ),
      );
    } catch (error) {
      if (!(error instanceof InstallError)) throw error;
      if (error.code === "interrupted") {
        throw interruptedAfter(error, results, "restored");
      }
      failures.push({ name, code: error.code, message: error.message });
    }
  }
  return { results, failures };
}
