// Copyright 2026 the skillscope authors. MIT license.
/**
 * Whether an entry of a skills directory that its own `skills.lock` does not
 * record is a link another directory's lock put there: with several
 * `--client`, the first client's directory holds the real copy and the lock,
 * the others a symlink recorded as a target.
 *
 * @module
 */
import { dirname, join } from "../shared/path.ts";
import { isInside } from "../shared/containment.ts";
import { readLockfileSync } from "./lockfile.ts";
import { resolveTarget } from "./target_path.ts";

/**
 * The `skills.lock` that records `root/name` as one of its targets, when
 * `root/name` is a symlink to a skill that lock holds.
 *
 * @example A link made by `install --client claude --client codex`
 * ```ts
 * import assert from "node:assert/strict";
 * import { install } from "@skillscope/skills/install";
 * import { lockHoldingLink } from "./linked_elsewhere.ts";
 *
 * const home = await Deno.makeTempDir();
 * const source = `${home}/src`;
 * await Deno.mkdir(source);
 * await Deno.writeTextFile(
 *   `${source}/SKILL.md`,
 *   "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n",
 * );
 * await install({
 *   source,
 *   dir: `${home}/.claude/skills`,
 *   targets: [`${home}/.codex/skills`],
 * });
 * assert.equal(
 *   lockHoldingLink(`${home}/.codex/skills`, "demo"),
 *   `${home}/.claude/skills/skills.lock`,
 * );
 * assert.equal(lockHoldingLink(`${home}/.claude/skills`, "demo"), undefined);
 * // A lock outside the directories given is not read.
 * assert.equal(lockHoldingLink(`${home}/.codex/skills`, "demo", [`${home}/.codex`]), undefined);
 * ```
 *
 * @param root The skills directory the entry is in.
 * @param name The entry's name.
 * @param within The directories a recording lock may be in (the project
 *   and home a command works in): a link leading anywhere else is not
 *   followed to a lock, since whoever made the link chose where it leads.
 *   Without it, any directory.
 * @returns The lock file's path, or `undefined`.
 */
export function lockHoldingLink(
  root: string,
  name: string,
  within?: readonly string[],
): string | undefined {
  const path = join(root, name);
  let real: string;
  let here: string;
  try {
    if (!Deno.lstatSync(path).isSymlink) return undefined;
    real = Deno.realPathSync(path);
    here = Deno.realPathSync(root);
  } catch {
    return undefined;
  }
  const owner = dirname(real);
  if (
    within !== undefined &&
    !within.some((dir) => isInside(dir, owner, { orEqual: true }))
  ) return undefined;
  try {
    const entry = readLockfileSync(owner).skills[name];
    const recorded = (entry?.targets ?? []).some((target) => {
      try {
        return Deno.realPathSync(resolveTarget(owner, target)) === here;
      } catch {
        return false;
      }
    });
    return recorded ? join(owner, "skills.lock") : undefined;
  } catch {
    return undefined; // no lock there, or one that cannot be read
  }
}
