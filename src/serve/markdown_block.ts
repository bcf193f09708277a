// Copyright 2026 the skillscope authors. MIT license.
/**
 * Untrusted text made safe for a generated block in a Markdown file: such a
 * block (`skillscope sync`'s, in `AGENTS.md`) is delimited by HTML comments,
 * so no field written into it may open or close one — a description holding
 * `<!-- skillscope:skills:end -->` would otherwise end the block early, and
 * an unclosed `<!--` hide the rest of it from a reader of the rendered file.
 *
 * @module
 */

/** How the text is spelled where it lands. */
export type BlockSpelling = "markdown" | "json";

const OPEN = "<!--";
const CLOSE = "-->";
/** Both spellings of each sequence, by how the text is spelled. */
const SAFE: Readonly<
  Record<BlockSpelling, { open: string; close: string }>
> = {
  // A backslash escape: rendered Markdown still shows `<!--` and `-->`.
  markdown: { open: "<\\!--", close: "--\\>" },
  // A JSON string escape: the value parsed is the same text.
  json: { open: "\\u003c!--", close: "--\\u003e" },
};

/**
 * Neutralises the HTML comment syntax (`<!--`, `-->`) in one untrusted
 * field written into a generated block of a Markdown file, so that the
 * field can neither open a comment nor close one, and so never spell the
 * block's markers.
 *
 * - `markdown`: Markdown text; `<!--` becomes `<\!--` and `-->` becomes
 *   `--\>` (backslash escapes, shown as the original by a renderer).
 * - `json`: a JSON value as `JSON.stringify` wrote it; `<` and `>` of those
 *   sequences become `\u003c` and `\u003e`, so the value parsed is unchanged.
 *
 * No other character changes: nothing the replacement inserts can form a
 * new `<!--` or `-->`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { neutraliseForBlock } from "./markdown_block.ts";
 *
 * const description = "Ends <!-- skillscope:skills:end --> early";
 * const markdown = neutraliseForBlock(description, "markdown");
 * assert.equal(markdown, "Ends <\\!-- skillscope:skills:end --\\> early");
 * assert.ok(!markdown.includes("<!--") && !markdown.includes("-->"));
 *
 * const json = neutraliseForBlock(JSON.stringify(description), "json");
 * assert.ok(!json.includes("<!--") && !json.includes("-->"));
 * assert.equal(JSON.parse(json), description);
 * ```
 *
 * @param text The field, spelled as `spelling` says.
 * @param spelling How the text is spelled where it lands.
 * @returns The text without `<!--` or `-->`.
 */
export function neutraliseForBlock(
  text: string,
  spelling: BlockSpelling,
): string {
  if (!text.includes(OPEN) && !text.includes(CLOSE)) return text;
  const safe = SAFE[spelling];
  // `<!--` first: its replacement holds no `-->`, and that of `-->` no `<!--`.
  return text.replaceAll(OPEN, safe.open).replaceAll(CLOSE, safe.close);
}
