// Copyright 2026 the skillscope authors. MIT license.
/**
 * Deduplication: the first skill of a name wins; every loser is reported,
 * and warned about unless it is the same skill seen again (see
 * {@linkcode SameSkill}).
 *
 * @module
 */
import type { Diagnostic, Shadowed, Skill } from "../shared/types.ts";

/**
 * Where a skill is, for shadow reports: its SKILL.md path, or the source key
 * of an embedded skill.
 *
 * @param skill The skill.
 * @returns A path or `embedded:<name>`.
 */
export function skillLocation(skill: Skill): string {
  return skill.path ?? skill.source.key;
}

// deno-lint-ignore no-control-regex -- ASCII test
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The identity of a skill name: its NFKC normal form, the form the
 * specification's reference validator compares. Dedup, shadowing and lookup
 * by name all use it, so NFC/NFD (or full-width) twins are one skill: the
 * first wins and the other is reported as shadowed. ASCII names are their
 * own identity.
 *
 * @example Usage
 * ```ts
 * import { skillIdentity } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.equal(skillIdentity("caf\u00e9"), skillIdentity("cafe\u0301"));
 * ```
 *
 * @param name A skill name.
 * @returns Its identity.
 */
export function skillIdentity(name: string): string {
  return ASCII.test(name) ? name : name.normalize("NFKC");
}

/**
 * Whether a later skill of a name is the winner seen again rather than a
 * clash: for the CLI, a symlink to the same directory or a copy recorded in
 * `skills.lock` beside it with the same content. Such a loser is reported
 * with `same: true` and not warned about.
 *
 * @example Usage
 * ```ts
 * import { Deduper, type SameSkill } from "./dedup.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill = (dir: string): Skill => ({
 *   name: "pdf", description: "d", path: `${dir}/SKILL.md`, dir,
 *   source: { kind: "directory", key: dir }, frontmatter: {},
 * });
 * const same: SameSkill = (winner, loser) => winner.description === loser.description;
 * const deduper = new Deduper(same);
 * deduper.add(skill("/a/pdf"));
 * deduper.add(skill("/b/pdf"));
 * assert.deepEqual(deduper.shadowed[0]?.same, true);
 * assert.deepEqual(deduper.diagnostics, []);
 * ```
 */
export type SameSkill = ((winner: Skill, loser: Skill) => boolean) & {
  /**
   * `"place"` when the test reads only where the winner is (its name, paths,
   * scope and source), never its fields: a streamed listing then keeps only
   * that of each winner. Without it the whole winner is kept.
   */
  readonly reads?: "place" | undefined;
};

/**
 * Deduplication one skill at a time, in precedence order: the first skill
 * of each name (compared by {@linkcode skillIdentity}) wins, and every later
 * one is reported as shadowed.
 *
 * @example Usage
 * ```ts
 * import { Deduper } from "./dedup.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill = (dir: string): Skill => ({
 *   name: "pdf", description: "d", path: `${dir}/SKILL.md`, dir,
 *   source: { kind: "directory", key: dir }, frontmatter: {},
 * });
 * const deduper = new Deduper();
 * assert.equal(deduper.add(skill("/a/pdf")), true);
 * assert.equal(deduper.add(skill("/b/pdf")), false);
 * assert.equal(deduper.shadowed[0]?.winner, "/a/pdf/SKILL.md");
 * assert.equal(deduper.diagnostics[0]?.code, "skill-shadowed");
 * ```
 */
export class Deduper {
  /** One report per loser, in order. */
  readonly shadowed: Shadowed[] = [];
  /** One `skill-shadowed` warning per loser that clashes. */
  readonly diagnostics: Diagnostic[] = [];
  readonly #winners = new Map<string, Skill>();
  readonly #sameSkill: SameSkill | undefined;
  readonly #keep: (winner: Skill) => Skill;

  /**
   * A deduplication with nothing seen yet.
   *
   * @param sameSkill Tells a loser that is the winner seen again (not warned about).
   * @param keep What to remember of a winner, for the reports and
   *   `sameSkill` of its losers (by default the winner itself).
   */
  constructor(sameSkill?: SameSkill, keep?: (winner: Skill) => Skill) {
    this.#sameSkill = sameSkill;
    this.#keep = keep ?? ((winner) => winner);
  }

  /**
   * Takes the next skill.
   *
   * @param skill The skill.
   * @returns `true` when it wins (the first of its name), `false` when it is shadowed.
   */
  add(skill: Skill): boolean {
    const key = skillIdentity(skill.name);
    const winner = this.#winners.get(key);
    if (winner === undefined) {
      this.#winners.set(key, this.#keep(skill));
      return true;
    }
    const same = this.#sameSkill?.(winner, skill) === true;
    const report: Shadowed = Object.freeze({
      name: skill.name,
      winner: skillLocation(winner),
      loser: skillLocation(skill),
      ...(same ? { same } : {}),
    });
    this.shadowed.push(report);
    // The same skill seen by another agent (a recorded copy): no clash.
    // Overriding a bundled default is intended: reported, not warned about.
    if (same || skill.source.overridable === true) return false;
    this.diagnostics.push({
      level: "warning",
      code: "skill-shadowed",
      message:
        `Skill "${skill.name}" at ${report.loser} is shadowed by ${report.winner}`,
      ...(skill.path === undefined ? {} : { path: skill.path }),
    });
    return false;
  }
}
