// Copyright 2026 the skillscope authors. MIT license.
/**
 * A small shell lexer for the audit: splits text into commands, pipelines
 * and words, with the word semantics of a POSIX shell, so the execution
 * rules look at what a shell would run instead of matching text:
 *
 * - quotes are removed, and a backslash outside quotes drops and leaves the
 *   next character (`c\url` is `curl`); `$'…'` escapes are decoded;
 * - an unquoted `$IFS` (`${IFS}`) separates words as a blank does, and an
 *   unquoted `$@` or `$*` inside a word reads as nothing;
 * - `$(…)`, backquotes and `<(…)` are nested command lists of a word;
 * - `( … )` and `{ …; }` in the place of a command are compound commands
 *   whose body is lexed as a command list, so `curl … | (bash)` pipes into
 *   `bash`;
 * - a here-document's body (`<<EOF` … `EOF`) is skipped by the command list
 *   and kept as a span on its redirection, for the rules to read as what it
 *   feeds.
 *
 * It reads untrusted text, so it is linear: every character is consumed
 * once, nesting deeper than {@linkcode MAX_NESTING} is read flat (the
 * brackets become separators), and nothing is retried.
 *
 * Two modes. `shell` reads a shell script: backquotes substitute, `#` starts
 * a comment, quotes may span lines. `prose` reads Markdown and other text:
 * a backquote (a code span's edge) separates commands and closes a nested
 * list, quotes end with their line (an unclosed apostrophe runs to the end
 * of its line), `#` is a character.
 *
 * @module
 */

import type { Lexed, Pipeline, Redirect, Span, Word } from "./shell_syntax.ts";
import {
  ansiC,
  BLANK,
  BLANK_RUN,
  heredocBody,
  IFS,
  ListBuilder,
  NOTHING,
  OPERATOR,
  ORDINARY_RUN,
} from "./shell_reading.ts";

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

/** A here-document whose body starts after the current line. */
interface Heredoc {
  readonly redirect: Redirect;
  readonly delimiter: string;
  /** `<<-`: leading tabs of the delimiter line are ignored. */
  readonly strip: boolean;
}

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
  /** Here-documents opened on the current line. */
  #heredocs: Heredoc[] = [];
  constructor(
    readonly text: string,
    start: number,
    readonly end: number,
    readonly prose: boolean,
  ) {
    this.#pos = start;
  }

  /**
   * Reads commands until `stop` (`)`, `}` or `` ` ``) or the end; a
   * compound command's body keeps the substitution it is in.
   */
  list(stop: string | undefined, depth: number, compound = false): Pipeline[] {
    const outer = this.#inBackquotes;
    if (stop !== undefined && !compound) this.#inBackquotes = stop === "`";
    try {
      return this.#list(stop, depth);
    } finally {
      this.#inBackquotes = outer;
    }
  }

  #list(stop: string | undefined, depth: number): Pipeline[] {
    const { text, end, prose } = this;
    const list = new ListBuilder();
    let joined = false; // after | && ||: a newline does not end the pipeline
    let parens = 0;
    while (this.#pos < end) {
      const c = text[this.#pos]!;
      if (BLANK.has(c)) {
        BLANK_RUN.lastIndex = this.#pos;
        BLANK_RUN.test(text);
        this.#pos = Math.min(BLANK_RUN.lastIndex, end);
        continue;
      }
      if (c === "$" && this.#sticky(IFS)) continue; // a blank
      if (c === "\\" && text[this.#pos + 1] === "\n") {
        this.#pos += 2;
        continue;
      }
      if (c === "\n") {
        this.#pos++;
        if (this.#heredocs.length > 0) this.#readHeredocs();
        if (joined) continue;
        list.endPipeline();
        continue;
      }
      if (stop === ")" && c === ")" && parens === 0) {
        this.#pos++;
        return list.end();
      }
      if (
        stop === "}" && c === "}" && this.#delimited(this.#pos + 1) &&
        list.empty()
      ) {
        this.#pos++;
        return list.end();
      }
      if (stop === "`" && c === "`") {
        this.#pos++;
        return list.end();
      }
      if (c === "`" && (prose || depth >= MAX_NESTING)) {
        // A code span's edge (or too deep to nest): a separator, and in
        // prose the end of a nested list.
        if (prose) this.#heredocs.length = 0;
        if (prose && stop !== undefined) {
          return list.end();
        }
        this.#pos++;
        list.endPipeline();
        joined = false;
        continue;
      }
      if (c === "#" && !prose) {
        const stopAt = this.#lineEnd();
        this.comments.push({ start: this.#pos + 1, end: stopAt });
        this.#pos = stopAt;
        continue;
      }
      if (c === "(" && depth < MAX_NESTING && list.commandPlace()) {
        this.#pos++;
        list.body = this.list(")", depth + 1, true);
        continue;
      }
      if (
        c === "{" && this.#delimited(this.#pos + 1) && depth < MAX_NESTING &&
        list.commandPlace()
      ) {
        this.#pos++;
        list.body = this.list("}", depth + 1, true);
        continue;
      }
      if (c === "(" || c === ")") {
        if (c === "(") parens++;
        else if (parens > 0) parens--;
        this.#pos++;
        list.endCommand(); // a bracket ends a command, not the pipeline
        continue;
      }
      if (c === "|" || c === "&" || c === ";") {
        const two = text.slice(this.#pos, this.#pos + 2);
        if (two === "&>") {
          this.#pos += 2;
          this.#redirect("&>", list.redirects, depth);
          continue;
        }
        if (c === "|" && two !== "||") {
          this.#pos += two === "|&" ? 2 : 1;
          list.endCommand();
          list.piped = true;
          joined = true;
          continue;
        }
        this.#pos += two === "||" || two === "&&" || two === ";;" ? 2 : 1;
        list.endPipeline();
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
        if (op === "<<" && text[i] === "-") {
          op = "<<-";
          i++;
        }
        this.#pos = i;
        this.#redirect(op, list.redirects, depth);
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
      list.add(word);
    }
    return list.end();
  }

  /** Consumes a match of a sticky pattern at the position, if there is one. */
  #sticky(pattern: RegExp): boolean {
    pattern.lastIndex = this.#pos;
    if (!pattern.test(this.text) || pattern.lastIndex > this.end) return false;
    this.#pos = pattern.lastIndex;
    return true;
  }

  /** Whether a `{` or `}` ending before `at` stands alone as a word. */
  #delimited(at: number): boolean {
    const c = this.text[at];
    return at >= this.end || c === undefined || BLANK.has(c) || c === "\n" ||
      OPERATOR.has(c);
  }

  #redirect(op: string, redirects: Redirect[], depth: number): void {
    const { text, end } = this;
    while (this.#pos < end && BLANK.has(text[this.#pos]!)) this.#pos++;
    const c = text[this.#pos];
    const sub = (c === "<" || c === ">") && text[this.#pos + 1] === "(" &&
      depth < MAX_NESTING;
    if (c === undefined || c === "\n" || (OPERATOR.has(c) && !sub)) return;
    const redirect: Redirect = { op, target: this.#word(depth) };
    redirects.push(redirect);
    if (op === "<<" || op === "<<-") {
      this.#heredocs.push({
        redirect,
        delimiter: redirect.target.value,
        strip: op === "<<-",
      });
    }
  }

  /** Reads the bodies of the line's here-documents, in order (after its newline). */
  #readHeredocs(): void {
    for (const { redirect, delimiter, strip } of this.#heredocs.splice(0)) {
      const read = heredocBody(
        this.text,
        this.#pos,
        this.end,
        delimiter,
        strip,
      );
      redirect.body = read.body;
      this.#pos = read.next;
    }
  }

  /** Where the current line (prose: or code span) ends. */
  #lineEnd(): number {
    const { text, end, prose } = this;
    let i = this.#pos;
    while (i < end && text[i] !== "\n" && !(prose && text[i] === "`")) i++;
    return i;
  }

  /** Whether a quote opened in prose ends here (its line or code span ends). */
  #proseQuoteEnd(c: string): boolean {
    return this.prose && (c === "\n" || c === "`");
  }

  /** Reads one word. */
  #word(depth: number): Word {
    const { text, end } = this;
    const word: Word = {
      value: "",
      start: this.#pos,
      end: this.#pos,
      quoted: [],
      subs: [],
    };
    const parts: string[] = [];
    // Where in `parts` a character stands that a dropped backslash escaped.
    let escaped: number[] | undefined;
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
        if (text[this.#pos + 1] === "\n") {
          this.#pos += 2;
          continue;
        }
        if (this.#pos + 1 >= end) {
          parts.push(c);
          this.#pos++;
          continue;
        }
        (escaped ??= []).push(parts.length);
        parts.push(text[this.#pos + 1]!);
        this.#pos += 2;
        continue;
      }
      if (c === "'") {
        const from = ++this.#pos;
        while (
          this.#pos < end && text[this.#pos] !== "'" &&
          !this.#proseQuoteEnd(text[this.#pos]!)
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
        if (this.prose || depth >= MAX_NESTING || this.#inBackquotes) break;
        this.#substitution(word, "`", "`", depth);
        continue;
      }
      if (c === "$") {
        const next = text[this.#pos + 1];
        if (next === "(" && depth < MAX_NESTING) {
          this.#substitution(word, "$(", ")", depth);
          continue;
        }
        IFS.lastIndex = this.#pos;
        if (IFS.test(text)) break; // a separator, skipped by the list
        const at = this.#pos;
        if (this.#sticky(NOTHING)) {
          ORDINARY_RUN.lastIndex = this.#pos;
          if (parts.length > 0 || ORDINARY_RUN.test(text)) continue;
          this.#pos = at;
        }
        if (next === "'") {
          parts.push(this.#ansiC(word));
          continue;
        }
      }
      parts.push(c); // a `$` that starts no substitution
      this.#pos++;
    }
    word.value = parts.join("");
    if (escaped !== undefined) {
      for (const i of escaped) parts[i] = `\\${parts[i]}`;
      word.backslashed = parts.join("");
    }
    word.end = this.#pos;
    return word;
  }

  /** Reads a `$'…'` string (at its `$`), its escapes decoded. */
  #ansiC(word: Word): string {
    const from = this.#pos + 2;
    const read = ansiC(this.text, from, this.end, this.prose);
    word.quoted.push({ start: from, end: read.end });
    this.#pos = read.next;
    return read.value;
  }

  /** Reads a double-quoted part (after the quote), with its substitutions. */
  #double(word: Word, depth: number): string {
    const { text, end } = this;
    const from = this.#pos;
    const parts: string[] = [];
    while (this.#pos < end) {
      const c = text[this.#pos]!;
      if (c === '"' || this.#proseQuoteEnd(c)) break;
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
