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
 * import { dedupeSkills, type SameSkill } from "./dedup.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill = (dir: string): Skill => ({
 *   name: "pdf", description: "d", path: `${dir}/SKILL.md`, dir,
 *   source: { kind: "directory", key: dir }, frontmatter: {},
 * });
 * const same: SameSkill = (winner, loser) => winner.description === loser.description;
 * const found = dedupeSkills([skill("/a/pdf"), skill("/b/pdf")], same);
 * assert.deepEqual(found.shadowed[0]?.same, true);
 * assert.deepEqual(found.diagnostics, []);
 * ```
 */
export type SameSkill = (winner: Skill, loser: Skill) => boolean;

/** What {@linkcode dedupeSkills} returns. */
export interface Deduped {
  /** The winners, in order. */
  skills: Skill[];
  /** One report per loser. */
  shadowed: Shadowed[];
  /** One `skill-shadowed` warning per loser. */
  diagnostics: Diagnostic[];
}

/**
 * Keeps the first skill of each name (compared by {@linkcode skillIdentity})
 * and reports every later one as shadowed.
 *
 * @param skills Skills in precedence order.
 * @param sameSkill Tells a loser that is the winner seen again (not warned about).
 * @returns Winners, shadow reports and warnings.
 */
export function dedupeSkills(
  skills: readonly Skill[],
  sameSkill?: SameSkill,
): Deduped {
  const steps = dedupeSteps(skills, sameSkill);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * {@linkcode dedupeSkills} as a generator that yields every 2048 skills, so
 * an async caller can give the event loop a turn.
 *
 * @param skills Skills in precedence order.
 * @param sameSkill Tells a loser that is the winner seen again (not warned about).
 * @returns Winners, shadow reports and warnings (as the return value).
 */
export function* dedupeSteps(
  skills: readonly Skill[],
  sameSkill?: SameSkill,
): Generator<undefined, Deduped, unknown> {
  const winners = new Map<string, Skill>();
  const kept: Skill[] = [];
  const shadowed: Shadowed[] = [];
  const diagnostics: Diagnostic[] = [];
  let count = 0;
  for (const skill of skills) {
    if ((++count & 2047) === 0) yield;
    const key = skillIdentity(skill.name);
    const winner = winners.get(key);
    if (winner === undefined) {
      winners.set(key, skill);
      kept.push(skill);
      continue;
    }
    const same = sameSkill?.(winner, skill) === true;
    const report: Shadowed = Object.freeze({
      name: skill.name,
      winner: skillLocation(winner),
      loser: skillLocation(skill),
      ...(same ? { same } : {}),
    });
    shadowed.push(report);
    // The same skill seen by another agent (a recorded copy): no clash.
    if (same) continue;
    // Overriding a bundled default is intended: reported, not warned about.
    if (skill.source.overridable === true) continue;
    diagnostics.push({
      level: "warning",
      code: "skill-shadowed",
      message:
        `Skill "${skill.name}" at ${report.loser} is shadowed by ${report.winner}`,
      ...(skill.path === undefined ? {} : { path: skill.path }),
    });
  }
  return { skills: kept, shadowed, diagnostics };
}
