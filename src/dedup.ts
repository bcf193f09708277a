// Copyright 2026 the skillscope authors. MIT license.
/**
 * Deduplication: the first skill of a name wins; every loser is reported.
 *
 * @module
 */
import type { Diagnostic, Shadowed, Skill } from "./types.ts";

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
 * Keeps the first skill of each name (by {@linkcode skillIdentity}), in order.
 *
 * @param skills Skills in precedence order.
 * @returns The winners, the shadow reports, and one warning per loser.
 */
export function dedupeSkills(skills: readonly Skill[]): {
  skills: Skill[];
  shadowed: Shadowed[];
  diagnostics: Diagnostic[];
} {
  const winners = new Map<string, Skill>();
  const kept: Skill[] = [];
  const shadowed: Shadowed[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const skill of skills) {
    const key = skillIdentity(skill.name);
    const winner = winners.get(key);
    if (winner === undefined) {
      winners.set(key, skill);
      kept.push(skill);
      continue;
    }
    const report = Object.freeze({
      name: skill.name,
      winner: skillLocation(winner),
      loser: skillLocation(skill),
    });
    shadowed.push(report);
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
