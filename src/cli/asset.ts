// Copyright 2026 the skillscope authors. MIT license.
/**
 * `asset NAME RELPATH`: a file bundled with a skill, checked to stay inside it.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { writeBytes, writeOut } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import { ROOTS_GROUP } from "./root_option_defs.ts";
import { openSkillSet } from "./open_skill_set.ts";
import { approvalOption } from "./approval_option.ts";
import { explained } from "./skill_missing.ts";

/** The option groups of `asset`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: approvalOption("Read"),
}] as const satisfies readonly OptionGroup[];

/** `asset NAME RELPATH`. */
export const assetCommand: CommandOf<typeof GROUPS> = {
  name: "asset",
  usage: "asset NAME RELPATH",
  description:
    'Writes the file\'s bytes to stdout. RELPATH is relative to the skill\ndirectory; absolute paths, ".." and symlinks leading outside the skill are\nrefused (exit 1).',
  examples: [
    "skillscope asset pdf-tools references/forms.md",
    "skillscope asset pdf-tools assets/logo.png > logo.png",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const [name, path] = expectArgs(
      positionals,
      2,
      "skillscope asset NAME RELPATH",
    );
    const set = await openSkillSet(values);
    const bytes = await set.readAsset(name!, path!).catch(
      explained(set, values, "asset NAME RELPATH"),
    );
    if (Deno.stdout.isTerminal()) {
      // On a terminal the bytes are shown, escaped; piped, they are exact.
      writeOut(new TextDecoder().decode(bytes));
      return EXIT.ok;
    }
    writeBytes(Deno.stdout, bytes);
    return EXIT.ok;
  },
};
