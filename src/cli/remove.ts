// Copyright 2026 the skillscope authors. MIT license.
/**
 * `remove [NAME]`: the skill is found in whichever lock of either scope
 * holds it (the shared directory's or an agent's), and its copies and links
 * in other agents' directories go with it; without a name, a terminal gets
 * a picker of the installed skills.
 *
 * @module
 */
import { readLock, remove } from "../install/mod.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import { field, writeJson, writeNotes, writeOut } from "./io.ts";
import {
  DIR_OPTIONS,
  type DirValues,
  type ScopeValues,
  type SkillsDirs,
} from "./skills_dir_options.ts";
import { scopeHolding, scopeLabel, scopesFor } from "./skill_scope.ts";
import { NO_BACKUP } from "./install_options.ts";
import {
  noPrompt,
  openPrompts,
  PromptCancelled,
  whyNoPrompt,
} from "./prompt.ts";

/** The option groups of `remove`. */
const GROUPS = [{
  title: "Options",
  options: {
    force: {
      type: "boolean",
      help: "Also remove a directory that is not in skills.lock",
    },
    ...NO_BACKUP,
    ...DIR_OPTIONS,
  },
}] as const satisfies readonly OptionGroup[];

/** `remove [NAME]`. */
export const removeCommand: CommandOf<typeof GROUPS> = {
  name: "remove",
  usage:
    "remove [NAME] [--project | --global | --dir D] [--client NAME] [--force] [--json]",
  description:
    `Removes the skill's directory and its skills.lock entry together, with the
copies and links it placed in other agents' directories, from the
skills.lock that holds it: the shared directory's or an agent's, the
project's, else the user's (a name both scopes hold needs --project or
--global). Without NAME, a terminal gets a picker of the installed skills;
off a terminal, name the skill.`,
  examples: [
    "skillscope remove pdf-tools",
    "skillscope remove pdf-tools --project --force",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    if (positionals.length > 1) {
      throw new UsageError("Usage: skillscope remove [NAME]");
    }
    const picked = positionals[0] === undefined
      ? await pickInstalled(values)
      : [{ name: positionals[0], dirs: scopeHolding(values, positionals[0]) }];
    const removed = [];
    for (const { name, dirs } of picked) {
      const dir = dirs.dirs[0];
      const links: string[] = [];
      // An unlocked symlinked skill directory: only the link went.
      let unlinked: { real: string | undefined } | undefined;
      const notes = await remove(dir, name, {
        force: values.force === true,
        backup: values["no-backup"] !== true,
        onTargetRemoved: (path) => links.push(path),
        onUnlinked: (real) => unlinked = { real },
      });
      removed.push({
        removed: name,
        dir,
        ...(dirs.scope === undefined ? {} : { scope: dirs.scope }),
        ...(links.length === 0 ? {} : { targets: links }),
        ...(unlinked === undefined ? {} : {
          link: true,
          ...(unlinked.real === undefined ? {} : { real: unlinked.real }),
        }),
        notes,
      });
      if (values.json !== true && unlinked !== undefined) {
        writeNotes(notes);
        writeOut(unlinkedLine(name, dir, dirs, unlinked.real));
      } else if (values.json !== true) {
        writeNotes(notes);
        writeOut(
          `Removed ${field(name)} from ${field(dir)}${
            dirs.scope === undefined ? "" : ` (${dirs.scope})`
          }\n${
            links.length === 0
              ? ""
              : `  and from: ${links.map(field).join(", ")}\n`
          }`,
        );
      }
    }
    if (values.json === true) {
      writeJson(removed.length === 1 ? removed[0] : removed);
    }
    return EXIT.ok;
  },
};

/** What `remove` says of a skill directory that was only a symlink. */
function unlinkedLine(
  name: string,
  dir: string,
  dirs: SkillsDirs,
  real: string | undefined,
): string {
  return `Removed the symlink ${field(name)} from ${field(dir)}${
    dirs.scope === undefined ? "" : ` (${dirs.scope})`
  }; ${
    real === undefined
      ? "it led to nothing"
      : `the directory it led to is still at ${field(real)}`
  }\n`;
}

/** The skills to remove, picked on a terminal from those installed in either scope. */
async function pickInstalled(
  values: ScopeValues & Pick<DirValues, "json">,
): Promise<{ name: string; dirs: SkillsDirs }[]> {
  const why = whyNoPrompt(values);
  if (why !== undefined) {
    throw noPrompt("Name the skill to remove", "skillscope remove NAME", why);
  }
  const locks = scopesFor(values, []);
  const installed = locks.flatMap(({ dirs, names }) =>
    (names ?? Object.keys(readLock(dirs.dirs[0]).skills).sort()).map((
      name,
    ) => ({ name, dirs }))
  );
  if (installed.length === 0) {
    throw new CliError(
      `No skill is installed in ${
        locks.map((l) => scopeLabel(l.dirs)).join(" or ")
      }`,
    );
  }
  const prompts = await openPrompts();
  const chosen = await prompts.pickMany(
    "Remove which skills?",
    installed.map((s, i) => ({
      value: String(i),
      label: s.name,
      hint: scopeLabel(s.dirs),
    })),
    [],
  );
  const picked = chosen.map((i) => installed[Number(i)]!);
  const yes = await prompts.confirm(
    "Remove",
    picked.map((s) => `${s.name}  ${scopeLabel(s.dirs)}`).join("\n"),
    `Remove ${picked.length} skill${picked.length === 1 ? "" : "s"}?`,
  );
  if (!yes) throw new PromptCancelled();
  return picked;
}
