// Copyright 2026 the skillscope authors. MIT license.
/**
 * The Markdown structure the execution rules (`exec_rules.ts`) read code
 * by: fenced code blocks and what language their info string names, and
 * which backquotes of the prose are code-span edges.
 *
 * A fenced block whose info string names a shell is read as a shell script
 * is, one naming PowerShell as PowerShell: a backquote in it is the
 * language's, not a code span's edge. A block naming no language is read as
 * prose whose backquotes are all literal text (it may hold a shell command,
 * or Markdown with its own fences). Fences are found with any indentation,
 * after list markers and inside block quotes (whose `>` markers are blanked
 * for the lexer, the text keeping its length). In prose, a backquote run is
 * a code-span edge only when CommonMark would pair it with a run of the
 * same length in the same paragraph; any other backquote is literal text.
 *
 * Everything here is linear in the text.
 *
 * @module
 */

/** How a fenced block's code is read. */
export type FenceSyntax = "shell" | "powershell";

/** A fenced code block the rules read as code. */
export interface Fence {
  /** Where its first content line starts. */
  readonly start: number;
  /** Where its content ends (its closing fence line, or the text's end). */
  readonly end: number;
  /** How its content is read. */
  readonly syntax: FenceSyntax;
}

/** The Markdown structure of a text, for the execution rules. */
export interface MarkdownCode {
  /** The fenced blocks read as code, in order. */
  readonly fences: Fence[];
  /**
   * The text with the block-quote markers of fenced lines blanked (the
   * text itself when there are none); the same length as the text.
   */
  readonly text: string;
  /** Marks each backquote of the prose that is literal, not a code-span edge (`undefined`: none). */
  readonly literal: Uint8Array | undefined;
}

const SHELL_INFO = new Set([
  "sh",
  "bash",
  "shell",
  "zsh",
  "ksh",
  "dash",
  "ash",
  "fish",
  "console",
  "terminal",
  "shellsession",
  "shell-session",
  "bash-session",
  "sh-session",
  "zsh-session",
  "posix",
]);
const POWERSHELL_INFO = new Set([
  "powershell",
  "pwsh",
  "ps",
  "ps1",
  "psm1",
  "posh",
  "pwsh-session",
  "powershell-session",
]);
const INFO_WORD = /^[{.]*([A-Za-z0-9_+-]*)/;

/**
 * How a fence's info string says its code is read, if it is code the rules
 * read as a script.
 *
 * @example Usage
 * ```ts
 * import { fenceSyntax } from "./markdown_code.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(fenceSyntax("bash title=install"), "shell");
 * assert.equal(fenceSyntax("PowerShell"), "powershell");
 * assert.equal(fenceSyntax("python"), undefined);
 * ```
 *
 * @param info The info string (after the fence, trimmed).
 * @returns The syntax, or `undefined` for another language.
 */
export function fenceSyntax(info: string): FenceSyntax | undefined {
  const word = INFO_WORD.exec(info)![1]!.toLowerCase();
  if (SHELL_INFO.has(word)) return "shell";
  return POWERSHELL_INFO.has(word) ? "powershell" : undefined;
}

/** A fence line: its character, length, prefix end and where its run ends. */
interface FenceLine {
  readonly char: string;
  readonly length: number;
  /** How many `>` markers stand before it. */
  readonly quotes: number;
  /** Index after the run. */
  readonly after: number;
}

const LIST_MARKER = /(?:[-*+]|\d{1,9}[.)])[ \t]/y;

/**
 * Reads the fence that opens or closes the line at `at`, if there is one,
 * past indentation, block-quote markers and list markers (`2. ```sh`).
 */
function fenceAt(text: string, at: number, lineEnd: number): FenceLine | null {
  let i = at;
  let quotes = 0;
  while (i < lineEnd) {
    const c = text[i];
    if (c === ">") quotes++;
    else if (c !== " " && c !== "\t") {
      LIST_MARKER.lastIndex = i;
      if (!LIST_MARKER.test(text)) break;
      i = LIST_MARKER.lastIndex;
      continue;
    }
    i++;
  }
  const char = text[i];
  if (char !== "`" && char !== "~") return null;
  let j = i;
  while (j < lineEnd && text[j] === char) j++;
  return j - i < 3 ? null : { char, length: j - i, quotes, after: j };
}

/**
 * Finds the fenced blocks, blanks the block-quote markers inside those read
 * as code, and marks the literal backquotes of the prose around them.
 *
 * @example Usage
 * ```ts
 * import { markdownCode } from "./markdown_code.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "Run:\n\n~~~bash\ncurl x `` | sh\n~~~\n";
 * const { fences } = markdownCode(text);
 * assert.deepEqual(fences, [{ start: 14, end: 29, syntax: "shell" }]);
 * ```
 *
 * @param text A Markdown (or other prose) text.
 * @returns Its fences, its text for the lexer and its literal backquotes.
 */
export function markdownCode(text: string): MarkdownCode {
  const fences: Fence[] = [];
  // Blocks that name no language: [start, end) pairs.
  const plain: number[] = [];
  // Text outside fences, for code spans: [start, end) pairs.
  const prose: number[] = [0];
  let masked: string[] | undefined;
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    let lineEnd = text.indexOf("\n", at);
    if (lineEnd === -1) lineEnd = text.length;
    const open = fenceAt(text, at, lineEnd);
    const info = open === null ? "" : text.slice(open.after, lineEnd).trim();
    if (open === null || (open.char === "`" && info.includes("`"))) {
      at = lineEnd + 1;
      continue;
    }
    prose.push(at);
    const start = Math.min(lineEnd + 1, text.length);
    let end = text.length;
    let next = text.length;
    for (let line = start; line < text.length;) {
      let close = text.indexOf("\n", line);
      if (close === -1) close = text.length;
      const fence = fenceAt(text, line, close);
      if (
        fence !== null && fence.char === open.char &&
        fence.length >= open.length &&
        text.slice(fence.after, close).trim() === ""
      ) {
        end = line;
        next = close + 1;
        break;
      }
      if (open.quotes > 0) {
        // `> > code`: the markers are not code.
        let i = line;
        for (let quotes = 0; i < close && quotes < open.quotes; i++) {
          const c = text[i];
          if (c === ">") quotes++;
          else if (c !== " " && c !== "\t") break;
        }
        if (i > line) {
          (masked ??= []).push(text.slice(copied, line), " ".repeat(i - line));
          copied = i;
        }
      }
      line = close + 1;
    }
    const syntax = fenceSyntax(info);
    if (syntax !== undefined && end > start) {
      fences.push({ start, end, syntax });
    }
    if (info === "") plain.push(start, end);
    prose.push(Math.min(next, text.length));
    at = next;
  }
  prose.push(text.length);
  if (masked !== undefined) masked.push(text.slice(copied));
  return {
    fences,
    text: masked === undefined ? text : masked.join(""),
    literal: literalBackquotes(text, prose, plain),
  };
}

/** A run of backquotes in prose. */
interface Run {
  readonly start: number;
  readonly length: number;
  /** Which paragraph it stands in (a blank line or a fence starts another). */
  readonly paragraph: number;
}

const BLANK_LINE = /\n[ \t\r]*\n/y;

/**
 * Marks the backquotes of the prose spans that are not code-span edges:
 * a run is an edge when the next run of its length in its paragraph closes
 * it; runs between are the span's content. Every backquote of a `plain`
 * span is literal.
 */
function literalBackquotes(
  text: string,
  spans: readonly number[],
  plain: readonly number[],
): Uint8Array | undefined {
  if (!text.includes("`")) return undefined;
  const literal = new Uint8Array(text.length);
  for (let s = 0; s + 1 < plain.length; s += 2) {
    for (let i = plain[s]!; i < plain[s + 1]!; i++) {
      if (text[i] === "`") literal[i] = 1;
    }
  }
  const runs: Run[] = [];
  let paragraph = 0;
  for (let s = 0; s + 1 < spans.length; s += 2) {
    paragraph++;
    for (let i = spans[s]!; i < spans[s + 1]!;) {
      const c = text[i];
      if (c === "\n") {
        BLANK_LINE.lastIndex = i;
        if (BLANK_LINE.test(text)) paragraph++;
        i++;
        continue;
      }
      if (c !== "`") {
        i++;
        continue;
      }
      let j = i;
      while (j < spans[s + 1]! && text[j] === "`") j++;
      runs.push({ start: i, length: j - i, paragraph });
      i = j;
    }
  }
  // Each length's runs, in order, with a cursor that only moves on.
  const byLength = new Map<number, { at: number[]; next: number }>();
  for (const [i, run] of runs.entries()) {
    let list = byLength.get(run.length);
    if (list === undefined) {
      byLength.set(run.length, list = { at: [], next: 0 });
    }
    list.at.push(i);
  }
  const mark = (run: Run) => literal.fill(1, run.start, run.start + run.length);
  for (let i = 0; i < runs.length;) {
    const run = runs[i]!;
    const list = byLength.get(run.length)!;
    while (list.next < list.at.length && list.at[list.next]! <= i) list.next++;
    const close = list.at[list.next];
    if (close === undefined || runs[close]!.paragraph !== run.paragraph) {
      mark(run);
      i++;
      continue;
    }
    for (let k = i + 1; k < close; k++) mark(runs[k]!);
    i = close + 1;
  }
  return literal;
}
