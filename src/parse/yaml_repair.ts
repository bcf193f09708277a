// Copyright 2026 the skillscope authors. MIT license.
/**
 * Parsing frontmatter YAML as loaders do: the fast subset first, then the
 * full parser, with the repairs of the two defects real skills have (an
 * unquoted ": " in a plain value, text after a block scalar's indicator) and
 * repeated keys; and reading the same text back with every scalar as its
 * source text, for values the specification wants as strings.
 *
 * @module
 */
import { SkillParseError } from "../shared/errors.ts";
import type { Diagnostic } from "../shared/types.ts";
import {
  moveInlineBlockText,
  parseYaml,
  quoteColonValues,
  type YamlParser,
} from "./yaml.ts";
import { parseSimpleYaml } from "./yaml_fast.ts";

/** Where a YAML position is in the file, as diagnostic fields. */
export type At = (
  line?: number,
  column?: number,
) => { path?: string; line?: number; column?: number };

/** What {@linkcode parseWithRepairs} parsed. */
export interface RepairedYaml {
  /** The document. */
  readonly value: unknown;
  /** The repairs made, as warnings (errors when strict). */
  readonly diagnostics: Diagnostic[];
  /** The text that parsed: the YAML, or its repaired form. */
  readonly text: string;
  /** Whether it parsed only with repeated keys taking the last value. */
  readonly lastKeyWins: boolean;
  /** The full parser it was parsed with, if any, to read it again. */
  readonly parser: YamlParser | undefined;
}

/**
 * Parses frontmatter YAML: the fast subset parser first, then js-yaml; the
 * two common defects (an unquoted ": " in a plain value, a duplicate key)
 * are repaired with a warning (an error when strict); anything else is
 * returned as the error.
 *
 * @param yaml The YAML text.
 * @param context The file (for messages), the mode, the position mapper,
 *   the path, and the full parser (none: a frontmatter that needs it is
 *   `yaml-parser-not-loaded`).
 * @returns The document with the text that parsed, or the error.
 */
export function parseWithRepairs(
  yaml: string,
  context: {
    readonly file: string;
    readonly strict: boolean;
    readonly at: At;
    readonly path: string | undefined;
    readonly parser: YamlParser | undefined;
  },
): RepairedYaml | SkillParseError {
  const { file, strict, at, path, parser } = context;
  const diagnostics: Diagnostic[] = [];
  // The text that parsed, and whether repeated keys were allowed.
  let text = yaml;
  let lastKeyWins = false;
  const simple = parseSimpleYaml(yaml);
  let result: ReturnType<typeof parseYaml> | undefined = simple === undefined
    ? undefined
    : { ok: true, value: simple };
  // The common defect, an unquoted ": " in a plain value, is repaired without
  // a full parse attempt when the repaired text is in the simple subset: the
  // original then certainly fails, since only key lines differ.
  if (result === undefined) {
    const quoted = quoteColonValues(yaml);
    const repaired = quoted === yaml ? undefined : parseSimpleYaml(quoted);
    if (repaired !== undefined) {
      const { line, column } = firstDifference(yaml, quoted);
      diagnostics.push({
        level: strict ? "error" : "warning",
        code: "yaml-invalid",
        message:
          `Invalid YAML in the frontmatter of ${file} (a plain value contains ": "); it parses only after quoting values that contain ": ", which strict parsers reject`,
        ...at(line, column),
      });
      result = { ok: true, value: repaired };
      text = quoted;
    }
  }
  // Text after a block-scalar indicator on its own line (`description: |
  // Use when …`): the value is that text and the indented lines after it.
  if (result === undefined) {
    const moved = moveInlineBlockText(yaml);
    if (moved !== yaml) {
      let repaired: unknown = parseSimpleYaml(moved);
      let repairedText = moved;
      if (repaired === undefined) {
        const quoted = quoteColonValues(moved);
        if (quoted !== moved) {
          repaired = parseSimpleYaml(quoted);
          repairedText = quoted;
        }
      }
      if (repaired === undefined) {
        const full = parseYaml(moved, parser, { lastKeyWins: true });
        if (!full.ok && full.unloaded) return parserNotLoaded(path, file, at);
        if (full.ok) {
          repaired = full.value;
          repairedText = moved;
          lastKeyWins = true;
        }
      }
      if (repaired !== undefined) {
        const { line } = firstDifference(yaml, moved);
        const lineText = yaml.split("\n")[line] ?? "";
        const column = Math.max(0, lineText.search(/[|>][-+0-9]*[ \t]+[^#\s]/));
        diagnostics.push({
          level: strict ? "error" : "warning",
          code: "yaml-invalid",
          message:
            `Invalid YAML in the frontmatter of ${file} (text after a block scalar's "|" or ">" on the same line); it was read as the value, which strict parsers reject`,
          ...at(line, column),
        });
        result = { ok: true, value: repaired };
        text = repairedText;
      }
    }
  }
  // A repeated top-level key in the fast subset: the error the full parser
  // would give (its message, the repetition's line), without it.
  if (result === undefined) {
    const duplicates: number[] = [];
    const last = parseSimpleYaml(yaml, { duplicates });
    if (last !== undefined && duplicates.length > 0) {
      result = {
        ok: false,
        message: "duplicated mapping key",
        line: duplicates[0]!,
        column: 0,
        duplicateKey: true,
      };
    }
  }
  result ??= parseYaml(yaml, parser);
  if (!result.ok && result.unloaded) return parserNotLoaded(path, file, at);
  if (!result.ok && result.duplicateKey) {
    const first = result;
    const fast = parseSimpleYaml(yaml, { duplicates: [] });
    result = fast === undefined
      ? parseYaml(yaml, parser, { lastKeyWins: true })
      : { ok: true, value: fast };
    if (result.ok) {
      lastKeyWins = true;
      diagnostics.push({
        level: strict ? "error" : "warning",
        code: "duplicate-key",
        message:
          `Duplicate key in the frontmatter of ${file}: ${first.message}; the last value is used`,
        ...at(first.line, first.column),
      });
    }
  }
  if (!result.ok) {
    const first = result;
    const quoted = quoteColonValues(yaml);
    if (quoted !== yaml) {
      const retry = parseYaml(quoted, parser, { lastKeyWins: true });
      if (!retry.ok && retry.unloaded) return parserNotLoaded(path, file, at);
      if (retry.ok) {
        result = retry;
        text = quoted;
        lastKeyWins = true;
        diagnostics.push({
          level: strict ? "error" : "warning",
          code: "yaml-invalid",
          message:
            `Invalid YAML in the frontmatter of ${file} (${first.message}); it parses only after quoting values that contain ": ", which strict parsers reject`,
          ...at(first.line, first.column),
        });
      }
    }
    if (!result.ok) {
      const loc = at(first.line, first.column);
      return new SkillParseError(
        "yaml-invalid",
        `Invalid YAML in the frontmatter of ${file}: ${first.message}`,
        { path, line: loc.line, column: loc.column },
      );
    }
  }

  return { value: result.value, diagnostics, text, lastKeyWins, parser };
}

/** The error for a frontmatter that needs the full YAML parser before it is loaded. */
function parserNotLoaded(
  path: string | undefined,
  file: string,
  at: At,
): SkillParseError {
  const loc = at(1, 1);
  return new SkillParseError(
    "yaml-parser-not-loaded",
    `The frontmatter of ${file} needs the full YAML parser, which this synchronous call was not given: pass \`yamlParser: await loadYamlParser()\` in its options, or use its asynchronous form`,
    { path, line: loc.line, column: loc.column },
  );
}

/** 0-based line and column of the ": " in the first line that quoting changed. */
function firstDifference(
  before: string,
  after: string,
): { line: number; column: number } {
  const a = before.split("\n");
  const b = after.split("\n");
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      const line = a[i]!;
      const colon = line.indexOf(": ");
      const second = line.indexOf(": ", colon + 2);
      return { line: i, column: second === -1 ? colon : second };
    }
  }
  return { line: 0, column: 0 };
}

/**
 * The document that {@linkcode parseWithRepairs} parsed, read again with the
 * failsafe schema: every scalar as its source text (`1.0` is `"1.0"`).
 *
 * @param parsed What parsed.
 * @returns The document, or `undefined` when it cannot be read again.
 */
export function scalarTextsOf(parsed: RepairedYaml): unknown {
  const simple = parseSimpleYaml(parsed.text, {
    failsafe: true,
    ...(parsed.lastKeyWins ? { duplicates: [] } : {}),
  });
  if (simple !== undefined) return simple;
  const full = parseYaml(parsed.text, parsed.parser, {
    failsafe: true,
    lastKeyWins: parsed.lastKeyWins,
  });
  return full.ok ? full.value : undefined;
}
