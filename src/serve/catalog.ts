// Copyright 2026 the skillscope authors. MIT license.
/**
 * Rendering the skill catalog for a system prompt, within a size budget.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import { policyOf } from "./policy.ts";
import type { CatalogOptions } from "./catalog_options.ts";
import { planCatalog } from "./catalog_plan.ts";
import { type CatalogCuts, layoutOf, oneLine } from "./catalog_layout.ts";

export type { CatalogCuts, CatalogFormat } from "./catalog_layout.ts";
export type { CatalogBudget, CatalogOptions } from "./catalog_options.ts";

/**
 * Renders the catalog of skills for a system prompt: sorted by name (stable
 * for prompt caching), escaped, each description on one line (whitespace
 * runs collapsed to one space; `skills-ref` keeps its lines, as the
 * reference tool does), and empty for no skills (`skills-ref`: the
 * reference tool's empty `<available_skills>` block). No field opens or
 * closes an HTML comment in any format (`markdown` writes `<\!--` and
 * `--\>`, `json` escapes them as `\u003c!--` and `--\u003e`), so the catalog
 * can go between comment markers in a Markdown file.
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
 * @returns The catalog text ("" when nothing fits, or for no skills in
 *   `xml` or `markdown`; `json` and `skills-ref` give their empty form).
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
    // The reference tool keeps a description's lines; every other format
    // writes it on one line.
    const entry = options.format === "skills-ref" ? s : oneLine(s);
    if (policy.mode === "name-only") nameOnly.add(entry);
    shown.push(entry);
  }
  // No skills: nothing, or the format's empty form (`json`: an empty list;
  // `skills-ref`: the reference tool's empty block) when it fits — never a "nothing fits" failure, as there was nothing to fit.
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
