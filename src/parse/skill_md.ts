// Copyright 2026 the skillscope authors. MIT license.
/**
 * Parsing `SKILL.md` frontmatter: real YAML, top-level keys only, the
 * unquoted-colon retry, typed fields.
 *
 * @module
 */
import { SkillParseError } from "../shared/errors.ts";
import { setEntry, withNullPrototype } from "../shared/null_record.ts";
import { checkFields } from "./fields.ts";
import { splitFrontmatter, truncate } from "./frontmatter.ts";
import { keyLines } from "./key_lines.ts";
import type { Diagnostic, ParsedSkill, SkillFields } from "../shared/types.ts";
import { checkYamlParser, type YamlParser } from "./yaml.ts";
import { parseWithRepairs, scalarTextsOf } from "./yaml_repair.ts";

/**
 * Options of {@linkcode parseSkillMd}.
 *
 * @example Usage
 * ```ts
 * import { type ParseOptions, parseSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const options: ParseOptions = { dirName: "other", strict: true };
 * const parsed = parseSkillMd("---\nname: demo\ndescription: Demo\n---\n", options);
 * assert.deepEqual(parsed.diagnostics.map((d) => [d.code, d.level]), [
 *   ["name-dir-mismatch", "error"],
 *   ]);
 * ```
 */
export interface ParseOptions {
  /** The file the text came from, named in diagnostics. */
  path?: string;
  /** The skill's directory name: the fallback `name` and the `name-dir-mismatch` reference. */
  dirName?: string;
  /** Strict mode: every finding is an error, other agents' fields included. */
  strict?: boolean;
  /**
   * Fields outside the specification that strict mode accepts without a
   * finding (`"globs"`, `"paths"`, …; see `KNOWN_EXTENSION_FIELDS`).
   */
  allowFields?: readonly string[];
  /**
   * The full YAML parser, for frontmatter beyond the fast subset: the value
   * `await loadYamlParser()` resolves to. Without it such a frontmatter is
   * `yaml-parser-not-loaded`, whatever the process has loaded.
   */
  yamlParser?: YamlParser | undefined;
}

/** The analysed frontmatter of one skill. */
export interface AnalyzedFrontmatter {
  /** Top-level keys (null prototype, deeply frozen). */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** Typed fields. */
  readonly fields: SkillFields;
  /** Diagnostics in the requested mode. */
  readonly diagnostics: Diagnostic[];
}

/**
 * Parses the YAML of a frontmatter and checks its fields.
 *
 * @param yaml The YAML text between the delimiters.
 * @param options Path, directory name, mode; `yamlLine` is the file line of the first YAML line.
 * @returns The frontmatter map, typed fields and diagnostics.
 * @throws {SkillParseError} `yaml-invalid` or `frontmatter-not-map`.
 */
export function analyzeFrontmatter(
  yaml: string,
  options: ParseOptions & { yamlLine?: number } = {},
): AnalyzedFrontmatter {
  const analyzed = analyzeFrontmatterOrError(yaml, options);
  if (analyzed instanceof SkillParseError) throw analyzed;
  return analyzed;
}

/**
 * {@linkcode analyzeFrontmatter} with its failure as a value: the scan's hot
 * path, where a third of real skills have findings, never throws.
 *
 * @param yaml The YAML text between the delimiters.
 * @param options Path, directory name, mode; `yamlLine` is the file line of the first YAML line.
 * @returns The analysis, or the `yaml-invalid` / `frontmatter-not-map` /
 *   `yaml-parser-not-loaded` error.
 */
export function analyzeFrontmatterOrError(
  yaml: string,
  options: ParseOptions & { yamlLine?: number } = {},
): AnalyzedFrontmatter | SkillParseError {
  const { path, strict = false, yamlLine = 2 } = options;
  const file = path ?? "SKILL.md";
  const at = (line?: number, column?: number) => ({
    ...(path === undefined ? {} : { path }),
    ...(line === undefined ? {} : { line: yamlLine + line }),
    ...(column === undefined ? {} : { column: column + 1 }),
  });

  const parsed = parseWithRepairs(yaml, {
    file,
    strict,
    at,
    path,
    parser: options.yamlParser,
  });
  if (parsed instanceof SkillParseError) return parsed;
  const diagnostics = parsed.diagnostics;
  const frontmatter = toFrontmatterMap(parsed.value, file, path, yamlLine);
  if (frontmatter instanceof SkillParseError) return frontmatter;
  let lines: Map<string, number> | undefined;
  // Read again, every scalar as written, only when a value needs its text.
  let texts: unknown;
  const scalarText = (key: string, entry?: string): string | undefined => {
    texts ??= scalarTextsOf(parsed) ?? null;
    let value = texts !== null && typeof texts === "object" &&
        Object.hasOwn(texts, key)
      ? (texts as Record<string, unknown>)[key]
      : undefined;
    if (entry !== undefined) {
      value = value !== null && typeof value === "object" &&
          Object.hasOwn(value, entry)
        ? (value as Record<string, unknown>)[entry]
        : undefined;
    }
    return typeof value === "string" ? value : undefined;
  };
  const checked = checkFields(frontmatter, {
    path,
    dirName: options.dirName,
    strict,
    ...(options.allowFields === undefined
      ? {}
      : { allowFields: options.allowFields }),
    lineOf: (key) => (lines ??= keyLines(yaml, yamlLine)).get(key),
    scalarText,
  });
  for (const d of checked.diagnostics) diagnostics.push(d);
  // Frozen only now: a frozen null-prototype map is about 3x slower to read.
  return {
    frontmatter: Object.freeze(frontmatter),
    fields: checked.fields,
    diagnostics,
  };
}

/**
 * The parsed YAML as a frontmatter map: a mapping, copied into a
 * null-prototype object with nested values deeply frozen (the map itself is
 * frozen by the caller once its fields are checked).
 */
function toFrontmatterMap(
  parsed: unknown,
  file: string,
  path: string | undefined,
  yamlLine: number,
): Record<string, unknown> | SkillParseError {
  const value = parsed ?? {};
  if (typeof value !== "object" || Array.isArray(value)) {
    return new SkillParseError(
      "frontmatter-not-map",
      `The frontmatter of ${file} must be a YAML mapping, got ${
        Array.isArray(value) ? "a list" : `"${truncate(String(value), 40)}"`
      }`,
      { path, line: yamlLine, column: 1 },
    );
  }
  const frontmatter: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const entry = (value as Record<string, unknown>)[key];
    setEntry(
      frontmatter,
      key,
      typeof entry === "object" && entry !== null ? deepFreeze(entry) : entry,
    );
  }
  return withNullPrototype(frontmatter);
}

/**
 * Parses a whole `SKILL.md` text: frontmatter (BOM and CRLF accepted, a
 * `---` inside a value is not a delimiter) and body. Rule violations are
 * returned as diagnostics (lenient levels unless `strict`); only a text whose
 * frontmatter cannot be read at all throws.
 *
 * @example Parse a skill
 * ```ts
 * import { parseSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const parsed = parseSkillMd(
 *   "---\nname: pdf-tools\ndescription: Use when: the user sends a PDF\n---\n# PDF tools\n",
 *   { dirName: "pdf-tools" },
 * );
 * assert.equal(parsed.fields.description, "Use when: the user sends a PDF");
 * assert.equal(parsed.body, "# PDF tools\n");
 * assert.equal(parsed.diagnostics[0]?.code, "yaml-invalid"); // a warning: recovered
 * ```
 *
 * @param text The file's text.
 * @param options Path, directory name and mode.
 * @returns The parsed skill.
 * @throws {SkillParseError} `frontmatter-missing`, `frontmatter-unclosed`, `yaml-invalid` or `frontmatter-not-map`.
 */
export function parseSkillMd(
  text: string,
  options: ParseOptions = {},
): ParsedSkill {
  checkYamlParser(options.yamlParser);
  const split = splitFrontmatter(text, options.path);
  const analyzed = analyzeFrontmatter(split.yaml, {
    ...options,
    yamlLine: split.yamlLine,
  });
  return {
    frontmatter: analyzed.frontmatter,
    fields: analyzed.fields,
    body: split.text.slice(split.bodyStart),
    bodyLine: split.bodyLine,
    diagnostics: analyzed.diagnostics,
  };
}

/**
 * Freezes a parsed YAML value and everything in it. An object is frozen
 * before its entries are visited, so a shared one (a YAML alias) is visited
 * once: no set of seen objects to allocate per value.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) {
    return value;
  }
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (Object.hasOwn(record, key)) deepFreeze(record[key]);
    }
  }
  return value;
}
