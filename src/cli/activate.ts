// Copyright 2026 the skillscope authors. MIT license.
/**
 * `activate NAME [ARG...]`: the activation payload of a skill.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, writeOut } from "./io.ts";
import { ROOTS_GROUP } from "./root_option_defs.ts";
import { openSkillSet } from "./open_skill_set.ts";
import { approvalOption } from "./approval_option.ts";
import { explained } from "./skill_missing.ts";

/** How the payload tells an agent with the MCP tools to read a bundled file. */
const TOOL_WAY = "read its bundled files with the skills_read_asset tool.";

/**
 * The payload with the CLI's way to read a bundled file where it names the
 * MCP tool (a skill from a website has no directory to read from).
 */
function onTheCli(
  payload: string,
  name: string,
  roots: readonly string[],
): string {
  const command = [
    "skillscope",
    "asset",
    name,
    "PATH",
    ...roots.flatMap((r) => ["--root", r]),
  ]
    .map((word) => /[\s"'$`\\]/.test(word) ? JSON.stringify(word) : word)
    .join(" ");
  // The sentence stands after the body and before the file list (the body
  // cannot hold a <skill_resources> tag: it is escaped).
  const list = payload.indexOf("\n<skill_resources>");
  const at = payload.lastIndexOf(TOOL_WAY, list === -1 ? undefined : list);
  if (at === -1) return payload;
  return `${payload.slice(0, at)}read its bundled files with "${
    field(command)
  }".${payload.slice(at + TOOL_WAY.length)}`;
}

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
    const payload = await set.activate(
      name!,
      args.length === 0 ? {} : { arguments: quoted.join(" ") },
    ).catch(explained(set, values, "activate NAME"));
    writeOut(`${onTheCli(payload, name!, values.root ?? [])}\n`);
    return EXIT.ok;
  },
};
