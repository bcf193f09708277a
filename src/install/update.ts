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
import { commandDeadline, lockedSource } from "./web_source.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import type { CommonInstallOptions } from "./options.ts";
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
 *   with local changes (kept as a backup unless `backup: false`).
 * @returns One result per skill.
 * @throws {InstallError} `not-installed`, `locally-modified` (files changed
 *   since install, listed; nothing is touched), and whatever install throws.
 */
export async function update(
  dir: string,
  name?: string,
  options: CommonInstallOptions & { force?: boolean; audit?: AuditMode } = {},
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
  const results: InstallResult[] = [];
  // Every web request of the command shares one deadline.
  using timed = commandDeadline(
    options,
    `Updating ${names.length} skill${names.length === 1 ? "" : "s"}`,
  );
  for (const [i, skill] of names.entries()) {
    options.onProgress?.(`Updating ${skill} (${i + 1}/${names.length})…`);
    const entry = lock.skills[skill];
    if (!entry) {
      throw new InstallError(
        "not-installed",
        `No skill "${skill}" is recorded in ${join(root, "skills.lock")}`,
      );
    }
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
      throw interruptedAfter(error, results, "updated");
    }
  }
  return results;
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
