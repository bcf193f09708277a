// Copyright 2026 the skillscope authors. MIT license.
/**
 * Updating installed skills from the sources recorded in `skills.lock`.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { InstallError, interruptedAfter } from "./errors.ts";
import { guardLocalEdits } from "./local_edits.ts";
import {
  type AuditMode,
  type LockEntry,
  readLockfileSync,
} from "./lockfile.ts";
import { firstItems } from "../shared/first_items.ts";
import { installUnderLock } from "./install.ts";
import type { InstallResult } from "./install_types.ts";
import { parseInstallSource } from "./install_source.ts";
import { lockedSource } from "./web_source.ts";
import type { CommonInstallOptions } from "./options.ts";
import { commandDeadline } from "./web_source.ts";
import type { FileDrift } from "./verify.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import { checkTargets } from "./target_path.ts";

/**
 * Re-installs skills from the sources recorded in the lockfile (all, or one).
 *
 * @example Update after the source changed
 * ```ts
 * import { install, update } from "@skillscope/skills/install";
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
 * await Deno.writeTextFile(
 *   join(source, "SKILL.md"),
 *   "---\nname: demo\ndescription: A demo skill, improved\n---\n# Demo\n",
 * );
 * const [result] = await update(dir);
 * assert.equal(result?.name, "demo");
 * assert.notEqual(result?.previousHash, result?.hash);
 * ```
 *
 * @param dir The skills directory.
 * @param name One skill; omitted = every locked skill.
 * @param options Git runner, timeouts, progress; `force` replaces a skill
 *   with local changes (kept as a backup unless `backup: false`);
 *   `commandDeadline`: the deadline of a command spanning several skills
 *   directories.
 * @returns One result per skill.
 * @throws {InstallError} `not-installed`, `locally-modified` (files changed
 *   since install, listed; nothing is touched), and whatever install throws.
 */
export async function update(
  dir: string,
  name?: string,
  options: CommonInstallOptions & {
    force?: boolean;
    audit?: AuditMode;
    commandDeadline?: AbortSignal | undefined;
  } = {},
): Promise<InstallResult[]> {
  await loadYamlParser(); // sources are validated synchronously
  const root = resolve(dir);
  assertReadPermission(root);
  const lock = readLockfileSync(root);
  const names = name === undefined ? Object.keys(lock.skills).sort() : [name];
  for (const skill of names) checkTargets(root, lock.skills[skill]?.targets);
  // Refuse before anything is fetched or replaced when any named skill has
  // local changes (each is checked again under the lock by install).
  if (options.force !== true) guardAll(root, lock.skills, names, name);
  return (await updateEach(root, lock.skills, names, options, false)).results;
}

/** The options of {@linkcode update} and {@linkcode updateAll}. */
export type UpdateOptions = CommonInstallOptions & {
  /** The deadline of a command spanning several skills directories. */
  commandDeadline?: AbortSignal | undefined;
  /** Replace a skill with local changes (kept as a backup unless `backup: false`). */
  force?: boolean;
  /** The audit mode; default the one chosen at install. */
  audit?: AuditMode;
};

/** A skill {@linkcode updateAll} left alone: its files changed since install. */
export interface SkippedUpdate {
  /** The skill's name. */
  readonly name: string;
  /** The installed skill's directory. */
  readonly dir: string;
  /** The files changed since install (copies in other agents' directories by path). */
  readonly files: readonly FileDrift[];
}

/** What {@linkcode updateAll} did. */
export interface UpdateReport {
  /** One result per skill updated or already up to date. */
  readonly results: readonly InstallResult[];
  /** The skills left alone because of local changes (none with `force`). */
  readonly skipped: readonly SkippedUpdate[];
}

/**
 * Updates what can be updated: every locked skill (or the named ones) is
 * re-installed from its recorded source, except one with local changes,
 * which is left alone and named in `skipped` (with `force`, it is replaced,
 * its changes kept as a backup). A name not in the lock is refused before
 * anything is fetched.
 *
 * @example An edited skill is skipped, the other updated
 * ```ts
 * import { install } from "@skillscope/skills/install";
 * import { updateAll } from "./update.ts";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const sources: Record<string, string> = {};
 * for (const name of ["alpha", "beta"]) {
 *   sources[name] = await Deno.makeTempDir();
 *   await Deno.writeTextFile(
 *     join(sources[name]!, "SKILL.md"),
 *     `---\nname: ${name}\ndescription: One\n---\n`,
 *   );
 *   await install({ source: sources[name]!, dir });
 *   await Deno.writeTextFile(
 *     join(sources[name]!, "SKILL.md"),
 *     `---\nname: ${name}\ndescription: Two\n---\n`,
 *   );
 * }
 * await Deno.writeTextFile(join(dir, "alpha/SKILL.md"), "my edit\n");
 * const report = await updateAll(dir, ["alpha", "beta"]);
 * assert.deepEqual(report.skipped.map((s) => s.name), ["alpha"]);
 * assert.deepEqual(report.results.map((r) => [r.name, r.status]), [["beta", "updated"]]);
 * ```
 *
 * @param dir The skills directory.
 * @param names Skills to update; omitted or empty = every locked skill.
 * @param options As {@linkcode update}.
 * @returns What was updated and what was skipped.
 * @throws {InstallError} `not-installed` for a name not in the lockfile,
 *   and whatever install throws but `locally-modified`.
 */
export async function updateAll(
  dir: string,
  names: readonly string[] = [],
  options: UpdateOptions = {},
): Promise<UpdateReport> {
  await loadYamlParser(); // sources are validated synchronously
  const root = resolve(dir);
  assertReadPermission(root);
  const lock = readLockfileSync(root);
  const wanted = names.length === 0
    ? Object.keys(lock.skills).sort()
    : [...new Set(names)].sort();
  for (const skill of wanted) {
    if (!Object.hasOwn(lock.skills, skill)) {
      throw new InstallError(
        "not-installed",
        `No skill "${skill}" is recorded in ${join(root, "skills.lock")}`,
      );
    }
    checkTargets(root, lock.skills[skill]!.targets);
  }
  return await updateEach(root, lock.skills, wanted, options, true);
}

/**
 * Re-installs each of `names` from its recorded source; with `skip` (and
 * no `force`), one with local changes is left alone and reported.
 */
async function updateEach(
  root: string,
  skills: Readonly<Record<string, LockEntry>>,
  names: readonly string[],
  options: UpdateOptions,
  skip: boolean,
): Promise<{ results: InstallResult[]; skipped: SkippedUpdate[] }> {
  const results: InstallResult[] = [];
  const skipped: SkippedUpdate[] = [];
  const skipping = skip && options.force !== true;
  // Every web request of the command shares one deadline.
  using timed = commandDeadline(
    options,
    `Updating ${names.length} skill${names.length === 1 ? "" : "s"}`,
  );
  for (const [i, skill] of names.entries()) {
    const entry = skills[skill];
    if (!entry) {
      throw new InstallError(
        "not-installed",
        `No skill "${skill}" is recorded in ${join(root, "skills.lock")}`,
      );
    }
    if (skipping) {
      const drift = localEdits(root, skill, entry);
      if (drift !== undefined) {
        skipped.push(drift);
        continue;
      }
    }
    options.onProgress?.(`Updating ${skill} (${i + 1}/${names.length})…`);
    const again = {
      ...timed,
      source: entry.source,
      dir: root,
      expectedName: skill,
      ...(entry.skill ? { skill: entry.skill } : {}),
      // The audit mode chosen at install holds unless this update names one.
      ...(options.audit === undefined && entry.audit !== undefined
        ? { audit: entry.audit.mode }
        : {}),
    };
    // The kind the lock records holds: a website stays one (its index,
    // never a git fallback), a git URL is never tried as a website.
    try {
      results.push(
        await installUnderLock(
          lockedSource(entry, parseInstallSource),
          again,
          [],
        ),
      );
    } catch (error) {
      // Edited while the source was fetched: left alone all the same.
      const edited = skipping && error instanceof InstallError &&
        error.code === "locally-modified";
      const drift = edited ? localEdits(root, skill, entry) : undefined;
      if (drift === undefined) {
        throw interruptedAfter(error, results, "updated");
      }
      skipped.push(drift);
    }
  }
  return { results, skipped };
}

/** The skill's local changes, or `undefined` when it has none that update would lose. */
function localEdits(
  root: string,
  name: string,
  entry: LockEntry,
): SkippedUpdate | undefined {
  try {
    guardLocalEdits(root, name, entry, false, "update");
    return undefined;
  } catch (error) {
    if (!(error instanceof InstallError) || error.code !== "locally-modified") {
      throw error;
    }
  }
  const drift = guardLocalEdits(root, name, entry, true, "update");
  return { name, dir: join(root, name), files: drift.files };
}

/**
 * Refuses when any of `names` has local changes; when no name was asked
 * for, the refusal also says how to update the unchanged others by name.
 */
function guardAll(
  root: string,
  skills: Readonly<Record<string, LockEntry>>,
  names: readonly string[],
  asked: string | undefined,
): void {
  let refused: InstallError | undefined;
  const others: string[] = [];
  for (const skill of names) {
    const entry = skills[skill];
    if (!entry) continue;
    try {
      guardLocalEdits(root, skill, entry, false, "update");
      others.push(skill);
    } catch (error) {
      if (asked !== undefined || !(error instanceof InstallError)) throw error;
      refused ??= error;
    }
  }
  if (refused === undefined) return;
  if (others.length === 0) throw refused;
  throw new InstallError(
    refused.code,
    `${refused.message}; or update the others by name: ${
      firstItems(others.map((o) => `skillscope update ${o}`), 3)
    }`,
    { cause: refused },
  );
}
