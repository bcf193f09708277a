// Copyright 2026 the skillscope authors. MIT license.
/**
 * A small shell lexer for the audit: splits text into commands, pipelines
 * and words (quotes removed, `$(…)`, backquotes and `<(…)` parsed as nested
 * command lists), so the execution rules look at the structure of a command
 * line instead of matching it with regular expressions.
 *
 * It reads untrusted text, so it is linear: every character is consumed
 * once, nesting deeper than {@linkcode MAX_NESTING} is read flat (the
 * brackets become separators), and nothing is retried.
 *
 * Two modes. `shell` reads a shell script: backquotes substitute, `#` starts
 * a comment, quotes may span lines. `prose` reads Markdown and other text:
 * a backquote (a code span) and a line end close everything, an unclosed
 * quote (an apostrophe) runs to the end of its line, `#` is a character.
 *
 * @module
 */

import type { Lexed, Pipeline, Redirect, Span, Word } from "./shell_syntax.ts";

export type {
  Command,
  Lexed,
  Pipeline,
  Redirect,
  Span,
  Substitution,
  Word,
} from "./shell_syntax.ts";

/** Nesting of substitutions read as such; deeper ones are read flat. */
export const MAX_NESTING = 8;

const BLANK = new Set([" ", "\t", "\u00A0", "\f", "\v", "\r"]);
const OPERATOR = new Set([";", "&", "|", "<", ">", "(", ")"]);
// Characters that end or change a word's reading.
// Runs of characters with no meaning to the lexer, and runs of blanks
// (sticky: matched at one position, never searched for).
const ORDINARY_RUN = /[^ \t\u00A0\f\v\r\n;&|<>()\\'"`$]+/y;
const BLANK_RUN = /[ \t\u00A0\f\v\r]+/y;
// Characters a backslash makes literal; before any other one it is kept.
const ESCAPABLE = new Set([
  ..." \t\n\\'\"`$;&|<>(){}*?[]#~=!",
]);

/**
 * Lexes `text[start, end)`.
 *
 * @example Usage
 * ```ts
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = 'echo "$(curl x)" | sh';
 * const { pipelines } = lexShell(text, 0, text.length, "shell");
 * assert.deepEqual(pipelines[0]!.map((c) => c.words[0]!.value), ["echo", "sh"]);
 * assert.equal(pipelines[0]![0]!.words[1]!.subs.length, 1);
 * ```
 *
 * @param text The whole text (indices stay absolute).
 * @param start Where to start.
 * @param end Where to stop.
 * @param mode `shell` or `prose` (see the module doc).
 * @returns The pipelines and the comments.
 */
export function lexShell(
  text: string,
  start: number,
  end: number,
  mode: "shell" | "prose",
): Lexed {
  const lexer = new Lexer(text, start, end, mode === "prose");
  const pipelines = lexer.list(undefined, 0);
  return { pipelines, comments: lexer.comments };
}

class Lexer {
  readonly comments: Span[] = [];
  #pos: number;
  /** Whether the innermost substitution is a backquoted one. */
  #inBackquotes = false;
  constructor(
    readonly text: string,
    start: number,
    readonly end: number,
    readonly prose: boolean,
  ) {
    this.#pos = start;
  }

  /** Reads commands until `stop` (`)` or `` ` ``) or the end. */
  list(stop: string | undefined, depth: number): Pipeline[] {
    const outer = this.#inBackquotes;
    if (stop !== undefined) this.#inBackquotes = stop === "`";
    try {
      return this.#list(stop, depth);
    } finally {
      this.#inBackquotes = outer;
    }
  }

  #list(stop: string | undefined, depth: number): Pipeline[] {
    const { text, end, prose } = this;
    const pipelines: Pipeline[] = [];
    let pipeline: Pipeline = [];
    let words: Word[] = [];
    let redirects: Redirect[] = [];
    let piped = false;
    let joined = false; // after | && ||: a newline does not end the pipeline
    let parens = 0;
    const endCommand = (): void => {
      if (words.length > 0 || redirects.length > 0) {
        pipeline.push({ words, redirects, piped });
      }
      words = [];
      redirects = [];
      piped = false;
    };
    const endPipeline = (): void => {
      endCommand();
      if (pipeline.length > 0) pipelines.push(pipeline);
      pipeline = [];
    };
    while (this.#pos < end) {
      const c = text[this.#pos]!;
      if (BLANK.has(c)) {
        BLANK_RUN.lastIndex = this.#pos;
        BLANK_RUN.test(text);
        this.#pos = Math.min(BLANK_RUN.lastIndex, end);
        continue;
      }
      if (c === "\\" && text[this.#pos + 1] === "\n") {
        this.#pos += 2;
        continue;
      }
      if (c === "\n") {
        this.#pos++;
        if (joined) continue;
        endPipeline();
        continue;
      }
      if (stop === ")" && c === ")" && parens === 0) {
        this.#pos++;
        endPipeline();
        return pipelines;
      }
      if (stop === "`" && c === "`") {
        this.#pos++;
        endPipeline();
        return pipelines;
      }
      if (c === "`" && (prose || depth >= MAX_NESTING)) {
        // A code span's edge (or too deep to nest): a separator.
        this.#pos++;
        endPipeline();
        joined = false;
        continue;
      }
      if (stop !== undefined && prose && (c === "\n" || c === "`")) {
        endPipeline(); // in prose a substitution ends with its line
        return pipelines;
      }
      if (c === "#" && !prose) {
        const stopAt = this.#lineEnd();
        this.comments.push({ start: this.#pos + 1, end: stopAt });
        this.#pos = stopAt;
        continue;
      }
      if (c === "(" || c === ")") {
        if (c === "(") parens++;
        else if (parens > 0) parens--;
        this.#pos++;
        endCommand(); // a bracket ends a command, not the pipeline
        continue;
      }
      if (c === "|" || c === "&" || c === ";") {
        const two = text.slice(this.#pos, this.#pos + 2);
        if (two === "&>") {
          this.#pos += 2;
          this.#redirect("&>", redirects, depth);
          continue;
        }
        if (c === "|" && two !== "||") {
          this.#pos += two === "|&" ? 2 : 1;
          endCommand();
          piped = true;
          joined = true;
          continue;
        }
        this.#pos += two === "||" || two === "&&" || two === ";;" ? 2 : 1;
        endPipeline();
        joined = two === "||" || two === "&&";
        continue;
      }
      if (
        (c === "<" || c === ">") &&
        (text[this.#pos + 1] !== "(" || depth >= MAX_NESTING)
      ) {
        let op = c;
        let i = this.#pos + 1;
        while (i < end && op.length < 3 && "<>&|".includes(text[i]!)) {
          op += text[i];
          i++;
        }
        this.#pos = i;
        this.#redirect(op, redirects, depth);
        continue;
      }
      joined = false;
      const before = this.#pos;
      const word = this.#word(depth);
      if (this.#pos === before) this.#pos++; // always move on
      const next = text[this.#pos];
      if (/^\d+$/.test(word.value) && (next === "<" || next === ">")) {
        continue; // a file descriptor: 2>&1
      }
      words.push(word);
    }
    endPipeline();
    return pipelines;
  }

  #redirect(op: string, redirects: Redirect[], depth: number): void {
    const { text, end } = this;
    while (this.#pos < end && BLANK.has(text[this.#pos]!)) this.#pos++;
    const c = text[this.#pos];
    const sub = (c === "<" || c === ">") && text[this.#pos + 1] === "(" &&
      depth < MAX_NESTING;
    if (c === undefined || c === "\n" || (OPERATOR.has(c) && !sub)) return;
    redirects.push({ op, target: this.#word(depth) });
  }

  /** Where the current line (prose: or code span) ends. */
  #lineEnd(): number {
    const { text, end, prose } = this;
    let i = this.#pos;
    while (i < end && text[i] !== "\n" && !(prose && text[i] === "`")) i++;
    return i;
  }

  /** Reads one word. */
  #word(depth: number): Word {
    const { text, end, prose } = this;
    const word: Word = {
      value: "",
      start: this.#pos,
      end: this.#pos,
      quoted: [],
      subs: [],
    };
    const parts: string[] = [];
    while (this.#pos < end) {
      ORDINARY_RUN.lastIndex = this.#pos;
      if (ORDINARY_RUN.test(text)) {
        const stopAt = Math.min(ORDINARY_RUN.lastIndex, end);
        parts.push(text.slice(this.#pos, stopAt));
        this.#pos = stopAt;
        continue;
      }
      const c = text[this.#pos]!;
      if (BLANK.has(c) || c === "\n" || OPERATOR.has(c)) {
        if (
          (c === "<" || c === ">") && text[this.#pos + 1] === "(" &&
          this.#pos === word.start && depth < MAX_NESTING
        ) {
          this.#substitution(word, `${c}(`, ")", depth);
          continue;
        }
        break;
      }
      if (c === "\\") {
        const next = text[this.#pos + 1];
        if (next === "\n") {
          this.#pos += 2;
          continue;
        }
        if (next !== undefined && ESCAPABLE.has(next)) {
          parts.push(next);
          this.#pos += 2;
        } else {
          parts.push(c);
          this.#pos++;
        }
        continue;
      }
      if (c === "'") {
        const from = ++this.#pos;
        while (
          this.#pos < end && text[this.#pos] !== "'" &&
          !(prose && (text[this.#pos] === "\n" || text[this.#pos] === "`"))
        ) this.#pos++;
        word.quoted.push({ start: from, end: this.#pos });
        parts.push(text.slice(from, this.#pos));
        if (text[this.#pos] === "'") this.#pos++;
        continue;
      }
      if (c === '"') {
        this.#pos++;
        parts.push(this.#double(word, depth));
        continue;
      }
      if (c === "`") {
        if (prose || depth >= MAX_NESTING || this.#inBackquotes) break;
        this.#substitution(word, "`", "`", depth);
        continue;
      }
      if (
        c === "$" && text[this.#pos + 1] === "(" && depth < MAX_NESTING
      ) {
        this.#substitution(word, "$(", ")", depth);
        continue;
      }
      parts.push(c); // a `$` that starts no substitution
      this.#pos++;
    }
    word.value = parts.join("");
    word.end = this.#pos;
    return word;
  }

  /** Reads a double-quoted part (after the quote), with its substitutions. */
  #double(word: Word, depth: number): string {
    const { text, end, prose } = this;
    const from = this.#pos;
    const parts: string[] = [];
    while (this.#pos < end) {
      const c = text[this.#pos]!;
      if (c === '"') break;
      if (prose && (c === "\n" || c === "`")) break;
      if (c === "`" && this.#inBackquotes) break;
      if (c === "\\" && this.#pos + 1 < end) {
        const next = text[this.#pos + 1]!;
        parts.push('"\\$`\n'.includes(next) ? next : `\\${next}`);
        this.#pos += 2;
        continue;
      }
      if (c === "$" && text[this.#pos + 1] === "(" && depth < MAX_NESTING) {
        const at = this.#pos;
        this.#substitution(word, "$(", ")", depth);
        parts.push(text.slice(at, this.#pos));
        continue;
      }
      if (c === "`" && depth < MAX_NESTING) {
        const at = this.#pos;
        this.#substitution(word, "`", "`", depth);
        parts.push(text.slice(at, this.#pos));
        continue;
      }
      parts.push(c);
      this.#pos++;
    }
    word.quoted.push({ start: from, end: this.#pos });
    if (text[this.#pos] === '"') this.#pos++;
    return parts.join("");
  }

  #substitution(
    word: Word,
    kind: string,
    stop: string,
    depth: number,
  ): void {
    const start = this.#pos;
    this.#pos += kind.length;
    const body = this.list(stop, depth + 1);
    word.subs.push({ start, kind, body });
  }
}
