// Copyright 2026 the skillscope authors. MIT license.
/**
 * The budget of a catalog: its units and defaults, the token estimate, the
 * limit the options set (`maxChars` is a character budget in which every
 * skill ranks the same, with no cap on a description) and the priority of
 * skills under a budget with tiers. The planner is `catalog_plan.ts`.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import { MAX_KEPT_STRING } from "../parse/retain.ts";
import type { CatalogOptions } from "./catalog_options.ts";

export type { CatalogBudget } from "./catalog_options.ts";

/** Characters of one description before it is cut, by default (Claude Code's cap). */
export const DEFAULT_MAX_ENTRY_CHARS = 1536;
/** The budget when neither tokens, characters nor a window are given (Codex's). */
export const DEFAULT_BUDGET_CHARS = 8000;
/**
 * The character budget of a catalog rendered without `maxChars` or `budget`:
 * a bound, not a prompt size, so that a set with thousands of large skills
 * (or one website's index) cannot make a catalog of hundreds of megabytes.
 * Under it the catalog is what it would be with no limit.
 *
 * @example Usage
 * ```ts
 * import { discoverSync, embeddedSkill, renderCatalog } from "@skillscope/skills";
 * import { DEFAULT_MAX_CATALOG_CHARS } from "./catalog_budget.ts";
 * import assert from "node:assert/strict";
 *
 * const { skills } = discoverSync({
 *   sources: Array.from({ length: 400 }, (_, i) =>
 *     embeddedSkill({ name: `s${i}`, description: "d".repeat(4000), content: "" })),
 * });
 * assert.ok(renderCatalog(skills).length <= DEFAULT_MAX_CATALOG_CHARS);
 * ```
 */
export const DEFAULT_MAX_CATALOG_CHARS = 1024 * 1024;
/**
 * Characters of one description in a catalog rendered without `maxChars` or
 * `budget`: the most a skill keeps of any field (see `MAX_KEPT_STRING`).
 */
export const DEFAULT_MAX_CATALOG_ENTRY_CHARS = MAX_KEPT_STRING;
/** Shortest a description is cut to before descriptions collapse to names. */
export const MIN_DESCRIPTION_CHARS = 32;

/**
 * One token per 4 characters, rounded up: cheap, deterministic, close for
 * English. Pass `countTokens` for an exact count.
 *
 * @example Usage
 * ```ts
 * import { estimateTokens } from "./catalog_budget.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(estimateTokens("twelve chars"), 3);
 * ```
 *
 * @param text The text.
 * @returns Its estimated token count.
 */
export function estimateTokens(text: string): number {
  return tokensOfLength(text.length);
}

/** {@linkcode estimateTokens} of a text of `length` characters. */
function tokensOfLength(length: number): number {
  return Math.ceil(length / 4);
}

/** A catalog's limit as the planner applies it (see {@linkcode limitOf}). */
export interface CatalogLimit {
  /** With `budget`: skills ranked, descriptions capped, cut skills named. */
  readonly tiered: boolean;
  /** The unit of `max`. */
  readonly unit: "tokens" | "chars";
  /** The most the catalog may cost. */
  readonly max: number;
  /** A text's cost, in `unit`. */
  readonly count: (text: string) => number;
  /** A text's cost from its length alone, when it is that and finite. */
  readonly lengthCost: ((length: number) => number) | undefined;
  /** Most characters of one description. */
  readonly cap: number;
  /**
   * The default limit, which nearly every catalog fits: rendered once first,
   * as with no limit, and planned only when it does not fit.
   */
  readonly likelyFits: boolean;
}

/**
 * The limit the options set: `budget`, else `maxChars` — a character budget
 * in which every skill ranks the same, with no cap on a description — else
 * the same with {@linkcode DEFAULT_MAX_CATALOG_CHARS} and each description
 * capped at {@linkcode DEFAULT_MAX_CATALOG_ENTRY_CHARS}.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { limitOf } from "./catalog_budget.ts";
 *
 * const plain = limitOf({ maxChars: 500 });
 * assert.deepEqual([plain.tiered, plain.unit, plain.max, plain.cap], [false, "chars", 500, Infinity]);
 * const window = limitOf({ budget: { contextWindow: 40_000 } });
 * assert.deepEqual([window.tiered, window.unit, window.max, window.cap], [true, "tokens", 800, 1536]);
 * const unset = limitOf({});
 * assert.deepEqual([unset.tiered, unset.unit, unset.max, unset.cap], [false, "chars", 1048576, 4096]);
 * ```
 *
 * @param options The catalog options.
 * @returns The limit.
 */
export function limitOf(options: CatalogOptions): CatalogLimit {
  const { budget } = options;
  const unit = budget !== undefined && (budget.tokens !== undefined ||
      (budget.chars === undefined && budget.contextWindow !== undefined))
    ? "tokens"
    : "chars";
  const unset = budget === undefined && options.maxChars === undefined;
  const max = budget === undefined
    ? options.maxChars ?? DEFAULT_MAX_CATALOG_CHARS
    : budget.tokens ?? budget.chars ??
      (budget.contextWindow !== undefined
        ? Math.floor(budget.contextWindow * (budget.fraction ?? 0.02))
        : DEFAULT_BUDGET_CHARS);
  const byLength = unit === "chars"
    ? (length: number) => length
    : tokensOfLength;
  const exact = unit === "tokens" ? options.countTokens : undefined;
  return {
    tiered: budget !== undefined,
    unit,
    max,
    count: exact ?? ((text) => byLength(text.length)),
    // Without a limit everything fits: there is nothing to plan.
    lengthCost: exact !== undefined || max === Number.POSITIVE_INFINITY
      ? undefined
      : byLength,
    likelyFits: unset,
    cap: unset
      ? DEFAULT_MAX_CATALOG_ENTRY_CHARS
      : budget === undefined
      ? Number.POSITIVE_INFINITY
      : options.maxEntryChars ?? DEFAULT_MAX_ENTRY_CHARS,
  };
}

/**
 * Positions in `sorted` from the highest priority under a budget with tiers:
 * pinned skills (in their order), then always-apply ones, then by usage;
 * ties stay in name order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, discoverSync } from "@skillscope/skills";
 * import { byPriority } from "./catalog_budget.ts";
 *
 * const { skills } = discoverSync({
 *   sources: ["a", "b", "c"].map((name) => embeddedSkill({ name, description: name, content: "" })),
 * });
 * assert.deepEqual(byPriority(skills, { pinned: ["c"], usage: { b: 3 } }), [2, 1, 0]);
 * ```
 *
 * @param sorted The skills, in name order.
 * @param options `pinned` and `usage`.
 * @returns Positions in `sorted`, highest priority first.
 */
export function byPriority(
  sorted: readonly Skill[],
  options: CatalogOptions,
): number[] {
  const pinned = options.pinned ?? [];
  const usage = options.usage ?? {};
  // Each skill's tier and usage looked up once; the sort is stable.
  const tiers: number[] = [];
  const uses: number[] = [];
  let ranked = false;
  for (const s of sorted) {
    const p = pinned.indexOf(s.name);
    const t = p >= 0
      ? -2 - (pinned.length - p) / 1e6
      : s.alwaysApply === true
      ? -1
      : 0;
    const u = Object.hasOwn(usage, s.name) ? usage[s.name] ?? 0 : 0;
    tiers.push(t);
    uses.push(u);
    if (t !== 0 || u !== 0) ranked = true;
  }
  const positions = Array.from(sorted, (_, i) => i);
  if (ranked) {
    positions.sort((a, b) => tiers[a]! - tiers[b]! || uses[b]! - uses[a]!);
  }
  return positions;
}
