// Copyright 2026 the skillscope authors. MIT license.
/**
 * The character classes of the shell lexer (`shell_lexer.ts`), the command
 * list it builds, and the two readings it hands off: the body of a
 * here-document and a `$'…'` string. Both are linear in what they read.
 *
 * @module
 */
import type { Pipeline, Redirect, Span, Word } from "./shell_syntax.ts";

/** Characters that separate words (a newline is a separator of its own). */
export const BLANK: ReadonlySet<string> = new Set([
  " ",
  "\t",
  "\u00A0",
  "\f",
  "\v",
  "\r",
]);
/** Characters that end a word and start an operator. */
export const OPERATOR: ReadonlySet<string> = new Set([
  ";",
  "&",
  "|",
  "<",
  ">",
  "(",
  ")",
]);
/** A run of characters with no meaning to the lexer (sticky). */
export const ORDINARY_RUN = /[^ \t\u00A0\f\v\r\n;&|<>()\\'"`$]+/y;
/** In PowerShell: a run of characters with no meaning to the lexer (sticky). */
export const POWERSHELL_RUN = /[^ \t\u00A0\f\v\r\n;&|<>(){}\\'"`$]+/y;
/** A run of blanks (sticky). */
export const BLANK_RUN = /[ \t\u00A0\f\v\r]+/y;
/** An unquoted `$IFS` or `${IFS…}`: a field separator (sticky). */
export const IFS = /\$(?:IFS(?![A-Za-z0-9_])|\{IFS[^}\n]{0,32}\})/y;
/** An unquoted `$@` or `$*`: no arguments, nothing (sticky). */
export const NOTHING = /\$(?:[@*]|\{[@*]\})/y;
// Words after which `(` and `{` still open a compound command.
const LEADERS: ReadonlySet<string> = new Set([
  "!",
  "if",
  "then",
  "else",
  "elif",
  "do",
  "while",
  "until",
  "time",
]);

const KEYWORD =
  /(?:if|while|until|for|select|case|fi|done|esac)(?=[\s;&|()<>]|$)/y;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * The shell keyword that opens or closes a compound command at `at`, if one
 * stands there as a whole word.
 *
 * @example Usage
 * ```ts
 * import { keywordAt } from "./shell_reading.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(keywordAt("if true; then sh; fi", 0, 20), "if");
 * assert.equal(keywordAt("iffy", 0, 4), undefined);
 * ```
 *
 * @param text The text.
 * @param at Where a word starts.
 * @param end Where the text to read ends.
 * @returns The keyword, or `undefined`.
 */
export function keywordAt(
  text: string,
  at: number,
  end: number,
): string | undefined {
  KEYWORD.lastIndex = at;
  const match = KEYWORD.exec(text);
  return match === null || KEYWORD.lastIndex > end ? undefined : match[0];
}

/**
 * Whether the characters on both sides of `at` are word characters (a
 * backquote inside a word, as in PowerShell's `` i`ex ``).
 *
 * @example Usage
 * ```ts
 * import { wordCharsAround } from "./shell_reading.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(wordCharsAround("i`ex", 1));
 * assert.ok(!wordCharsAround("run `x`", 4));
 * ```
 *
 * @param text The text.
 * @param at An index in it.
 * @returns `true` when both neighbours are letters, digits or `_`.
 */
export function wordCharsAround(text: string, at: number): boolean {
  return WORD_CHAR.test(text[at - 1] ?? "") &&
    WORD_CHAR.test(text[at + 1] ?? "");
}

// One escape of a `$'…'` string.
const ANSI_ESCAPE =
  /\\(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|([0-7]{1,3})|c(.)|(.))/ys;
const ANSI_LETTERS: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
};

/**
 * Reads the inside of a `$'…'` string, its escapes decoded (`\x63` is `c`).
 *
 * @example Usage
 * ```ts
 * import { ansiC } from "./shell_reading.ts";
 * import assert from "node:assert/strict";
 *
 * const text = String.raw`$'\x63u\162l' x`;
 * assert.deepEqual(ansiC(text, 2, text.length, false), { value: "curl", end: 12, next: 13 });
 * ```
 *
 * @param text The text.
 * @param from Where the inside starts (after `$'`).
 * @param end Where the text to read ends.
 * @param prose Whether a line end or a backquote ends it too.
 * @returns The value, where the inside ends, and where reading goes on.
 */
export function ansiC(
  text: string,
  from: number,
  end: number,
  prose: boolean,
): { value: string; end: number; next: number } {
  const parts: string[] = [];
  let i = from;
  while (
    i < end && text[i] !== "'" &&
    !(prose && (text[i] === "\n" || text[i] === "`"))
  ) {
    ANSI_ESCAPE.lastIndex = i;
    const m = text[i] === "\\" && i + 1 < end ? ANSI_ESCAPE.exec(text) : null;
    if (m === null) {
      parts.push(text[i]!);
      i++;
      continue;
    }
    i = ANSI_ESCAPE.lastIndex;
    const [, hex, u4, u8, octal, control, other] = m;
    const code = hex ?? u4 ?? u8;
    if (code !== undefined || octal !== undefined) {
      const n = code === undefined ? parseInt(octal!, 8) : parseInt(code, 16);
      if (n <= 0x10ffff) parts.push(String.fromCodePoint(n));
    } else if (control !== undefined) {
      parts.push(String.fromCharCode(control.charCodeAt(0) & 31));
    } else parts.push(ANSI_LETTERS[other!] ?? other!);
  }
  return {
    value: parts.join(""),
    end: i,
    next: i < end && text[i] === "'" ? i + 1 : i,
  };
}

/**
 * Reads a here-document's body: the lines from `at` up to the line that is
 * its delimiter (after leading tabs with `<<-`), or to the end.
 *
 * @example Usage
 * ```ts
 * import { heredocBody } from "./shell_reading.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "cat <<EOF\nhello\nEOF\necho";
 * assert.deepEqual(heredocBody(text, 10, text.length, "EOF", false), {
 *   body: { start: 10, end: 16 },
 *   next: 20,
 * });
 * ```
 *
 * @param text The text.
 * @param at Where the body starts (after the newline of the command's line).
 * @param end Where the text to read ends.
 * @param delimiter The delimiter, quotes removed.
 * @param strip Whether leading tabs are ignored (`<<-`).
 * @returns The body and where reading goes on (after the delimiter line).
 */
export function heredocBody(
  text: string,
  at: number,
  end: number,
  delimiter: string,
  strip: boolean,
): { body: Span; next: number } {
  const start = at;
  while (at < end) {
    let lineEnd = text.indexOf("\n", at);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    let from = at;
    if (strip) { while (from < lineEnd && text[from] === "\t") from++; }
    const to = lineEnd > from && text[lineEnd - 1] === "\r"
      ? lineEnd - 1
      : lineEnd;
    const next = Math.min(lineEnd + 1, end);
    if (to - from === delimiter.length && text.startsWith(delimiter, from)) {
      return { body: { start, end: at }, next };
    }
    at = next;
  }
  return { body: { start, end }, next: end };
}

/**
 * A command list being built: the command under way, its pipeline, and the
 * pipelines done.
 *
 * @example Usage
 * ```ts
 * import { ListBuilder } from "./shell_reading.ts";
 * import assert from "node:assert/strict";
 *
 * const list = new ListBuilder();
 * list.add({ value: "sh", start: 0, end: 2, quoted: [], subs: [] });
 * assert.equal(list.end()[0]![0]!.words[0]!.value, "sh");
 * ```
 */
export class ListBuilder {
  /** The words of the command under way (add them with `add`). */
  words: Word[] = [];
  /** Its redirections. */
  redirects: Redirect[] = [];
  /** Its body, when it is a compound command. */
  body: Pipeline[] | undefined;
  /** Whether a `|` joins it to the previous command. */
  piped = false;
  #pipeline: Pipeline = [];
  readonly #pipelines: Pipeline[] = [];
  /** Whether every word so far is a keyword such as `if` or `!`. */
  #leading = true;

  /**
   * Adds a word to the command under way.
   *
   * @param word The word.
   */
  add(word: Word): void {
    this.words.push(word);
    this.#leading &&= LEADERS.has(word.value) && word.quoted.length === 0;
  }

  /** Whether the command under way has nothing yet. */
  empty(): boolean {
    return this.words.length === 0 && this.redirects.length === 0 &&
      this.body === undefined;
  }

  /** Whether a `(` or `{` now stands in the place of a command (after `if`, `!`, … too). */
  commandPlace(): boolean {
    return this.redirects.length === 0 && this.body === undefined &&
      this.#leading;
  }

  /** Ends the command under way (kept when it holds anything). */
  endCommand(): void {
    const { words, redirects, piped, body } = this;
    if (!this.empty()) {
      this.#pipeline.push(
        body === undefined
          ? { words, redirects, piped }
          : { words, redirects, piped, body },
      );
    }
    this.words = [];
    this.redirects = [];
    this.body = undefined;
    this.piped = false;
    this.#leading = true;
  }

  /** Ends the command and its pipeline. */
  endPipeline(): void {
    this.endCommand();
    if (this.#pipeline.length > 0) this.#pipelines.push(this.#pipeline);
    this.#pipeline = [];
  }

  /**
   * Ends everything.
   *
   * @returns The pipelines.
   */
  end(): Pipeline[] {
    this.endPipeline();
    return this.#pipelines;
  }
}
