// Copyright 2026 the skillscope authors. MIT license.
/**
 * Null-prototype records (a skill's frontmatter, its metadata) that V8 keeps
 * in its fast object layout: built as plain objects, then given a null
 * prototype. An `Object.create(null)` object starts as a hash table: about
 * 260 bytes for two entries against 64, and several times slower to read.
 * Every skill keeps one or two, so this is a fifth of what a discovery
 * holds per skill, and of what each young-generation collection copies.
 *
 * @module
 */

/**
 * Sets an own, enumerable entry of a record being built, also for a key
 * `Object.prototype` has: those are defined, not assigned. Deno removes
 * `Object.prototype.__proto__`, but where a runtime keeps it, assigning
 * `"__proto__"` would set the record's prototype instead; and where the
 * intrinsics are frozen, assigning `"toString"` would fail. Only writes:
 * until {@linkcode withNullPrototype}, the record still inherits from
 * `Object.prototype`, so nothing should read it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { setEntry, withNullPrototype } from "./null_record.ts";
 *
 * const record: Record<string, unknown> = {};
 * setEntry(record, "__proto__", 1);
 * setEntry(record, "toString", 2);
 * setEntry(record, "name", "pdf");
 * withNullPrototype(record);
 * assert.deepEqual(Object.keys(record), ["__proto__", "toString", "name"]);
 * assert.equal(Object.getPrototypeOf(record), null);
 * ```
 *
 * @param record The record.
 * @param key The key.
 * @param value The value.
 */
export function setEntry<T>(
  record: Record<string, T>,
  key: string,
  value: T,
): void {
  if (key in Object.prototype) {
    Object.defineProperty(record, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    record[key] = value;
  }
}

/**
 * Gives a record built with {@linkcode setEntry} a null prototype, keeping
 * its layout (and its entries' order).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { withNullPrototype } from "./null_record.ts";
 *
 * const record = withNullPrototype({ name: "pdf" });
 * assert.equal("toString" in record, false);
 * assert.equal(record.name, "pdf");
 * ```
 *
 * @param record The record.
 * @returns The same record.
 */
export function withNullPrototype<T extends object>(record: T): T {
  Object.setPrototypeOf(record, null);
  return record;
}
