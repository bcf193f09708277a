// Copyright 2026 the skillscope authors. MIT license.
/**
 * Rendering the skill catalog for a system prompt, within a size budget.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import { policyOf, type SkillOverride } from "./policy.ts";
import type { CatalogBudget } from "./catalog_budget.ts";
import { planCatalog } from "./catalog_plan.ts";
import {
  type CatalogCuts,
  type CatalogFormat,
  layoutOf,
  oneLine,
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
   * Budget in characters (JavaScript string length): `budget: { chars }`
   * with every skill of the same priority and no entry cap. Over budget,
   * locations are left out first (a model chooses by description), then
   * descriptions are shortened evenly (to no less than 32 characters), then
   * dropped all together, then whole skills are omitted (last by name first)
   * and a final line says how many. The output never exceeds the budget; when
   * not even one name fits, it is empty (see `renderCatalogWithReport`).
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
 * then dropped (with `budget`, skill by skill, lowest priority first), then
 * whole skills are omitted (with `maxChars`, from the end).
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
  // No skills: nothing, or (`skills-ref`) the reference tool's empty block
  // when it fits — never a "nothing fits" failure, as there was nothing to fit.
  if (shown.length > 0 || layout.empty !== "") {
    const planned = planCatalog(shown, nameOnly, layout, options);
    if (shown.length > 0 || !planned.cuts.nothingFits) return planned;
  }
  return {
    text: "",
    cuts: {
      locationsDropped: false,
      descriptionsDropped: false,
      omitted: 0,
      nothingFits: false,
    },
  };
}
