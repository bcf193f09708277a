// Copyright 2026 the skillscope authors. MIT license.
/**
 * Rendering the skill catalog for a system prompt, within a size budget.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import { policyOf, type SkillOverride } from "./policy.ts";
import { type CatalogBudget, planBudgetedCatalog } from "./catalog_budget.ts";
import {
  byName,
  type CatalogCuts,
  type CatalogFormat,
  HOLE,
  type Layout,
  layoutOf,
  oneLine,
  shorten,
} from "./catalog_layout.ts";

export type { CatalogCuts, CatalogFormat } from "./catalog_layout.ts";

/**
 * Options of {@linkcode renderCatalog}.
 *
 * @example Usage
 * ```ts
 * import { type CatalogOptions, discoverSync, embeddedSkill, renderCatalog } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const { skills } = discoverSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const options: CatalogOptions = { format: "json", maxChars: 500 };
 * assert.ok(renderCatalog(skills, options).length <= 500);
 * ```
 */
export interface CatalogOptions {
  /** Output format. Default `"xml"`. */
  format?: CatalogFormat;
  /**
   * Budget in characters (JavaScript string length). Over budget, locations
   * are left out first (a model chooses by description), then descriptions
   * are shortened evenly (to no less than 32 characters), then dropped, then
   * whole skills are omitted (last by name first) and a final line says how
   * many. The output never exceeds the budget; when not even one name fits,
   * it is empty (see `renderCatalogWithReport`).
   */
  maxChars?: number;
  /**
   * A budget with tiers (see `CatalogBudget`): in tokens, characters, or a
   * fraction of a context window (default 2% of it; 8000 characters when no
   * budget is known). Takes precedence over `maxChars`.
   */
  budget?: CatalogBudget;
  /** Most characters of one entry's description (default 1536 with `budget`). */
  maxEntryChars?: number;
  /** Skills listed before all others when cutting (with `alwaysApply` ones). */
  pinned?: readonly string[];
  /** A usage score per skill name (higher = kept longer) that the host tracks. */
  usage?: Readonly<Record<string, number>>;
  /** An exact tokenizer; default: an estimate of one token per 4 characters. */
  countTokens?: (text: string) => number;
  /**
   * Overrides of how skills are listed (see `policyOf`): `user-only` and
   * `off` skills are left out (as are skills with
   * `disable-model-invocation: true`), `name-only` ones have no description.
   */
  overrides?: readonly SkillOverride[];
}

/** Shortest a description is cut to before descriptions are dropped. */
export const MIN_DESCRIPTION_CHARS = 32;

/**
 * Renders the catalog of skills for a system prompt: sorted by name (stable
 * for prompt caching), escaped, each description on one line (whitespace
 * runs collapsed to one space), and empty for no skills (`skills-ref`: the
 * reference tool's empty `<available_skills>` block).
 *
 * - `xml`: `<available_skills>` with one `<skill><name/><description/><location/></skill>` per line.
 * - `skills-ref`: the reference tool's `to-prompt` layout (every tag and value on
 *   its own line, values escaped like Python's `html.escape`).
 * - `markdown`: `- name: description (file: /abs/SKILL.md)`.
 * - `json`: `{"skills":[{"name","description","location"}],"omitted":0}`.
 *
 * Embedded skills have no location.
 *
 * @example A catalog within a budget
 * ```ts
 * import { directorySource, discoverSync, renderCatalog } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const [name, description, extra] of [
 *   ["pdf-tools", "Fill and read PDF forms", ""],
 *   ["sql-review", "Review SQL migrations", "globs: ['db/**']\n"],
 * ]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(
 *     `${root}/${name}/SKILL.md`,
 *     `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`,
 *   );
 * }
 * const { skills } = discoverSync({ sources: [directorySource(root)] });
 * const xml = renderCatalog(skills, { format: "xml", maxChars: 2000 });
 * assert.ok(xml.length <= 2000);
 * assert.match(xml, /<name>pdf-tools<\/name>/);
 * ```
 *
 * @param skills The skills (any order).
 * @param options Format and budget.
 * @returns The catalog text ("" when nothing fits, or for no skills in a
 *   format other than `skills-ref`).
 * @throws {TypeError} for an unknown format.
 */
export function renderCatalog(
  skills: readonly Skill[],
  options: CatalogOptions = {},
): string {
  return renderCatalogWithReport(skills, options).text;
}

/**
 * {@linkcode renderCatalog}, with what the budget cut: first the locations,
 * then descriptions are shortened evenly (to no less than 32 characters),
 * then dropped, then whole skills are omitted from the end.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, discoverSync, renderCatalogWithReport } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const description = "Says hi to everyone who asks for a greeting, in any language and any tone";
 * const { skills } = discoverSync({ sources: [embeddedSkill({ name: "hi", description, content: "" })] });
 * const { text, cuts } = renderCatalogWithReport(skills, { format: "json", maxChars: 100 });
 * assert.ok(text.length <= 100);
 * assert.ok(cuts.descriptionsShortenedTo !== undefined && cuts.descriptionsShortenedTo < description.length);
 * assert.equal(cuts.descriptionsDropped, false);
 * ```
 *
 * @param skills The skills (any order).
 * @param options Format and budget.
 * @returns The text and the cuts.
 * @throws {TypeError} for an unknown format.
 */
export function renderCatalogWithReport(
  skills: readonly Skill[],
  options: CatalogOptions = {},
): { text: string; cuts: CatalogCuts } {
  const layout = layoutOf(options.format ?? "xml");
  const none: CatalogCuts = {
    locationsDropped: false,
    descriptionsDropped: false,
    omitted: 0,
    nothingFits: false,
  };
  // The model never sees a skill it may not invoke.
  const overrides = options.overrides ?? [];
  const nameOnly = new Set<Skill>();
  const shown: Skill[] = [];
  for (const s of skills) {
    const policy = policyOf(s, overrides);
    if (!policy.modelVisible) continue;
    const entry = oneLine(s);
    if (policy.mode === "name-only") nameOnly.add(entry);
    shown.push(entry);
  }
  if (shown.length === 0) return emptyCatalog(layout, options, none);
  if (options.budget !== undefined) {
    return planBudgetedCatalog(shown, nameOnly, layout, options);
  }
  const sorted = byName(shown);
  const budget = options.maxChars ?? Number.POSITIVE_INFINITY;
  const hasLocations = sorted.some((s) => s.path !== undefined);
  // The names-only catalog is the shortest that keeps every skill: when even
  // it is over the budget, only omitting skills can help (every other step
  // renders each entry at least as long), so the description steps are
  // skipped, which matters for thousands of skills and a prompt-sized budget.
  const bare = Number.isFinite(budget)
    ? sorted.map((s) => layout.frame(s, false, false))
    : undefined;
  if (bare !== undefined) {
    let total = layout.header.length + layout.footer(0, false).length +
      layout.sep.length * (bare.length - 1);
    for (const frame of bare) total += frame.length;
    if (total > budget) {
      return omitFromEnd(bare, layout, budget, {
        ...none,
        locationsDropped: hasLocations,
        descriptionsDropped: true,
      });
    }
  }
  const descriptions = sorted.map((s) => nameOnly.has(s) ? "" : s.description);
  // Length of every entry's description at a cap of `max` characters. Texts
  // the format leaves as they are (plus a fixed wrapper, e.g. JSON quotes) are
  // measured arithmetically; the others are rendered.
  const wrapper = layout.describe("x").length - 1;
  const simple = descriptions.map((d) =>
    layout.describe(d).length === d.length + wrapper
  );
  const describedLength = (max: number): number => {
    let total = 0;
    for (let i = 0; i < descriptions.length; i++) {
      const d = descriptions[i]!;
      if (nameOnly.has(sorted[i]!)) continue;
      if (!simple[i]) {
        total += layout.describe(shorten(d, max)).length;
      } else if (d.length <= max) {
        total += d.length + wrapper;
      } else {
        const c = d.charCodeAt(max - 1);
        total += max - (c >= 0xd800 && c <= 0xdbff ? 1 : 0) + 1 + wrapper;
      }
    }
    return total;
  };
  const longest = descriptions.reduce((m, d) => Math.max(m, d.length), 0);
  const attempt = (withLocation: boolean) => {
    const frames = sorted.map((s) =>
      layout.frame(s, !nameOnly.has(s), withLocation)
    );
    const fixed = layout.header.length + layout.footer(0, false).length +
      layout.sep.length * (sorted.length - 1) +
      frames.reduce(
        (sum, f) => sum + f.length - (f.includes(HOLE) ? HOLE.length : 0),
        0,
      );
    const render = (max: number): string =>
      layout.header +
      sorted.map((_, i) =>
        layout.put(frames[i]!, layout.describe(shorten(descriptions[i]!, max)))
      ).join(layout.sep) +
      layout.footer(0, false);
    return { fixed, render };
  };

  // 0. Everything; 1. without locations.
  const full = attempt(true);
  if (full.fixed + describedLength(longest) <= budget) {
    return { text: full.render(longest), cuts: none };
  }
  const noLocation = hasLocations ? attempt(false) : full;
  const locationsDropped = hasLocations;
  if (noLocation.fixed + describedLength(longest) <= budget) {
    return {
      text: noLocation.render(longest),
      cuts: { ...none, locationsDropped },
    };
  }
  // 2. Shorten descriptions evenly: the largest cap that fits.
  if (noLocation.fixed + describedLength(MIN_DESCRIPTION_CHARS) <= budget) {
    let lo = MIN_DESCRIPTION_CHARS;
    let hi = longest;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (noLocation.fixed + describedLength(mid) <= budget) lo = mid;
      else hi = mid - 1;
    }
    return {
      text: noLocation.render(lo),
      cuts: { ...none, locationsDropped, descriptionsShortenedTo: lo },
    };
  }

  // 3. Drop descriptions; 4. omit skills from the end.
  return omitFromEnd(
    bare ?? sorted.map((s) => layout.frame(s, false, false)),
    layout,
    budget,
    { ...none, locationsDropped, descriptionsDropped: true },
  );
}

/**
 * The catalog of no skills: nothing, or (`skills-ref`) the reference tool's
 * empty block when it fits the budget — never a "nothing fits" failure, as
 * there was nothing to fit.
 */
function emptyCatalog(
  layout: Layout,
  options: CatalogOptions,
  none: CatalogCuts,
): { text: string; cuts: CatalogCuts } {
  if (layout.empty === "") return { text: "", cuts: none };
  const planned = options.budget !== undefined
    ? planBudgetedCatalog([], new Set(), layout, options)
    : layout.empty.length <= (options.maxChars ?? Number.POSITIVE_INFINITY)
    ? { text: layout.empty, cuts: none }
    : { text: "", cuts: none };
  return planned.cuts.nothingFits ? { text: "", cuts: none } : planned;
}

/**
 * The names-only catalog of the first skills that fit: the most of them
 * whose entries, separators, header and footer (which counts the omitted)
 * stay within the budget.
 */
function omitFromEnd(
  bare: readonly string[],
  layout: Layout,
  budget: number,
  cuts: CatalogCuts,
): { text: string; cuts: CatalogCuts } {
  const n = bare.length;
  const prefix = [0];
  for (let i = 0; i < n; i++) {
    prefix.push(prefix[i]! + bare[i]!.length + (i > 0 ? layout.sep.length : 0));
  }
  const fits = (kept: number): boolean =>
    layout.header.length + prefix[kept]! +
        layout.footer(n - kept, false).length <= budget;
  // All of them (the footer then has no omitted note); else the length
  // grows with every skill kept (each adds a name and a separator, the count
  // in the footer loses at most a digit), so the most that fit are found by
  // bisection.
  let kept = 0;
  if (fits(n)) {
    kept = n;
  } else if (n > 1 && fits(1)) {
    let lo = 1;
    let hi = n - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid - 1;
    }
    kept = lo;
  }
  if (kept === 0) {
    return {
      text: "",
      cuts: {
        locationsDropped: false,
        descriptionsDropped: false,
        omitted: 0,
        nothingFits: true,
      },
    };
  }
  return {
    text: layout.header + bare.slice(0, kept).join(layout.sep) +
      layout.footer(n - kept, false),
    cuts: { ...cuts, omitted: n - kept },
  };
}
