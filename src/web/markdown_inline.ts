// Copyright 2026 the skillscope authors. MIT license.
/**
 * Inline Markdown (code spans, links, images, bold, emphasis) of one
 * paragraph, list item or heading as escaped HTML, in one left-to-right
 * pass that never backtracks.
 *
 * Every closing mark a construct may end at is found in a table built by
 * one backward pass (the next `]`, `)`, `*`, `_`, `**` and `__` from each
 * index), and the backtick runs that close code spans by one forward pass,
 * so deciding whether a construct starts at an index costs the same
 * whatever follows it. The content of a construct is rendered once, inside
 * its bounds, and the pass resumes after its closing mark: each character
 * is looked at a fixed number of times, and the nesting is at most one
 * level per kind of construct (a kind cannot hold itself), so the time is
 * linear in the length of the text.
 *
 * @module
 */
import { escapeHtml } from "../shared/escape.ts";

/** The closing marks looked up by the table, one row each. */
const Mark = {
  Bracket: 0,
  Paren: 1,
  Star: 2,
  Underscore: 3,
  DoubleStar: 4,
  DoubleUnderscore: 5,
} as const;
type Mark = typeof Mark[keyof typeof Mark];
const MARKS = 6;

const SPACE = /\s/;

/**
 * Renders inline Markdown as escaped HTML: a code span as `<code>`, `**`
 * and `__` as `<strong>`, `*` and `_` as `<em>`, a link as its label and its
 * address in a `<span class="href">`, an image as its alternative text in a
 * `<span class="image">`. No element, attribute or address taken from the
 * text is ever emitted as markup: every character of it is escaped.
 *
 * @example Constructs and hostile text
 * ```ts
 * import assert from "node:assert/strict";
 * import { inlineHtml } from "./markdown_inline.ts";
 *
 * assert.equal(
 *   inlineHtml("Run `deno test` **now**, see [docs](https://x.example \"t\")"),
 *   'Run <code>deno test</code> <strong>now</strong>, see docs <span class="href">(https://x.example)</span>',
 * );
 * assert.equal(
 *   inlineHtml("<img src=x onerror=alert(1)> [a](javascript:alert(1))"),
 *   '&lt;img src=x onerror=alert(1)&gt; a <span class="href">(javascript:alert(1)</span>)',
 * );
 * // 24 KB of an unclosed link renders in one pass, as text
 * assert.equal(inlineHtml("[a](".repeat(6000)), "[a](".repeat(6000));
 * ```
 *
 * @param text One paragraph, list item or heading (no line breaks needed).
 * @returns The HTML.
 */
export function inlineHtml(text: string): string {
  const scan = new InlineScan(text);
  scan.render(0, text.length);
  return scan.html();
}

/** One rendering of one text: its lookup tables and its output. */
class InlineScan {
  readonly #text: string;
  readonly #out: string[] = [];
  /** Row `m` at index `i`: the first index `>= i` holding mark `m`, or -1. */
  readonly #next: Int32Array;
  /** At the start of a backtick run that opens a code span: the index after its closing run (else 0). */
  readonly #codeEnd: Int32Array;

  constructor(text: string) {
    this.#text = text;
    this.#next = nextMarks(text);
    this.#codeEnd = codeSpans(text);
  }

  /** The HTML rendered so far. */
  html(): string {
    return this.#out.join("");
  }

  /** Renders `text[start, end)`; every construct found must close before `end`. */
  render(start: number, end: number): void {
    const t = this.#text;
    let plain = start; // where the text not yet written starts
    let i = start;
    while (i < end) {
      const ch = t[i];
      let after = -1; // the index after a construct written at `i`
      if (ch === "`") {
        let run = i + 1;
        while (run < end && t[run] === "`") run++;
        const close = this.#codeEnd[i]!;
        if (close === 0 || close > end) {
          i = run; // a run that closes nothing is text, whole
          continue;
        }
        this.#write(plain, i);
        const code = t.slice(run, close - (run - i)).trim();
        this.#out.push(`<code>${escapeHtml(code)}</code>`);
        after = close;
      } else if (ch === "[" || (ch === "!" && t[i + 1] === "[")) {
        after = this.#link(i, end, plain);
      } else if (ch === "*" || ch === "_") {
        after = this.#strong(i, end, plain);
        if (after < 0) after = this.#emphasis(i, end, plain);
      }
      if (after < 0) {
        i++;
      } else {
        i = plain = after;
      }
    }
    this.#write(plain, end);
  }

  /** Writes `text[from, to)` escaped. */
  #write(from: number, to: number): void {
    if (to > from) this.#out.push(escapeHtml(this.#text.slice(from, to)));
  }

  /** The first index `>= from` holding `mark`, or -1. */
  #find(mark: Mark, from: number): number {
    const row = this.#text.length + 1;
    return from >= this.#text.length ? -1 : this.#next[mark * row + from]!;
  }

  /** `[label](href …)` or `![alt](src …)` at `i`: the index after it, or -1. */
  #link(i: number, end: number, plain: number): number {
    const t = this.#text;
    const image = t[i] === "!";
    const open = image ? i + 1 : i;
    const close = this.#find(Mark.Bracket, open + 1);
    if (close < 0 || t[close + 1] !== "(" || (!image && close === open + 1)) {
      return -1;
    }
    const paren = this.#find(Mark.Paren, close + 2);
    if (paren < 0 || paren >= end) return -1;
    this.#write(plain, i);
    if (image) {
      const alt = escapeHtml(t.slice(open + 1, close));
      this.#out.push(`<span class="image">[image: ${alt}]</span>`);
    } else {
      this.render(open + 1, close);
      const target = t.slice(close + 2, paren);
      const space = target.search(SPACE);
      const href = space < 0 ? target : target.slice(0, space);
      if (href !== "") {
        this.#out.push(` <span class="href">(${escapeHtml(href)})</span>`);
      }
    }
    return paren + 1;
  }

  /** `**bold**` or `__bold__` at `i`: the index after it, or -1. */
  #strong(i: number, end: number, plain: number): number {
    const t = this.#text;
    const ch = t[i]!;
    if (t[i + 1] !== ch || isSpace(t[i + 2])) return -1;
    const close = this.#find(
      ch === "*" ? Mark.DoubleStar : Mark.DoubleUnderscore,
      i + 3,
    );
    if (close < 0 || close + 2 > end) return -1;
    this.#write(plain, i);
    this.#out.push("<strong>");
    this.render(i + 2, close);
    this.#out.push("</strong>");
    return close + 2;
  }

  /** `*emphasis*` or `_emphasis_` at `i`, not inside a word: the index after it, or -1. */
  #emphasis(i: number, end: number, plain: number): number {
    const t = this.#text;
    const ch = t[i]!;
    const before = i > 0 ? t[i - 1]! : " ";
    if (isWord(before) || (ch === "*" && before === "*") || isSpace(t[i + 1])) {
      return -1;
    }
    // The content holds no mark of its own kind: the next one closes it, or nothing does.
    const close = this.#find(ch === "*" ? Mark.Star : Mark.Underscore, i + 1);
    if (close < i + 2 || close >= end || isSpace(t[close - 1])) return -1;
    const following = t[close + 1] ?? " ";
    if (isWord(following) || (ch === "*" && following === "*")) return -1;
    this.#write(plain, i);
    this.#out.push("<em>");
    this.render(i + 1, close);
    this.#out.push("</em>");
    return close + 1;
  }
}

/** Whether `ch` is missing (the text's edge) or white space. */
function isSpace(ch: string | undefined): boolean {
  return ch === undefined || SPACE.test(ch);
}

/** Whether `ch` is an ASCII word character (`\w`). */
function isWord(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) || c === 95;
}

/** The table of next marks, row by row, built in one backward pass. */
function nextMarks(t: string): Int32Array {
  const row = t.length + 1;
  const next = new Int32Array(MARKS * row);
  for (let m = 0; m < MARKS; m++) next[m * row + t.length] = -1;
  for (let i = t.length - 1; i >= 0; i--) {
    for (let m = 0; m < MARKS; m++) next[m * row + i] = next[m * row + i + 1]!;
    const ch = t[i];
    if (ch === "]") next[Mark.Bracket * row + i] = i;
    else if (ch === ")") next[Mark.Paren * row + i] = i;
    else if (ch === "*" || ch === "_") {
      const star = ch === "*";
      next[(star ? Mark.Star : Mark.Underscore) * row + i] = i;
      // A closing double mark follows something that is not white space.
      if (t[i + 1] === ch && i > 0 && !isSpace(t[i - 1])) {
        next[(star ? Mark.DoubleStar : Mark.DoubleUnderscore) * row + i] = i;
      }
    }
  }
  return next;
}

/**
 * The code spans of a text: at the start of each backtick run that opens
 * one, the index after the next run of the same length, which closes it
 * (0 elsewhere). Runs inside a span open nothing. One forward pass, with
 * one cursor per run length that only moves forward.
 */
function codeSpans(t: string): Int32Array {
  const spans = new Int32Array(t.length);
  const starts: number[] = [];
  const lengths: number[] = [];
  const byLength = new Map<number, number[]>();
  for (let i = t.indexOf("`"); i >= 0; i = t.indexOf("`", i)) {
    let end = i + 1;
    while (t[end] === "`") end++;
    starts.push(i);
    lengths.push(end - i);
    const same = byLength.get(end - i);
    if (same === undefined) byLength.set(end - i, [i]);
    else same.push(i);
    i = end;
  }
  const cursor = new Map<number, number>();
  let inside = 0; // runs before this index are inside a span
  for (let r = 0; r < starts.length; r++) {
    const start = starts[r]!;
    if (start < inside) continue;
    const length = lengths[r]!;
    const same = byLength.get(length)!;
    let k = cursor.get(length) ?? 0;
    while (k < same.length && same[k]! <= start) k++;
    cursor.set(length, k);
    if (k < same.length) {
      inside = same[k]! + length;
      spans[start] = inside;
    }
  }
  return spans;
}
