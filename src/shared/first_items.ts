// Copyright 2026 the skillscope authors. MIT license.
/**
 * `firstItems()`: a list named in a message, cut to its first few items and
 * a count of the rest, so that a message about a large collection stays one
 * short line however many items it has and however long each one is.
 *
 * @module
 */

/** How many items {@linkcode firstItems} names by default. */
export const FIRST_ITEMS = 10;

/**
 * How many characters the items {@linkcode firstItems} names take at most
 * by default (separators included, "and N more" not).
 */
export const FIRST_ITEMS_CHARS = 600;

/** How {@linkcode firstItems} joins and bounds the items it names. */
export interface FirstItemsOptions {
  /**
   * The most characters the named items take, separators included: an item
   * that would pass it is counted in "and N more" instead, and a first item
   * longer than it is cut with "…". Default {@linkcode FIRST_ITEMS_CHARS}.
   */
  maxChars?: number;
  /** What stands between two items. Default `", "`. */
  separator?: string;
}

/**
 * The first `max` items joined with ", ", then "and N more" for the rest;
 * fewer when the items named would pass `maxChars` characters.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstItems } from "./first_items.ts";
 *
 * assert.equal(firstItems(["a", "b", "c", "d"], 2), "a, b, and 2 more");
 * assert.equal(firstItems(["a", "b"], 2), "a, b");
 * assert.equal(firstItems([]), "");
 * ```
 *
 * @example Long items
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstItems } from "./first_items.ts";
 *
 * const keys = ["k".repeat(5000), "short"];
 * assert.equal(firstItems(keys, 10, { maxChars: 8 }), "kkkkkkk…, and 1 more");
 * assert.equal(
 *   firstItems(["one: a", "two: b", "three: c"], 2, { separator: "; " }),
 *   "one: a; two: b; and 1 more",
 * );
 * ```
 *
 * @param items The items, already as they are to be shown.
 * @param max How many to name (default {@linkcode FIRST_ITEMS}).
 * @param options The most characters named, and the separator.
 * @returns The text.
 */
export function firstItems(
  items: readonly string[],
  max: number = FIRST_ITEMS,
  options: FirstItemsOptions = {},
): string {
  const { maxChars = FIRST_ITEMS_CHARS, separator = ", " } = options;
  const shown: string[] = [];
  let chars = 0;
  for (const item of items) {
    if (shown.length >= max) break;
    if (shown.length === 0) {
      const cut = cutTo(item, maxChars);
      shown.push(cut);
      chars = cut.length;
      continue;
    }
    const more = separator.length + item.length;
    if (chars + more > maxChars) break;
    shown.push(item);
    chars += more;
  }
  if (items.length > shown.length) {
    shown.push(`and ${items.length - shown.length} more`);
  }
  return shown.join(separator);
}

/** The text cut to `max` characters with "…", a surrogate pair kept whole. */
function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
