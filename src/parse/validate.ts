// Copyright 2026 the skillscope authors. MIT license.
/**
 * Validating skills against the specification, leniently or strictly.
 *
 * @module
 */
import { basename, dirname, join, resolve } from "../shared/path.ts";
import { checkYamlParser, loadYamlParser, type YamlParser } from "./yaml.ts";
import { messageOf, SkillParseError } from "../shared/errors.ts";
import {
  misnamedDiagnostic,
  misnamedSkillMd,
  opensAsSkillMd,
} from "./misnamed_skill_md.ts";
import { readFrontmatterSync, splitFrontmatter } from "./frontmatter.ts";
import { analyzeFrontmatter, type ParseOptions } from "./skill_md.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import type { Diagnostic, RuleCode } from "../shared/types.ts";
import {
  kindOf,
  needsYamlParser,
  notRegularFile,
  parseErrorDiagnostic,
} from "../shared/diagnostics.ts";

/**
 * Options of {@linkcode validateSkillDir} and {@linkcode validateSkillMd}.
 *
 * @example Usage
 * ```ts
 * import { type ValidateOptions, validateSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const options: ValidateOptions = { strict: false };
 * const text = "---\nname: demo\ndescription: Demo\ncolor: red\n---\n";
 * assert.deepEqual(
 *   validateSkillMd(text, { ...options, dirName: "demo" }).map((d) => d.level),
 *   ["warning"],
 * );
 * assert.deepEqual(
 *   validateSkillMd(text, { dirName: "demo", strict: true }).map((d) => d.level),
 *   ["error"],
 * );
 * ```
 */
export interface ValidateOptions {
  /**
   * Strict mode: every violation is an error, including unknown fields, a
   * `description` over 1024 characters and YAML that only parses after the
   * unquoted-colon repair. Default `false` (the lenient rules of discovery).
   */
  strict?: boolean;
  /** Fields outside the specification that strict mode accepts (see `KNOWN_EXTENSION_FIELDS`). */
  allowFields?: readonly string[];
  /**
   * The full YAML parser for {@linkcode validateSkillDirSync} (the value
   * `await loadYamlParser()` resolves to); without it a frontmatter beyond
   * the fast subset is `yaml-parser-not-loaded`.
   */
  yamlParser?: YamlParser;
}

/**
 * Validates a `SKILL.md` text. Never throws for bad input: unreadable
 * frontmatter becomes an error diagnostic.
 *
 * @example Strict validation
 * ```ts
 * import { validateSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const diagnostics = validateSkillMd(
 *   "---\nname: Demo\ndescription: A demo\n---\n",
 *   { dirName: "demo", strict: true },
 * );
 * assert.deepEqual(diagnostics.map((d) => d.code), [
 *   "name-not-lowercase",
 *   "name-dir-mismatch",
 * ]);
 * ```
 *
 * @param text The file's text.
 * @param options Path, directory name and mode.
 * @returns The diagnostics, in file order of the rules.
 */
export function validateSkillMd(
  text: string,
  options: ParseOptions = {},
): Diagnostic[] {
  checkYamlParser(options.yamlParser);
  return validateText(text, options);
}

function validateText(text: string, options: ParseOptions): Diagnostic[] {
  try {
    const split = splitFrontmatter(text, options.path);
    return analyzeFrontmatter(split.yaml, {
      ...options,
      yamlLine: split.yamlLine,
    })
      .diagnostics;
  } catch (error) {
    if (error instanceof SkillParseError) return [parseErrorDiagnostic(error)];
    throw error;
  }
}

/**
 * Validates a skill directory (or its `SKILL.md`), reading only the head of
 * the file. Never throws for bad input; problems come back as diagnostics.
 *
 * @example Validate a directory
 * ```ts
 * import { validateSkillDir } from "@skillscope/skills";
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
 * assert.deepEqual(await validateSkillDir(`${root}/pdf-tools`, { strict: true }), []);
 * ```
 *
 * @param path A skill directory or its `SKILL.md`.
 * @param options `strict` mode.
 * @returns The diagnostics; no `"error"` level among them means valid.
 * @throws {PermissionDeniedError} when read permission for `path` is missing.
 */
export async function validateSkillDir(
  path: string,
  options: ValidateOptions = {},
): Promise<Diagnostic[]> {
  const first = validateSkillDirSync(path, options);
  if (!needsYamlParser(first)) return first;
  // Only when the frontmatter needs it.
  return validateSkillDirSync(path, {
    ...options,
    yamlParser: await loadYamlParser(),
  });
}

/**
 * Synchronous {@linkcode validateSkillDir}.
 *
 * @example Validate a directory synchronously
 * ```ts
 * import { validateSkillDirSync } from "@skillscope/skills";
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
 * const errors = validateSkillDirSync(`${root}/pdf-tools`)
 *   .filter((d) => d.level === "error");
 * assert.deepEqual(errors, []);
 * ```
 *
 * @param path A skill directory or its `SKILL.md`.
 * @param options `strict` mode.
 * @returns The diagnostics.
 * @throws {PermissionDeniedError} when read permission for `path` is missing.
 */
export function validateSkillDirSync(
  path: string,
  options: ValidateOptions = {},
): Diagnostic[] {
  assertReadPermission(path);
  checkYamlParser(options.yamlParser);
  return validatePath(path, options);
}

function validatePath(path: string, options: ValidateOptions): Diagnostic[] {
  const target = resolve(path);
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(target);
  } catch (error) {
    return [
      fsDiagnostic(
        error,
        target,
        "path-missing",
        `Path "${target}" does not exist`,
      ),
    ];
  }
  let dir = target;
  let file = join(target, "SKILL.md");
  // A skill.md agents do not load (named in another case than SKILL.md).
  let misnamed: Diagnostic | undefined;
  if (info.isFile) {
    const name = basename(target);
    if (name.toLowerCase() !== "skill.md") {
      return [{
        level: "error",
        code: "not-a-directory",
        message: `"${target}" is neither a skill directory nor a SKILL.md file`,
        path: target,
      }];
    }
    dir = dirname(target);
    file = target;
    if (!opensAsSkillMd(file)) misnamed = misnamedDiagnostic(file);
  } else if (!info.isDirectory) {
    const isSkillMd = basename(target) === "SKILL.md";
    return [{
      level: "error",
      code: isSkillMd ? "skill-md-not-file" : "not-a-directory",
      message: isSkillMd
        ? `"${target}" is not a regular file (${
          kindOf(info)
        }); it was not opened`
        : `"${target}" is not a directory`,
      path: target,
    }];
  } else {
    let fileInfo: Deno.FileInfo;
    try {
      fileInfo = Deno.statSync(file);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) {
        return [
          fsDiagnostic(error, file, "read-failed", `Cannot read "${file}"`),
        ];
      }
      return [
        misnamedSkillMd(target) ?? {
          level: "error",
          code: "skill-md-missing",
          message: isEmptyDir(target)
            ? `The directory "${target}" is empty: it is not a skill (no SKILL.md)`
            : `The directory "${target}" has no SKILL.md`,
          path: target,
        },
      ];
    }
    if (!fileInfo.isFile) {
      return [notRegularFile(file, fileInfo)];
    }
  }
  const found = validateFile(file, dir, options);
  return misnamed === undefined ? found : [misnamed, ...found];
}

/** The diagnostics of one `SKILL.md` (a regular file) in `dir`. */
function validateFile(
  file: string,
  dir: string,
  options: ValidateOptions,
): Diagnostic[] {
  try {
    const head = readFrontmatterSync(file);
    return analyzeFrontmatter(head.yaml, {
      path: file,
      dirName: basename(dir),
      strict: options.strict ?? false,
      ...(options.allowFields === undefined
        ? {}
        : { allowFields: options.allowFields }),
      yamlLine: head.yamlLine,
      yamlParser: options.yamlParser,
    }).diagnostics;
  } catch (error) {
    if (error instanceof SkillParseError) return [parseErrorDiagnostic(error)];
    return [fsDiagnostic(error, file, "read-failed", `Cannot read "${file}"`)];
  }
}

/** Whether `dir` holds no entry at all (one that cannot be listed is not empty). */
function isEmptyDir(dir: string): boolean {
  try {
    return Deno.readDirSync(dir)[Symbol.iterator]().next().done === true;
  } catch {
    return false;
  }
}

function fsDiagnostic(
  error: unknown,
  path: string,
  code: RuleCode,
  message: string,
): Diagnostic {
  if (error instanceof Deno.errors.NotFound) {
    return { level: "error", code, message, path };
  }
  const reason = messageOf(error);
  return {
    level: "error",
    code: "read-failed",
    message: `${message}: ${reason}`,
    path,
  };
}
