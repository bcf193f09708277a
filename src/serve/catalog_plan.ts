// Copyright 2026 the skillscope authors. MIT license.
/**
 * The catalog planner: what each skill of a catalog gets within a budget, as
 * the agents people use do it. Each description capped; then, over the
 * limit, locations left out, descriptions shortened evenly, skills collapsed
 * to their name (lowest priority first), and finally left out — with a report
 * of every cut. The output is in name order whatever the priorities, so the
 * same input gives the same text (prompt-cache friendly). The limit, the cap
 * and the priorities come from {@linkcode limitOf} and
 * {@linkcode byPriority}: with `maxChars` every skill ranks the same, so
 * descriptions collapse all together and skills are left out from the end.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import type { CatalogOptions } from "./catalog_options.ts";
import {
  byPriority,
  limitOf,
  MIN_DESCRIPTION_CHARS,
} from "./catalog_budget.ts";
import {
  byName,
  type CatalogCuts,
  type Layout,
  shorten,
  shortenedLength,
} from "./catalog_layout.ts";

/**
 * Renders the catalog within its limit (see the module doc and
 * {@linkcode limitOf}).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, discoverSync } from "@skillscope/skills";
 * import { layoutOf } from "./catalog_layout.ts";
 * import { planCatalog } from "./catalog_plan.ts";
 *
 * const { skills } = discoverSync({
 *   sources: ["a", "b", "c"].map((name) =>
 *     embeddedSkill({ name, description: `Does ${name}`, content: "" })
 *   ),
 * });
 * const layout = layoutOf("markdown");
 * // With maxChars every skill ranks the same: the descriptions go together.
 * const plain = planCatalog(skills, new Set(), layout, { maxChars: 20 });
 * assert.equal(plain.text, "- a\n- b\n- c");
 * // A budget with tiers collapses the lowest priority first (the last by name).
 * const tiered = planCatalog(skills, new Set(), layout, { budget: { chars: 20 } });
 * assert.equal(tiered.text, "- a: Does a\n- b\n- c");
 * assert.deepEqual(tiered.cuts.nameOnly, ["c", "b"]);
 * ```
 *
 * @param skills The skills the model may see.
 * @param nameOnly Those listed by name only by policy.
 * @param layout The format's layout.
 * @param options The catalog options.
 * @returns The text and what was cut.
 */
export function planCatalog(
  skills: readonly Skill[],
  nameOnly: ReadonlySet<Skill>,
  layout: Layout,
  options: CatalogOptions,
): { text: string; cuts: CatalogCuts } {
  const { tiered, unit, max, count, lengthCost, cap, likelyFits } = limitOf(
    options,
  );

  // Everything below works on positions in `sorted`, in arrays: with 10k
  // skills, maps and sets keyed by skill cost more than the planning itself.
  const sorted = byName(skills);
  const n = sorted.length;
  const lowestFirst = tiered
    ? byPriority(sorted, options).reverse()
    : Array.from(sorted, (_, i) => n - 1 - i);

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

  // Per-entry text under a state: description cap, location, collapsed, gone.
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
    collapsed?: Uint8Array,
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
      layout.footer(goneCount, entries.length === 0);
    return { cost: count(text), text };
  };
  const namesOf = (positions: readonly number[]): string[] =>
    positions.map((i) => sorted[i]!.name);
  const report = (
    text: string,
    extra: Partial<CatalogCuts>,
    named: Partial<CatalogCuts> = {},
  ): { text: string; cuts: CatalogCuts } => {
    const cuts = {
      locationsDropped: false,
      descriptionsDropped: false,
      omitted: goneCount,
      nothingFits: false,
      ...extra,
    };
    return {
      text,
      cuts: tiered
        ? { ...cuts, ...named, limit: { unit, max, used: count(text) }, capped }
        : cuts,
    };
  };

  // Under the default limit the whole catalog nearly always fits: one
  // render, as with no limit, before anything is measured.
  if (likelyFits) {
    const whole = total(Number.POSITIVE_INFINITY, true);
    if (whole.cost <= max) return report(whole.text, {});
  }

  // With a cost that follows the text's length (characters, or the
  // 4-characters-a-token estimate), the cuts below are planned from entry
  // lengths instead of rendering thousands of entries per candidate, and a
  // catalog whose names alone overflow goes straight to leaving skills out.
  // A frame (the entry without its description) is measured once per
  // location; a description the format leaves as it is (plus a fixed
  // wrapper, e.g. JSON quotes) is measured arithmetically, another rendered.
  const frameless = layout.header.length + layout.footer(0, n === 0).length +
    layout.sep.length * Math.max(0, n - 1);
  const frames: number[][] = [];
  const framed = (location: boolean): number[] =>
    frames[location ? 1 : 0] ??= sorted.map((s, i) =>
      layout.put(layout.frame(s, full[i] !== undefined, location), "").length
    );
  const wrapper = layout.describe("x").length - 1;
  let simple: boolean[] | undefined; // measured when first needed
  const entryLength = (i: number, limit: number, location: boolean) => {
    const description = full[i];
    simple ??= full.map((d) =>
      d !== undefined && layout.describe(d).length === d.length + wrapper
    );
    return framed(location)[i]! +
      (description === undefined
        ? 0
        : simple[i]
        ? shortenedLength(description, limit) + wrapper
        : layout.describe(shorten(description, limit)).length);
  };
  // Whether every description cut to `limit` fits.
  const fits = (limit: number, location: boolean): boolean => {
    if (lengthCost === undefined) return total(limit, location).cost <= max;
    let length = frameless;
    for (let i = 0; i < n; i++) length += entryLength(i, limit, location);
    return lengthCost(length) <= max;
  };
  // That catalog when it fits, rendered once.
  const fitting = (limit: number, location: boolean): string | undefined => {
    if (lengthCost !== undefined && !fits(limit, location)) return undefined;
    const { cost, text } = total(limit, location);
    return cost <= max ? text : undefined;
  };
  const nameLength = lengthCost === undefined
    ? []
    : sorted.map((s) => layout.frame(s, false, false).length);
  let namesLength = frameless;
  for (const length of nameLength) namesLength += length;
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
  const whole = fitting(longest, true);
  if (whole !== undefined) return report(whole, {});
  const bare = fitting(longest, false);
  if (bare !== undefined) {
    return report(bare, { locationsDropped: hasLocations });
  }
  // Shorten evenly: the largest common cap that fits.
  if (fits(MIN_DESCRIPTION_CHARS, false)) {
    let lo = MIN_DESCRIPTION_CHARS;
    let hi = Math.max(MIN_DESCRIPTION_CHARS, longest);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid, false)) lo = mid;
      else hi = mid - 1;
    }
    return report(total(lo, false).text, {
      locationsDropped: hasLocations,
      descriptionsShortenedTo: lo,
    });
  }
  // Collapse to names, lowest priority first: the fewest skills that make it
  // fit. Each cut makes the text shorter, so the cost only falls as more are
  // cut, and a binary search over how many finds the first count that fits
  // with a few renders instead of one per skill. Skills that rank the same
  // (`maxChars`) collapse all together.
  const withCollapsed = (k: number) =>
    total(MIN_DESCRIPTION_CHARS, false, collapsedBy(k));
  let collapseFits = (k: number) => withCollapsed(k).cost <= max;
  if (lengthCost !== undefined) {
    // Length with the first k candidates collapsed: every entry at the
    // shortest description, less what each collapsed one saves.
    let shortest = namesLength;
    const saved = [0];
    for (const i of candidates) {
      const extra = entryLength(i, MIN_DESCRIPTION_CHARS, false) -
        nameLength[i]!;
      shortest += extra;
      saved.push(saved[saved.length - 1]! + extra);
    }
    collapseFits = (k) => lengthCost(shortest - saved[k]!) <= max;
  }
  const all = candidates.length;
  const k = tiered
    ? fewest(all, collapseFits)
    : collapseFits(all)
    ? all
    : all + 1;
  if (k <= all) {
    // Every description collapsed is every description dropped.
    return report(withCollapsed(k).text, {
      locationsDropped: hasLocations,
      ...(k < all
        ? { descriptionsShortenedTo: MIN_DESCRIPTION_CHARS }
        : { descriptionsDropped: true }),
    }, { nameOnly: namesOf(candidates.slice(0, k)) });
  }
  return leaveOut();

  /** Every skill collapsed to its name, then the fewest left out, lowest priority first. */
  function leaveOut(): { text: string; cuts: CatalogCuts } {
    const collapsed = collapsedBy(candidates.length);
    const withGone = (g: number) => {
      gone.fill(0);
      goneCount = Math.min(g, n);
      for (let c = 0; c < goneCount; c++) gone[lowestFirst[c]!] = 1;
      return total(MIN_DESCRIPTION_CHARS, false, collapsed);
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
    const named = tiered
      ? {
        nameOnly: namesOf(candidates),
        omittedNames: namesOf(lowestFirst.slice(0, Math.min(g, n))),
      }
      : {};
    const cuts = {
      locationsDropped: hasLocations,
      descriptionsDropped: true,
    };
    if (g < n) return report(withGone(g).text, cuts, named);
    const nothing = { ...cuts, omitted: n, nothingFits: true };
    return {
      text: "",
      cuts: tiered
        ? { ...nothing, limit: { unit, max, used: 0 }, ...named, capped }
        : nothing,
    };
  }
}
