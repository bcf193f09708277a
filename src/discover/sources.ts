// Copyright 2026 the skillscope authors. MIT license.
/**
 * Skill sources: directories on disk and skills embedded in memory.
 *
 * @module
 */
import type { RemoteSource } from "../content/remote_content.ts";
import { fromFileUrl, resolve } from "../shared/path.ts";
import type { Diagnostic, EmbeddedSkillInput } from "../shared/types.ts";

/** Most skill directories a flat root is scanned for by default (`maxDirs`). */
export const MAX_FLAT_ROOT_DIRS = 100_000;

/**
 * Options of {@linkcode directorySource}.
 */
export interface DirectorySourceOptions {
  /** Find skills at any depth below the root, not only in its immediate subdirectories. Default `false`. */
  recursive?: boolean;
  /** Deepest directory level searched when recursive (the root's children are level 1; 0 = the root alone, as one skill directory). Default 6. */
  maxDepth?: number;
  /**
   * Most directories visited per root: 100,000 for a flat root, 2000 when
   * recursive. Past it the scan stops with a `scan-truncated` warning.
   *
   * @default {100000}
   */
  maxDirs?: number;
  /** Follow symlinked skill directories and `SKILL.md` files. Default `true`. */
  followSymlinks?: boolean;
  /**
   * With `followSymlinks`, whether a `SKILL.md` that is itself a symlink is
   * read too (Codex follows symlinked directories but skips such a file: its
   * roots set `false`). Default: `followSymlinks`.
   */
  followSymlinkedSkillMd?: boolean;
  /**
   * The agents the root is scanned for, by the names people know them by
   * (`"Codex"`): what their rules skip is said to be skipped by them. The
   * default roots take them from the client table. Default: none.
   */
  readBy?: readonly string[];
  /** A label for where the skills come from, e.g. `"project"`, `"user"`, `"admin"`, `"bundled"`. */
  scope?: string;
  /** A missing root is an error instead of a warning. Default `false`. */
  required?: boolean;
  /**
   * Its skills are defaults meant to be overridden: an earlier source's
   * skill of the same name shadows them without a `skill-shadowed` warning.
   * Default `false`.
   */
  overridable?: boolean;
  /**
   * Read Codex's per-skill `agents/openai.yaml` (display name, short
   * description, `policy.allow_implicit_invocation`). Off by default: looking
   * for a file that is usually absent costs a failed `lstat` per skill (about
   * 30 µs in Deno); the default roots of the `codex` client turn it on.
   */
  codexMetadata?: boolean;
  /**
   * A skill without `description`: `"skip"` it with a `description-missing`
   * error (default), or describe it by the first paragraph of its body with
   * a `description-from-body` warning, as Claude Code does (the `claude`
   * client's roots turn it on).
   */
  descriptionFallback?: "skip" | "first-paragraph";
  /**
   * What a missing read permission does: `"throw"` a `PermissionDeniedError`
   * (default) or `"skip"` the root with a warning (used by `defaultSources`).
   */
  onPermissionDenied?: "throw" | "skip";
  /**
   * What a root that exists but is not a readable directory (a file, a
   * symlink loop, a path through a file) does: `"throw"` an
   * `InvalidSourceError` (default) or `"skip"` the root with a
   * `root-invalid` warning naming it (used by `defaultSources`: a folder
   * can plant such a root, and it must not hide the other roots' skills).
   */
  onInvalidRoot?: "throw" | "skip";
}

/**
 * A directory of skills. Create with {@linkcode directorySource}.
 */
export interface DirectorySource {
  /** Always `"directory"`. */
  readonly kind: "directory";
  /** The root as an absolute, normalized path (not yet canonicalized). */
  readonly path: string;
  /** Scan options with defaults applied. */
  readonly recursive: boolean;
  /** Deepest level searched when recursive. */
  readonly maxDepth: number;
  /** Most directories visited. */
  readonly maxDirs: number;
  /** Whether symlinks are followed. */
  readonly followSymlinks: boolean;
  /** Whether a `SKILL.md` that is a symlink is read (never without `followSymlinks`). */
  readonly followSymlinkedSkillMd: boolean;
  /** The agents it is scanned for, as named in its diagnostics (may be empty). */
  readonly readBy: readonly string[];
  /** Scope label. */
  readonly scope: string | undefined;
  /** Whether a missing root is an error. */
  readonly required: boolean;
  /** Whether its skills are overridable defaults (shadowed silently). */
  readonly overridable: boolean;
  /** Whether each skill's `agents/openai.yaml` is read. */
  readonly codexMetadata: boolean;
  /** What a skill without `description` gets. */
  readonly descriptionFallback: "skip" | "first-paragraph";
  /** Missing permission: throw or skip. */
  readonly onPermissionDenied: "throw" | "skip";
  /** A root that is not a readable directory: throw or skip. */
  readonly onInvalidRoot: "throw" | "skip";
}

/**
 * A skill embedded in memory. Create with {@linkcode embeddedSkill}.
 */
export interface EmbeddedSource {
  /** Always `"embedded"`. */
  readonly kind: "embedded";
  /** The skill as given (frozen). */
  readonly skill: Readonly<EmbeddedSkillInput>;
}

/**
 * Diagnostics attached to a list of sources (e.g. default roots skipped for lack of permission).
 */
export interface NoticeSource {
  /** Always `"notice"`. */
  readonly kind: "notice";
  /** The diagnostics to report. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Where {@linkcode discover} looks for skills, in precedence order.
 */
export type SkillSource =
  | DirectorySource
  | EmbeddedSource
  | NoticeSource
  | RemoteSource;

/**
 * A directory of skills: its immediate subdirectories holding a `SKILL.md`,
 * or, with `recursive`, every directory below it holding one.
 *
 * @example Usage
 * ```ts
 * import { directorySource, discoverSync } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const name of ["pdf-tools", "sql-review"]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(`${root}/${name}/SKILL.md`, `---\nname: ${name}\ndescription: The ${name}\n---\n`);
 * }
 * const source = directorySource(root, { scope: "project" });
 * assert.deepEqual(
 *   discoverSync({ sources: [source] }).skills.map((s) => `${s.scope} ${s.name}`),
 *   ["project pdf-tools", "project sql-review"],
 * );
 * ```
 *
 * @param path The root directory (path or `file:` URL).
 * @param options Recursion, bounds, symlinks, scope, required.
 * @returns The source.
 */
export function directorySource(
  path: string | URL,
  options: DirectorySourceOptions = {},
): DirectorySource {
  const recursive = options.recursive ?? false;
  const followSymlinks = options.followSymlinks ?? true;
  return Object.freeze({
    kind: "directory",
    path: resolve(typeof path === "string" ? path : fromFileUrl(path)),
    recursive,
    maxDepth: options.maxDepth ?? 6,
    maxDirs: options.maxDirs ?? (recursive ? 2000 : MAX_FLAT_ROOT_DIRS),
    followSymlinks,
    followSymlinkedSkillMd: followSymlinks &&
      (options.followSymlinkedSkillMd ?? true),
    readBy: Object.freeze([...options.readBy ?? []]),
    scope: options.scope,
    required: options.required ?? false,
    overridable: options.overridable ?? false,
    codexMetadata: options.codexMetadata ?? false,
    descriptionFallback: options.descriptionFallback ?? "skip",
    onPermissionDenied: options.onPermissionDenied ?? "throw",
    onInvalidRoot: options.onInvalidRoot ?? "throw",
  });
}

/**
 * A skill held in memory, e.g. bundled into a compiled binary. Frontmatter
 * inside `content` wins over `name` / `description`; `globs` from `content`
 * when non-empty, else these; `alwaysApply` is OR-ed. Needs no permission.
 *
 * @example Usage
 * ```ts
 * import { discoverSync, embeddedSkill } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const source = embeddedSkill({
 *   name: "hello",
 *   description: "Greets the user",
 *   content: "# Hello\nSay hello.\n",
 * });
 * assert.equal(discoverSync({ sources: [source] }).skills[0]?.name, "hello");
 * ```
 *
 * @param skill The skill: name, description, content, globs, alwaysApply, assets.
 * @returns The source.
 */
export function embeddedSkill(skill: EmbeddedSkillInput): EmbeddedSource {
  return Object.freeze({
    kind: "embedded",
    skill: Object.freeze({ ...skill }),
  });
}
