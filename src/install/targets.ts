// Copyright 2026 the skillscope authors. MIT license.
/**
 * Placing and removing what install targets hold: a symlink to the real copy
 * in another client's skills directory, or a copy of it (see
 * `target_path.ts` for what a target is and which are trusted). Every
 * target is resolved and checked before anything is written there, its
 * directories are created one component at a time, and it is resolved again
 * right before each rename, symlink or delete.
 *
 * @module
 */
import { dirname, join, relative } from "../shared/path.ts";
import { existsSync as exists } from "../shared/fs_checks.ts";
import { InstallError } from "./errors.ts";
import { copyTree } from "./copy_tree.ts";
import { hashDirectorySync } from "./hash.ts";
import { keepBackup } from "./backup.ts";
import {
  assertTargetUnchanged,
  checkTargets,
  type InstallTarget,
  pointsTo,
  resolveTarget,
} from "./target_path.ts";
import { newNonce } from "./owner.ts";
import { type InstallFs, realFs } from "./options.ts";

/** A copy being made: hidden, so discovery never lists a half copy. */
const STAGE_PREFIX = ".skillscope-stage-";

/**
 * Puts the skill into every target: a symlink to the real copy, or a fresh
 * copy of it. What is in the way is replaced only when it is ours (a symlink
 * to the real copy, or an unchanged copy recorded before) or when `force`
 * (then a directory is kept as a backup beside it, unless `backup` is false).
 *
 * @param root The real copy's skills directory.
 * @param name The skill's name.
 * @param targets The targets to place.
 * @param options `previous`: targets and hash recorded before; `hash`: the
 *   real copy's tree hash now; `force`, `backup`, `fs`; `onPlaced` hears
 *   of each target path a link or copy was (re)made in.
 * @returns Notes (backups kept).
 * @throws {InstallError} `unlocked-directory` for something in the way that
 *   is not ours; `bad-target` or `target-outside` (before anything is
 *   written) for a target that leads outside the lock's owner.
 */
export function placeTargets(
  root: string,
  name: string,
  targets: readonly InstallTarget[],
  options: {
    previous?: { targets: readonly InstallTarget[]; hash: string };
    /** The real copy's tree hash: a copy already holding it is left alone. */
    hash?: string;
    force?: boolean;
    backup?: boolean;
    fs?: InstallFs;
    onPlaced?: (path: string) => void;
  } = {},
): string[] {
  const notes: string[] = [];
  const real = join(root, name);
  const fs = options.fs ?? realFs;
  checkTargets(root, targets);
  for (const target of targets) {
    const dir = resolveTarget(root, target, { create: true });
    const path = join(dir, name);
    const recheck = (): void => assertTargetUnchanged(root, target, dir);
    // A copy interrupted earlier (kill -9) left only a hidden stage: drop it.
    for (const entry of Deno.readDirSync(dir)) {
      if (entry.name.startsWith(`${STAGE_PREFIX}${name}-`)) {
        Deno.removeSync(join(dir, entry.name), { recursive: true });
      }
    }
    let info: Deno.FileInfo | undefined;
    try {
      info = Deno.lstatSync(path);
    } catch {
      info = undefined;
    }
    if (info?.isSymlink) {
      if (target.copy !== true && pointsTo(path, real)) continue;
      if (!pointsTo(path, real) && options.force !== true) {
        throw inTheWay(path);
      }
      recheck();
      Deno.removeSync(path);
    } else if (info !== undefined) {
      const onDisk = info.isDirectory
        ? hashDirectorySync(path).hash
        : undefined;
      // A copy that already holds the real copy's files stays as it is.
      if (target.copy === true && onDisk === options.hash) continue;
      const recorded = options.previous?.targets.some((t) =>
        t.copy === true && t.dir === target.dir
      ) ?? false;
      const same = recorded && onDisk === options.previous!.hash;
      if (!same && options.force !== true) {
        throw inTheWay(path);
      }
      recheck();
      if (!same && options.backup !== false && info.isDirectory) {
        notes.push(
          `kept what was in ${path} at ${keepBackup(dir, path, name)}`,
        );
      } else {
        Deno.removeSync(path, { recursive: true });
      }
    }
    if (target.copy === true) {
      const stage = join(dir, `${STAGE_PREFIX}${name}-${newNonce()}`);
      try {
        copyTree(real, stage, {
          fs,
          progress: () => {},
          touch: () => {},
          skip: "",
          maxFiles: Number.MAX_SAFE_INTEGER,
          maxBytes: Number.MAX_SAFE_INTEGER,
        });
        recheck();
        fs.rename(stage, path);
      } finally {
        if (exists(stage)) Deno.removeSync(stage, { recursive: true });
      }
    } else {
      recheck();
      Deno.symlinkSync(relative(dirname(path), real), path);
    }
    options.onPlaced?.(path);
  }
  return notes;
}

/**
 * Removes what the targets put in place: a symlink to the real copy, or a
 * copy (kept as a backup when changed and `backup` is not false). Anything
 * else found there is left alone and named in a note.
 *
 * @param root The real copy's skills directory.
 * @param name The skill's name.
 * @param targets The recorded targets.
 * @param options `hash`: the tree hash an unchanged copy has; `backup`;
 *   `onRemoved` hears of each link or copy removed.
 * @returns Notes.
 * @throws {InstallError} `bad-target` or `target-outside` (before anything
 *   is removed) for a target that leads outside the lock's owner.
 */
export function removeTargets(
  root: string,
  name: string,
  targets: readonly InstallTarget[],
  options: {
    hash: string;
    backup?: boolean;
    onRemoved?: (path: string) => void;
  },
): string[] {
  const notes: string[] = [];
  const real = join(root, name);
  checkTargets(root, targets);
  for (const target of targets) {
    const dir = resolveTarget(root, target);
    const path = join(dir, name);
    const recheck = (): void => assertTargetUnchanged(root, target, dir);
    let info: Deno.FileInfo;
    try {
      info = Deno.lstatSync(path);
    } catch {
      continue;
    }
    if (info.isSymlink) {
      if (pointsTo(path, real) || !exists(path)) {
        recheck();
        Deno.removeSync(path);
        options.onRemoved?.(path);
      } else notes.push(`left ${path}: it is a symlink to something else`);
    } else if (target.copy === true && info.isDirectory) {
      if (
        hashDirectorySync(path).hash !== options.hash &&
        options.backup !== false
      ) {
        recheck();
        notes.push(
          `kept the changed copy in ${path} at ${keepBackup(dir, path, name)}`,
        );
      } else {
        recheck();
        Deno.removeSync(path, { recursive: true });
        options.onRemoved?.(path);
      }
    } else {
      notes.push(`left ${path}: it is not what install put there`);
    }
  }
  return notes;
}

/** The error for something in a target's way that install did not put there. */
function inTheWay(path: string): InstallError {
  return new InstallError(
    "unlocked-directory",
    `${path} exists but was not put there by skillscope; use --force to replace it`,
  );
}
