// Copyright 2026 the skillscope authors. MIT license.
/**
 * What the text rules share: where a text comes from, index → line and
 * column, the finding they build, and snippets with invisible characters
 * shown as escapes.
 *
 * @module
 */
import { escapeTerminal } from "../shared/escape.ts";
import {
  AUDIT_RULES,
  type AuditCode,
  type AuditFinding,
  type Severity,
} from "./rules.ts";

/** Where a text comes from. */
export interface TextSource {
  /** The file, absolute. */
  readonly path: string;
  /** The skill's directory, absolute. */
  readonly skillDir: string;
  /** Whether it is the skill's `SKILL.md` (the text a model is given). */
  readonly isSkillMd: boolean;
}

/** Receives each finding. */
export type Push = (finding: AuditFinding) => void;

/**
 * Positions of line starts, for index → line and column.
 *
 * @example Usage
 * ```ts
 * import { Lines } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(new Lines("a\nbc").at(3), { line: 2, column: 2 });
 * ```
 */

export class Lines {
  readonly #starts: number[] = [0];
  /** @param text The text. */
  constructor(text: string) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
      this.#starts.push(i + 1);
    }
  }
  /**
   * The 1-based line and column of a UTF-16 index.
   *
   * @param index An index into the text.
   * @returns Its line and column.
   */
  at(index: number): { line: number; column: number } {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.#starts[mid]! <= index) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: index - this.#starts[low]! + 1 };
  }
}

let invisible: RegExp | undefined;

/**
 * Characters a reader does not see: format characters (`\p{Cf}`: zero-width
 * spaces and joiners, soft hyphens, invisible operators, bidi marks and
 * controls, tags), default-ignorable code points (variation selectors,
 * Hangul fillers, …) and control characters other than tab, LF and CR. Built
 * on first use: a Unicode property class costs time to build.
 *
 * @example Usage
 * ```ts
 * import { invisibleCharacters } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual("a\u200Bb\x1b".match(invisibleCharacters()), ["\u200B", "\x1b"]);
 * ```
 *
 * @returns A global, `v`-flag regular expression matching one such character.
 */
export function invisibleCharacters(): RegExp {
  invisible ??= new RegExp(
    String
      .raw`[[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]--[\t\n\r]]`,
    "gv",
  );
  invisible.lastIndex = 0;
  return invisible;
}

/**
 * `U+XXXX`.
 *
 * @example Usage
 * ```ts
 * import { codePointName } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(codePointName("\u00AD"), "U+00AD");
 * ```
 */

export function codePointName(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Shows text safely: control, bidi and invisible characters as escapes,
 * shortened to about `max` characters.
 *
 * @example Usage
 * ```ts
 * import { reveal } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(reveal("a\u200Bb"), "a\\u{200b}b");
 * ```
 *
 * @param text Any text.
 * @param max Most characters kept (before escaping).
 * @returns The visible text.
 */
export function reveal(text: string, max = 80): string {
  // Cut by UTF-16 units first: a 1 MB snippet is never spread into an array.
  const head = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const chars = [...head];
  const cut = chars.length > max || head !== text
    ? `${chars.slice(0, max).join("")}…`
    : text;
  return escapeTerminal(cut).replace(
    invisibleCharacters(),
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

/**
 * A finding of `code` at `index` of the text.
 *
 * @example Usage
 * ```ts
 * import { finding, Lines } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * const source = { path: "/s/SKILL.md", skillDir: "/s", isSkillMd: true };
 * const f = finding("zero-width", "Hidden", source, new Lines("ab\ncd"), 4, "d");
 * assert.deepEqual([f.line, f.column, f.severity], [2, 2, "medium"]);
 * ```
 */

export function finding(
  code: AuditCode,
  message: string,
  source: TextSource,
  lines: Lines,
  index: number,
  snippet: string,
  severity: Severity = AUDIT_RULES[code].severity,
): AuditFinding {
  return {
    code,
    severity,
    message,
    path: source.path,
    ...lines.at(index),
    snippet,
  };
}

/**
 * The text from `index` for a snippet: at least `length` characters, else up
 * to 80 or the end of the line. Never looks further, so a 1 MB line costs
 * nothing per finding.
 *
 * @example Usage
 * ```ts
 * import { lineFrom } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(lineFrom("one\ntwo", 0, 1), "one");
 * ```
 */
export function lineFrom(text: string, index: number, length: number): string {
  const chunk = text.slice(index, index + Math.max(length, 80));
  const end = chunk.indexOf("\n");
  return chunk.slice(
    0,
    Math.max(length, end === -1 ? chunk.length : end),
  );
}

/**
 * The 1-based line and column of `index` in `text`.
 *
 * @example Usage
 * ```ts
 * import { positionOf } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(positionOf("a\nb", 2), { line: 2, column: 1 });
 * ```
 *
 * @param text The text.
 * @param index A UTF-16 index.
 * @returns Its line and column.
 */
export function positionOf(
  text: string,
  index: number,
): { line: number; column: number } {
  return new Lines(text).at(index);
}
