// Copyright 2026 the skillscope authors. MIT license.
/**
 * `read NAME`: the body of a skill's SKILL.md.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { writeJson, writeOut } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import { jsonOption, ROOTS_GROUP } from "./root_option_defs.ts";
import { openSkillSet } from "./open_skill_set.ts";
import { approvalOption } from "./approval_option.ts";
import { explained } from "./skill_missing.ts";

/** The option groups of `read`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: { ...jsonOption(), ...approvalOption("Read") },
}] as const satisfies readonly OptionGroup[];

/** `read NAME`. */
export const readCommand: CommandOf<typeof GROUPS> = {
  name: "read",
  usage: "read NAME [--json]",
  description:
    'Prints the body of SKILL.md. --json adds "name", "dir" and "resources".',
  examples: [
    "skillscope read pdf-tools",
    "skillscope read pdf-tools --json",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope read NAME");
    const set = await openSkillSet(values);
    const body = await set.read(name!).catch(
      explained(set, values, "read NAME", values.json === true),
    );
    if (values.json === true) {
      const skill = set.require(name!);
      const resources = await set.resources(name!);
      writeJson({
        name: skill.name,
        body,
        dir: skill.dir ?? null,
        resources: resources.files,
      });
    } else {
      writeOut(body);
    }
    return EXIT.ok;
  },
};
