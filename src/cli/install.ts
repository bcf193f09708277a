// Copyright 2026 the skillscope authors. MIT license.
/**
 * `install SOURCE`: into the project inside a git repository, else into the
 * user's skills directory (`--project` / `--global` decide); from a source
 * with several skills, guided on a terminal and never prompted off one.
 *
 * @module
 */
import {
  install,
  InstallError,
  type InstallResult,
  type InvalidSkill,
  listSource,
  type ListSourceOptions,
  type OfferedSkill,
} from "../install/mod.ts";
import { stripCredentials } from "../install/install_source.ts";
import type { CommandOf, CommandValues, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeJson } from "./io.ts";
import { dirname } from "../shared/path.ts";
import { existsSync } from "../shared/fs_checks.ts";
import {
  DIR_OPTIONS,
  projectDir,
  projectRoot,
  type SkillsDirs,
} from "./skills_dir_options.ts";
import {
  agentLabels,
  copyTargets,
  installTargets,
  inTableOrder,
  refuseLockedElsewhere,
  seenBy,
} from "./install_agents.ts";
import {
  AUDIT_OPTION,
  auditMode,
  NO_BACKUP,
  QUIET_OPTION,
  sourceArg,
  TIMEOUT_OPTION,
  webTimeoutOf,
} from "./install_options.ts";
import {
  listCommand,
  scoped,
  withSkillWarnings,
  writeHint,
  writeInvalid,
  writeOffered,
  writeReach,
  writeResults,
  writeSkillWarnings,
} from "./install_report.ts";
import { startProgress } from "./progress.ts";
import { seenThroughViews } from "./install_views.ts";
import { openPrompts, whyNoPrompt } from "./prompt.ts";
import { chooseInstall } from "./install_picker.ts";
import { runRestore } from "./restore.ts";
import { interruptible } from "./interrupt.ts";
import { interruptedAfter } from "../install/errors.ts";

/** The option groups of `install`. */
const GROUPS = [{
  title: "Options",
  options: {
    force: {
      type: "boolean",
      help:
        "Replace a skill from another source, or a directory that is not in skills.lock",
    },
    list: {
      type: "boolean",
      help: "Show the skills SOURCE holds and install nothing",
    },
    all: {
      type: "boolean",
      help: "Install every skill SOURCE holds (same as --skill '*')",
    },
    yes: {
      type: "boolean",
      short: "y",
      help:
        "Accept the defaults without a prompt: every skill, the shared directory and the agents detected here, the default scope",
    },
    internal: {
      type: "boolean",
      help:
        "With --list or --all, include skills marked metadata.internal: true",
    },
    copy: {
      type: "boolean",
      help:
        "Copy into the other agents' directories instead of symlinking (one whose agent may not follow a symlinked directory, as Claude Code's, always gets a copy)",
    },
    frozen: {
      type: "boolean",
      help:
        "No SOURCE: rebuild every skill of skills.lock exactly as locked (same as restore)",
    },
    skill: {
      type: "string",
      multiple: true,
      arg: "NAME",
      help:
        "Pick a skill when the source holds several (repeatable: each is installed)",
    },
    ...AUDIT_OPTION,
    ...TIMEOUT_OPTION,
    ...NO_BACKUP,
    ...QUIET_OPTION,
    ...DIR_OPTIONS,
  },
}] as const satisfies readonly OptionGroup[];

/** The parsed values of `install`. */
type InstallValues = CommandValues<typeof GROUPS>;

/** `install SOURCE`. */
export const installCommand: CommandOf<typeof GROUPS> = {
  name: "install",
  usage:
    "install SOURCE [--project | --global | --dir D] [--client NAME...] [--skill NAME... | --all | -y] [--force] [--internal] [--copy] [--list] [--json]\n       skillscope install --frozen [--project | --global | --dir D] [--force]",
  description: `SOURCE is one of
  ./DIR                        a local skill directory, or a folder of skills
  OWNER/REPO[/PATH][@SKILL][#REF]
                               a GitHub repository: #REF a branch, tag or
                               commit (before or after @SKILL), @SKILL the
                               skill to take (as --skill)
  https://github.com/OWNER/REPO/tree/REF/PATH
  https://github.com/OWNER/REPO/blob/REF/PATH/SKILL.md
  https://gitlab.com/GROUP/REPO/-/tree/REF/PATH
                               a page as the browser shows it: the
                               repository, REF, and the skill's directory
  URL[#REF][:SUB/PATH]         a git URL (https://, ssh://, git://, file://
                               or user@host:owner/repo), e.g.
                               https://example.com/org/skills.git#v1.2:pdf
  https://SITE[/ANY/PAGE]      a website publishing skills at
                               /.well-known/agent-skills/ (or the older
                               /.well-known/skills/), or its index.json:
                               tried before git for any https URL not on
                               github.com or gitlab.com and not ending in
                               .git (a note says which was used); needs
                               --allow-net=SITE
After "@" comes a skill name (lowercase letters, digits and "-"); anything
else (@v1.2, @release/2) is refused with the advice to write #REF, and a
skill name no skill has gets that advice too (older versions read @ as a
ref). In a browser URL the first segment after tree/ is the ref: for a
branch with "/" write https://github.com/OWNER/REPO.git#BRANCH:PATH. When
OWNER/REPO is also a local directory, write ./OWNER/REPO for it or
github:OWNER/REPO for GitHub.

Inside a git repository the skills go into the project (.agents/skills at
the git root, or the --client agents' project directories), elsewhere into
the user's (~/.agents/skills, or the agents' user directories); --project and
--global decide, and the output says which. Without --client or --dir, each
agent found on this machine (by its own directory: ~/.claude, ~/.codex, …)
that does not read .agents/skills gets the skill in its own directory of that
scope (Claude Code: .claude/skills), as the picker preselects; the output
says which agents see each skill, and warns when no agent found here will.
A skill another skills.lock of the scope already records (installed with
--client) is refused, with the install that adds the agents to it, unless
--force.

From a source with its own SKILL.md only that skill is installed (and
listed); from a folder of skills, the one named, or the only one. With
several and no --skill or --all, a terminal gets a picker (skills, agents,
scope, then a summary to confirm); off a terminal (stdin or stdout not one,
or CI set) nothing prompts: name one with --skill NAME, take every one with
--all, or accept the defaults with --yes. Skills marked metadata.internal:
true are for a collection's maintainers: --list, --all and the only-one
choice leave them out unless --internal (one named with --skill or @SKILL is
installed).
The skill directory is copied whole (never .git) and recorded in skills.lock
with a content hash. Nothing fetched is ever run; git runs without hooks or
prompts. Needs --allow-write for the directory and --allow-run=git for git.

With several --client, the first client's directory holds the real copy and
skills.lock; the others get a symlink to it, or a copy with --copy or where
the agent reading it is not known to follow a symlinked directory (Claude
Code's .claude/skills), recorded in the lock so verify, update (which makes a
copy again), restore and remove handle them too.`,
  examples: [
    "skillscope install owner/repo/skills/pdf",
    "skillscope install owner/repo@pdf --global",
    "skillscope install https://github.com/owner/repo/tree/main/skills/pdf",
    "skillscope install ./collection --all",
    "skillscope install ./collection --yes",
    "skillscope install ./pdf --client claude --client codex",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const audit = auditMode(values);
    if (values.frozen === true) {
      if (positionals.length > 0) {
        throw new UsageError(
          "install --frozen takes no SOURCE: it restores what skills.lock records",
        );
      }
      return await runRestore(values);
    }
    const source = sourceArg(positionals);
    return await interruptible(async (signal) => {
      const progress = startProgress();
      try {
        // Every --skill given is installed, never only the last one; --all (or
        // --skill '*') is every skill the source holds.
        let skills = [
          ...new Set(
            (values.skill ?? []).filter((s) => s !== ""),
          ),
        ];
        const every = values.all === true || skills.includes("*");
        // The skill directories left out as invalid, named with the output.
        const invalid: InvalidSkill[] = [];
        const listOptions: ListSourceOptions = {
          internal: values.internal === true,
          onInvalid: (found) => invalid.push(...found),
          signal,
          ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
        };
        if (values.list === true) {
          // What install would take: the named skills (internal or not), else all.
          const named = every ? [] : skills;
          const offered = (await offeredBy(source, {
            ...listOptions,
            internal: listOptions.internal || named.length > 0,
          })).filter((s) => named.length === 0 || named.includes(s.name));
          progress.done();
          writeOffered(
            offered,
            invalid.filter((s) => named.length === 0 || named.includes(s.name)),
            values.json === true,
          );
          return EXIT.ok;
        }
        let dirs: SkillsDirs | undefined;
        if (every) {
          skills = (await offeredBy(source, listOptions)).map((s) => s.name);
          if (skills.length === 0) {
            throw new UsageError(`${source} holds no skill`);
          }
        } else if (skills.length === 0) {
          const guided = await guide(
            source,
            values,
            listOptions,
            progress.done,
          );
          if (guided !== undefined) {
            skills = [...guided.skills];
            dirs = guided.dirs;
          }
        }
        // Agents that have no directory in the scope, left out of the default.
        let left: readonly string[] = [];
        if (dirs === undefined) ({ dirs, left } = installTargets(values));
        const [dir, ...targets] = dirs.dirs;
        // Where an agent may not follow a symlink: a copy, not a link.
        const copyInto = copyTargets(dirs.dirs, values.client ?? []);
        // A plain install of a skill another lock of the scope holds: refused.
        const plain = values.force !== true && values.dir === undefined &&
          (values.client ?? []).length === 0;
        // Made for this install: taken away again when nothing was installed.
        const made = missingDirs(dir);
        if (dirs.scope === "project") projectDir(projectRoot(), dir, true);
        const results: InstallResult[] = [];
        for (const skill of skills.length === 0 ? [undefined] : skills) {
          results.push(
            await install({
              source,
              dir,
              force: values.force === true,
              backup: values["no-backup"] !== true,
              ...(targets.length === 0 ? {} : { targets }),
              ...(values.copy === true ? { copy: true } : {}),
              ...(copyInto.length === 0 ? {} : { copyInto }),
              ...(plain
                ? { checkName: refuseLockedElsewhere(dirs, source, skill) }
                : {}),
              ...(audit === undefined ? {} : { audit }),
              ...(skill === undefined ? {} : { skill }),
              ...(values.internal === true ? { internal: true } : {}),
              ...webTimeoutOf(values),
              ...(progress.onProgress
                ? { onProgress: progress.onProgress }
                : {}),
              signal,
            }).catch((error) => {
              if (results.length === 0) removeEmpty(made);
              throw withForms(
                interruptedAfter(error, results, "installed"),
                values,
              );
            }),
          );
        }
        progress.done();
        // Each agent with measured rules reads its roots as it would: a
        // skill it refuses is not "seen", and install says why.
        const reach = seenBy(values.client ?? []);
        const { seen, refusals } = await seenThroughViews(results, reach, []);
        if (values.json === true) {
          const out = scoped(
            dirs,
            (await withSkillWarnings(results)).map((r) => ({
              ...r,
              agents: seen(r),
            })),
          );
          writeJson(out.length === 1 ? out[0] : out);
        } else {
          // A --dir that did not exist is made, with its parents: said once.
          if (dirs.scope === undefined && made.length > 0) {
            writeErr(`Created ${field(dir)}\n`);
          }
          writeResults(results, {
            verbose: true,
            scope: dirs.scope,
            seenBy: (r) => agentLabels(seen(r)),
          });
          writeReach(results, reach, { dirs, left, quiet: values.quiet });
          for (const r of refusals) {
            writeErr(
              `warning: ${r.label} will not load "${
                field(r.name)
              }": ${r.reason}\n`,
            );
          }
          writeInvalid(invalid, "left out: ");
          await writeSkillWarnings(results, { quiet: values.quiet === true });
          const agents = values.client?.length
            ? values.client
            : inTableOrder(results.flatMap(seen));
          writeHint(
            values,
            `"${listCommand(agents)}" shows which agents see ${
              results.length === 1 ? field(results[0]!.name) : "them"
            }; "skillscope check" tells when ${
              results.length === 1 ? "it has" : "they have"
            } an update`,
          );
        }
        return EXIT.ok;
      } finally {
        progress.done();
      }
    }, { json: values.json === true });
  },
};

/**
 * The skills and directories for a source with several skills and no
 * `--skill` or `--all`: asked on a terminal, the defaults with `--yes`;
 * `undefined` (install as asked) for a source with one skill, or off a
 * terminal without `--yes`, where the install refuses a choice it would
 * have to guess.
 */
async function guide(
  source: string,
  values: InstallValues,
  listOptions: ListSourceOptions,
  beforePrompt: () => void,
): Promise<{ skills: readonly string[]; dirs: SkillsDirs } | undefined> {
  const yes = values.yes === true;
  if (!yes && whyNoPrompt(values) !== undefined) return undefined;
  const offered = await offeredBy(source, listOptions);
  if (offered.length <= 1) return undefined;
  beforePrompt();
  return await chooseInstall(
    source,
    offered,
    values,
    yes ? undefined : await openPrompts(listOptions.signal),
  );
}

/** The skills a source offers, saying so on the progress line while it is read. */
function offeredBy(
  source: string,
  options: ListSourceOptions,
): Promise<OfferedSkill[]> {
  options.onProgress?.(`Reading ${stripCredentials(source)}…`);
  return listSource(source, options);
}

/** A source with several skills, off a terminal: the message names every non-interactive form. */
function withForms(error: unknown, values: InstallValues): unknown {
  if (!(error instanceof InstallError) || error.code !== "several-skills") {
    return error;
  }
  const why = whyNoPrompt(values);
  return new InstallError(
    "several-skills",
    `${error.message}, take every one with --all, or accept the defaults with --yes${
      why === undefined ? "" : ` (no prompt: ${why})`
    }`,
    { cause: error },
  );
}

/** The directories leading to `dir` that do not exist yet, deepest first. */
function missingDirs(dir: string): string[] {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && dirname(d) !== d; d = dirname(d)) {
    missing.push(d);
  }
  return missing;
}

/** Removes the directories {@linkcode missingDirs} listed, while they are empty. */
function removeEmpty(dirs: readonly string[]): void {
  for (const dir of dirs) {
    try {
      Deno.removeSync(dir); // never recursive: only an empty directory goes
    } catch {
      return;
    }
  }
}
