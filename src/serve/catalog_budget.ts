// Copyright 2026 the skillscope authors. MIT license.
/**
 * A catalog within a budget with tiers, as the agents people use do it: a
 * limit in tokens, characters, or a fraction of the context window; each
 * description capped; then, over the limit, locations left out, descriptions
 * shortened evenly, skills collapsed to their name (lowest priority first),
 * and finally left out — with a report of every cut. The output is in name
 * order whatever the priorities, so the same input gives the same text
 * (prompt-cache friendly).
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import {
  byName,
  type CatalogCuts,
  type Layout,
  shorten,
} from "./catalog_layout.ts";

/**
 * The budget of a catalog: `{ tokens }`, `{ chars }`, or
 * `{ contextWindow, fraction }` (tokens; `fraction` defaults to 0.02).
 *
 * @example Usage
 * ```ts
 * import type { CatalogBudget } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const budget: CatalogBudget = { contextWindow: 200_000 };
 * assert.equal(budget.contextWindow, 200_000);
 * ```
 */
export interface CatalogBudget {
  /** A limit in tokens (counted by `countTokens`). */
  readonly tokens?: number;
  /** A limit in characters. */
  readonly chars?: number;
  /** The model's context window, in tokens. */
  readonly contextWindow?: number;
  /** The share of `contextWindow` the catalog may use (default 0.02). */
  readonly fraction?: number;
}

/** What the budgeted catalog reads of the catalog options. */
export interface BudgetOptions {
  /** The budget. */
  readonly budget?: CatalogBudget;
  /** Most characters of one description. */
  readonly maxEntryChars?: number;
  /** Skills kept longest. */
  readonly pinned?: readonly string[];
  /** Usage scores by name. */
  readonly usage?: Readonly<Record<string, number>>;
  /** An exact tokenizer. */
  readonly countTokens?: (text: string) => number;
}

/**
 * Characters of one description before it is cut, by default (Claude Code's cap).
 *
 * @example Usage
 * ```ts
 * import { DEFAULT_MAX_ENTRY_CHARS } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.equal(DEFAULT_MAX_ENTRY_CHARS, 1536);
 * ```
 */
export const DEFAULT_MAX_ENTRY_CHARS = 1536;
/**
 * The budget when neither tokens, characters nor a window are given (Codex's).
 *
 * @example Usage
 * ```ts
 * import { DEFAULT_BUDGET_CHARS } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.equal(DEFAULT_BUDGET_CHARS, 8000);
 * ```
 */
export const DEFAULT_BUDGET_CHARS = 8000;
const MIN_CHARS = 32;

/**
 * One token per 4 characters, rounded up: cheap, deterministic, close for
 * English. Pass `countTokens` for an exact count.
 *
 * @example Usage
 * ```ts
 * import { estimateTokens } from "@skillscope/skills";
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

/**
 * Renders the catalog within `options.budget` (see the module doc).
 *
 * @param skills The skills the model may see.
 * @param nameOnly Those listed by name only by policy.
 * @param layout The format's layout.
 * @param options The catalog options (`budget` set).
 * @returns The text and what was cut.
 */
export function planBudgetedCatalog(
  skills: readonly Skill[],
  nameOnly: ReadonlySet<Skill>,
  layout: Layout,
  options: BudgetOptions,
): { text: string; cuts: CatalogCuts } {
  const budget = options.budget ?? {};
  const unit: "tokens" | "chars" = budget.tokens !== undefined ||
      (budget.chars === undefined && budget.contextWindow !== undefined)
    ? "tokens"
    : "chars";
  const max = budget.tokens ??
    (budget.chars ??
      (budget.contextWindow !== undefined
        ? Math.floor(budget.contextWindow * (budget.fraction ?? 0.02))
        : DEFAULT_BUDGET_CHARS));
  const count = unit === "chars"
    ? (text: string) => text.length
    : (options.countTokens ?? estimateTokens);
  const cap = options.maxEntryChars ?? DEFAULT_MAX_ENTRY_CHARS;

  // Everything below works on positions in `sorted`, in arrays: with 10k
  // skills, maps and sets keyed by skill cost more than the planning itself.
  const sorted = byName(skills);
  const n = sorted.length;
  // Priority: pinned and always-apply first, then usage, then name.
  const pinned = options.pinned ?? [];
  const usage = options.usage ?? {};
  const tier = (s: Skill) =>
    pinned.includes(s.name)
      ? -2 - (pinned.length - pinned.indexOf(s.name)) / 1e6
      : s.alwaysApply === true
      ? -1
      : 0;
  // Each skill's tier and usage looked up once; the sort is stable, so
  // skills of equal priority stay in name order.
  const tiers: number[] = [];
  const uses: number[] = [];
  let ranked = false;
  for (const s of sorted) {
    const t = tier(s);
    const u = Object.hasOwn(usage, s.name) ? usage[s.name] ?? 0 : 0;
    tiers.push(t);
    uses.push(u);
    if (t !== 0 || u !== 0) ranked = true;
  }
  const byPriority = Array.from(sorted, (_, i) => i);
  if (ranked) {
    byPriority.sort((a, b) => tiers[a]! - tiers[b]! || uses[b]! - uses[a]!);
  }
  const lowestFirst = byPriority.reverse();

  const capped: string[] = [];
  // The description at each position, capped; undefined when name-only.
  const full: (string | undefined)[] = [];
  let longest = 0; // a loop, not Math.max(...): over ~120k arguments throw
  for (const s of sorted) {
    if (nameOnly.has(s)) {
      full.push(undefined);
      continue;
    }
    if (s.description.length > cap) capped.push(s.name);
    const description = s.description.length > cap
      ? shorten(s.description, cap - 1)
      : s.description;
    full.push(description);
    if (description.length > longest) longest = description.length;
  }

  // Per-entry costs under a state: description cap, location, collapsed, gone.
  const entry = (
    i: number,
    limit: number | null,
    location: boolean,
  ): string => {
    const description = full[i];
    return limit === null || description === undefined
      ? layout.frame(sorted[i]!, false, location)
      : layout.put(
        layout.frame(sorted[i]!, true, location),
        layout.describe(shorten(description, limit)),
      );
  };
  // 1 at the positions left out (`goneCount` of them); a `collapsed` array
  // (see `collapsedBy`) has 1 at those listed by name only.
  const gone = new Uint8Array(n);
  let goneCount = 0;
  const total = (
    limit: number,
    location: boolean,
    collapsed: Uint8Array | undefined,
    omitted: number,
  ): { cost: number; text: string } => {
    const entries: string[] = [];
    for (let i = 0; i < n; i++) {
      if (gone[i] === 1) continue;
      entries.push(
        entry(
          i,
          collapsed !== undefined && collapsed[i] === 1 ? null : limit,
          location,
        ),
      );
    }
    const text = layout.header + entries.join(layout.sep) +
      layout.footer(omitted, entries.length === 0);
    return { cost: count(text), text };
  };
  const namesOf = (positions: readonly number[]): string[] =>
    positions.map((i) => sorted[i]!.name);
  const report = (
    text: string,
    extra: Partial<CatalogCuts>,
  ): { text: string; cuts: CatalogCuts } => ({
    text,
    cuts: {
      locationsDropped: false,
      descriptionsDropped: false,
      omitted: goneCount,
      nothingFits: false,
      ...extra,
      limit: { unit, max, used: count(text) },
      capped,
    },
  });

  // With a cost that follows the text's length (characters, or the
  // 4-characters-a-token estimate), the cuts below are planned from entry
  // lengths instead of rendering thousands of entries per candidate, and a
  // catalog whose names alone overflow goes straight to leaving skills out.
  const lengthCost = unit === "chars"
    ? (length: number) => length
    : options.countTokens === undefined
    ? tokensOfLength
    : undefined;
  const nameLength: number[] = [];
  let namesLength = layout.header.length +
    layout.footer(0, n === 0).length +
    layout.sep.length * Math.max(0, n - 1);
  if (lengthCost !== undefined) {
    for (const s of sorted) {
      const length = layout.frame(s, false, false).length;
      nameLength.push(length);
      namesLength += length;
    }
  }
  const namesFit = lengthCost === undefined || lengthCost(namesLength) <= max;

  const hasLocations = sorted.some((s) => s.path !== undefined);
  // The fewest of n cuts that make it fit (each cut only shortens the text).
  const fewest = (n: number, fits: (k: number) => boolean): number => {
    let lo = 1;
    let hi = n + 1; // n + 1: not even all of them
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (fits(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const candidates = lowestFirst.filter((i) => full[i] !== undefined);
  const collapsedBy = (k: number): Uint8Array => {
    const collapsed = new Uint8Array(n);
    for (let c = 0; c < k && c < candidates.length; c++) {
      collapsed[candidates[c]!] = 1;
    }
    return collapsed;
  };
  if (!namesFit) return leaveOut();
  const withLocations = total(longest, true, undefined, 0);
  if (withLocations.cost <= max) return report(withLocations.text, {});
  const bare = total(longest, false, undefined, 0);
  if (bare.cost <= max) {
    return report(bare.text, { locationsDropped: hasLocations });
  }
  // Shorten evenly: the largest common cap that fits.
  if (total(MIN_CHARS, false, undefined, 0).cost <= max) {
    let lo = MIN_CHARS;
    let hi = Math.max(MIN_CHARS, longest);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (total(mid, false, undefined, 0).cost <= max) lo = mid;
      else hi = mid - 1;
    }
    return report(total(lo, false, undefined, 0).text, {
      locationsDropped: hasLocations,
      descriptionsShortenedTo: lo,
    });
  }
  // Collapse to names, then leave out, lowest priority first: the fewest
  // skills that make it fit. Each cut makes the text shorter, so the cost
  // only falls as more are cut, and a binary search over how many finds the
  // first count that fits with a few renders instead of one per skill.
  const withCollapsed = (k: number) =>
    total(MIN_CHARS, false, collapsedBy(k), 0);
  let collapseFits = (k: number) => withCollapsed(k).cost <= max;
  if (lengthCost !== undefined) {
    // Length with the first k candidates collapsed: every entry at the
    // shortest description, less what each collapsed one saves.
    let shortest = namesLength;
    const saved = [0];
    for (const i of candidates) {
      const extra = entry(i, MIN_CHARS, false).length - nameLength[i]!;
      shortest += extra;
      saved.push(saved[saved.length - 1]! + extra);
    }
    collapseFits = (k) => lengthCost(shortest - saved[k]!) <= max;
  }
  const k = fewest(candidates.length, collapseFits);
  if (k <= candidates.length) {
    return report(withCollapsed(k).text, {
      locationsDropped: hasLocations,
      descriptionsShortenedTo: MIN_CHARS,
      nameOnly: namesOf(candidates.slice(0, k)),
    });
  }
  return leaveOut();

  /** Every skill collapsed to its name, then the fewest left out, lowest priority first. */
  function leaveOut(): { text: string; cuts: CatalogCuts } {
    const collapsed = collapsedBy(candidates.length);
    const nameOnlyNames = namesOf(candidates);
    const withGone = (g: number) => {
      gone.fill(0);
      goneCount = Math.min(g, n);
      for (let c = 0; c < goneCount; c++) gone[lowestFirst[c]!] = 1;
      return total(MIN_CHARS, false, collapsed, g);
    };
    let goneFits = (g: number) => withGone(g).cost <= max;
    if (lengthCost !== undefined) {
      // Length with the g lowest-priority skills left out.
      const removed = [0];
      for (const i of lowestFirst) {
        removed.push(
          removed[removed.length - 1]! + nameLength[i]! + layout.sep.length,
        );
      }
      const base = namesLength - layout.footer(0, n === 0).length;
      goneFits = (g) => {
        const kept = n - g;
        const length = base - removed[g]! +
          (kept === 0 ? layout.sep.length : 0) +
          layout.footer(g, kept === 0).length;
        return lengthCost(length) <= max;
      };
    }
    const g = fewest(n - 1, goneFits);
    const omittedNames = namesOf(lowestFirst.slice(0, Math.min(g, n)));
    if (g < n) {
      const text = withGone(g).text;
      return report(text, {
        locationsDropped: hasLocations,
        descriptionsDropped: true,
        nameOnly: nameOnlyNames,
        omittedNames,
      });
    }
    return {
      text: "",
      cuts: {
        locationsDropped: hasLocations,
        descriptionsDropped: true,
        omitted: n,
        nothingFits: true,
        limit: { unit, max, used: 0 },
        nameOnly: nameOnlyNames,
        omittedNames,
        capped,
      },
    };
  }
}
