// Copyright 2026 the skillscope authors. MIT license.
/**
 * `match PATH...`: the skills whose globs match the given paths.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeJson, writeOut } from "./io.ts";
import { jsonOption, ROOTS_GROUP } from "./root_option_defs.ts";
import { openSkillSet } from "./open_skill_set.ts";

/** The option groups of `match`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: jsonOption(),
}] as const satisfies readonly OptionGroup[];

/** `match PATH...`. */
export const matchCommand: CommandOf<typeof GROUPS> = {
  name: "match",
  usage: "match PATH... [--json]",
  description:
    'Prints the names of the matching skills.\n--json: { "matched": [{ name, path, globs, alwaysApply }] }.',
  examples: [
    "skillscope match db/001_init.sql",
    "skillscope match src/app.ts --json",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError('"match" needs at least one PATH');
    }
    const set = await openSkillSet(values);
    const matched = set.match(positionals);
    if (values.json === true) {
      writeJson({
        matched: matched.map((s) => ({
          name: s.name,
          path: s.path ?? s.source.key,
          globs: s.globs ?? [],
          alwaysApply: s.alwaysApply ?? false,
        })),
      });
    } else if (matched.length > 0) {
      writeOut(`${matched.map((s) => field(s.name)).join("\n")}\n`);
    } else if (values.quiet !== true) {
      writeErr(
        `No skills match ${
          positionals.map((p) => `"${field(p)}"`).join(", ")
        }\n`,
      );
    }
    return EXIT.ok;
  },
};
