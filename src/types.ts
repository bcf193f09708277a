// Copyright 2026 the skillscope authors. MIT license.
/**
 * Shared data types of skillscope.
 *
 * @module
 */

/** How serious a {@linkcode Diagnostic} is. */
export type DiagnosticLevel = "error" | "warning";

/**
 * A problem found while reading, parsing or validating a skill.
 *
 * `code` is stable and kebab-case (see the README's rule table); `message`
 * names the file and the offending value.
 *
 * @example Usage
 * ```ts
 * import type { Diagnostic } from "@skillscope/skills";
 *
 * const d: Diagnostic = {
 *   level: "warning",
 *   code: "unknown-field",
 *   message: 'Unknown field "color" in /skills/demo/SKILL.md',
 *   path: "/skills/demo/SKILL.md",
 *   line: 4,
 *   column: 1,
 * };
 * console.log(d.code);
 * ```
 */
export interface Diagnostic {
  /** `"error"`: the skill is skipped (lenient) or invalid (strict). */
  readonly level: DiagnosticLevel;
  /** Stable rule code, e.g. `"name-dir-mismatch"`. */
  readonly code: string;
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
 *
 * const parsed = parseSkillMd("---\nname: demo\ndescription: Demo skill\n---\nBody\n");
 * console.log(parsed.fields.name); // "demo"
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
}

/**
 * The result of {@linkcode parseSkillMd}: the raw frontmatter map, the typed
 * fields, the Markdown body and the non-fatal diagnostics.
 *
 * @example Usage
 * ```ts
 * import { parseSkillMd } from "@skillscope/skills";
 *
 * const parsed = parseSkillMd("---\nname: demo\ndescription: Demo\n---\n# Hi\n");
 * console.log(parsed.body); // "# Hi\n"
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
