// Copyright 2026 the skillscope authors. MIT license.
/**
 * A `SKILL.md` body as readable HTML for the published skills page: a
 * small Markdown subset (headings, paragraphs, lists, quotes, rules, code
 * blocks and spans, bold, emphasis) where every character of the input is
 * escaped first. The renderer emits only its own fixed tags, never an
 * attribute, a link or an image taken from the text: raw HTML in a skill
 * shows as text, and a link shows its address beside its label.
 *
 * The body is untrusted, so the time is linear in its length: lines are
 * classified by hand-written checks that read each character once (no
 * regular expression that can backtrack), inline Markdown by the one-pass
 * scanner of `markdown_inline.ts`, quotes nest at most
 * {@linkcode MAX_QUOTE_DEPTH} levels, and at most
 * {@linkcode MARKDOWN_HTML_MAX_LENGTH} characters are rendered by default.
 *
 * @module
 */
import { escapeHtml } from "../shared/escape.ts";
import { inlineHtml } from "./markdown_inline.ts";

/** Heading levels of the body start below the page's own (`#` → `<h3>`). */
const HEADING_SHIFT = 2;

/**
 * How many characters of a body {@linkcode markdownToHtml} renders unless
 * told otherwise (64 KiB; Agent Skills advise bodies of a few thousand).
 *
 * @example A body past the limit is cut
 * ```ts
 * import assert from "node:assert/strict";
 * import { MARKDOWN_HTML_MAX_LENGTH, markdownToHtml } from "./markdown_html.ts";
 *
 * const html = markdownToHtml("x".repeat(MARKDOWN_HTML_MAX_LENGTH + 1));
 * assert.ok(html.endsWith('<p class="cut">Not shown here: the last 1 character of this file.</p>'));
 * ```
 */
export const MARKDOWN_HTML_MAX_LENGTH: number = 64 * 1024;

/**
 * Quotes nested deeper than this show their remaining `>` marks as text.
 *
 * @example Deep quotes
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_QUOTE_DEPTH, markdownToHtml } from "./markdown_html.ts";
 *
 * const html = markdownToHtml(">".repeat(MAX_QUOTE_DEPTH + 2) + " x");
 * assert.equal(html.split("<blockquote>").length - 1, MAX_QUOTE_DEPTH);
 * assert.ok(html.includes("<p>&gt;&gt; x</p>"));
 * ```
 */
export const MAX_QUOTE_DEPTH: number = 8;

/**
 * Options of {@linkcode markdownToHtml}.
 *
 * @example Rendering a whole body
 * ```ts
 * import assert from "node:assert/strict";
 * import { markdownToHtml, type MarkdownHtmlOptions } from "./markdown_html.ts";
 *
 * const whole: MarkdownHtmlOptions = { maxLength: Infinity };
 * assert.ok(!markdownToHtml("a ".repeat(40_000), whole).includes("cut"));
 * ```
 */
export interface MarkdownHtmlOptions {
  /**
   * The most characters rendered; the rest is left out with a note saying
   * how many (default {@linkcode MARKDOWN_HTML_MAX_LENGTH}).
   */
  maxLength?: number;
}

/**
 * Renders Markdown text as escaped HTML made of a fixed set of tags, in
 * time linear in its length, cut to `maxLength` characters.
 *
 * @example Hostile markup stays text
 * ```ts
 * import assert from "node:assert/strict";
 * import { markdownToHtml } from "./markdown_html.ts";
 *
 * assert.equal(markdownToHtml("# Title\n\nUse `x` **now**.\n"), "<h3>Title</h3>\n<p>Use <code>x</code> <strong>now</strong>.</p>");
 * assert.equal(
 *   markdownToHtml('<script>alert(1)</script> [docs](javascript:alert)'),
 *   '<p>&lt;script&gt;alert(1)&lt;/script&gt; docs <span class="href">(javascript:alert)</span></p>',
 * );
 * ```
 *
 * @example A long body is cut, with a note
 * ```ts
 * import assert from "node:assert/strict";
 * import { markdownToHtml } from "./markdown_html.ts";
 *
 * assert.equal(
 *   markdownToHtml("one\n\ntwo\n", { maxLength: 5 }),
 *   '<p>one</p>\n<p class="cut">Not shown here: the last 4 characters of this file.</p>',
 * );
 * ```
 *
 * @param markdown The text.
 * @param options How much of it to render.
 * @returns The HTML.
 */
export function markdownToHtml(
  markdown: string,
  options: MarkdownHtmlOptions = {},
): string {
  const max = Math.max(
    0,
    Math.floor(options.maxLength ?? MARKDOWN_HTML_MAX_LENGTH) || 0,
  );
  const shown = cut(markdown, max);
  const html = blocksHtml(shown.replace(/\r\n?/g, "\n").split("\n"), 0);
  const rest = markdown.length - shown.length;
  if (rest === 0) return html;
  const note = `<p class="cut">Not shown here: the last ${rest} character${
    rest === 1 ? "" : "s"
  } of this file.</p>`;
  return html === "" ? note : `${html}\n${note}`;
}

/** The first `max` characters at most, ending at a line break when there is one. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const line = text.lastIndexOf("\n", max - 1);
  if (line > 0) return text.slice(0, line + 1);
  const code = text.charCodeAt(max - 1);
  // Never split a surrogate pair.
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The blocks of some lines, quotes `depth` levels deep. */
function blocksHtml(lines: readonly string[], depth: number): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const marker = fence(line);
    if (marker !== undefined) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) {
        code.push(lines[i]!);
        i++;
      }
      i++; // the closing fence (or the end)
      out.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    const title = heading(line);
    if (title !== undefined) {
      const level = Math.min(6, title.level + HEADING_SHIFT);
      out.push(`<h${level}>${inlineHtml(title.text)}</h${level}>`);
      i++;
      continue;
    }
    if (isRule(line)) {
      out.push("<hr>");
      i++;
      continue;
    }
    if (isTableRow(line)) {
      const rows: string[] = [];
      while (i < lines.length && isTableRow(lines[i]!)) rows.push(lines[i++]!);
      out.push(`<pre class="table">${escapeHtml(rows.join("\n"))}</pre>`);
      continue;
    }
    const list = bullet(line) !== undefined
      ? bullet
      : numbered(line) !== undefined
      ? numbered
      : undefined;
    if (list !== undefined) {
      const items: string[] = [];
      let item: string | undefined;
      while (i < lines.length && (item = list(lines[i]!)) !== undefined) {
        i++;
        // Continuation lines: indented, not a new item of either kind.
        while (
          i < lines.length && isContinuation(lines[i]!) &&
          bullet(lines[i]!) === undefined && numbered(lines[i]!) === undefined
        ) item += ` ${lines[i++]!.trim()}`;
        items.push(`<li>${inlineHtml(item)}</li>`);
      }
      const tag = list === bullet ? "ul" : "ol";
      out.push(`<${tag}>\n${items.join("\n")}\n</${tag}>`);
      continue;
    }
    if (quoted(line) !== undefined && depth < MAX_QUOTE_DEPTH) {
      const inner: string[] = [];
      let text: string | undefined;
      while (i < lines.length && (text = quoted(lines[i]!)) !== undefined) {
        inner.push(text);
        i++;
      }
      out.push(`<blockquote>${blocksHtml(inner, depth + 1)}</blockquote>`);
      continue;
    }
    const paragraph: string[] = [line.trim()];
    i++;
    while (i < lines.length && continuesParagraph(lines[i]!)) {
      paragraph.push(lines[i++]!.trim());
    }
    out.push(`<p>${inlineHtml(paragraph.join(" "))}</p>`);
  }
  return out.join("\n");
}

/** Whether a line continues a paragraph (is not blank and starts no other block). */
function continuesParagraph(line: string): boolean {
  return line.trim() !== "" && fence(line) === undefined &&
    heading(line) === undefined && !isRule(line) && !isTableRow(line) &&
    bullet(line) === undefined && numbered(line) === undefined &&
    quoted(line) === undefined;
}

/** The index after up to three leading spaces, or -1 when there are more. */
function indent(line: string): number {
  let i = 0;
  while (line[i] === " ") i++;
  return i <= 3 ? i : -1;
}

/** The index of the first character at or after `i` that is not a space or tab. */
function skipBlanks(line: string, i: number): number {
  while (line[i] === " " || line[i] === "\t") i++;
  return i;
}

/** The marker of a fence line (three or more backticks or tildes). */
function fence(line: string): string | undefined {
  const start = indent(line);
  const ch = line[start];
  if (start < 0 || (ch !== "`" && ch !== "~")) return undefined;
  let end = start;
  while (line[end] === ch) end++;
  return end - start >= 3 ? line.slice(start, end) : undefined;
}

/**
 * A heading line: its level and its text without a closing run of `#`.
 * `# Title #` → level 1, `Title`.
 */
function heading(line: string): { level: number; text: string } | undefined {
  const start = indent(line);
  if (start < 0) return undefined;
  let end = start;
  while (line[end] === "#") end++;
  const level = end - start;
  if (level < 1 || level > 6 || (line[end] !== " " && line[end] !== "\t")) {
    return undefined;
  }
  let text = line.slice(skipBlanks(line, end)).trimEnd();
  let hashes = text.length;
  while (hashes > 0 && text[hashes - 1] === "#") hashes--;
  if (hashes < text.length) {
    const before = text[hashes - 1];
    if (hashes === 0 || before === " " || before === "\t") {
      text = text.slice(0, hashes).trimEnd();
    }
  }
  return { level, text };
}

/** Whether a line is a thematic break: three or more `*`, `-` or `_`, spaces between. */
function isRule(line: string): boolean {
  const start = indent(line);
  const ch = line[start];
  if (start < 0 || (ch !== "*" && ch !== "-" && ch !== "_")) return false;
  let count = 0;
  for (let i = start; i < line.length; i++) {
    if (line[i] === ch) count++;
    else if (line[i] !== " " && line[i] !== "\t") return false;
  }
  return count >= 3;
}

/** Whether a line is a row of a pipe table. */
function isTableRow(line: string): boolean {
  const start = indent(line);
  return start >= 0 && line[start] === "|";
}

/** The text of a bullet item line (`- x`, `* x`, `+ x`, indented or not). */
function bullet(line: string): string | undefined {
  const mark = skipBlanks(line, 0);
  const ch = line[mark];
  if (ch !== "-" && ch !== "*" && ch !== "+") return undefined;
  return itemText(line, mark + 1);
}

/** The text of a numbered item line (`1. x`, `2) x`). */
function numbered(line: string): string | undefined {
  const start = skipBlanks(line, 0);
  let end = start;
  while (end < line.length && line[end]! >= "0" && line[end]! <= "9") end++;
  if (end === start || end - start > 9) return undefined;
  if (line[end] !== "." && line[end] !== ")") return undefined;
  return itemText(line, end + 1);
}

/** The text after an item's mark ending before `after`: blanks, then the text. */
function itemText(line: string, after: number): string | undefined {
  if (line[after] !== " " && line[after] !== "\t") return undefined;
  return line.slice(skipBlanks(line, after));
}

/** The text of a quote line, after its `>` and one optional blank. */
function quoted(line: string): string | undefined {
  const start = indent(line);
  if (start < 0 || line[start] !== ">") return undefined;
  const next = line[start + 1];
  return line.slice(start + (next === " " || next === "\t" ? 2 : 1));
}

/** Whether a line is indented and holds more than blanks (a list item goes on). */
function isContinuation(line: string): boolean {
  const start = skipBlanks(line, 0);
  return start > 0 && start < line.length && line[start]!.trim() !== "";
}
