// Copyright 2026 the skillscope authors. MIT license.
/**
 * `catalog`: the skill catalog for a system prompt, within a budget.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { writeOut } from "./io.ts";
import {
  catalogOptions,
  catalogSettings,
  renderCatalogFor,
} from "./catalog_options.ts";
import { remoteRootFailed } from "./root_options.ts";
import { ROOTS_GROUP } from "./root_option_defs.ts";
import { openSkillSet } from "./open_skill_set.ts";
import { approvalOption } from "./approval_option.ts";

/** The option groups of `catalog`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: { ...catalogOptions("xml"), ...approvalOption("List") },
}] as const satisfies readonly OptionGroup[];

/** `catalog`. */
export const catalogCommand: CommandOf<typeof GROUPS> = {
  name: "catalog",
  usage:
    "catalog [--format xml|json|markdown|skills-ref] [--max-chars N | --max-tokens N | --context-window N]",
  description:
    "Prints the catalog sorted by name; for no skills nothing (json: no entries).",
  examples: [
    "skillscope catalog",
    "skillscope catalog --format markdown --max-chars 4000",
  ],
  groups: GROUPS,
  async run(values): Promise<number> {
    const settings = catalogSettings(values, "xml"); // before the scan
    const set = await openSkillSet(values, { report: true });
    // A website root that could not be listed fails the run, as in list,
    // and prints no catalog: an empty one would read as "no skills".
    if (remoteRootFailed(set.diagnostics)) return EXIT.failure;
    // One --client with measured rules: the set holds what that client
    // loads, under its names and descriptions (what `list --client` shows).
    const text = renderCatalogFor(set, settings, {
      quiet: values.quiet === true,
    });
    if (text !== "") writeOut(`${text}\n`);
    return EXIT.ok;
  },
};
