// Copyright 2026 the skillscope authors. MIT license.
/**
 * Verifying installed skills against `skills.lock` (tree hashes, per-file drift) and showing one skill's record.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import {
  type InstallTarget,
  pointsTo,
  resolveTarget,
  targetPath,
} from "./target_path.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import {
  existsSync as exists,
  isFileSync as isFile,
} from "../shared/fs_checks.ts";
import { InstallError } from "./errors.ts";
import { hashDirectorySync } from "./hash.ts";
import { recoverSync } from "./journal.ts";
import { type LockEntry, readLockfileSync } from "./lockfile.ts";
import { acquireLock, type LockOptions } from "./mutex.ts";
import { dirIdentitySync } from "./owner.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { lockHoldingLink } from "./linked_elsewhere.ts";

/**
 * One file that differs from the lockfile.
 *
 * @example A file edited after install
 * ```ts
 * import { type FileDrift, install, verify } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${source}/SKILL.md`, "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n");
 * const dir = await Deno.makeTempDir();
 * await install({ source, dir });
 * await Deno.writeTextFile(`${dir}/demo/SKILL.md`, "edited");
 * const drift: readonly FileDrift[] = (await verify(dir)).skills[0]?.files ?? [];
 * assert.deepEqual(drift.map((d) => [d.path, d.change]), [["SKILL.md", "modified"]]);
 * ```
 */
export interface FileDrift {
  /** Relative path. */
  readonly path: string;
  /** How it differs. */
  readonly change: "modified" | "added" | "removed";
}

/**
 * The state of one locked skill.
 *
 * @example Usage
 * ```ts
 * import { type SkillVerification, verify } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const report = await verify(await Deno.makeTempDir());
 * const skills: readonly SkillVerification[] = report.skills;
 * assert.deepEqual(skills, []);
 * ```
 */
export interface SkillVerification {
  /** The skill's name. */
  readonly name: string;
  /** `ok`, `modified` (files differ) or `missing` (directory gone). */
  readonly status: "ok" | "modified" | "missing";
  /** Hash in the lockfile. */
  readonly expected: string;
  /** Hash on disk (absent when missing). */
  readonly actual?: string;
  /** The files that differ. */
  readonly files: readonly FileDrift[];
}

/**
 * What {@linkcode verify} found.
 *
 * @example Usage
 * ```ts
 * import { type VerifyReport, verify } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const report: VerifyReport = await verify(await Deno.makeTempDir());
 * assert.equal(report.ok, true);
 * ```
 */
export interface VerifyReport {
  /** True when every locked skill matches its hash. */
  readonly ok: boolean;
  /** Every locked skill. */
  readonly skills: readonly SkillVerification[];
  /** Skill directories present but not in the lockfile. */
  readonly unlocked: readonly string[];
  /**
   * Entries not in this lockfile that are links another directory's
   * `skills.lock` records as its targets, with that lock's path.
   */
  readonly linked?: readonly { name: string; lock: string }[];
  /** An interrupted operation that was recovered first, if any. */
  readonly notes: readonly string[];
}

/**
 * Re-hashes every installed skill and compares it with the lockfile, naming
 * each drifted skill and file. Finishes an interrupted operation first when
 * it may write to the directory.
 *
 * @example Find a locally edited file
 * ```ts
 * import { install, verify } from "@skillscope/skills/install";
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
 * assert.equal((await verify(dir)).ok, true);
 * await Deno.writeTextFile(join(dir, "demo/SKILL.md"), "edited");
 * const report = await verify(dir);
 * assert.equal(report.ok, false);
 * assert.deepEqual(report.skills[0]?.files.map((f) => f.path), ["SKILL.md"]);
 * ```
 *
 * @param dir The skills directory.
 * @param options Lock timeouts; `onProgress` hears of each skill hashed;
 *   `linksWithin`: the directories where a lock recording a link of `dir`
 *   may be (see {@linkcode lockHoldingLink}).
 * @returns The report.
 */
export async function verify(
  dir: string,
  options: LockOptions & {
    onProgress?: (message: string) => void;
    linksWithin?: readonly string[];
  } = {},
): Promise<VerifyReport> {
  const root = resolve(dir);
  assertReadPermission(root);
  const notes: string[] = [];
  if (
    exists(root) &&
    Deno.permissions.querySync({ name: "write", path: root }).state ===
      "granted"
  ) {
    const identity = dirIdentitySync(root);
    const lock = await acquireLock(root, options);
    try {
      notes.push(...recoverSync(root, identity));
    } finally {
      lock.release();
    }
  }
  if (!exists(root)) return { ok: true, skills: [], unlocked: [], notes };
  const lock = readLockfileSync(root);
  const names = Object.keys(lock.skills).sort();
  const skills = names.map((name, i) => {
    options.onProgress?.(`Verifying ${name} (${i + 1}/${names.length})…`);
    return verifyOne(root, name, lock.skills[name]!);
  });
  const unlocked: string[] = [];
  const linked: { name: string; lock: string }[] = [];
  for (
    const { name } of [...Deno.readDirSync(root)].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0
    )
  ) {
    if (name.startsWith(".") || name in lock.skills) continue;
    if (!isFile(join(root, name, "SKILL.md"))) continue;
    const owner = lockHoldingLink(root, name, options.linksWithin);
    if (owner === undefined) unlocked.push(name);
    else linked.push({ name, lock: owner });
  }
  return {
    ok: skills.every((s) => s.status === "ok"),
    skills,
    unlocked,
    ...(linked.length === 0 ? {} : { linked }),
    notes,
  };
}

/** Compares one installed skill with its lock entry, file by file. */
export function verifyOne(
  root: string,
  name: string,
  entry: LockEntry,
): SkillVerification {
  const final = join(root, name);
  if (!exists(final)) {
    return {
      name,
      status: "missing",
      expected: entry.hash,
      files: Object.keys(entry.files).sort().map((path) => ({
        path,
        change: "removed" as const,
      })),
    };
  }
  if (!Deno.lstatSync(final).isDirectory) {
    // A symlink or a file where install put a directory: drift, never followed.
    return {
      name,
      status: "modified",
      expected: entry.hash,
      files: [{ path: ".", change: "modified" }],
    };
  }
  const actual = hashDirectorySync(final);
  const files: FileDrift[] = [];
  for (const [path, digest] of Object.entries(actual.files)) {
    const locked = entry.files[path];
    if (locked === undefined) files.push({ path, change: "added" });
    else if (locked !== digest) files.push({ path, change: "modified" });
  }
  for (const path of Object.keys(entry.files)) {
    if (!(path in actual.files)) files.push({ path, change: "removed" });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // The other client directories it was installed into, by absolute path.
  files.push(...verifyTargets(root, name, entry.targets ?? [], entry.hash));
  return {
    name,
    status: actual.hash === entry.hash && files.length === 0
      ? "ok"
      : "modified",
    expected: entry.hash,
    actual: actual.hash,
    files,
  };
}

/**
 * The lock entry of an installed skill and its drift.
 *
 * @example Where an installed skill came from
 * ```ts
 * import { install, skillInfo } from "@skillscope/skills/install";
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
 * const { entry, verification } = skillInfo(dir, "demo");
 * assert.equal(entry.source, source);
 * assert.equal(verification.status, "ok");
 * ```
 *
 * @param dir The skills directory.
 * @param name The skill's name.
 * @returns The entry and its verification.
 * @throws {InstallError} `not-installed`.
 */
export function skillInfo(
  dir: string,
  name: string,
): { entry: LockEntry; verification: SkillVerification } {
  const root = resolve(dir);
  assertReadPermission(root);
  const entry = isValidSkillName(name)
    ? readLockfileSync(root).skills[name]
    : undefined;
  if (!entry) {
    throw new InstallError(
      "not-installed",
      `No skill "${name}" is recorded in ${join(root, "skills.lock")}`,
    );
  }
  return { entry, verification: verifyOne(root, name, entry) };
}

/**
 * Targets whose copy was changed since it was made (a symlink holds no
 * content of its own): what `remove` and `update` must not lose.
 *
 * @param root The real copy's skills directory.
 * @param name The skill's name.
 * @param targets The recorded targets.
 * @param hash The tree hash every copy must have.
 * @returns The drift of each target, as file drift on the target's path.
 * @throws {InstallError} `bad-target` or `target-outside` for a target that
 *   leads outside the lock's owner (see `target_path.ts`).
 */
export function verifyTargets(
  root: string,
  name: string,
  targets: readonly InstallTarget[],
  hash: string,
): FileDrift[] {
  const drift: FileDrift[] = [];
  const real = join(root, name);
  for (const target of targets) {
    const path = targetPath(root, target, name);
    const resolved = join(resolveTarget(root, target), name);
    let info: Deno.FileInfo;
    try {
      info = Deno.lstatSync(resolved);
    } catch {
      drift.push({ path, change: "removed" });
      continue;
    }
    if (target.copy === true) {
      if (!info.isDirectory || hashDirectorySync(resolved).hash !== hash) {
        drift.push({ path, change: "modified" });
      }
    } else if (!info.isSymlink || !pointsTo(resolved, real)) {
      drift.push({ path, change: "modified" });
    }
  }
  return drift;
}
