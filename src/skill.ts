// Copyright 2026 the skillscope authors. MIT license.
/**
 * Building frozen {@linkcode Skill} objects from parsed frontmatter.
 *
 * @module
 */
import type { Skill, SkillFields, SkillOrigin } from "./types.ts";

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
  // Key order is the JSON order users see: identity first, raw frontmatter last.
  const skill: Skill = {
    name: fields.name ?? place.fallbackName,
    description: fields.description ?? "",
    ...(place.path === undefined ? {} : { path: place.path }),
    ...(place.dir === undefined ? {} : { dir: place.dir }),
    ...(place.scope === undefined ? {} : { scope: place.scope }),
    source: place.source,
    ...(fields.license === undefined ? {} : { license: fields.license }),
    ...(fields.compatibility === undefined
      ? {}
      : { compatibility: fields.compatibility }),
    ...(fields.allowedTools === undefined
      ? {}
      : { allowedTools: fields.allowedTools }),
    ...(fields.metadata === undefined ? {} : { metadata: fields.metadata }),
    ...(fields.globs === undefined ? {} : { globs: fields.globs }),
    ...(fields.alwaysApply === undefined
      ? {}
      : { alwaysApply: fields.alwaysApply }),
    frontmatter,
  };
  return Object.freeze(skill);
}
