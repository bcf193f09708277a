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
 * Three modes. `shell` reads a shell script: backquotes substitute, `#`
 * starts a comment, quotes may span lines, and `if`/`while`/`until`/`for`/
 * `case`/`select` … `fi`/`done`/`esac` are compound commands. `prose` reads
 * Markdown and other text: a backquote (a code span's edge) separates
 * commands and closes a nested list, quotes end with their line (an unclosed
 * apostrophe runs to the end of its line), `#` is a character; a backquote
 * the caller marks literal (`markdown_code.ts`) is a blank, or nothing
 * between two word characters (`i`ex` is PowerShell's `iex`). `powershell`
 * reads PowerShell as a shell script with its differences: a backquote
 * escapes the next character and a backslash is a character, `( … )` and
 * `{ … }` inside or after a word are nested lists (a subexpression, a script
 * block), `&` before a command is the call operator (a word), and `<# … #>`
 * is a comment. In every mode `| &` reads as `|`.
 *
 * @module
 */

import type { Lexed, Pipeline, Redirect, Span, Word } from "./shell_syntax.ts";
import {
  BLANK,
  BLANK_RUN,
  heredocBody,
  IFS,
  keywordAt,
  ListBuilder,
  OPERATOR,
} from "./shell_reading.ts";
import { MAX_NESTING, WordReader } from "./shell_words.ts";

export type {
  Command,
  Lexed,
  Pipeline,
  Redirect,
  Span,
  Substitution,
  Word,
} from "./shell_syntax.ts";

export { MAX_NESTING } from "./shell_words.ts";

/** The keyword that closes each compound command of the shell. */
const CLOSING: ReadonlyMap<string, string> = new Map([
  ["if", "fi"],
  ["while", "done"],
  ["until", "done"],
  ["for", "done"],
  ["select", "done"],
  ["case", "esac"],
]);

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
 * @param mode `shell`, `prose` or `powershell` (see the module doc).
 * @param literal In prose, marks the backquotes that are literal text.
 * @returns The pipelines and the comments.
 */
export function lexShell(
  text: string,
  start: number,
  end: number,
  mode: "shell" | "prose" | "powershell",
  literal?: Uint8Array,
): Lexed {
  const lexer = new Lexer(text, start, end, mode, literal);
  const pipelines = lexer.list(undefined, 0);
  return { pipelines, comments: lexer.comments };
}

class Lexer extends WordReader {
  readonly comments: Span[] = [];
  /** Here-documents opened on the current line. */
  #heredocs: Heredoc[] = [];

  /**
   * Reads commands until `stop` (`)`, `}`, `` ` ``, or a keyword such as
   * `fi` in the place of a command) or the end; a compound command's body
   * keeps the substitution it is in. `first` is a word already read.
   */
  override list(
    stop: string | undefined,
    depth: number,
    compound = false,
    first?: Word,
  ): Pipeline[] {
    const outer = this.inBackquotes;
    if (stop !== undefined && !compound) this.inBackquotes = stop === "`";
    try {
      return this.#list(stop, depth, first);
    } finally {
      this.inBackquotes = outer;
    }
  }

  #list(stop: string | undefined, depth: number, first?: Word): Pipeline[] {
    const { text, end, prose, ps } = this;
    const list = new ListBuilder();
    if (first !== undefined) list.add(first);
    const keyword = stop !== undefined && stop.length > 1 ? stop : undefined;
    let joined = false; // after | && ||: a newline does not end the pipeline
    let parens = 0;
    while (this.pos < end) {
      const c = text[this.pos]!;
      if (BLANK.has(c)) {
        BLANK_RUN.lastIndex = this.pos;
        BLANK_RUN.test(text);
        this.pos = Math.min(BLANK_RUN.lastIndex, end);
        continue;
      }
      if (c === "$" && this.sticky(IFS)) continue; // a blank
      if (
        c === (ps ? "`" : "\\") && text[this.pos + 1] === "\n"
      ) {
        this.pos += 2;
        continue;
      }
      if (c === "`" && this.literalTick(this.pos)) {
        this.pos++; // a blank (inside a word it is read by `word`)
        continue;
      }
      if (c === "\n") {
        this.pos++;
        if (this.#heredocs.length > 0) this.#readHeredocs();
        if (joined) continue;
        list.endPipeline();
        continue;
      }
      if (stop === ")" && c === ")" && parens === 0) {
        this.pos++;
        return list.end();
      }
      if (
        stop === "}" && c === "}" &&
        (ps || this.#delimited(this.pos + 1) && list.empty())
      ) {
        this.pos++;
        return list.end();
      }
      if (ps && c === "}") {
        this.pos++;
        list.endCommand();
        continue;
      }
      if (ps && c === "<" && text[this.pos + 1] === "#") {
        let close = text.indexOf("#>", this.pos + 2);
        if (close === -1 || close > end) close = end;
        this.comments.push({ start: this.pos + 2, end: close });
        this.pos = Math.min(close + 2, end);
        continue;
      }
      if (stop === "`" && c === "`") {
        this.pos++;
        return list.end();
      }
      if (c === "`" && !ps && (prose || depth >= MAX_NESTING)) {
        // A code span's edge (or too deep to nest): a separator, and in
        // prose the end of a nested list.
        if (prose) this.#heredocs.length = 0;
        if (prose && stop !== undefined) {
          return list.end();
        }
        this.pos++;
        list.endPipeline();
        joined = false;
        continue;
      }
      if (c === "#" && !prose) {
        const stopAt = this.lineEnd();
        this.comments.push({ start: this.pos + 1, end: stopAt });
        this.pos = stopAt;
        continue;
      }
      if (c === "(" && depth < MAX_NESTING && list.commandPlace()) {
        this.pos++;
        list.body = this.list(")", depth + 1, true);
        continue;
      }
      if (
        c === "{" && (ps || this.#delimited(this.pos + 1)) &&
        depth < MAX_NESTING && list.commandPlace()
      ) {
        this.pos++;
        list.body = this.list("}", depth + 1, true);
        continue;
      }
      if (
        keyword !== undefined && list.empty() &&
        keywordAt(text, this.pos, end) === keyword
      ) {
        this.pos += keyword.length;
        return list.end();
      }
      const closing = prose || ps || depth >= MAX_NESTING ||
          !list.commandPlace()
        ? undefined
        : CLOSING.get(keywordAt(text, this.pos, end) ?? "");
      if (closing !== undefined) {
        // if … fi, while … done, case … esac: the body is one list.
        const word = this.word(depth);
        list.body = this.list(closing, depth + 1, true, word);
        continue;
      }
      if (c === "(" && ps && depth < MAX_NESTING) {
        list.add(this.word(depth)); // a subexpression as a word
        continue;
      }
      if (c === "(" || c === ")") {
        if (c === "(") parens++;
        else if (parens > 0) parens--;
        this.pos++;
        list.endCommand(); // a bracket ends a command, not the pipeline
        continue;
      }
      if (c === "|" || c === "&" || c === ";") {
        const two = text.slice(this.pos, this.pos + 2);
        if (c === "&" && two !== "&&" && two !== "&>") {
          if (list.piped && list.empty()) {
            this.pos++; // `| &`: a call operator, or a shell's error
            continue;
          }
          if (ps) {
            const at = this.pos++;
            list.add({
              value: "&",
              start: at,
              end: at + 1,
              quoted: [],
              subs: [],
            });
            continue;
          }
        }
        if (two === "&>") {
          this.pos += 2;
          this.#redirect("&>", list.redirects, depth);
          continue;
        }
        if (c === "|" && two !== "||") {
          this.pos += two === "|&" ? 2 : 1;
          list.endCommand();
          list.piped = true;
          joined = true;
          continue;
        }
        this.pos += two === "||" || two === "&&" || two === ";;" ? 2 : 1;
        list.endPipeline();
        joined = two === "||" || two === "&&";
        continue;
      }
      if (
        (c === "<" || c === ">") &&
        (text[this.pos + 1] !== "(" || depth >= MAX_NESTING)
      ) {
        let op = c;
        let i = this.pos + 1;
        while (i < end && op.length < 3 && "<>&|".includes(text[i]!)) {
          op += text[i];
          i++;
        }
        if (op === "<<" && text[i] === "-") {
          op = "<<-";
          i++;
        }
        this.pos = i;
        this.#redirect(op, list.redirects, depth);
        continue;
      }
      joined = false;
      const before = this.pos;
      const word = this.word(depth);
      if (this.pos === before) this.pos++; // always move on
      const next = text[this.pos];
      if (/^\d+$/.test(word.value) && (next === "<" || next === ">")) {
        continue; // a file descriptor: 2>&1
      }
      list.add(word);
    }
    return list.end();
  }

  /** Whether a `{` or `}` ending before `at` stands alone as a word. */
  #delimited(at: number): boolean {
    const c = this.text[at];
    return at >= this.end || c === undefined || BLANK.has(c) || c === "\n" ||
      OPERATOR.has(c);
  }

  #redirect(op: string, redirects: Redirect[], depth: number): void {
    const { text, end } = this;
    while (this.pos < end && BLANK.has(text[this.pos]!)) this.pos++;
    const c = text[this.pos];
    const sub = (c === "<" || c === ">") && text[this.pos + 1] === "(" &&
      depth < MAX_NESTING;
    if (c === undefined || c === "\n" || (OPERATOR.has(c) && !sub)) return;
    const redirect: Redirect = { op, target: this.word(depth) };
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
        this.pos,
        this.end,
        delimiter,
        strip,
      );
      redirect.body = read.body;
      this.pos = read.next;
    }
  }
}
