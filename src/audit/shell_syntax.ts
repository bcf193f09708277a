// Copyright 2026 the skillscope authors. MIT license.
/**
 * The shapes `shell_lexer.ts` produces: words with their quoted parts and
 * substitutions, commands with their redirections and here-documents,
 * compound commands (`( … )`, `{ …; }`) and pipelines.
 *
 * @module
 */

/** A quoted part of a word, or a comment: where its text lies. */
export interface Span {
  /** Index of its first character (after the quote). */
  readonly start: number;
  /** Index after its last character (before the closing quote). */
  readonly end: number;
}

/** A `$(…)`, backquoted or `<(…)`/`>(…)` command list inside a word. */
export interface Substitution {
  /** Index of `$`, `` ` ``, `<` or `>`. */
  readonly start: number;
  /** `$(`, `` ` ``, `<(` or `>(`. */
  readonly kind: string;
  /** What runs inside. */
  readonly body: Pipeline[];
}

/** A word of a command. */
export interface Word {
  /** Its value: quotes removed, backslash escapes of shell characters resolved. */
  value: string;
  /** Index of its first character. */
  readonly start: number;
  /** Index after its last character. */
  end: number;
  /** Its quoted parts. */
  readonly quoted: Span[];
  /** The substitutions in it. */
  readonly subs: Substitution[];
  /**
   * Its value with the unquoted backslashes the shell drops kept, when it
   * had any: `C:\tools\bash.exe` read as a Windows path.
   */
  backslashed?: string;
  /** Its command name, once computed (see `nameOf`). */
  name?: string;
}

/** A redirection: `>`, `>>`, `<`, `<<<`, … and its target. */
export interface Redirect {
  /** The operator. */
  readonly op: string;
  /** The target word (for `<<` and `<<-`, the delimiter). */
  readonly target: Word;
  /** A here-document's body: the lines after the command, up to the delimiter. */
  body?: Span;
}

/** One simple command. */
export interface Command {
  /** Its words, in order. */
  readonly words: Word[];
  /** Its redirections. */
  readonly redirects: Redirect[];
  /** Whether a `|` joins it to the previous command of its pipeline. */
  readonly piped: boolean;
  /**
   * A compound command's body: `( … )` or `{ …; }`. Its first commands
   * read the compound's input and its output is the compound's output.
   */
  readonly body?: Pipeline[];
}

/** Commands joined by `|` (or by brackets, `piped: false`). */
export type Pipeline = Command[];

/** What one lexing pass produced. */
export interface Lexed {
  /** The top-level pipelines, in order. */
  readonly pipelines: Pipeline[];
  /** Comments (shell mode): text read as prose by the rules. */
  readonly comments: Span[];
}
