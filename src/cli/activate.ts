// Copyright 2026 the skillscope authors. MIT license.
/**
 * `activate NAME [ARG...]`: the activation payload of a skill.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { writeOut } from "./io.ts";
import { ROOTS_GROUP } from "./root_options.ts";
import { approvalOption, openSkillSet } from "./open_skill_set.ts";

/** The option groups of `activate`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: approvalOption("Activate"),
}] as const satisfies readonly OptionGroup[];

/** `activate NAME`. */
export const activateCommand: CommandOf<typeof GROUPS> = {
  name: "activate",
  usage: "activate NAME [ARG...]",
  description:
    `Prints <skill_content name="…"> with the body, the skill directory and its
files. ARGs are the invocation's arguments, substituted into the body as
Claude Code does ($ARGUMENTS, $ARGUMENTS[n], $0…$9, and the names the skill
declares in "arguments").`,
  examples: [
    "skillscope activate pdf-tools",
    "skillscope activate deploy prod eu-west",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError(
        "Name the skill to activate\nUsage: skillscope activate NAME [ARG...]",
      );
    }
    const [name, ...args] = positionals;
    const set = await openSkillSet(values);
    const quoted = args.map((a) => /[\s"']/.test(a) ? JSON.stringify(a) : a);
    writeOut(
      `${await set.activate(
        name!,
        args.length === 0 ? {} : { arguments: quoted.join(" ") },
      )}\n`,
    );
    return EXIT.ok;
  },
};
