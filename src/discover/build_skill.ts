// Copyright 2026 the skillscope authors. MIT license.
/**
 * Building frozen {@linkcode Skill} objects from parsed frontmatter.
 *
 * @module
 */
import type { Skill, SkillFields, SkillOrigin } from "../shared/types.ts";

/** What {@linkcode buildSkill} needs besides the fields. */
export interface SkillPlace {
  /** The name to use when the frontmatter has none. */
  readonly fallbackName: string;
  /** SKILL.md path (directory skills). */
  readonly path?: string | undefined;
  /** Skill directory (directory skills). */
  readonly dir?: string | undefined;
  /** The source. */
  readonly source: SkillOrigin;
  /** Scope label. */
  readonly scope?: string | undefined;
}

/**
 * Builds a frozen skill. `fields.description` must be present (the caller
 * skips skills without one).
 *
 * @param fields Typed fields.
 * @param frontmatter Raw frontmatter.
 * @param place Name fallback, paths, source, scope.
 * @returns The skill.
 */
export function buildSkill(
  fields: SkillFields,
  frontmatter: Readonly<Record<string, unknown>>,
  place: SkillPlace,
): Skill {
  // Key order is the JSON order users see: identity first, raw frontmatter
  // last. Properties are added one by one (no spread objects on the hot path).
  const skill = {
    name: fields.name ?? place.fallbackName,
    description: fields.description ?? "",
  } as { -readonly [K in keyof Skill]: Skill[K] };
  if (place.path !== undefined) skill.path = place.path;
  if (place.dir !== undefined) skill.dir = place.dir;
  if (place.scope !== undefined) skill.scope = place.scope;
  skill.source = place.source;
  if (fields.license !== undefined) skill.license = fields.license;
  if (fields.compatibility !== undefined) {
    skill.compatibility = fields.compatibility;
  }
  if (fields.allowedTools !== undefined) {
    skill.allowedTools = fields.allowedTools;
  }
  if (fields.metadata !== undefined) skill.metadata = fields.metadata;
  if (fields.globs !== undefined) skill.globs = fields.globs;
  if (fields.alwaysApply !== undefined) skill.alwaysApply = fields.alwaysApply;
  skill.frontmatter = frontmatter;
  return Object.freeze(skill);
}
