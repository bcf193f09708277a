// Copyright 2026 the skillscope authors. MIT license.
/**
 * Building frozen {@linkcode Skill} objects from parsed frontmatter: the one
 * place every source's skill is made, so the caps of `retain.ts` hold for a
 * skill on disk, embedded, listed by an MCP server or by a website alike.
 *
 * @module
 */
import {
  capRetained,
  MAX_RETAINED_FRONTMATTER_CHARS,
  retainedChars,
} from "./retain.ts";
import type {
  Diagnostic,
  DirectorySkill,
  EmbeddedSkill,
  Skill,
  SkillFields,
  SkillOrigin,
} from "../shared/types.ts";

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
  /** The body (embedded skills). */
  readonly body?: string | undefined;
  /** Length of the YAML text the frontmatter was parsed from, when it was. */
  readonly frontmatterChars?: number | undefined;
  /** Receives the `frontmatter-capped` warning when the skill is capped. */
  readonly diagnostics?: Diagnostic[] | undefined;
}

/**
 * Builds a frozen skill. `fields.description` must be present (the caller
 * skips skills without one). A frontmatter or fields over
 * `MAX_RETAINED_FRONTMATTER_CHARS` (see `retainedChars`) are capped first,
 * whatever the source: `metadata` and unknown fields dropped, every string
 * cut to 4096 characters, every list to 64 items.
 *
 * @param fields Typed fields.
 * @param frontmatter Raw frontmatter.
 * @param place Name fallback, paths, source, scope, and where the warning goes.
 * @returns The skill.
 */
export function buildSkill(
  fields: SkillFields,
  frontmatter: Readonly<Record<string, unknown>>,
  place: SkillPlace,
): Skill {
  const size = retainedChars(
    place.frontmatterChars ?? 0,
    frontmatter,
    fields,
    MAX_RETAINED_FRONTMATTER_CHARS,
  );
  if (size > MAX_RETAINED_FRONTMATTER_CHARS) {
    const kept = capRetained(
      size,
      frontmatter,
      fields,
      place.path ?? place.source.key,
    );
    if (kept.diagnostic) place.diagnostics?.push(kept.diagnostic);
    fields = kept.fields;
    frontmatter = kept.frontmatter;
  }
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
  if (fields.disableModelInvocation !== undefined) {
    skill.disableModelInvocation = fields.disableModelInvocation;
  }
  if (fields.userInvocable !== undefined) {
    skill.userInvocable = fields.userInvocable;
  }
  if (fields.argumentHint !== undefined) {
    skill.argumentHint = fields.argumentHint;
  }
  if (fields.arguments !== undefined) skill.arguments = fields.arguments;
  if (fields.whenToUse !== undefined) skill.whenToUse = fields.whenToUse;
  if (fields.model !== undefined) skill.model = fields.model;
  if (fields.displayName !== undefined) skill.displayName = fields.displayName;
  if (fields.shortDescription !== undefined) {
    skill.shortDescription = fields.shortDescription;
  }
  if (fields.allowImplicitInvocation !== undefined) {
    skill.allowImplicitInvocation = fields.allowImplicitInvocation;
  }
  skill.frontmatter = frontmatter;
  if (place.body !== undefined) skill.body = place.body;
  const built = Object.freeze(skill);
  if (place.source.kind === "remote") builtRemote.add(built);
  return built;
}

// Remote skills made here (by the MCP and website sources), already
// capped: a listing is capped again only for skills a caller's own
// RemoteSource made some other way. Directory and embedded skills, the hot
// path, are never recorded.
const builtRemote = new WeakSet<Skill>();

/**
 * Whether {@linkcode buildSkill} made this remote skill, so its fields are
 * within the caps already.
 *
 * @param skill A skill a remote source listed.
 * @returns `true` when it was built (and capped) here.
 */
export function isBuiltRemoteSkill(skill: Skill): boolean {
  return builtRemote.has(skill);
}

/**
 * Whether a skill was found in a directory (so `path` and `dir` are set).
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, discoverSync } from "@skillscope/skills";
 * import { isDirectorySkill } from "./build_skill.ts";
 * import assert from "node:assert/strict";
 *
 * const [skill] = discoverSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * }).skills;
 * assert.equal(isDirectorySkill(skill!), false);
 * ```
 *
 * @param skill A skill.
 * @returns `true` for a skill from a directory source.
 */
export function isDirectorySkill(skill: Skill): skill is DirectorySkill {
  return skill.source.kind === "directory" && skill.path !== undefined &&
    skill.dir !== undefined;
}

/**
 * Whether a skill is held in memory (so `body` is set).
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, discoverSync } from "@skillscope/skills";
 * import { isEmbeddedSkill } from "./build_skill.ts";
 * import assert from "node:assert/strict";
 *
 * const [skill] = discoverSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * }).skills;
 * assert.equal(isEmbeddedSkill(skill!), true);
 * ```
 *
 * @param skill A skill.
 * @returns `true` for an embedded skill.
 */
export function isEmbeddedSkill(skill: Skill): skill is EmbeddedSkill {
  return skill.source.kind === "embedded" && typeof skill.body === "string";
}

/** One skill, loaded: the skill (or none) and what to report, in order. */
export interface Loaded {
  readonly skill: Skill | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** Its frontmatter (or metadata file) needs the full YAML parser, which it was not given. */
  readonly needsParser: boolean;
}
