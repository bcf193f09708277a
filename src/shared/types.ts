// Copyright 2026 the skillscope authors. MIT license.
/**
 * Shared data types of skillscope.
 *
 * @module
 */

/**
 * How serious a {@linkcode Diagnostic} is.
 *
 * @example Usage
 * ```ts
 * import { type DiagnosticLevel, validateSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const levels: DiagnosticLevel[] = validateSkillMd(
 *   "---\nname: demo\ndescription: Demo\ncolor: red\n---\n",
 *   { dirName: "demo" },
 * ).map((d) => d.level);
 * assert.deepEqual(levels, ["warning"]);
 * ```
 */
export type DiagnosticLevel = "error" | "warning";

/**
 * Every diagnostic code skillscope can emit.
 *
 * @example The codes of a validation
 * ```ts
 * import { type RuleCode, validateSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const codes: RuleCode[] = validateSkillMd("---\nname: demo\n---\n", { dirName: "demo" }).map((d) => d.code);
 * assert.deepEqual(codes, ["description-missing"]);
 * ```
 */
export type RuleCode =
  | "root-missing"
  | "root-invalid"
  | "permission-skipped"
  | "scan-truncated"
  | "symlink-cycle"
  | "symlink-skipped"
  | "asset-path-invalid"
  | "skill-shadowed"
  | "path-missing"
  | "not-a-directory"
  | "skill-md-missing"
  | "skill-md-not-file"
  | "read-failed"
  | "frontmatter-missing"
  | "frontmatter-unclosed"
  | "frontmatter-too-large"
  | "yaml-invalid"
  | "yaml-parser-not-loaded"
  | "skill-unapproved"
  | "skill-changed-since-approval"
  | "duplicate-key"
  | "frontmatter-not-map"
  | "name-missing"
  | "name-not-string"
  | "name-too-long"
  | "name-not-lowercase"
  | "name-hyphen-edge"
  | "name-consecutive-hyphens"
  | "name-invalid-chars"
  | "name-dir-mismatch"
  | "description-missing"
  | "description-not-string"
  | "description-from-body"
  | "description-too-long"
  | "description-placeholder"
  | "compatibility-not-string"
  | "compatibility-too-long"
  | "metadata-not-map"
  | "metadata-value-unquoted"
  | "allowed-tools-not-string"
  | "globs-invalid"
  | "always-apply-not-boolean"
  | "noncanonical-boolean"
  | "codex-metadata-invalid"
  | "client-field-invalid"
  | "unknown-field"
  | "extension-field"
  | "dir-read-failed"
  | "undecodable-name"
  | "frontmatter-capped"
  | "embed-truncated"
  | "embed-skipped-file"
  | "embed-skipped-skill"
  | "remote-source-failed"
  | "remote-source-async-only"
  | "remote-no-skills"
  | "remote-entry-invalid"
  | "web-schema-unknown"
  | "web-entry-invalid"
  | "web-entry-skipped"
  | "web-index-truncated"
  | "web-unverified"
  | "web-publish-skipped"
  | "mcp-skill-not-listed"
  | "mcp-skill-dynamic";

/**
 * A problem found while reading, parsing or validating a skill.
 *
 * `code` is stable and kebab-case (see the README's rule table); `message`
 * names the file and the offending value.
 *
 * @example A finding of strict validation
 * ```ts
 * import { type Diagnostic, validateSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const text = "---\nname: demo\ndescription: A demo\ncolor: blue\n---\n";
 * const [finding]: Diagnostic[] = validateSkillMd(text, { dirName: "demo", strict: true });
 * assert.equal(finding?.level, "error");
 * assert.equal(finding?.code, "unknown-field");
 * ```
 */
export interface Diagnostic {
  /** `"error"`: the skill is skipped (lenient) or invalid (strict). */
  readonly level: DiagnosticLevel;
  /** Stable rule code, e.g. `"name-dir-mismatch"`. */
  readonly code: RuleCode;
  /** Human-readable message naming the file and the value. */
  readonly message: string;
  /** The file or directory the diagnostic is about. */
  readonly path?: string;
  /** 1-based line in `path`, where known. */
  readonly line?: number;
  /** 1-based column in `path`, where known. */
  readonly column?: number;
}

/**
 * The typed fields of a `SKILL.md` frontmatter, after lenient coercion.
 *
 * @example Usage
 * ```ts
 * import { parseSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const parsed = parseSkillMd("---\nname: demo\ndescription: Demo skill\n---\nBody\n");
 * assert.equal(parsed.fields.name, "demo");
 * assert.equal(parsed.fields.description, "Demo skill");
 * ```
 */
export interface SkillFields {
  /** `name` as written (absent when missing or not a scalar). */
  readonly name?: string;
  /** `description`, trimmed (absent when missing, empty or not a scalar). */
  readonly description?: string;
  /** `license`, when a scalar. */
  readonly license?: string;
  /** `compatibility`, when a string. */
  readonly compatibility?: string;
  /** `metadata` entries whose values are scalars, stringified. */
  readonly metadata?: Readonly<Record<string, string>>;
  /** `allowed-tools` as a space-separated string. */
  readonly allowedTools?: string;
  /** File globs from `globs` (or `paths`), as a list. */
  readonly globs?: readonly string[];
  /** `alwaysApply` / `always_apply`. */
  readonly alwaysApply?: boolean;
  /** `disable-model-invocation`: only the user may invoke it; the model never sees it listed. */
  readonly disableModelInvocation?: boolean;
  /** `user-invocable`: `false` hides it from the user's menu (the model may still use it). */
  readonly userInvocable?: boolean;
  /** `argument-hint`: shown after the name when the user invokes it. */
  readonly argumentHint?: string;
  /** `arguments`: named arguments, substituted as `$name`. */
  readonly arguments?: readonly string[];
  /** `when_to_use`: extra trigger text for the listing. */
  readonly whenToUse?: string;
  /** `model`: the model the skill asks for. */
  readonly model?: string;
  /** Codex's `agents/openai.yaml`: `interface.display_name`. */
  readonly displayName?: string;
  /** Codex's `agents/openai.yaml`: `interface.short_description`. */
  readonly shortDescription?: string;
  /** Codex's `agents/openai.yaml`: `policy.allow_implicit_invocation`. */
  readonly allowImplicitInvocation?: boolean;
}

/**
 * The result of {@linkcode parseSkillMd}: the raw frontmatter map, the typed
 * fields, the Markdown body and the non-fatal diagnostics.
 *
 * @example Usage
 * ```ts
 * import { parseSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const parsed = parseSkillMd("---\nname: demo\ndescription: Demo\n---\n# Hi\n");
 * assert.equal(parsed.body, "# Hi\n");
 * ```
 */
export interface ParsedSkill {
  /** Top-level frontmatter keys and their YAML values (null prototype). */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** The typed fields. */
  readonly fields: SkillFields;
  /** The Markdown body after the closing `---` (empty when only the head was read). */
  readonly body: string;
  /** 1-based line number of the first body line. */
  readonly bodyLine: number;
  /** Warnings (and, for rejected skills, errors) found while parsing. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Where a skill came from: a directory source (keyed by its canonical root)
 * or an embedded skill.
 *
 * @example Where a discovered skill comes from
 * ```ts
 * import { discoverSync, embeddedSkill, type SkillOrigin } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const { skills } = discoverSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const origin: SkillOrigin | undefined = skills[0]?.source;
 * assert.equal(origin?.kind, "embedded");
 * ```
 */
export interface SkillOrigin {
  /** `"directory"`, `"embedded"` or `"remote"` (an MCP server). */
  readonly kind: "directory" | "embedded" | "remote";
  /** The canonical root of a directory source, `embedded:<name>`, or the server and skill URI of a remote skill. */
  readonly key: string;
  /**
   * Its skills are defaults meant to be overridden (bundled skills): a skill
   * of the same name from an earlier source shadows them without a warning
   * (the shadow report remains).
   */
  readonly overridable?: boolean;
}

/**
 * A discovered skill. Objects handed out are frozen; a cache hit hands out
 * the same objects again.
 *
 * @example Usage
 * ```ts
 * import { discoverSync, directorySource } from "@skillscope/skills";
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
 * assert.deepEqual(skills.map((s) => s.name), ["pdf-tools", "sql-review"]);
 * assert.equal(skills[0]!.path, `${root}/pdf-tools/SKILL.md`);
 * ```
 */
export interface Skill extends Omit<SkillFields, "name" | "description"> {
  /** The skill's name (`name` from the frontmatter, else the directory name). */
  readonly name: string;
  /** The description, in full. */
  readonly description: string;
  /** Absolute path of `SKILL.md` (absent for embedded skills). */
  readonly path?: string;
  /** Absolute path of the skill directory (absent for embedded skills). */
  readonly dir?: string;
  /** The source it came from. */
  readonly source: SkillOrigin;
  /** The scope of its source (`"project"`, `"user"`, `"admin"`, `"bundled"`, ...). */
  readonly scope?: string;
  /** The raw top-level frontmatter (null prototype, frozen). */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** The Markdown body, for an embedded skill (its content is in memory). */
  readonly body?: string;
}

/**
 * A skill found in a directory: its `SKILL.md` and directory are known.
 * Narrow a {@linkcode Skill} to it with `isDirectorySkill`.
 *
 * @example Usage
 * ```ts
 * import { type Skill } from "@skillscope/skills";
 * import { isDirectorySkill } from "../parse/build_skill.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = {
 *   name: "demo",
 *   description: "Demo",
 *   path: "/skills/demo/SKILL.md",
 *   dir: "/skills/demo",
 *   source: { kind: "directory", key: "/skills" },
 *   frontmatter: {},
 * };
 * if (isDirectorySkill(skill)) assert.equal(skill.dir, "/skills/demo");
 * ```
 */
export interface DirectorySkill extends Skill {
  /** Absolute path of `SKILL.md`. */
  readonly path: string;
  /** Absolute path of the skill directory. */
  readonly dir: string;
}

/**
 * A skill held in memory (`embeddedSkill`): its body is a field. Narrow a
 * {@linkcode Skill} to it with `isEmbeddedSkill`.
 *
 * @example Usage
 * ```ts
 * import { discoverSync, embeddedSkill } from "@skillscope/skills";
 * import { isEmbeddedSkill } from "../parse/build_skill.ts";
 * import assert from "node:assert/strict";
 *
 * const [skill] = discoverSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * }).skills;
 * assert.ok(skill && isEmbeddedSkill(skill));
 * assert.equal(skill.body, "# Hi\n");
 * ```
 */
export interface EmbeddedSkill extends Skill {
  /** The Markdown body. */
  readonly body: string;
}

/**
 * A skill that lost to another of the same name: the earlier source wins,
 * and within a directory source the lexicographically first directory.
 *
 * @example The first source wins a name clash
 * ```ts
 * import { discoverSync, embeddedSkill, type Shadowed } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const hi = (description: string) => embeddedSkill({ name: "hi", description, content: "# Hi\n" });
 * const found = discoverSync({ sources: [hi("First"), hi("Second")] });
 * const [lost]: readonly Shadowed[] = found.shadowed;
 * assert.equal(lost?.name, "hi");
 * assert.equal(found.skills[0]?.description, "First");
 * ```
 */
export interface Shadowed {
  /** The shared name. */
  readonly name: string;
  /** Where the winning skill is (its SKILL.md path, or `embedded:<name>`). */
  readonly winner: string;
  /** Where the shadowed skill is. */
  readonly loser: string;
  /**
   * The loser is the winner seen again, not a clash (a symlink to the same
   * directory, or a copy `install` recorded with the same content; only
   * when discovery is given a `sameSkill` test): reported, never warned about.
   */
  readonly same?: true;
}

/**
 * The result of {@linkcode discover}: the skills (deduplicated, filtered,
 * in source order), every diagnostic, and every shadowed skill.
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
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
 * const found = await discover({ sources: [directorySource(root)] });
 * assert.equal(found.skills.length, 2);
 * assert.deepEqual(found.diagnostics, []);
 * assert.deepEqual(found.shadowed, []);
 * ```
 */
export interface Discovery {
  /** The skills, first source first. */
  readonly skills: readonly Skill[];
  /** Diagnostics of every source (skipped skills, warnings, truncation, shadowing). */
  readonly diagnostics: readonly Diagnostic[];
  /** Skills that lost to an earlier one of the same name. */
  readonly shadowed: readonly Shadowed[];
}

/**
 * The input of `embeddedSkill()`.
 */
export interface EmbeddedSkillInput {
  /** The name, used when `content` has no `name` in its frontmatter. */
  name: string;
  /** The description, used when `content` has none. */
  description?: string;
  /** The `SKILL.md` text: frontmatter (optional) and body. */
  content: string;
  /** Globs, used when `content` declares none. */
  globs?: string[];
  /** OR-ed with `alwaysApply` from `content`. */
  alwaysApply?: boolean;
  /**
   * A default meant to be overridden; default `true` for the `"bundled"`
   * scope: a skill of the same name from an earlier source shadows it
   * without a warning.
   */
  overridable?: boolean;
  /** Bundled files by relative path. */
  assets?: Record<string, string | Uint8Array>;
  /** Scope label. Default `"bundled"`. */
  scope?: string;
}
