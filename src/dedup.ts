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

/**
 * Keeps the first skill of each name, in order.
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
    const winner = winners.get(skill.name);
    if (winner === undefined) {
      winners.set(skill.name, skill);
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
