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
import {
  remoteRootFailed,
  ROOTS_GROUP,
  rootSelection,
  viewClient,
} from "./root_options.ts";
import { discover } from "../discover/discover.ts";
import { clientView } from "../clients/client_view.ts";
import type { Skill } from "../shared/types.ts";
import { approvalOption, openSkillSet } from "./open_skill_set.ts";

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
    // One --client with measured rules: the skills that client offers its
    // model, under its names and descriptions (what `list --client` shows).
    const selection = rootSelection(values);
    const client = viewClient(values, selection);
    let skills: Skill[] | undefined;
    if (client !== undefined) {
      const found = await discover({ ...selection.options, readAhead: true });
      const view = await clientView(client, found, {
        overrides: set.options.overrides ?? [],
        roots: selection.defaults?.roots ?? [],
      });
      skills = view.skills.filter((v) => v.policy.modelVisible).map((v) =>
        Object.freeze({
          ...v.skill,
          name: v.name,
          description: v.description,
          // Offered by this client whatever the flag says to another.
          disableModelInvocation: false,
        })
      );
    }
    const text = renderCatalogFor(set, settings, {
      quiet: values.quiet === true,
      ...(skills === undefined ? {} : { skills }),
    });
    if (text !== "") writeOut(`${text}\n`);
    return EXIT.ok;
  },
};
