// Copyright 2026 the skillscope authors. MIT license.
/**
 * `resources NAME`: the files a skill bundles.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { field, writeDiagnostics, writeJson, writeOut } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import { jsonOption, ROOTS_GROUP } from "./root_option_defs.ts";
import { openSkillSet } from "./open_skill_set.ts";
import { approvalOption } from "./approval_option.ts";
import { explained } from "./skill_missing.ts";

/** The option groups of `resources`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: { ...jsonOption(), ...approvalOption("List") },
}] as const satisfies readonly OptionGroup[];

/** `resources NAME`. */
export const resourcesCommand: CommandOf<typeof GROUPS> = {
  name: "resources",
  usage: "resources NAME [--json]",
  description:
    'Lists the skill\'s files (relative paths; hidden ones skipped).\n--json: { "files", "truncated" }.',
  examples: [
    "skillscope resources pdf-tools",
    "skillscope resources pdf-tools --json",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope resources NAME");
    const set = await openSkillSet(values);
    const resources = await set.resources(name!).catch(
      explained(set, values, "resources NAME", values.json === true),
    );
    // A name that cannot be decoded is never listed, but said.
    writeDiagnostics((resources.unreadable ?? []).map((dir) => ({
      level: "warning",
      code: "undecodable-name",
      message:
        `A file name in ${dir} is not valid UTF-8: it cannot be listed or read`,
      path: dir,
    })));
    if (values.json === true) writeJson(resources);
    else if (resources.files.length > 0) {
      writeOut(
        `${resources.files.map(field).join("\n")}\n${
          resources.truncated ? "(more files not listed)\n" : ""
        }`,
      );
    }
    return EXIT.ok;
  },
};
