// Copyright 2026 the skillscope authors. MIT license.
/**
 * The word reading of the shell lexer (`shell_lexer.ts`): one word with its
 * quotes, escapes and substitutions, in each of the lexer's modes (see its
 * module doc). The lexer extends it with the reading of command lists.
 *
 * @module
 */
import {
  ansiC,
  BLANK,
  IFS,
  NOTHING,
  OPERATOR,
  ORDINARY_RUN,
  POWERSHELL_RUN,
  wordCharsAround,
} from "./shell_reading.ts";
import type { Pipeline, Word } from "./shell_syntax.ts";

/** Nesting of substitutions read as such; deeper ones are read flat. */
export const MAX_NESTING = 8;

/** The text read and how, where reading stands, and the reading of words. */
export abstract class WordReader {
  /** Where reading stands. */
  protected pos: number;
  /** Whether the innermost substitution is a backquoted one. */
  protected inBackquotes = false;
  /** Whether it reads prose. */
  readonly prose: boolean;
  /** Whether it reads PowerShell. */
  readonly ps: boolean;
  readonly #literal: Uint8Array | undefined;

  /**
   * @param text The whole text.
   * @param start Where to start.
   * @param end Where to stop.
   * @param mode How to read it.
   * @param literal In prose, marks the backquotes that are literal text.
   */
  constructor(
    readonly text: string,
    start: number,
    readonly end: number,
    mode: "shell" | "prose" | "powershell",
    literal: Uint8Array | undefined,
  ) {
    this.pos = start;
    this.prose = mode === "prose";
    this.ps = mode === "powershell";
    this.#literal = this.prose ? literal : undefined;
  }

  /**
   * Reads a command list until `stop` (a substitution's or a compound
   * command's end).
   */
  abstract list(
    stop: string | undefined,
    depth: number,
    compound?: boolean,
    first?: Word,
  ): Pipeline[];

  /** Whether the backquote at `at` is prose's literal text, not an edge. */
  protected literalTick(at: number): boolean {
    return this.#literal?.[at] === 1;
  }

  /** Consumes a match of a sticky pattern at the position, if there is one. */
  protected sticky(pattern: RegExp): boolean {
    pattern.lastIndex = this.pos;
    if (!pattern.test(this.text) || pattern.lastIndex > this.end) return false;
    this.pos = pattern.lastIndex;
    return true;
  }

  /** Where the current line (prose: or code span) ends. */
  protected lineEnd(): number {
    const { text, end } = this;
    let i = this.pos;
    while (i < end && text[i] !== "\n" && !this.proseEdge(i)) i++;
    return i;
  }

  /** Whether the character at `at` is a code span's edge in prose. */
  protected proseEdge(at: number): boolean {
    return this.prose && this.text[at] === "`" && !this.literalTick(at);
  }

  /** Whether a quote opened in prose ends at `at` (its line or code span ends). */
  protected proseQuoteEnd(at: number): boolean {
    return this.prose && this.text[at] === "\n" || this.proseEdge(at);
  }

  /** Reads one word. */
  protected word(depth: number): Word {
    const { text, end } = this;
    const word: Word = {
      value: "",
      start: this.pos,
      end: this.pos,
      quoted: [],
      subs: [],
    };
    const parts: string[] = [];
    // Where in `parts` a character stands that a dropped backslash escaped.
    let escaped: number[] | undefined;
    const ps = this.ps;
    const run = ps ? POWERSHELL_RUN : ORDINARY_RUN;
    while (this.pos < end) {
      run.lastIndex = this.pos;
      if (run.test(text)) {
        const stopAt = Math.min(run.lastIndex, end);
        parts.push(text.slice(this.pos, stopAt));
        this.pos = stopAt;
        continue;
      }
      const c = text[this.pos]!;
      if (ps && (c === "(" || c === "{") && depth < MAX_NESTING) {
        this.substitution(word, c, c === "(" ? ")" : "}", depth);
        continue;
      }
      if (ps && c === "`") {
        if (text[this.pos + 1] !== "\n" && this.pos + 1 < end) {
          parts.push(text[this.pos + 1]!);
        }
        this.pos = Math.min(this.pos + 2, end);
        continue;
      }
      if (ps && (c === "\\" || c === "{")) {
        parts.push(c);
        this.pos++;
        continue;
      }
      if (ps && c === "}") break;
      if (c === "`" && this.literalTick(this.pos)) {
        if (!wordCharsAround(text, this.pos)) break;
        this.pos++; // i`ex: PowerShell's escape, nothing to a reader
        continue;
      }
      if (BLANK.has(c) || c === "\n" || OPERATOR.has(c)) {
        if (
          (c === "<" || c === ">") && text[this.pos + 1] === "(" &&
          this.pos === word.start && depth < MAX_NESTING
        ) {
          this.substitution(word, `${c}(`, ")", depth);
          continue;
        }
        break;
      }
      if (c === "\\") {
        if (text[this.pos + 1] === "\n") {
          this.pos += 2;
          continue;
        }
        if (this.pos + 1 >= end) {
          parts.push(c);
          this.pos++;
          continue;
        }
        (escaped ??= []).push(parts.length);
        parts.push(text[this.pos + 1]!);
        this.pos += 2;
        continue;
      }
      if (c === "'") {
        const from = ++this.pos;
        while (
          this.pos < end && text[this.pos] !== "'" &&
          !this.proseQuoteEnd(this.pos)
        ) this.pos++;
        word.quoted.push({ start: from, end: this.pos });
        parts.push(text.slice(from, this.pos));
        if (text[this.pos] === "'") this.pos++;
        continue;
      }
      if (c === '"') {
        this.pos++;
        parts.push(this.#double(word, depth));
        continue;
      }
      if (c === "`") {
        if (this.prose || depth >= MAX_NESTING || this.inBackquotes) break;
        this.substitution(word, "`", "`", depth);
        continue;
      }
      if (c === "$") {
        const next = text[this.pos + 1];
        if (next === "(" && depth < MAX_NESTING) {
          this.substitution(word, "$(", ")", depth);
          continue;
        }
        IFS.lastIndex = this.pos;
        if (IFS.test(text)) break; // a separator, skipped by the list
        const at = this.pos;
        if (this.sticky(NOTHING)) {
          ORDINARY_RUN.lastIndex = this.pos;
          if (parts.length > 0 || ORDINARY_RUN.test(text)) continue;
          this.pos = at;
        }
        if (next === "'") {
          parts.push(this.#ansiC(word));
          continue;
        }
      }
      parts.push(c); // a `$` that starts no substitution
      this.pos++;
    }
    word.value = parts.join("");
    if (escaped !== undefined) {
      for (const i of escaped) parts[i] = `\\${parts[i]}`;
      word.backslashed = parts.join("");
    }
    word.end = this.pos;
    return word;
  }

  /** Reads a `$'…'` string (at its `$`), its escapes decoded. */
  #ansiC(word: Word): string {
    const from = this.pos + 2;
    const read = ansiC(this.text, from, this.end, this.prose);
    word.quoted.push({ start: from, end: read.end });
    this.pos = read.next;
    return read.value;
  }

  /** Reads a double-quoted part (after the quote), with its substitutions. */
  #double(word: Word, depth: number): string {
    const { text, end } = this;
    const from = this.pos;
    const parts: string[] = [];
    while (this.pos < end) {
      const c = text[this.pos]!;
      if (c === '"' || this.proseQuoteEnd(this.pos)) break;
      if (this.ps && c === "`" && this.pos + 1 < end) {
        parts.push(text[this.pos + 1]!);
        this.pos += 2;
        continue;
      }
      if (c === "`" && this.inBackquotes) break;
      if (c === "\\" && !this.ps && this.pos + 1 < end) {
        const next = text[this.pos + 1]!;
        parts.push('"\\$`\n'.includes(next) ? next : `\\${next}`);
        this.pos += 2;
        continue;
      }
      if (c === "$" && text[this.pos + 1] === "(" && depth < MAX_NESTING) {
        const at = this.pos;
        this.substitution(word, "$(", ")", depth);
        parts.push(text.slice(at, this.pos));
        continue;
      }
      if (c === "`" && depth < MAX_NESTING && !this.literalTick(this.pos)) {
        const at = this.pos;
        this.substitution(word, "`", "`", depth);
        parts.push(text.slice(at, this.pos));
        continue;
      }
      parts.push(c);
      this.pos++;
    }
    word.quoted.push({ start: from, end: this.pos });
    if (text[this.pos] === '"') this.pos++;
    return parts.join("");
  }

  protected substitution(
    word: Word,
    kind: string,
    stop: string,
    depth: number,
  ): void {
    const start = this.pos;
    this.pos += kind.length;
    const body = this.list(stop, depth + 1);
    word.subs.push({ start, kind, body });
  }
}
