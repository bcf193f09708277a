// Copyright 2026 the skillscope authors. MIT license.
/**
 * `info NAME`: where an installed skill came from and where its copies
 * are, from whichever lock of either scope holds it.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { skillInfo } from "../install/mod.ts";
import { stripCredentials } from "../install/install_source.ts";
import { targetPath } from "../install/target_path.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { field, writeErr, writeJson, writeOut } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import { DIR_OPTIONS, type SkillsDirs } from "./skills_dir_options.ts";
import { scopeLabel, scopesHoldingName } from "./skill_scope.ts";

/** The option groups of `info`. */
const GROUPS = [{
  title: "Options",
  options: DIR_OPTIONS,
}] as const satisfies readonly OptionGroup[];

/** `info NAME`. */
export const infoCommand: CommandOf<typeof GROUPS> = {
  name: "info",
  usage: "info NAME [--project | --global | --dir D] [--client NAME] [--json]",
  description:
    `Shows where an installed skill came from, where it and its copies in other
agents' directories are, its hash, and any file that drifted (exit 0 either
way; verify exits 1 on drift), from the skills.lock that holds it (the
shared directory's or an agent's; the project's, else the user's).`,
  examples: [
    "skillscope info pdf-tools",
    "skillscope info pdf-tools --json",
  ],
  groups: GROUPS,
  run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope info NAME");
    // A name in both scopes: the project's, as agents read it first, and a
    // note that the user's holds it too.
    const [dirs, other] = scopesHoldingName(values, name!) as [
      SkillsDirs,
      SkillsDirs?,
    ];
    if (other !== undefined) {
      writeErr(
        `note: ${field(name!)} is also installed in ${
          scopeLabel(other)
        }: pass ${
          other.scope !== dirs.scope && other.scope !== undefined
            ? `--${other.scope}`
            : `--dir ${field(other.dirs[0])}`
        } to see it\n`,
      );
    }
    const { entry, verification } = skillInfo(dirs.dirs[0], name!);
    // Where else it is: the links and copies placed in other agents' directories.
    const copies = (entry.targets ?? []).map((t) =>
      targetPath(dirs.dirs[0], t, name!)
    );
    if (values.json === true) {
      const { files: _files, ...rest } = entry;
      writeJson({
        name,
        ...rest,
        source: stripCredentials(rest.source),
        ...(dirs.scope === undefined ? {} : { scope: dirs.scope }),
        dir: join(dirs.dirs[0], name!),
        copies,
        status: verification.status,
        drift: verification.files,
      });
    } else {
      const lines = [
        `name:        ${field(name!)}`,
        ...(dirs.scope === undefined
          ? []
          : [`scope:       ${scopeLabel(dirs)}`]),
        `source:      ${field(stripCredentials(entry.source))}`,
        ...(entry.ref ? [`ref:         ${field(entry.ref)}`] : []),
        ...(entry.commit ? [`commit:      ${entry.commit}`] : []),
        `dir:         ${field(join(dirs.dirs[0], name!))}`,
        ...(copies.length === 0
          ? []
          : [`copies:      ${copies.map(field).join(", ")}`]),
        `hash:        ${entry.hash}`,
        `installed:   ${entry.installedAt}`,
        `status:      ${verification.status}`,
        ...verification.files.map((f) => `  ${f.change}: ${field(f.path)}`),
      ];
      writeOut(`${lines.join("\n")}\n`);
    }
    // info shows the drift; verify is the command that fails on it.
    return Promise.resolve(EXIT.ok);
  },
};
