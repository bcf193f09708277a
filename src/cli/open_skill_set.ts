// Copyright 2026 the skillscope authors. MIT license.
/**
 * The skill set a command works on, opened from the root options (kept apart
 * from the options themselves so that `list`, which needs no skill set, does
 * not load the serving layer).
 *
 * @module
 */
import { SkillSet } from "../serve/skill_set.ts";
import type { SkillOverride } from "../serve/policy.ts";
import type { Discovery, Skill } from "../shared/types.ts";
import type { SettingsContext } from "../clients/client_settings.ts";
import type { ValuesOf } from "./parse_args.ts";
import { writeDiagnostics } from "./io.ts";
import type { ApprovalOption } from "./approval_option.ts";
import {
  isRemoteRootFailure,
  overridesFrom,
  rootSelection,
  shownDiagnostics,
} from "./root_options.ts";
import type { RootValues } from "./root_option_defs.ts";

/**
 * Opens the skill set the root options describe.
 *
 * @param values Parsed option values: the root options, and
 *   `--require-approval` where the command has it.
 * @param options `report`: print the discovery's diagnostics on stderr (a
 *   website root that could not be listed is reported either way).
 * @returns The skill set.
 */
export async function openSkillSet(
  values: RootValues & Partial<ValuesOf<ApprovalOption>>,
  options: { report?: boolean } = {},
): Promise<SkillSet> {
  const overrides = overridesFrom(values);
  const selection = await rootSelection(values);
  // One --client with measured rules: the skills that client loads, under
  // its names and descriptions (what `list --client` shows), at every reload.
  const client = selection.defaults === undefined
    ? undefined
    : (await import("./view_of.ts")).viewClient(values, selection);
  const roots = selection.defaults?.roots ?? [];
  const context = selection.defaults?.context;
  const set = await SkillSet.open({
    ...selection.options,
    ...(overrides.length === 0 ? {} : { overrides }),
    ...(values["require-approval"] === true ? { requireApproval: true } : {}),
    ...(client === undefined ? {} : {
      view: (found) => servedView(client, found, overrides, roots, context),
    }),
  });
  // A website root that could not be listed is always said, or a skill it
  // holds would be reported only as "No skill named".
  const shown = options.report
    ? shownDiagnostics(set.diagnostics, values)
    : set.diagnostics.filter(isRemoteRootFailure);
  writeDiagnostics(shown, { verbose: values.verbose === true });
  return set;
}

/**
 * A discovery as one client loads it, for serving: its skills under the
 * client's names and descriptions, in its order, the model kept from those
 * it hides (`disable-model-invocation` as it reads it, a `paths:` condition).
 */
async function servedView(
  client: string,
  found: Discovery,
  overrides: readonly SkillOverride[],
  roots: readonly { readonly path: string; readonly scope: string }[],
  context: SettingsContext | undefined,
): Promise<Discovery> {
  const { clientView } = await import("../clients/client_view.ts");
  const view = await clientView(client, found, { overrides, roots, context });
  const skills: Skill[] = view.skills.map((v) => {
    const rule = v.hiddenBy?.rule;
    return Object.freeze({
      ...v.skill,
      name: v.name,
      description: v.description,
      disableModelInvocation: rule === "disableModelInvocation" ||
        rule === "conditionalPaths",
    });
  });
  return Object.freeze({ ...found, skills: Object.freeze(skills) });
}
