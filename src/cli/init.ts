// Copyright 2026 the skillscope authors. MIT license.
/**
 * `init NAME`: a new skill directory whose SKILL.md passes strict validation
 * and says what to write.
 *
 * @module
 */
import { dirname, join, resolve } from "../shared/path.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeOut } from "./io.ts";
import { QUIET_OPTION } from "./install_options.ts";
import { writeHint } from "./install_report.ts";
import { defaultRootsFrom, expectArgs } from "./root_options.ts";
import { guessOf } from "./parse_args.ts";

const PARTS = ["scripts", "references", "assets"] as const;

const README: Record<(typeof PARTS)[number], string> = {
  scripts:
    "Scripts the instructions tell the agent to run, e.g. `scripts/extract.py`.\n",
  references:
    "Longer documents the agent reads only when the instructions point to them.\n",
  assets: "Templates, images and other files the skill's output uses.\n",
};

/** The SKILL.md of a new skill. */
function skillMdOf(name: string): string {
  return `---
name: ${name}
description: >-
  TODO: say what this skill does and when to use it, in one or two sentences.
# Agents read only the description to decide whether to load the skill, e.g.
# "Fills PDF forms. Use when the user asks to fill, read or merge PDF files."
# (an example in a comment, so that search does not match the placeholder).
---

# ${name}

TODO: the instructions the agent follows once the skill is active: the steps,
the conventions to keep, and a short example of a good result.
`;
}

/** Makes the skill directory, never over an existing one. */
function makeDir(dir: string): void {
  try {
    Deno.mkdirSync(dir, { recursive: false });
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) {
      throw new CliError(`${dir} already exists; nothing was changed`);
    }
    throw error;
  }
}

/**
 * What to add to the hint when `list` and `read` will not see the new skill:
 * its directory is not one of the default roots.
 */
function outsideRoots(parent: string): string {
  const { roots } = defaultRootsFrom({
    client: undefined,
    "no-project": undefined,
  });
  if (roots.some((r) => resolve(r.path) === parent)) return "";
  return `\nIt is outside the skill roots, so "skillscope list" and "skillscope read" do not see it: create it with --dir .agents/skills, or look with "skillscope list --root ${
    field(parent)
  }"`;
}

/** The option groups of `init`. */
const GROUPS = [{
  title: "Options",
  options: {
    dir: {
      type: "string",
      arg: "D",
      help: "Where to create the skill directory (default: the current one)",
    },
    with: {
      type: "string",
      multiple: true,
      arg: "PARTS",
      help:
        "Also create scripts/, references/ and/or assets/ (comma-separated)",
    },
    ...QUIET_OPTION,
  },
}] as const satisfies readonly OptionGroup[];

/** `init NAME`. */
export const initCommand: CommandOf<typeof GROUPS> = {
  name: "init",
  usage: "init NAME [--dir D] [--with scripts,references,assets] [-q]",
  description:
    `Creates D/NAME (default: ./NAME) with a SKILL.md holding the name and a
description placeholder that says what to write; it passes "skillscope
validate" as it is, with a description-placeholder warning until the
description is written. --with adds the optional folders, each with a
README. D is created when it does not exist. Never overwrites: an existing
NAME is an error.`,
  examples: [
    "skillscope init pdf-tools",
    "skillscope init pdf-tools --dir .agents/skills --with scripts,references",
  ],
  groups: GROUPS,
  run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope init NAME");
    if (!isValidSkillName(name!)) {
      throw new UsageError(
        `"${
          field(name!)
        }" is not a valid skill name: use lowercase letters, digits and single hyphens, at most 64 characters (e.g. pdf-tools)`,
      );
    }
    const parts = (values.with ?? [])
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v !== "")
      .map((given) => {
        const part = PARTS.find((p) => p === given);
        if (part === undefined) {
          throw new UsageError(
            `--with takes ${PARTS.join(", ")}, not "${field(given)}"${
              guessOf(given, PARTS)
            }`,
          );
        }
        return part;
      });
    const dir = resolve(values.dir ?? ".", name!);
    if (
      Deno.permissions.querySync({ name: "write", path: dir }).state !==
        "granted"
    ) {
      throw new PermissionDeniedError("write", dir, `--allow-write=${dir}`);
    }
    const parent = dirname(dir);
    try {
      makeDir(dir);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      // `--dir .agents/skills` in a new project: made, as install makes it.
      Deno.mkdirSync(parent, { recursive: true });
      if (values.quiet !== true) writeErr(`Created ${field(parent)}\n`);
      makeDir(dir);
    }
    Deno.writeTextFileSync(join(dir, "SKILL.md"), skillMdOf(name!), {
      createNew: true,
    });
    for (const part of new Set(parts)) {
      const partDir = join(dir, part);
      Deno.mkdirSync(partDir);
      Deno.writeTextFileSync(
        join(partDir, "README.md"),
        README[part],
      );
    }
    writeOut(
      `Created ${field(join(dir, "SKILL.md"))}${
        parts.length === 0 ? "" : ` with ${[...new Set(parts)].join("/, ")}/`
      }\n`,
    );
    writeHint(
      values,
      `replace the TODO description and instructions, then run "skillscope validate ${
        field(dir)
      }"${outsideRoots(parent)}`,
    );
    return Promise.resolve(EXIT.ok);
  },
};
