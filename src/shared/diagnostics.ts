// Copyright 2026 the skillscope authors. MIT license.
/**
 * The rule codes of skillscope's diagnostics, with the level each has when
 * loading leniently. Strict validation turns every one into an error.
 *
 * @module
 */
import type { SkillParseError } from "./errors.ts";
import type { Diagnostic, DiagnosticLevel, RuleCode } from "./types.ts";
import { type Rule, RULES } from "./diagnostics_table.ts";

export { type Rule, RULES } from "./diagnostics_table.ts";

/**
 * The level a rule has in the given mode.
 *
 * @param code Rule code.
 * @param strict Strict mode: every rule is an error unless it says otherwise.
 * @returns The level.
 */
export function levelOf(code: RuleCode, strict: boolean): DiagnosticLevel {
  const rule: Rule = RULES[code];
  if (!strict) return rule.lenient;
  return rule.strict === undefined ? "error" : rule.strict ?? rule.lenient;
}

/**
 * Turns a {@linkcode SkillParseError} into an error diagnostic.
 *
 * @param error The parse error.
 * @returns The diagnostic.
 */
export function parseErrorDiagnostic(error: SkillParseError): Diagnostic {
  return {
    level: "error",
    code: error.code,
    message: error.message,
    ...(error.path === undefined ? {} : { path: error.path }),
    ...(error.line === undefined ? {} : { line: error.line }),
    ...(error.column === undefined ? {} : { column: error.column }),
  };
}

/**
 * The diagnostic for a `SKILL.md` that is not a regular file.
 *
 * @param file The path.
 * @param info Its stat.
 * @returns A `skill-md-not-file` error.
 */
export function notRegularFile(file: string, info: Deno.FileInfo): Diagnostic {
  return {
    level: "error",
    code: "skill-md-not-file",
    message: `"${file}" is not a regular file (${
      kindOf(info)
    }); it was not opened`,
    path: file,
  };
}

/**
 * Describes the kind of a non-regular file.
 *
 * @param info The file's stat.
 * @returns e.g. `"a directory"`, `"a FIFO"`.
 */
export function kindOf(info: Deno.FileInfo): string {
  if (info.isDirectory) return "a directory";
  if (info.isSymlink) return "a symlink";
  if (info.isFifo) return "a FIFO";
  if (info.isCharDevice) return "a character device";
  if (info.isBlockDevice) return "a block device";
  if (info.isSocket) return "a socket";
  return "not a regular file";
}

/**
 * Whether a result was made without the full YAML parser, which one of its
 * frontmatters needed (an async caller loads the parser and tries again).
 *
 * @param diagnostics The result's diagnostics.
 * @returns `true` when one of them is `yaml-parser-not-loaded`.
 */
export function needsYamlParser(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.code === "yaml-parser-not-loaded");
}
