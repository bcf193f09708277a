// Copyright 2026 the skillscope authors. MIT license.
/**
 * The last steps of a locked install: whether the skill may replace what is
 * installed under its name, and putting the staged copy in place (journalled,
 * so an interrupted swap is undone by the next operation) or, when nothing
 * changed, only bringing the lock entry up to date.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { existsSync as exists } from "../shared/fs_checks.ts";
import { keepBackup } from "./backup.ts";
import { InstallError } from "./errors.ts";
import { type FetchedWebSkill, webFields } from "./fetch_web.ts";
import { clearJournalSync, writeJournalSync } from "./journal.ts";
import { guardLocalEdits } from "./local_edits.ts";
import {
  type LockEntry,
  type Lockfile,
  readLockfileSync,
  writeLockfileSync,
} from "./lockfile.ts";
import type { InstallFs } from "./options.ts";
import { type DirIdentity, workName } from "./owner.ts";
import type { InstallTarget } from "./target_path.ts";

/** What {@linkcode checkReplace} weighs. */
export interface ReplaceOptions {
  /** The skill's lock entry, when it is installed. */
  readonly previous: LockEntry | undefined;
  /** The source as the lock records it. */
  readonly source: string;
  /** Replace a skill of another source, an unlocked directory or local edits. */
  readonly force: boolean;
  /** Keep what is replaced as a backup. */
  readonly backup: boolean;
}

/** What {@linkcode checkReplace} found. */
export interface ReplaceCheck {
  /** Whether the skill's directory exists. */
  readonly present: boolean;
  /** Whether to keep the replaced directory as a backup. */
  readonly keep: boolean;
}

/**
 * Checks that a skill may take its place in the skills directory: a
 * directory the lock does not know, or a skill installed from another
 * source, is replaced only with `force`; local edits are never lost (a
 * changed tree is replaced only when forced, and then kept as a backup).
 *
 * @example A new name is free
 * ```ts
 * import { checkReplace } from "./install_place.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const check = checkReplace(dir, "demo", { previous: undefined, source: "/src/demo", force: false, backup: true });
 * assert.deepEqual(check, { present: false, keep: false });
 * ```
 *
 * @param dir The skills directory.
 * @param name The skill's name.
 * @param options The lock entry, the source, `force` and `backup`.
 * @returns Whether the skill is there and whether to keep a backup.
 * @throws {InstallError} `unlocked-directory`, `clash`, `locally-modified`.
 */
export function checkReplace(
  dir: string,
  name: string,
  options: ReplaceOptions,
): ReplaceCheck {
  const { previous, source, force } = options;
  const final = join(dir, name);
  const present = exists(final);
  if (present && !previous && !force) {
    throw new InstallError(
      "unlocked-directory",
      `${final} exists but was not installed by skillscope; use --force to replace it`,
    );
  }
  if (previous && previous.source !== source && !force) {
    throw new InstallError(
      "clash",
      `Skill "${name}" is already installed from ${previous.source}; use --force to replace it with ${source}`,
    );
  }
  const drift = previous && present
    ? guardLocalEdits(dir, name, previous, force, "replace")
    : undefined;
  const keep = present && options.backup &&
    (drift === undefined || drift.status === "modified");
  return { present, keep };
}

/** What a reinstall of an unchanged tree may have moved. */
export interface UnchangedFields {
  /** The commit fetched, for a git source. */
  readonly commit: string | undefined;
  /** What a website gave, for a web source. */
  readonly web: FetchedWebSkill | undefined;
  /** The targets now. */
  readonly targets: readonly InstallTarget[];
}

/**
 * Brings the lock entry of a skill whose tree did not change up to date: a
 * new commit, a website's new artifact URL or digest, other targets. Writes
 * the lockfile only when one of them moved.
 *
 * @example Usage
 * ```ts
 * import { recordUnchanged } from "./install_place.ts";
 * import { dirIdentitySync } from "./owner.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const entry = { source: "/src/demo", kind: "local" as const, hash: "sha256-0", files: {}, installedAt: "2026-01-01T00:00:00.000Z" };
 * const lock = { lockfileVersion: 1, skills: { demo: entry } };
 * recordUnchanged(dir, dirIdentitySync(dir), lock, "demo", entry, { commit: undefined, web: undefined, targets: [] });
 * assert.equal(await Deno.stat(`${dir}/skills.lock`).catch(() => undefined), undefined);
 * ```
 *
 * @param dir The skills directory.
 * @param identity Its identity.
 * @param lock The lockfile as read.
 * @param name The skill's name.
 * @param previous Its lock entry.
 * @param now The commit, website fields and targets now.
 */
export function recordUnchanged(
  dir: string,
  identity: DirIdentity,
  lock: Lockfile,
  name: string,
  previous: LockEntry,
  now: UnchangedFields,
): void {
  const { commit, targets } = now;
  const sameTargets = JSON.stringify(previous.targets ?? []) ===
    JSON.stringify(targets);
  const fields = webFields(now.web);
  const moved = previous.url !== fields.url ||
    previous.digest !== fields.digest;
  if (previous.commit !== commit || moved || !sameTargets) {
    writeLockfileSync(
      dir,
      identity,
      withEntry(lock, name, {
        ...previous,
        ...(commit ? { commit } : {}),
        ...fields,
        ...(targets.length === 0 ? {} : { targets }),
      }),
    );
  }
}

/** What {@linkcode swapIn} puts in place. */
export interface SwapOptions {
  /** The skill's name. */
  readonly name: string;
  /** The staged copy's name inside the skills directory. */
  readonly stage: string;
  /** The new lock entry. */
  readonly entry: LockEntry;
  /** Whether a directory of that name is there now. */
  readonly present: boolean;
  /** Whether to keep it as a backup. */
  readonly keep: boolean;
  /** The file operations. */
  readonly fs: InstallFs;
}

/**
 * Replaces the installed skill by the staged copy: journalled first, the old
 * directory moved aside, the copy renamed into place, the lock entry written,
 * then the old directory kept as a backup or removed.
 *
 * @example Usage
 * ```ts
 * import { swapIn } from "./install_place.ts";
 * import { realFs } from "./options.ts";
 * import { dirIdentitySync, workName } from "./owner.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const identity = dirIdentitySync(dir);
 * const stage = workName(identity, "stage");
 * await Deno.mkdir(`${dir}/${stage}`);
 * await Deno.writeTextFile(`${dir}/${stage}/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n");
 * const entry = { source: "/src/demo", kind: "local" as const, hash: "sha256-0", files: {}, installedAt: "2026-01-01T00:00:00.000Z" };
 * swapIn(dir, identity, { name: "demo", stage, entry, present: false, keep: false, fs: realFs });
 * assert.ok((await Deno.stat(`${dir}/demo/SKILL.md`)).isFile);
 * ```
 *
 * @param dir The skills directory.
 * @param identity Its identity.
 * @param options The skill, its staged copy and entry, what to keep.
 * @returns The backup kept, if any.
 */
export function swapIn(
  dir: string,
  identity: DirIdentity,
  options: SwapOptions,
): string | undefined {
  const { name, stage, entry, present, keep, fs } = options;
  const final = join(dir, name);
  const backup = workName(identity, "old");
  writeJournalSync(dir, identity, {
    op: "install",
    name,
    stage,
    backup,
    entry,
    ...(keep ? { keep: true as const } : {}),
  });
  if (present) fs.rename(final, join(dir, backup));
  fs.rename(join(dir, stage), final);
  writeLockfileSync(
    dir,
    identity,
    withEntry(readLockfileSync(dir), name, entry),
  );
  let kept: string | undefined;
  if (keep) kept = keepBackup(dir, join(dir, backup), name);
  else if (present) Deno.removeSync(join(dir, backup), { recursive: true });
  clearJournalSync(dir);
  return kept;
}

function withEntry(lock: Lockfile, name: string, entry: LockEntry): Lockfile {
  return { ...lock, skills: { ...lock.skills, [name]: entry } };
}
