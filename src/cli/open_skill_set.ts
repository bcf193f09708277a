// Copyright 2026 the skillscope authors. MIT license.
/**
 * The skill set a command works on, opened from the root options (kept apart
 * from the options themselves so that `list`, which needs no skill set, does
 * not load the serving layer).
 *
 * @module
 */
import { discover } from "../discover/discover.ts";
import { SkillSet } from "../serve/skill_set.ts";
import type { FlagDef } from "./command.ts";
import type { ValuesOf } from "./parse_args.ts";
import { writeDiagnostics } from "./io.ts";
import {
  discoverOptionsFrom,
  isRemoteRootFailure,
  overridesFrom,
  type RootValues,
  shownDiagnostics,
} from "./root_options.ts";

/** The declaration of `--require-approval`. */
export type ApprovalOption = { readonly "require-approval": FlagDef };

/**
 * The `--require-approval` option, one declaration for every command that
 * opens a skill set.
 *
 * @param what What is limited to approved skills ("Serve", "List", "Read").
 * @returns The option.
 */
export function approvalOption(what: string): ApprovalOption {
  return {
    "require-approval": {
      type: "boolean",
      help:
        `${what} only skills approved with "skillscope approve" and unchanged since (every file read is checked against the approved bytes)`,
    },
  };
}

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
  const discoverOptions = {
    ...discoverOptionsFrom(values),
    ...(overrides.length === 0 ? {} : { overrides }),
  };
  const set = values["require-approval"] === true
    ? await SkillSet.open({ ...discoverOptions, requireApproval: true })
    : new SkillSet(
      discoverOptions,
      await discover(discoverOptions),
    );
  // A website root that could not be listed is always said, or a skill it
  // holds would be reported only as "No skill named".
  const shown = options.report
    ? shownDiagnostics(set.diagnostics, values)
    : set.diagnostics.filter(isRemoteRootFailure);
  writeDiagnostics(shown, { verbose: values.verbose === true });
  return set;
}
