// Copyright 2026 the skillscope authors. MIT license.
/**
 * Installing one skill from a local directory or a git repository into a skills directory, recorded in `skills.lock`.
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { InstallError, throwIfInterrupted } from "./errors.ts";
import { withSourceAdvice } from "./source_advice.ts";
import { hashDirectorySync, type TreeHash, treeHash } from "./hash.ts";
import { recoverSync } from "./journal.ts";
import { type LockEntry, readLockfileSync } from "./lockfile.ts";
import { acquireLock } from "./mutex.ts";
import { dirIdentitySync, workName } from "./owner.ts";
import {
  formatInstallSource,
  type InstallSource,
  stripCredentials,
} from "./install_source.ts";
import { chooseInstallSource } from "./source_spec.ts";
import { copyTree } from "./copy_tree.ts";
import { placeTargets } from "./targets.ts";
import { checkTargets, targetPath } from "./target_path.ts";
import type {
  FrozenTarget,
  InstallOptions,
  InstallResult,
} from "./install_types.ts";
import { webFields } from "./fetch_web.ts";
import { afterGitFallback, chooseWebSource } from "./web_source.ts";
import { pickSkill, validateSkill } from "./locate_skill.ts";
import { assertWritable, type InstallFs, limitsOf, realFs } from "./options.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import { askedTargets, mergeTargets } from "./asked_targets.ts";
import { type FetchContext, fetchSkillRoot } from "./install_fetch.ts";
import { auditForInstall, installedFindings } from "./install_audit.ts";
import { checkReplace, recordUnchanged, swapIn } from "./install_place.ts";
import { assertNoFoldedTwin } from "./fold_collision.ts";

/**
 * Installs one skill into a skills directory. Copies the whole skill
 * directory (never `.git`), refuses symlinks leading outside it and special
 * files, validates the name (a safe single path segment, valid by the
 * specification) and the description, stages the copy inside the target
 * directory, renames it into place, and records it in `skills.lock`. Never
 * runs anything it fetched.
 *
 * @example Install from a local directory
 * ```ts
 * import { install } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(
 *   join(source, "SKILL.md"),
 *   "---\nname: pdf-tools\ndescription: Fill PDF forms\n---\n# PDF\n",
 * );
 * const dir = await Deno.makeTempDir();
 * const result = await install({ source, dir });
 * assert.equal(result.name, "pdf-tools");
 * assert.equal(await Deno.readTextFile(join(dir, "pdf-tools/SKILL.md")), await Deno.readTextFile(join(source, "SKILL.md")));
 * ```
 *
 * @param options Source, target directory, force, skill, git runner.
 * @returns What was installed.
 * @throws {InstallError} for refused sources, invalid skills, clashes and git failures.
 * @throws {PermissionDeniedError} when read, write or run permission is missing.
 */
export async function install(options: InstallOptions): Promise<InstallResult> {
  await loadYamlParser(); // the skills found are validated synchronously
  // A bare `owner/repo` that is also a local directory is refused: a
  // cloned repository could ship that directory.
  const chosen = chooseInstallSource(options.source);
  // An HTTPS URL off the known git hosts may be a website: its well-known
  // index is tried first, then git.
  const { source: parsed, notes, fallback } = await chooseWebSource(
    chosen.source,
    options,
  );
  try {
    return await installUnderLock(parsed, options, [...chosen.notes, ...notes]);
  } catch (error) {
    throw withSourceAdvice(
      afterGitFallback(error, fallback),
      options.source,
      chosen.notes,
    );
  }
}

/**
 * Installs under the skills directory's mutex, after recovering an
 * interrupted operation. With `frozen`, the locked commit is fetched, the
 * result must match the locked tree hash, and the lock entry is kept as is.
 *
 * @param parsed The source.
 * @param options Install options.
 * @param notes Notes gathered so far.
 * @param frozen The lock entry to rebuild exactly.
 * @returns The result.
 */
export async function installUnderLock(
  parsed: InstallSource,
  options: InstallOptions,
  notes: readonly string[],
  frozen?: FrozenTarget,
): Promise<InstallResult> {
  const dir = resolve(options.dir);
  assertWritable(dir);
  if (parsed.kind === "local") assertReadPermission(parsed.path);
  makeSkillsDir(dir);
  const identity = dirIdentitySync(dir);
  const lock = await acquireLock(dir, options);
  try {
    return await installLocked(parsed, {
      dir,
      identity,
      options,
      frozen,
      notes: [...notes, ...recoverSync(dir, identity)],
      touch: lock.touch,
      work: [],
      progress: options.onProgress ?? (() => {}),
      fs: options.fs ?? realFs,
    });
  } finally {
    lock.release();
  }
}

/** One install under the skills directory's mutex. */
interface LockedInstall extends FetchContext {
  /** Notes gathered so far; the steps add theirs. */
  readonly notes: string[];
  /** Tells the mutex the install is still alive. */
  readonly touch: () => void;
  /** The file operations. */
  readonly fs: InstallFs;
}

/**
 * Runs the install steps, and on failure leaves the old state: a half-done
 * swap is undone now rather than at the next run. The scratch directories
 * are removed either way.
 */
async function installLocked(
  parsed: InstallSource,
  run: LockedInstall,
): Promise<InstallResult> {
  try {
    return await installSteps(parsed, run);
  } catch (error) {
    try {
      run.notes.push(...recoverSync(run.dir, run.identity));
    } catch {
      // the next operation will recover
    }
    throw error;
  } finally {
    for (const path of run.work) {
      try {
        Deno.removeSync(path, { recursive: true });
      } catch {
        // already moved or removed
      }
    }
  }
}

/**
 * Fetches, picks, audits, stages and places the skill: nothing in the skills
 * directory changes before every check passed.
 */
async function installSteps(
  parsed: InstallSource,
  run: LockedInstall,
): Promise<InstallResult> {
  const { dir, identity, options, frozen, notes, fs } = run;
  // Every target asked for is checked where it resolves before anything
  // is fetched; the recorded ones once the lock entry is known.
  const asked = askedTargets(options, dir);
  const { root, source, commit, web } = await fetchSkillRoot(parsed, run);
  if (web !== undefined) notes.push(...web.notes);
  const { dir: skillDir, skill, name } = pickNamed(root, parsed, options);
  const { findings, record: auditRecord } = await auditForInstall(
    skillDir,
    name,
    {
      mode: options.audit ?? frozen?.entry.audit?.mode ?? "block",
      source: parsed,
      label: sourceOf(parsed),
      progress: run.progress,
      limits: limitsOf(options),
    },
  );

  const lock = readLockfileSync(dir);
  assertNoFoldedTwin(dir, name, Object.keys(lock.skills));
  const final = join(dir, name);
  const previous = lock.skills[name];
  const sourceText = sourceOf(source);
  const { present, keep } = checkReplace(dir, name, {
    previous,
    source: sourceText,
    force: options.force === true,
    backup: options.backup !== false,
  });

  const { stage, hash, files: fileHashes } = stageCopy(
    skillDir,
    name,
    sourceText,
    run,
  );
  const targets = frozen?.entry.targets ??
    mergeTargets(previous?.targets ?? [], asked);
  checkTargets(dir, targets);
  const entry: LockEntry = frozen?.entry ?? {
    source: sourceText,
    kind: source.kind,
    ...(source.kind === "git" && source.ref !== undefined
      ? { ref: source.ref }
      : {}),
    ...(commit === undefined ? {} : { commit }),
    ...webFields(web),
    ...(skill === undefined ? {} : { skill }),
    hash,
    files: fileHashes,
    installedAt: new Date().toISOString(),
    ...(targets.length === 0 ? {} : { targets }),
    audit: auditRecord,
  };
  // The links and copies made again: for an unchanged skill, a repair.
  const placed: string[] = [];
  const placeAll = (): string[] =>
    placeTargets(dir, name, targets, {
      onPlaced: (path) => placed.push(path),
      ...(previous === undefined ? {} : {
        previous: { targets: previous.targets ?? [], hash: previous.hash },
      }),
      hash,
      force: options.force === true,
      backup: options.backup !== false,
      fs,
    });
  const base = {
    name,
    dir: final,
    hash,
    source: sourceText,
    ...(commit === undefined ? {} : { commit }),
    ...(web?.digest === undefined ? {} : { digest: web.digest }),
    notes,
    ...(targets.length === 0
      ? {}
      : { targets: targets.map((t) => targetPath(dir, t, name)) }),
    ...(findings === undefined
      ? {}
      : { findings: installedFindings(findings, skillDir, final) }),
  };
  // The last moment to stop with the skills directory as it was.
  throwIfInterrupted(options.signal);
  const onDisk = previous && present && previous.hash === hash
    ? hashDirectorySync(final).hash
    : undefined;
  if (
    previous !== undefined && onDisk === hash &&
    previous.source === sourceText
  ) {
    recordUnchanged(dir, identity, lock, name, previous, {
      commit,
      web,
      targets,
    });
    notes.push(...placeAll());
    return {
      ...base,
      status: "unchanged",
      previousHash: hash,
      ...(placed.length === 0 ? {} : { repaired: placed }),
    };
  }

  const kept = swapIn(dir, identity, {
    name,
    stage,
    entry,
    present,
    keep,
    fs,
  });
  notes.push(...placeAll());
  return {
    ...base,
    status: previous && present ? "updated" : "installed",
    ...(previous ? { previousHash: previous.hash } : {}),
    ...(kept === undefined ? {} : { backup: kept }),
  };
}

/**
 * The skill's directory in the source, its name checked against the one
 * expected (`update NAME` refuses a skill renamed upstream).
 */
function pickNamed(
  root: string,
  parsed: InstallSource,
  options: InstallOptions,
): { dir: string; skill: string | undefined; name: string } {
  const { dir, skill } = pickSkill(root, parsed, {
    ...options,
    label: sourceOf(parsed),
  });
  const name = validateSkill(dir);
  options.checkName?.(name);
  if (options.expectedName !== undefined && name !== options.expectedName) {
    throw new InstallError(
      "name-changed",
      `The source now holds a skill named "${name}", not "${options.expectedName}"; nothing was changed (install it under its new name with "skillscope install", then remove "${options.expectedName}")`,
    );
  }
  return { dir, skill, name };
}

/**
 * Copies the skill into a staging directory inside the skills directory
 * and hashes it; a frozen install must give the locked hash.
 */
function stageCopy(
  skillDir: string,
  name: string,
  sourceText: string,
  run: LockedInstall,
): TreeHash & { stage: string } {
  const { dir, frozen } = run;
  const stage = workName(run.identity, "stage");
  run.work.push(join(dir, stage));
  const copied = copyTree(skillDir, join(dir, stage), {
    fs: run.fs,
    progress: run.progress,
    touch: run.touch,
    skip: Deno.realPathSync(dir),
    ...limitsOf(run.options),
    what: `"${name}" from ${sourceText}`,
  });
  const { hash, files } = treeHash(copied);
  if (frozen !== undefined && hash !== frozen.entry.hash) {
    throw new InstallError(
      "frozen-mismatch",
      `The source of "${name}" (${sourceText}) no longer matches skills.lock: locked ${frozen.entry.hash}, the source now gives ${hash}; nothing was changed`,
    );
  }
  return { stage, hash, files };
}

/** The source as the lock records it, for a message. */
function sourceOf(source: InstallSource): string {
  return stripCredentials(formatInstallSource(source));
}

/**
 * Creates the skills directory and its parents; a path that is a file (or
 * has one on the way) is an install error naming it, not Deno's own.
 */
function makeSkillsDir(dir: string): void {
  try {
    Deno.mkdirSync(dir, { recursive: true });
  } catch (error) {
    if (
      !(error instanceof Deno.errors.AlreadyExists ||
        error instanceof Deno.errors.NotADirectory)
    ) throw error;
    throw new InstallError(
      "not-a-directory",
      `The skills directory "${dir}" is not a directory (a file is on its path); nothing was changed`,
      { cause: error },
    );
  }
}
