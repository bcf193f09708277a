// Copyright 2026 the skillscope authors. MIT license.
/**
 * What an install target is: another client skills directory that gets an
 * installed skill (a symlink to the real copy, or a copy), recorded in the
 * real copy's lock entry relative to its skills directory. A lockfile can come
 * from a cloned repository, so a recorded target is trusted only when it
 * names a client skills directory (one of `CLIENT_DIR_SUFFIXES`) of the
 * directory that owns the lock (the project root or the home directory,
 * see {@linkcode lockOwner}), and only where it resolves: every place that
 * writes, links, moves or deletes at a target goes through
 * {@linkcode resolveTarget}, which follows every existing component
 * (symlinks included) and refuses a target that leads outside the owner.
 *
 * @module
 */
import { join, relative, resolve, SEP as sep } from "../shared/path.ts";
import { CLIENT_DIR_SUFFIXES } from "../clients/client_dirs_table.ts";
import {
  ContainmentError,
  makeDirsInside,
  resolveExisting,
  resolveInside,
} from "../shared/containment.ts";
import { InstallError } from "./errors.ts";

/** Another skills directory that gets the skill, as recorded in the lock. */
export interface InstallTarget {
  /** The skills directory, relative to the real copy's skills directory (`/` separators). */
  readonly dir: string;
  /** A copy instead of a symlink. */
  readonly copy?: true;
}

/** The client suffixes split into components, the longest first. */
const SUFFIXES: readonly string[][] = CLIENT_DIR_SUFFIXES
  .map((suffix) => suffix.split("/"))
  .sort((a, b) => b.length - a.length);

/** How many levels a target may climb without a root: the deepest client suffix. */
const MAX_UP = SUFFIXES[0]!.length;

/**
 * The directory that owns a skills directory, and so its lock: `root`
 * without its client suffix (`/p/.claude/skills` → `/p`, the project root or
 * the home directory); the parent of a skills directory with no client
 * suffix. Every target must stay inside it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { lockOwner } from "./target_path.ts";
 *
 * assert.deepEqual(lockOwner("/p/.agents/skills"), { dir: "/p", depth: 2 });
 * assert.deepEqual(lockOwner("/h/.config/opencode/skills"), { dir: "/h", depth: 3 });
 * assert.deepEqual(lockOwner("/tmp/skills"), { dir: "/tmp", depth: 1 });
 * ```
 *
 * @param root The skills directory (absolute).
 * @returns The owner, and how many components `root` is below it.
 */
export function lockOwner(root: string): { dir: string; depth: number } {
  const parts = resolve(root).split(sep);
  const suffix = SUFFIXES.find((s) =>
    s.length < parts.length &&
    s.every((part, i) => parts[parts.length - s.length + i] === part)
  );
  const depth = suffix?.length ?? 1;
  return { dir: parts.slice(0, -depth).join(sep) || sep, depth };
}

/**
 * Why a recorded target is not acceptable, or `undefined`. With `root` (the
 * skills directory holding the lock), the target must also climb exactly to
 * the lock's owner ({@linkcode lockOwner}) and name a client skills
 * directory there: never a directory above the project or the home.
 *
 * @param value The target as parsed from the lockfile.
 * @param root The skills directory holding the lock.
 * @returns The problem, or `undefined`.
 */
export function targetProblem(
  value: unknown,
  root?: string,
): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "has a target that is not an object";
  }
  const t = value as Record<string, unknown>;
  if (t.copy !== undefined && t.copy !== true) {
    return `has a target whose "copy" is not true`;
  }
  if (typeof t.dir !== "string") return `has a target with no "dir" string`;
  const parts = t.dir.split("/");
  let up = 0;
  while (parts[up] === "..") up++;
  const rest = parts.slice(up).join("/");
  const depth = root === undefined ? undefined : lockOwner(root).depth;
  if (
    up === 0 || !CLIENT_DIR_SUFFIXES.includes(rest) ||
    (depth === undefined ? up > MAX_UP : up !== depth)
  ) {
    return `has the target ${
      JSON.stringify(t.dir)
    }, which is not a client skills directory beside this one`;
  }
  return undefined;
}

/**
 * The recorded form of a skills directory that gets the skill beside `root`.
 *
 * @param root The real copy's skills directory (absolute).
 * @param dir The other skills directory (absolute).
 * @param copy A copy instead of a symlink.
 * @returns The target to record.
 * @throws {InstallError} `bad-target` when `dir` is not a client skills directory beside `root`.
 */
export function targetOf(
  root: string,
  dir: string,
  copy: boolean,
): InstallTarget {
  const target: InstallTarget = {
    dir: relative(root, dir).split(sep).join("/"),
    ...(copy ? { copy: true as const } : {}),
  };
  const problem = targetProblem(target, root);
  if (problem !== undefined) {
    throw new InstallError(
      "bad-target",
      `Cannot also install into ${dir}: it is not a client skills directory in the same project or home as ${root}`,
    );
  }
  return target;
}

/**
 * Where a target puts the skill, as written (for messages and results; to
 * write there, use {@linkcode resolveTarget}).
 *
 * @param root The real copy's skills directory.
 * @param target The target.
 * @param name The skill's name.
 * @returns The absolute path of the symlink or copy.
 */
export function targetPath(
  root: string,
  target: InstallTarget,
  name: string,
): string {
  return join(resolve(root, target.dir), name);
}

/**
 * The directory a target really is: its recorded path resolved through
 * every existing component, required inside the lock's owner
 * ({@linkcode lockOwner}) and different from the skills directory itself.
 * What every write, link, move and delete at a target uses.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveTarget } from "./target_path.ts";
 *
 * const project = await Deno.realPath(await Deno.makeTempDir());
 * const root = `${project}/.agents/skills`;
 * assert.equal(resolveTarget(root, { dir: "../../.claude/skills" }), `${project}/.claude/skills`);
 * await Deno.symlink("..", `${project}/.codex`);
 * assert.throws(() => resolveTarget(root, { dir: "../../.codex/skills" }), /outside/);
 * ```
 *
 * @param root The real copy's skills directory.
 * @param target The target.
 * @param options `create`: make the directory (and its missing parents, one
 *   at a time, each checked) after the check.
 * @returns The resolved absolute directory.
 * @throws {InstallError} `bad-target` for a target that is not a client
 *   skills directory of the owner, or is the skills directory itself;
 *   `target-outside` for one that leads outside the owner.
 */
export function resolveTarget(
  root: string,
  target: InstallTarget,
  options: { create?: boolean } = {},
): string {
  const dir = resolve(root, target.dir);
  const owner = lockOwner(root).dir;
  if (targetProblem(target, root) !== undefined) {
    throw new InstallError(
      "bad-target",
      `The install target "${dir}" is not a client skills directory of "${owner}"; nothing was changed`,
    );
  }
  let real: string;
  try {
    real = (options.create === true ? makeDirsInside : resolveInside)(
      owner,
      dir,
      { label: "The install target" },
    );
  } catch (error) {
    if (!(error instanceof ContainmentError)) throw error;
    throw new InstallError(
      "target-outside",
      `${error.message}: it must stay inside the directory that owns "${
        join(root, "skills.lock")
      }"; nothing was changed there`,
      { cause: error },
    );
  }
  if (real === resolveExisting(resolve(root))) {
    throw new InstallError(
      "bad-target",
      `The install target "${dir}" is the skills directory "${root}" itself; nothing was changed`,
    );
  }
  return real;
}

/**
 * Checks every target before anything is written: see
 * {@linkcode resolveTarget}.
 *
 * @param root The real copy's skills directory.
 * @param targets The targets.
 * @throws {InstallError} `bad-target` or `target-outside`.
 */
export function checkTargets(
  root: string,
  targets: readonly InstallTarget[] | undefined,
): void {
  for (const target of targets ?? []) resolveTarget(root, target);
}

/**
 * Resolves a target again right before a rename, symlink or delete there,
 * and fails when it no longer leads where it did (a symlink swapped in
 * since the first check).
 *
 * @param root The real copy's skills directory.
 * @param target The target.
 * @param dir What {@linkcode resolveTarget} returned before.
 * @throws {InstallError} `target-outside` when it changed.
 */
export function assertTargetUnchanged(
  root: string,
  target: InstallTarget,
  dir: string,
): void {
  const now = resolveTarget(root, target);
  if (now !== dir) {
    throw new InstallError(
      "target-outside",
      `The install target "${
        resolve(root, target.dir)
      }" changed while it was written (it led to "${dir}", now to "${now}"); stopped`,
    );
  }
}

/**
 * Whether the symlink `path` leads to `real`.
 *
 * @param path A symlink.
 * @param real The real copy.
 * @returns `true` when both resolve to the same directory.
 */
export function pointsTo(path: string, real: string): boolean {
  try {
    return Deno.realPathSync(path) === Deno.realPathSync(real);
  } catch {
    return false;
  }
}
