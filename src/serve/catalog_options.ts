// Copyright 2026 the skillscope authors. MIT license.
/**
 * The options of a catalog and its budget, apart from the code that plans
 * and renders it (which all reads them).
 *
 * @module
 */
import type { SkillOverride } from "./policy.ts";
import type { CatalogFormat } from "./catalog_layout.ts";

/**
 * Options of `renderCatalog`.
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
   * Budget in characters (JavaScript string length): `budget: { chars }`
   * with every skill of the same priority and no entry cap. Over budget,
   * locations are left out first (a model chooses by description), then
   * descriptions are shortened evenly (to no less than 32 characters), then
   * dropped all together, then whole skills are omitted (last by name first)
   * and a final line says how many. The output never exceeds the budget; when
   * not even one name fits, it is empty (see `renderCatalogWithReport`).
   * Without `maxChars` or `budget`, the budget is 1 MiB of characters and each
   * description is cut to 4096: a bound on untrusted sizes that a catalog
   * of ordinary skills never reaches.
   */
  maxChars?: number;
  /**
   * A budget with tiers (see `CatalogBudget`): in tokens, characters, or a
   * fraction of a context window (default 2% of it; 8000 characters when no
   * budget is known). Takes precedence over `maxChars`.
   */
  budget?: CatalogBudget;
  /**
   * With `budget`: most characters of one entry's description (Claude Code's cap).
   *
   * @default {1536}
   */
  maxEntryChars?: number;
  /** With `budget`: skills kept before all others when cutting (with `alwaysApply` ones). */
  pinned?: readonly string[];
  /** With `budget`: a usage score per skill name (higher = kept longer) that the host tracks. */
  usage?: Readonly<Record<string, number>>;
  /** With a budget in tokens: an exact tokenizer; default: an estimate of one token per 4 characters. */
  countTokens?: (text: string) => number;
  /**
   * Overrides of how skills are listed (see `policyOf`): `user-only` and
   * `off` skills are left out (as are skills with
   * `disable-model-invocation: true`), `name-only` ones have no description.
   */
  overrides?: readonly SkillOverride[];
}

/**
 * The budget of a catalog: `{ tokens }`, `{ chars }`, or
 * `{ contextWindow, fraction }` (tokens; `fraction` defaults to 0.02).
 *
 * @example Fit the catalog into 1% of a context window
 * ```ts
 * import { type CatalogBudget, embeddedSkill, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const budget: CatalogBudget = { contextWindow: 200_000, fraction: 0.01 };
 * assert.match(set.catalog({ budget }), /<name>hi<\/name>/);
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
