// Copyright 2026 the skillscope authors. MIT license.
/**
 * `firstItems()`: a list named in a message, cut to its first few items and
 * a count of the rest, so that a message about a large collection stays one
 * short line.
 *
 * @module
 */

/** How many items {@linkcode firstItems} names by default. */
export const FIRST_ITEMS = 10;

/**
 * The first `max` items joined with ", ", then "and N more" for the rest.
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
 * @param items The items, already as they are to be shown.
 * @param max How many to name (default {@linkcode FIRST_ITEMS}).
 * @returns The text.
 */
export function firstItems(
  items: readonly string[],
  max: number = FIRST_ITEMS,
): string {
  const shown = items.slice(0, max);
  if (items.length > shown.length) {
    shown.push(`and ${items.length - shown.length} more`);
  }
  return shown.join(", ");
}
