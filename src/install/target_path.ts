// Copyright 2026 the skillscope authors. MIT license.
/**
 * What an install target is: another client skills directory that gets an
 * installed skill (a symlink to the real copy, or a copy), recorded in the
 * real copy's lock entry relative to its skills directory. A lockfile can come
 * from a cloned repository, so a recorded target is trusted only when it
 * names a client skills directory (one of `CLIENT_DIR_SUFFIXES`) no higher up
 * than the real copy's own base (the project root or the home directory).
 *
 * @module
 */
import { join, relative, resolve, sep } from "node:path";
import { CLIENT_DIR_SUFFIXES } from "../discover/default_roots.ts";
import { InstallError } from "./errors.ts";

/** Another skills directory that gets the skill, as recorded in the lock. */
export interface InstallTarget {
  /** The skills directory, relative to the real copy's skills directory (`/` separators). */
  readonly dir: string;
  /** A copy instead of a symlink. */
  readonly copy?: true;
}

/** How many levels a target may climb: the deepest client suffix (`.local/share/zero/skills`). */
const MAX_UP = Math.max(
  ...CLIENT_DIR_SUFFIXES.map((suffix) => suffix.split("/").length),
);

/**
 * Why a recorded target is not acceptable, or `undefined`.
 *
 * @param value The target as parsed from the lockfile.
 * @returns The problem, or `undefined`.
 */
export function targetProblem(value: unknown): string | undefined {
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
  if (up === 0 || up > MAX_UP || !CLIENT_DIR_SUFFIXES.includes(rest)) {
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
  const problem = targetProblem(target);
  if (problem !== undefined) {
    throw new InstallError(
      "bad-target",
      `Cannot also install into ${dir}: it is not a client skills directory in the same project or home as ${root}`,
    );
  }
  return target;
}

/**
 * Where a target puts the skill.
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
