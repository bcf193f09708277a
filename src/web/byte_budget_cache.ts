// Copyright 2026 the skillscope authors. MIT license.
/**
 * A least-recently-used cache bounded by the bytes of what it holds, not by
 * a count: the values several readers share keep to one budget, and a
 * value larger than the whole budget is never kept.
 *
 * @module
 */

/**
 * A least-recently-used map bounded by a byte budget. Each value is stored
 * with its size; adding one evicts the least recently used values until
 * the total is within the budget again, and a value larger than the budget
 * is not stored at all.
 *
 * @example Two of three values fit the budget
 * ```ts
 * import assert from "node:assert/strict";
 * import { ByteBudgetCache } from "./byte_budget_cache.ts";
 *
 * const cache = new ByteBudgetCache<string, Uint8Array>(8);
 * cache.set("a", new Uint8Array(4), 4);
 * cache.set("b", new Uint8Array(4), 4);
 * cache.get("a"); // "a" is now the most recently used
 * cache.set("c", new Uint8Array(4), 4);
 * assert.deepEqual([cache.has("a"), cache.has("b"), cache.has("c")], [true, false, true]);
 * assert.equal(cache.bytes, 8);
 * assert.equal(cache.set("huge", new Uint8Array(9), 9), false);
 * ```
 *
 * @typeParam K The keys.
 * @typeParam V The values.
 */
export class ByteBudgetCache<K, V> {
  readonly #maxBytes: number;
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  #bytes = 0;

  /**
   * Constructs a new instance.
   *
   * @param maxBytes Most bytes held at once.
   */
  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /**
   * The budget.
   *
   * @returns Most bytes held at once.
   */
  get maxBytes(): number {
    return this.#maxBytes;
  }

  /**
   * The bytes held now.
   *
   * @returns The sum of the sizes of the values held.
   */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * How many values are held.
   *
   * @returns The count.
   */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * Whether `key` is held (without marking it used).
   *
   * @param key The key.
   * @returns `true` when a value is held for it.
   */
  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /**
   * The value of `key`, marked as the most recently used.
   *
   * @param key The key.
   * @returns The value, or `undefined` when none is held.
   */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /**
   * Stores `value` as the most recently used, evicting the least recently
   * used values until the budget holds. A value larger than the budget is
   * not stored (and drops what `key` held).
   *
   * @param key The key.
   * @param value The value.
   * @param bytes Its size.
   * @returns `true` when it was stored.
   */
  set(key: K, value: V, bytes: number): boolean {
    this.delete(key);
    if (!(bytes >= 0) || bytes > this.#maxBytes) return false;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
    return true;
  }

  /**
   * Drops the value of `key`.
   *
   * @param key The key.
   * @returns `true` when a value was held.
   */
  delete(key: K): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    return true;
  }
}
