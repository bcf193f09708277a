// Copyright 2026 the skillscope authors. MIT license.
/**
 * A `SKILL.md` body as readable HTML for the published skills page: a
 * small Markdown subset (headings, paragraphs, lists, quotes, rules, code
 * blocks and spans, bold, emphasis) where every character of the input is
 * escaped first. The renderer emits only its own fixed tags, never an
 * attribute, a link or an image taken from the text: raw HTML in a skill
 * shows as text, and a link shows its address beside its label.
 *
 * @module
 */
import { escapeHtml } from "../shared/escape.ts";

/** Heading levels of the body start below the page's own (`#` → `<h3>`). */
const HEADING_SHIFT = 2;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const RULE = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const BULLET = /^[ \t]*[-*+][ \t]+(.*)$/;
const NUMBERED = /^[ \t]*\d{1,9}[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const TABLE = /^ {0,3}\|/;

/**
 * Renders Markdown text as escaped HTML made of a fixed set of tags.
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
 * @param markdown The text.
 * @returns The HTML.
 */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence !== null) {
      const marker = fence[1]!;
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
    const heading = HEADING.exec(line);
    if (heading !== null) {
      const level = Math.min(6, heading[1]!.length + HEADING_SHIFT);
      out.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push("<hr>");
      i++;
      continue;
    }
    if (TABLE.test(line)) {
      const rows: string[] = [];
      while (i < lines.length && TABLE.test(lines[i]!)) rows.push(lines[i++]!);
      out.push(`<pre class="table">${escapeHtml(rows.join("\n"))}</pre>`);
      continue;
    }
    const list = BULLET.test(line)
      ? BULLET
      : NUMBERED.test(line)
      ? NUMBERED
      : undefined;
    if (list !== undefined) {
      const items: string[] = [];
      while (i < lines.length && list.test(lines[i]!)) {
        let item = list.exec(lines[i]!)![1]!;
        i++;
        // Continuation lines: indented, not a new item of either kind.
        while (
          i < lines.length && /^[ \t]+\S/.test(lines[i]!) &&
          !BULLET.test(lines[i]!) && !NUMBERED.test(lines[i]!)
        ) item += ` ${lines[i++]!.trim()}`;
        items.push(`<li>${inline(item)}</li>`);
      }
      const tag = list === BULLET ? "ul" : "ol";
      out.push(`<${tag}>\n${items.join("\n")}\n</${tag}>`);
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) {
        quoted.push(QUOTE.exec(lines[i++]!)![1]!);
      }
      out.push(`<blockquote>${markdownToHtml(quoted.join("\n"))}</blockquote>`);
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && startsParagraphLine(lines[i]!)) {
      paragraph.push(lines[i++]!.trim());
    }
    out.push(`<p>${inline(paragraph.join(" "))}</p>`);
  }
  return out.join("\n");
}

/** Whether a line continues a paragraph (is not blank and starts no other block). */
function startsParagraphLine(line: string): boolean {
  return line.trim() !== "" && !FENCE.test(line) && !HEADING.test(line) &&
    !RULE.test(line) && !TABLE.test(line) && !BULLET.test(line) &&
    !NUMBERED.test(line) && !QUOTE.test(line);
}

/**
 * Inline Markdown: code spans kept verbatim (escaped), then on the rest,
 * escaped first: links and images as their text, bold, emphasis.
 */
function inline(text: string): string {
  const parts = text.split(/(`+)([^`]|[^`].*?[^`])\1(?!`)/s);
  let html = "";
  // split with two groups: text, ticks, code, text, ticks, code, …
  for (let i = 0; i < parts.length; i += 3) {
    html += emphasis(escapeHtml(parts[i]!));
    const code = parts[i + 2];
    if (code !== undefined) html += `<code>${escapeHtml(code.trim())}</code>`;
  }
  return html;
}

/** Links, images, bold and emphasis on already escaped text. */
function emphasis(escaped: string): string {
  return escaped
    .replace(
      /!\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g,
      (_, alt: string) => `<span class="image">[image: ${alt}]</span>`,
    )
    .replace(
      /\[([^\]]+)\]\(([^)\s]*)[^)]*\)/g,
      (_, label: string, href: string) =>
        href === "" ? label : `${label} <span class="href">(${href})</span>`,
    )
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, "<strong>$1</strong>")
    .replace(/__(?=\S)(.+?)(?<=\S)__/g, "<strong>$1</strong>")
    .replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])/g, "$1<em>$2</em>")
    .replace(/(^|[^\w])_(?=\S)([^_]+?)(?<=\S)_(?!\w)/g, "$1<em>$2</em>");
}
