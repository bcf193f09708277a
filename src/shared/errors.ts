// Copyright 2026 the skillscope authors. MIT license.
/**
 * Error classes. Each subclasses a built-in error and carries a stable
 * `code`.
 *
 * @module
 */
import type { RuleCode } from "./types.ts";

/**
 * Where in a file a {@linkcode SkillParseError} happened.
 *
 * @example Usage
 * ```ts
 * import { parseSkillMd, SkillParseError } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * try {
 *   parseSkillMd("---\nname: [unclosed\n---\n", { path: "/s/SKILL.md" });
 *   assert.fail("no error");
 * } catch (error) {
 *   assert.ok(error instanceof SkillParseError);
 *   assert.equal(error.path, "/s/SKILL.md");
 *   assert.equal(typeof error.line, "number");
 * }
 * ```
 */
export interface ErrorLocation {
  /** The file, when known. */
  path?: string | undefined;
  /** 1-based line, when known. */
  line?: number | undefined;
  /** 1-based column, when known. */
  column?: number | undefined;
}

/**
 * Thrown when a `SKILL.md` cannot be parsed at all: no frontmatter, an
 * unclosed or oversized frontmatter, YAML that does not parse even after the
 * unquoted-colon retry, or a frontmatter that is not a mapping.
 *
 * @example Usage
 * ```ts
 * import { parseSkillMd, SkillParseError } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.throws(
 *   () => parseSkillMd("no frontmatter here"),
 *   (error) => error instanceof SkillParseError && error.code === "frontmatter-missing",
 * );
 * ```
 */
export class SkillParseError extends SyntaxError {
  /** Stable rule code, e.g. `"frontmatter-unclosed"`. */
  readonly code: RuleCode;
  /** The file, when known. */
  readonly path: string | undefined;
  /** 1-based line, when known. */
  readonly line: number | undefined;
  /** 1-based column, when known. */
  readonly column: number | undefined;

  /**
   * Constructs a new instance.
   *
   * @param code Stable rule code.
   * @param message Human-readable message.
   * @param location Where the problem is.
   */
  constructor(code: RuleCode, message: string, location: ErrorLocation = {}) {
    super(message);
    this.name = "SkillParseError";
    this.code = code;
    this.path = location.path;
    this.line = location.line;
    this.column = location.column;
  }
}

/**
 * Thrown when Deno's sandbox does not grant a permission skillscope needs.
 * The message names the exact flag to add, e.g. `--allow-read=/abs/root`.
 * skillscope never prompts for permissions.
 *
 * @example Usage
 * ```ts
 * import { PermissionDeniedError } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const error = new PermissionDeniedError("read", "/skills", "--allow-read=/skills");
 * assert.equal(error.flag, "--allow-read=/skills");
 * assert.equal(error.code, "permission-denied");
 * ```
 */
export class PermissionDeniedError extends Error {
  /** Always `"permission-denied"`. */
  readonly code = "permission-denied";
  /** The permission kind, e.g. `"read"`. */
  readonly permission: string;
  /** The resource, e.g. the root path. */
  readonly resource: string;
  /** The flag that grants it, e.g. `--allow-read=/skills`. */
  readonly flag: string;

  /**
   * Constructs a new instance.
   *
   * @param permission The permission kind (`"read"`, `"env"`, `"run"`, ...).
   * @param resource The path, variable or command.
   * @param flag The Deno flag that grants it.
   */
  constructor(permission: string, resource: string, flag: string) {
    super(
      `Missing ${permission} permission for "${resource}": run Deno with ${flag}`,
    );
    this.name = "PermissionDeniedError";
    this.permission = permission;
    this.resource = resource;
    this.flag = flag;
  }
}

/**
 * Thrown when a path given as a skill or a source is unusable: missing where
 * it is required, not a directory, or unreadable.
 *
 * @example Usage
 * ```ts
 * import { InvalidSourceError } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const error = new InvalidSourceError("not-a-directory", "/etc/hosts", 'Skill root "/etc/hosts" is not a directory');
 * assert.equal(error.code, "not-a-directory");
 * assert.ok(error instanceof TypeError);
 * ```
 */
export class InvalidSourceError extends TypeError {
  /** Stable code, e.g. `"not-a-directory"` or `"path-missing"`. */
  readonly code: string;
  /** The offending path. */
  readonly path: string;

  /**
   * Constructs a new instance.
   *
   * @param code Stable code.
   * @param path The offending path.
   * @param message Human-readable message.
   */
  constructor(code: string, path: string, message: string) {
    super(message);
    this.name = "InvalidSourceError";
    this.code = code;
    this.path = path;
  }
}

/**
 * Thrown when a skill or one of its files cannot be served: an unknown skill,
 * an asset path that is absolute, has `..` segments or resolves outside the
 * skill directory, a file that is missing, not regular, or too large.
 *
 * @example Usage
 * ```ts
 * import { directorySource, SkillAccessError, SkillSet } from "@skillscope/skills";
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
 * const set = SkillSet.openSync({ sources: [directorySource(root)] });
 * await assert.rejects(
 *   set.readAsset("pdf-tools", "../../etc/passwd"),
 *   (error) => error instanceof SkillAccessError && error.code === "asset-path-invalid",
 * );
 * ```
 */
export class SkillAccessError extends Error {
  /**
   * Stable code: `skill-not-found`, `asset-path-invalid`, `asset-outside-skill`,
   * `asset-not-found`, `asset-not-file`, `asset-too-large`, `body-too-large`,
   * `no-assets` or `read-failed`.
   */
  readonly code: string;
  /** The skill's name. */
  readonly skill: string;
  /** The requested path, when the error is about a file. */
  readonly path: string | undefined;

  /**
   * Constructs a new instance.
   *
   * @param code Stable code.
   * @param skill The skill's name.
   * @param message Human-readable message.
   * @param path The requested path.
   */
  constructor(code: string, skill: string, message: string, path?: string) {
    super(message);
    this.name = "SkillAccessError";
    this.code = code;
    this.skill = skill;
    this.path = path;
  }
}

/**
 * The message of an error, or any other thrown value as text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { messageOf } from "./errors.ts";
 *
 * assert.equal(messageOf(new Error("Broken")), "Broken");
 * assert.equal(messageOf("plain"), "plain");
 * ```
 *
 * @param error What was thrown.
 * @returns Its message.
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
