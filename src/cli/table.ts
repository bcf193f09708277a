// Copyright 2026 the skillscope authors. MIT license.
/**
 * Tables for people: columns sized by display width (CJK and emoji take two
 * cells, combining marks none), empty columns hidden, and — when a terminal
 * width is given — the last column (a path) shortened or dropped first, then
 * the widest text column shortened, so every line fits.
 *
 * @module
 */
import { grantedEnv } from "../shared/permissions.ts";

// Below U+0300 no character is a combining mark or wide: one cell each.
const BEYOND_U02FF = /[\u0300-\uFFFF]/;

interface WidthClasses {
  readonly wide: RegExp;
  readonly zero: RegExp;
}

// Built on first use, for text beyond U+02FF only: V8 builds a `\p{…}`
// class when it creates the expression, which a table of plain names never
// needs.
let classes: WidthClasses | undefined;
const widthClasses = (): WidthClasses =>
  classes ??= {
    // East Asian Wide and Fullwidth ranges, and emoji shown as pictures.
    wide:
      /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]|\p{Emoji_Presentation}/u,
    zero: /[\p{M}\u200B-\u200F\u2060\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u,
  };

/**
 * The number of terminal cells `text` takes.
 *
 * @param text Text without control characters (escape it first).
 * @returns Its display width.
 */
export function displayWidth(text: string): number {
  if (!BEYOND_U02FF.test(text)) return text.length;
  let width = 0;
  for (const c of text) width += cellsOf(c);
  return width;
}

/** The cells one character takes: 0 (combining, invisible), 2 (wide) or 1. */
function cellsOf(c: string): number {
  if (c.charCodeAt(0) < 0x300) return 1;
  const { wide, zero } = widthClasses();
  return zero.test(c) ? 0 : wide.test(c) ? 2 : 1;
}

/**
 * `text` cut to at most `width` cells, with `…` when cut (at the end, or at
 * the start with `fromStart`, which keeps the end of a path).
 *
 * @param text The text.
 * @param width The most cells.
 * @param fromStart Cut the start instead of the end.
 * @returns The text, fitting.
 */
export function fitWidth(
  text: string,
  width: number,
  fromStart = false,
): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return "";
  const chars = [...text];
  if (fromStart) chars.reverse();
  let out = "";
  let used = 0;
  for (const c of chars) {
    const w = cellsOf(c);
    if (used + w > width - 1) break;
    out = fromStart ? c + out : out + c;
    used += w;
  }
  return fromStart ? `…${out}` : `${out}…`;
}

/** Options of {@linkcode renderTable}. */
export interface TableOptions {
  /** The terminal's width; none = no limit (stable output for pipes). */
  readonly width?: number;
  /** The column shortened before the others (default: the widest but the first). */
  readonly shrink?: number;
  /** The column dropped when even shortened it does not fit (default: the last). */
  readonly drop?: number;
  /**
   * Colours a cell after it was fitted (widths are measured without the
   * codes): `row` 0 is the header, 1 the first row.
   */
  readonly paint?: (text: string, column: number, row: number) => string;
}

/**
 * Lays out a table: two spaces between columns, no trailing spaces, empty
 * columns hidden; fitted to `width` when given, coloured by `paint`.
 *
 * @example Usage
 * ```ts
 * import { renderTable } from "./table.ts";
 * import assert from "node:assert/strict";
 *
 * const rows = [["pdf-tools", "", "Fill PDF forms"]];
 * assert.equal(
 *   renderTable(["NAME", "SCOPE", "DESCRIPTION"], rows),
 *   "NAME       DESCRIPTION\npdf-tools  Fill PDF forms\n",
 * );
 * ```
 *
 * @param header The column titles.
 * @param rows The cells (already escaped for the terminal).
 * @param options The width and which columns give way.
 * @returns The lines, each ending in `\n`.
 */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: TableOptions = {},
): string {
  let columns = header.map((_, i) => i).filter((i) =>
    rows.some((row) => (row[i] ?? "") !== "")
  );
  const widthOf = (i: number) =>
    Math.max(
      displayWidth(header[i]!),
      ...rows.map((row) => displayWidth(row[i] ?? "")),
    );
  const widths = new Map(columns.map((i) => [i, widthOf(i)]));
  const total = () =>
    columns.reduce((n, i) => n + widths.get(i)!, 0) + 2 * (columns.length - 1);
  const limit = options.width;
  if (limit !== undefined && total() > limit) {
    const drop = options.drop ?? header.length - 1;
    // The droppable column (a path) gives way first: shortened to at least
    // 20 cells, else dropped.
    if (columns.includes(drop)) {
      const excess = total() - limit;
      const shortened = widths.get(drop)! - excess;
      if (shortened >= Math.min(20, widths.get(drop)!)) {
        widths.set(drop, shortened);
      } else {
        columns = columns.filter((i) => i !== drop);
      }
    }
    if (total() > limit) {
      const shrink = options.shrink ??
        columns.slice(1).reduce(
          (a, b) => (widths.get(b)! > widths.get(a)! ? b : a),
          columns[1] ?? columns[0]!,
        );
      const excess = total() - limit;
      widths.set(shrink, Math.max(1, widths.get(shrink)! - excess));
    }
  }
  const drop = options.drop ?? header.length - 1;
  const paint = options.paint;
  const line = (cells: readonly string[], row: number) => {
    if (paint === undefined) {
      return columns.map((i, k) => {
        const fitted = fitWidth(cells[i] ?? "", widths.get(i)!, i === drop);
        return k === columns.length - 1
          ? fitted
          : fitted + " ".repeat(widths.get(i)! - displayWidth(fitted));
      }).join("  ").trimEnd();
    }
    // Coloured: nothing is padded after the last cell that is not empty.
    const last = columns.findLast((i) => (cells[i] ?? "").trim() !== "");
    return columns.flatMap((i) => {
      if (last === undefined || i > last) return [];
      const fitted = fitWidth(cells[i] ?? "", widths.get(i)!, i === drop);
      if (i === last) return [paint(fitted.trimEnd(), i, row)];
      const pad = " ".repeat(widths.get(i)! - displayWidth(fitted));
      return [`${paint(fitted, i, row)}${pad}`];
    }).join("  ");
  };
  return [header, ...rows].map((row, r) => `${line(row, r)}\n`).join("");
}

/** The narrowest width `COLUMNS` may set: tables need room for a name. */
const MIN_COLUMNS = 20;

/**
 * `COLUMNS` when it is set to a usable width and may be read, else
 * `undefined` (never a permission prompt).
 */
function columnsVariable(): number | undefined {
  const columns = Number(grantedEnv("COLUMNS"));
  return Number.isInteger(columns) && columns >= MIN_COLUMNS
    ? columns
    : undefined;
}

/**
 * The width to lay a terminal's output out to: `COLUMNS` when it is set
 * (and may be read), as most command-line tools do; else the terminal's own
 * size when it reports one (a pseudo-terminal may report 0); else 80.
 *
 * @example Usage
 * ```ts
 * import { terminalWidth } from "./table.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(terminalWidth() >= 1);
 * ```
 *
 * @returns The width in columns.
 */
export function terminalWidth(): number {
  const columns = columnsVariable();
  if (columns !== undefined) return columns;
  try {
    const size = Deno.consoleSize().columns;
    if (size > 0) return size;
  } catch {
    // Not a terminal: the default below.
  }
  return 80;
}

/**
 * The width tables are laid out to. On a terminal: `COLUMNS` when set (and
 * it may be read), else the terminal's size when not 0, else 80 (see
 * {@linkcode terminalWidth}). Piped: `COLUMNS` when set, else none (tables
 * are not cut, so scripts read whole rows).
 *
 * @example Usage
 * ```ts
 * import { outputWidth } from "./table.ts";
 * import assert from "node:assert/strict";
 *
 * const width = outputWidth();
 * assert.ok(width === undefined || width >= 20);
 * ```
 *
 * @returns The width in columns, or `undefined` for no limit.
 */
export function outputWidth(): number | undefined {
  return Deno.stdout.isTerminal() ? terminalWidth() : columnsVariable();
}
