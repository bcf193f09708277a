// Copyright 2026 the skillscope authors. MIT license.
/**
 * A table whose last column wraps: the other columns keep their width, and
 * the last one (a reason, a sentence) is broken at spaces over as many lines
 * as it needs within the width, each further line starting under its
 * column. Nothing is cut, so a reason is read whole on any terminal.
 *
 * @module
 */
import { displayWidth, fitWidth } from "./table.ts";

/** The fewest cells the wrapping column keeps, however narrow the width. */
const MIN_WRAP = 20;

/**
 * Lays out a table like `renderTable` (two spaces between columns, empty
 * columns hidden, no trailing spaces), with the last column wrapped at
 * spaces to fit `width`; without a width nothing wraps (stable output for
 * pipes). A word longer than the column is cut into pieces.
 *
 * @example Usage
 * ```ts
 * import { renderWrappedTable } from "./wrapped_table.ts";
 * import assert from "node:assert/strict";
 *
 * const text = renderWrappedTable(
 *   ["SKILL", "WHY"],
 *   [["pdf", "not in a root Claude Code scans, so it never sees it"]],
 *   { width: 30 },
 * );
 * assert.equal(
 *   text,
 *   "SKILL  WHY\n" +
 *     "pdf    not in a root Claude\n" +
 *     "       Code scans, so it never\n" +
 *     "       sees it\n",
 * );
 * ```
 *
 * @param header The column titles.
 * @param rows The cells (already escaped for the terminal).
 * @param options `width`: the terminal's width; none = no wrapping.
 * @returns The lines, each ending in `\n`.
 */
export function renderWrappedTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { readonly width?: number } = {},
): string {
  const all = [header, ...rows];
  const columns = header.map((_, i) => i).filter((i) =>
    rows.some((row) => (row[i] ?? "") !== "")
  );
  const last = columns.at(-1);
  const widths = new Map(
    columns.map((
      i,
    ) => [i, Math.max(...all.map((row) => displayWidth(row[i] ?? "")))]),
  );
  const before = columns.slice(0, -1).reduce(
    (n, i) => n + widths.get(i)! + 2,
    0,
  );
  const room = options.width === undefined || last === undefined
    ? undefined
    : Math.max(MIN_WRAP, options.width - before);
  const out: string[] = [];
  for (const row of all) {
    const lead = columns.slice(0, -1).map((i) => {
      const cell = row[i] ?? "";
      return cell + " ".repeat(widths.get(i)! - displayWidth(cell));
    });
    const text = last === undefined ? "" : row[last] ?? "";
    const pieces = room === undefined ? [text] : wrapText(text, room);
    pieces.forEach((piece, k) => {
      const start = k === 0 ? lead.join("  ") : " ".repeat(before - 2);
      out.push(
        `${[start, piece].join(columns.length > 1 ? "  " : "")}`.trimEnd(),
      );
    });
  }
  return out.map((line) => `${line}\n`).join("");
}

/** `text` broken at spaces into lines of at most `width` cells. */
function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(" ")) {
    while (displayWidth(word) > width) {
      if (line !== "") {
        lines.push(line);
        line = "";
      }
      const head = fitWidth(word, width + 1).slice(0, -1);
      lines.push(head);
      word = word.slice(head.length);
    }
    const joined = line === "" ? word : `${line} ${word}`;
    if (displayWidth(joined) <= width) line = joined;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}
