// Copyright 2026 the skillscope authors. MIT license.
/**
 * `init NAME`: a new skill directory whose SKILL.md passes strict validation
 * and says what to write, where the agents on this machine look: the
 * directories an install would write to (the project's or the user's
 * `.agents/skills`, with a symlink in the directory of each detected agent
 * that does not read it), unless `--dir` names one.
 *
 * @module
 */
import { existsSync } from "../shared/fs_checks.ts";
import { dirname, join, relative, resolve } from "../shared/path.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeOut } from "./io.ts";
import { QUIET_OPTION } from "./install_options.ts";
import { writeHint } from "./install_report.ts";
import { defaultRootsFrom } from "./client_options.ts";
import { expectArgs } from "./root_options.ts";
import { guessOf } from "./parse_args.ts";
import {
  agentLabels,
  agentReaders,
  detectedAgents,
  installTargets,
} from "./install_agents.ts";
import { projectDir, projectRoot } from "./skills_dir_options.ts";
import { clientProfile } from "../clients/client_profile.ts";

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
description: "TODO: say what this skill does and when to use it, on this one line"
# Agents read only the description to decide whether to load the skill, e.g.
# description: "Fills PDF forms. Use when the user asks to fill or merge PDFs."
# One line; keep the quotes when it holds ": " (an example in a comment, so
# that search does not match the placeholder).
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
      help:
        "Where to create the skill directory (default: where the agents on this machine look, as install decides)",
    },
    project: {
      type: "boolean",
      help:
        "In the project's skills directories (the default in a git repository)",
    },
    global: {
      type: "boolean",
      help: "In the user's skills directories (the default elsewhere)",
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
  usage: "init NAME [--project|--global|--dir D] [--with PARTS] [-q]",
  description:
    `Creates NAME with a SKILL.md holding the name and a one-line description
placeholder to replace; it passes "skillscope validate" as it is, with a
description-placeholder warning until the description is written. Without
--dir it goes where the agents on this machine look, as install decides:
the project's skills directories inside a git repository, else the user's
(--project and --global decide): .agents/skills and the directory of each
detected agent that does not read it (Claude Code's). The skill itself goes
where a reader may not follow a symlinked directory, a symlink to it into
the others; the output names the agents that will see it. With --dir D,
D/NAME, D created when it does not exist. --with adds the optional folders
(scripts, references, assets), each with a README. Never overwrites: an
existing NAME is an error.`,
  examples: [
    "skillscope init pdf-tools",
    "skillscope init pdf-tools --global --with scripts,references",
    "skillscope init pdf-tools --dir ./skills",
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
    const parts = partsOf(values.with ?? []);
    const { dirs } = installTargets({
      dir: values.dir,
      client: undefined,
      project: values.project,
      global: values.global,
    });
    const [home, ...others] = realFirst(dirs.dirs);
    const dir = resolve(home, name!);
    const links = others.map((other) => join(other, name!));
    for (const path of [dir, ...links]) {
      if (
        Deno.permissions.querySync({ name: "write", path }).state !==
          "granted"
      ) {
        throw new PermissionDeniedError("write", path, `--allow-write=${path}`);
      }
    }
    // Nothing is made when any place is taken.
    for (const path of [dir, ...links]) {
      if (existsSync(path)) {
        throw new CliError(`${path} already exists; nothing was changed`);
      }
    }
    const parent = dirname(dir);
    const project = dirs.scope === "project" ? projectRoot() : undefined;
    makeParent(parent, project, values.quiet === true);
    makeDir(dir);
    Deno.writeTextFileSync(join(dir, "SKILL.md"), skillMdOf(name!), {
      createNew: true,
    });
    for (const part of new Set(parts)) {
      const partDir = join(dir, part);
      Deno.mkdirSync(partDir);
      Deno.writeTextFileSync(join(partDir, "README.md"), README[part]);
    }
    writeOut(
      `Created ${field(join(dir, "SKILL.md"))}${
        parts.length === 0 ? "" : ` with ${[...new Set(parts)].join("/, ")}/`
      }\n`,
    );
    for (const link of links) {
      makeParent(dirname(link), project, values.quiet === true);
      Deno.symlinkSync(relative(dirname(link), dir), link);
      writeOut(`Linked ${field(link)} -> ${field(dir)}\n`);
    }
    const seen = seenBy(dirs.dirs);
    if (values.quiet !== true) {
      if (dirs.scope !== undefined) {
        writeErr(
          seen.length > 0
            ? `Seen by ${agentLabels(seen)}\n`
            : `warning: no agent found on this machine reads ${
              field(home)
            }: pass --dir with an agent's skills directory\n`,
        );
      }
    }
    writeHint(
      values,
      `replace the TODO description and instructions, then run "skillscope validate ${
        field(dir)
      }"${dirs.scope === undefined ? outsideRoots(parent) : ""}`,
    );
    return Promise.resolve(EXIT.ok);
  },
};

/** The optional folders `--with` names. */
function partsOf(values: readonly string[]): (typeof PARTS)[number][] {
  return values
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
}

/**
 * Makes a skills directory that does not exist yet, as install makes it: a
 * project's one checked component at a time, inside the project.
 */
function makeParent(
  parent: string,
  project: string | undefined,
  quiet: boolean,
): void {
  if (existsSync(parent)) return;
  if (project !== undefined) projectDir(project, parent, true);
  else Deno.mkdirSync(parent, { recursive: true });
  if (!quiet) writeErr(`Created ${field(parent)}\n`);
}

/**
 * The directories, the one to hold the skill itself first: a directory an
 * agent found here reads without surely following a symlinked directory
 * (Claude Code's), so that the links go where every reader follows them.
 */
function realFirst(
  dirs: readonly [string, ...string[]],
): [string, ...string[]] {
  const readers = agentReaders(detectedAgents());
  const at = dirs.findIndex((dir) =>
    !readers(dir).every((c) => clientProfile(c).followsSymlinkedDirs === true)
  );
  return at <= 0 ? [...dirs] : [dirs[at]!, ...dirs.filter((_, i) => i !== at)];
}

/** The agents found on this machine that read any of `dirs`. */
function seenBy(dirs: readonly string[]): string[] {
  const readers = agentReaders(detectedAgents());
  const seen = new Set(dirs.flatMap((d) => readers(d)));
  return detectedAgents().filter((a) => seen.has(a));
}
