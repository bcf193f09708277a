// Copyright 2026 the skillscope authors. MIT license.
/**
 * Matching skills to file paths by their `globs` (editor-rule semantics),
 * plus every `alwaysApply` skill.
 *
 * @module
 */
import { compileGlob } from "./glob.ts";
import type { Skill } from "../shared/types.ts";

type Matcher = (path: string) => boolean;

// Compiled once per skill object (skills are frozen and reused on cache hits).
const matchers = new WeakMap<Skill, Matcher>();

/**
 * Compiles a list of globs. `*` stays within a segment, `**` crosses
 * segments, a pattern without `/` matches the basename at any depth,
 * dotfiles match, backslashes are separators. Matching never backtracks
 * (see `glob.ts`): a hostile glob costs time linear in its size.
 *
 * @param globs The globs.
 * @returns A predicate on normalized paths.
 */
export function compileGlobs(globs: readonly string[]): Matcher {
  const matchers = globs.map(normalizeGlob).filter((g) => g !== "").map((g) =>
    compileGlob(g, { basename: true })
  );
  return (path) => matchers.some((m) => m(path));
}

function normalizeGlob(glob: string): string {
  let g = glob.replaceAll("\\", "/");
  if (g.startsWith("./")) g = g.slice(2);
  if (g.endsWith("/")) g = `${g}**`;
  return g;
}

/**
 * Normalizes a path for matching: backslashes become `/`, a leading `./`
 * is dropped.
 *
 * @param path A file path.
 * @returns The normalized path.
 */
export function normalizeMatchPath(path: string): string {
  let p = path.replaceAll("\\", "/");
  while (p.startsWith("./")) p = p.slice(2);
  return p;
}

/**
 * The skills that apply to any of `paths`: those whose globs match one of
 * them, and every `alwaysApply` skill. Order is the order of `skills`.
 *
 * @example Usage
 * ```ts
 * import { directorySource, discoverSync } from "@skillscope/skills";
 * import { matchSkills } from "./match.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const [name, description, extra] of [
 *   ["pdf-tools", "Fill and read PDF forms", ""],
 *   ["sql-review", "Review SQL migrations", "globs: ['db/**']\n"],
 * ]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(
 *     `${root}/${name}/SKILL.md`,
 *     `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`,
 *   );
 * }
 * const { skills } = discoverSync({ sources: [directorySource(root)] });
 * assert.deepEqual(
 *   matchSkills(skills, ["db/migrations/001.sql"]).map((s) => s.name),
 *   ["sql-review"],
 * );
 * ```
 *
 * @param skills Candidate skills.
 * @param paths File paths (relative to the project, as the globs are).
 * @returns The matching skills.
 */
export function matchSkills(
  skills: readonly Skill[],
  paths: readonly string[],
): Skill[] {
  const normalized = paths.map(normalizeMatchPath).filter((p) => p !== "");
  return skills.filter((skill) => {
    if (skill.alwaysApply === true) return true;
    if (!skill.globs || skill.globs.length === 0) return false;
    let matcher = matchers.get(skill);
    if (matcher === undefined) {
      matcher = compileGlobs(skill.globs);
      matchers.set(skill, matcher);
    }
    return normalized.some((p) => matcher(p));
  });
}
