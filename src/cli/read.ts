// Copyright 2026 the skillscope authors. MIT license.
/**
 * `read NAME`: the body of a skill's SKILL.md.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { writeJson, writeOut } from "./io.ts";
import {
  expectArgs,
  isRemoteRootFailure,
  jsonOption,
  ROOTS_GROUP,
} from "./root_options.ts";
import { approvalOption, openSkillSet } from "./open_skill_set.ts";
import { explained } from "./skill_missing.ts";
import { SkillAccessError } from "../shared/errors.ts";
import type { SkillSet } from "../serve/skill_set.ts";

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
    const body = await set.read(name!)
      .catch(explained(set, values, "read NAME"))
      .catch((error) => {
        throw values.json === true ? withRootFailure(error, set) : error;
      });
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

/**
 * A skill not found where a website root could not be listed: the failure
 * of the root is the cause, and with `--json` (whose error is the only
 * thing a program reads) the error says it, under the root's code; on
 * stderr the root's diagnostic already stands before "No skill named".
 */
function withRootFailure(error: unknown, set: SkillSet): unknown {
  if (
    !(error instanceof SkillAccessError) || error.code !== "skill-not-found"
  ) return error;
  const failed = set.diagnostics.filter(isRemoteRootFailure);
  if (failed.length === 0) return error;
  return new SkillAccessError(
    failed[0]!.code,
    error.skill,
    `${error.message}: ${failed.map((d) => d.message).join("; ")}`,
  );
}
