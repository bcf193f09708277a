// Copyright 2026 the skillscope authors. MIT license.
/**
 * Merging the skills of a discovery's sources, one at a time in precedence
 * order: the name filter, then deduplication, and the diagnostics of the
 * skills the filter removed left out. A discovery that keeps its skills and
 * one that streams them merge the same way.
 *
 * @module
 */
import { Deduper, type SameSkill } from "./dedup.ts";
import { nameFilter } from "./name_filter.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";

/** What {@linkcode SkillMerge} is given. */
export interface MergeOptions {
  /** Whole-name patterns a skill must match; empty = all. */
  readonly include?: readonly string[] | undefined;
  /** Whole-name patterns that remove a skill. */
  readonly exclude?: readonly string[] | undefined;
  /** Tells a loser that is the winner seen again. */
  readonly sameSkill?: SameSkill | undefined;
  /** What to remember of a winner (by default the winner itself). */
  readonly keepWinner?: ((winner: Skill) => Skill) | undefined;
}

/**
 * The merge of a discovery's skills, taken one at a time in precedence
 * order.
 *
 * @example Usage
 * ```ts
 * import { SkillMerge } from "./merge.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill = (name: string, dir: string): Skill => ({
 *   name, description: "d", path: `${dir}/SKILL.md`, dir,
 *   source: { kind: "directory", key: dir }, frontmatter: {},
 * });
 * const merge = new SkillMerge({ exclude: ["test-*"] });
 * assert.equal(merge.take(skill("pdf", "/a/pdf")), true);
 * assert.equal(merge.take(skill("pdf", "/b/pdf")), false);
 * assert.equal(merge.take(skill("test-x", "/a/test-x")), false);
 * assert.equal(merge.keeps({ level: "error", code: "yaml-invalid", message: "Invalid YAML", path: "/a/test-x/SKILL.md" }), false);
 * assert.equal(merge.shadowed.length, 1);
 * ```
 */
export class SkillMerge {
  readonly #keep: (name: string) => boolean;
  readonly #deduper: Deduper;
  // The files of skills filtered out: their diagnostics go with them.
  readonly #dropped = new Set<string>();

  /**
   * A merge with nothing taken yet.
   *
   * @param options The filter, the test for a winner seen again, and what
   *   to remember of a winner.
   */
  constructor(options: MergeOptions) {
    this.#keep = nameFilter(options.include, options.exclude);
    this.#deduper = new Deduper(options.sameSkill, options.keepWinner);
  }

  /**
   * Takes the next skill.
   *
   * @param skill The skill.
   * @returns `true` when it is one of the discovery's skills: it passes the
   *   filter and is the first of its name.
   */
  take(skill: Skill): boolean {
    if (this.#keep(skill.name)) return this.#deduper.add(skill);
    if (skill.path !== undefined) this.#dropped.add(skill.path);
    return false;
  }

  /**
   * Whether a source's diagnostic is reported: not when it is about a skill
   * the filter removed (taken before).
   *
   * @param diagnostic The diagnostic.
   * @returns `true` when it is reported.
   */
  keeps(diagnostic: Diagnostic): boolean {
    return diagnostic.path === undefined ||
      !this.#dropped.has(diagnostic.path);
  }

  /** One report per shadowed skill, in order. */
  get shadowed(): Deduper["shadowed"] {
    return this.#deduper.shadowed;
  }

  /** One `skill-shadowed` warning per clash, reported after the sources' diagnostics. */
  get warnings(): readonly Diagnostic[] {
    return this.#deduper.diagnostics;
  }
}
