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
import { type CatalogCuts, type Layout, shorten } from "./catalog_layout.ts";

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

  const sorted = [...skills].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  );
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
  const tiers = new Map<Skill, number>();
  const uses = new Map<Skill, number>();
  let ranked = false;
  for (const s of sorted) {
    const t = tier(s);
    const u = Object.hasOwn(usage, s.name) ? usage[s.name] ?? 0 : 0;
    tiers.set(s, t);
    uses.set(s, u);
    if (t !== 0 || u !== 0) ranked = true;
  }
  const byPriority = ranked
    ? [...sorted].sort((a, b) =>
      tiers.get(a)! - tiers.get(b)! || uses.get(b)! - uses.get(a)!
    )
    : sorted;
  const lowestFirst = [...byPriority].reverse();

  const capped: string[] = [];
  const full = new Map<Skill, string>();
  for (const s of sorted) {
    if (nameOnly.has(s)) continue;
    if (s.description.length > cap) capped.push(s.name);
    full.set(
      s,
      s.description.length > cap
        ? shorten(s.description, cap - 1)
        : s.description,
    );
  }
  // A loop, not Math.max(...lengths): a spread of over ~120k arguments throws.
  let longest = 0;
  for (const d of full.values()) if (d.length > longest) longest = d.length;

  // Per-entry costs under a state: description cap, location, collapsed, gone.
  const entry = (s: Skill, limit: number | null, location: boolean): string =>
    limit === null || !full.has(s)
      ? layout.frame(s, false, location)
      : layout.put(
        layout.frame(s, true, location),
        layout.describe(shorten(full.get(s)!, limit)),
      );
  const total = (
    limit: number,
    location: boolean,
    collapsed: ReadonlySet<Skill>,
    omitted: number,
  ): { cost: number; text: string } => {
    const kept = sorted.filter((s) => !gone.has(s));
    const text = layout.header +
      kept.map((s) => entry(s, collapsed.has(s) ? null : limit, location))
        .join(layout.sep) +
      layout.footer(omitted, kept.length === 0);
    return { cost: count(text), text };
  };
  const gone = new Set<Skill>();
  const report = (
    text: string,
    extra: Partial<CatalogCuts>,
  ): { text: string; cuts: CatalogCuts } => ({
    text,
    cuts: {
      locationsDropped: false,
      descriptionsDropped: false,
      omitted: gone.size,
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
  const nameLength = new Map<Skill, number>();
  let namesLength = layout.header.length +
    layout.footer(0, sorted.length === 0).length +
    layout.sep.length * Math.max(0, sorted.length - 1);
  if (lengthCost !== undefined) {
    for (const s of sorted) {
      const length = layout.frame(s, false, false).length;
      nameLength.set(s, length);
      namesLength += length;
    }
  }
  const namesFit = lengthCost === undefined || lengthCost(namesLength) <= max;

  const none = new Set<Skill>();
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
  const candidates = lowestFirst.filter((s) => full.has(s));
  const collapsedBy = (k: number) => new Set(candidates.slice(0, k));
  if (!namesFit) return leaveOut();
  const withLocations = total(longest, true, none, 0);
  if (withLocations.cost <= max) return report(withLocations.text, {});
  const bare = total(longest, false, none, 0);
  if (bare.cost <= max) {
    return report(bare.text, { locationsDropped: hasLocations });
  }
  // Shorten evenly: the largest common cap that fits.
  if (total(MIN_CHARS, false, none, 0).cost <= max) {
    let lo = MIN_CHARS;
    let hi = Math.max(MIN_CHARS, longest);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (total(mid, false, none, 0).cost <= max) lo = mid;
      else hi = mid - 1;
    }
    return report(total(lo, false, none, 0).text, {
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
    for (const s of candidates) {
      const extra = entry(s, MIN_CHARS, false).length - nameLength.get(s)!;
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
      nameOnly: candidates.slice(0, k).map((s) => s.name),
    });
  }
  return leaveOut();

  /** Every skill collapsed to its name, then the fewest left out, lowest priority first. */
  function leaveOut(): { text: string; cuts: CatalogCuts } {
    const collapsed = collapsedBy(candidates.length);
    const nameOnlyNames = candidates.map((s) => s.name);
    const withGone = (g: number) => {
      gone.clear();
      for (const s of lowestFirst.slice(0, g)) gone.add(s);
      return total(MIN_CHARS, false, collapsed, g);
    };
    let goneFits = (g: number) => withGone(g).cost <= max;
    if (lengthCost !== undefined) {
      // Length with the g lowest-priority skills left out.
      const removed = [0];
      for (const s of lowestFirst) {
        removed.push(
          removed[removed.length - 1]! + nameLength.get(s)! + layout.sep.length,
        );
      }
      const base = namesLength - layout.footer(0, sorted.length === 0).length;
      goneFits = (g) => {
        const kept = sorted.length - g;
        const length = base - removed[g]! +
          (kept === 0 ? layout.sep.length : 0) +
          layout.footer(g, kept === 0).length;
        return lengthCost(length) <= max;
      };
    }
    const g = fewest(sorted.length - 1, goneFits);
    const omittedNames = lowestFirst.slice(0, Math.min(g, sorted.length))
      .map((s) => s.name);
    if (g < sorted.length) {
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
        omitted: sorted.length,
        nothingFits: true,
        limit: { unit, max, used: 0 },
        nameOnly: nameOnlyNames,
        omittedNames,
        capped,
      },
    };
  }
}
