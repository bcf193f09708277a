// Copyright 2026 the skillscope authors. MIT license.
/**
 * `install`, `remove`, `info`, `verify`, `update`, `restore` and `check`
 * (where their skills directory is: `skills_dir_options.ts`).
 *
 * @module
 */
import {
  type AuditMode,
  check,
  install,
  type InstallResult,
  listSource,
  remove,
  restore,
  skillInfo,
  update,
  verify,
} from "../install/mod.ts";
import { stripCredentials } from "../install/install_source.ts";
import type { Command, OptionDefs, OptionValues } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeJson, writeNotes, writeOut } from "./io.ts";
import { expectArgs } from "./root_options.ts";
import {
  DIR_OPTIONS,
  projectDir,
  targetDir,
  targetDirs,
} from "./skills_dir_options.ts";

/** `--force` for update and restore: replace skills with local changes. */
const FORCE_OVER_EDITS: OptionDefs = {
  force: {
    type: "boolean",
    help: "Replace skills with local changes too (keeping a backup)",
  },
};

/** `--no-backup`: with `--force`, do not keep what is replaced or removed. */
const NO_BACKUP: OptionDefs = {
  "no-backup": {
    type: "boolean",
    help: "With --force, do not keep the replaced or removed files as a backup",
  },
};

/** `--audit MODE`: the content audit before a skill is copied. */
const AUDIT_OPTION: OptionDefs = {
  audit: {
    type: "string",
    arg: "MODE",
    help:
      "block (default: refuse critical findings, show the rest), warn (show all), off",
  },
};

/** The audit mode the options name, if any. */
function auditMode(values: OptionValues): AuditMode | undefined {
  if (values.audit === undefined) return undefined;
  if (
    values.audit === "block" || values.audit === "warn" ||
    values.audit === "off"
  ) {
    return values.audit;
  }
  throw new UsageError(
    `--audit takes block, warn or off, not "${values.audit}"`,
  );
}

/** Shows what the audit found in an installed skill, on stderr. */
function writeFindings(result: InstallResult): void {
  for (const f of result.findings ?? []) {
    writeErr(
      `${field(f.path)}${
        f.line === undefined ? "" : `:${f.line}:${f.column ?? 1}`
      }: audit ${f.severity} ${f.code}: ${field(f.message)}\n`,
    );
  }
}

function progress(): ((message: string) => void) | undefined {
  return Deno.stderr.isTerminal()
    ? (message) => writeErr(`${message}\n`)
    : undefined;
}

function describe(result: InstallResult): string {
  const also = result.targets === undefined || result.targets.length === 0
    ? ""
    : `  also in: ${result.targets.map(field).join(", ")}\n`;
  return describeMain(result) + also;
}

function describeMain(result: InstallResult): string {
  const name = field(result.name);
  switch (result.status) {
    case "installed":
      return `Installed ${name} (${result.hash}) into ${field(result.dir)}${
        result.backup === undefined
          ? ""
          : `; the directory it replaced is kept in ${field(result.backup)}`
      }\n`;
    case "updated":
      return result.previousHash === result.hash
        ? `Restored ${name} to its locked files (${result.hash})${
          result.backup === undefined
            ? ""
            : `; your changes are kept in ${field(result.backup)}`
        }\n`
        : `Updated ${name}: ${result.previousHash} -> ${result.hash}${
          result.backup === undefined
            ? ""
            : `; your changes are kept in ${field(result.backup)}`
        }\n`;
    default:
      return `${name} is up to date (${result.hash})\n`;
  }
}

/** `install SOURCE`. */
export const installCommand: Command = {
  name: "install",
  usage:
    "install SOURCE [--dir D | --client NAME...] [--project | --global] [--force] [--skill NAME]... [--all] [--internal] [--copy] [--list] [--json]\n       skillscope install --frozen [--dir D | --client NAME] [--force]",
  description: `SOURCE is one of
  ./DIR                        a local skill directory, or a folder of skills
  OWNER/REPO[/PATH][#REF][@SKILL]
                               a GitHub repository: #REF a branch, tag or
                               commit, @SKILL the skill to take (as --skill)
  https://github.com/OWNER/REPO/tree/REF/PATH
  https://github.com/OWNER/REPO/blob/REF/PATH/SKILL.md
  https://gitlab.com/GROUP/REPO/-/tree/REF/PATH
                               a page as the browser shows it: the
                               repository, REF, and the skill's directory
  URL[#REF][:SUB/PATH]         a git URL (https://, ssh://, git://, file://
                               or user@host:owner/repo), e.g.
                               https://example.com/org/skills.git#v1.2:pdf
After "@" comes a skill name (lowercase letters, digits and "-"); anything
else (@v1.2, @release/2) is refused with the advice to write #REF, and a
skill name no skill has gets that advice too (older versions read @ as a
ref). In a browser URL the first segment after tree/ is the ref: for a
branch with "/" write https://github.com/OWNER/REPO.git#BRANCH:PATH. When
OWNER/REPO is also a local directory, write ./OWNER/REPO for it or
github:OWNER/REPO for GitHub.

From a source with its own SKILL.md only that skill is installed (and
listed); from a folder of skills, the one named, or the only one. Skills
marked metadata.internal: true are for a collection's maintainers: --list,
--all and the only-one choice leave them out unless --internal (one named
with --skill or @SKILL is installed).
The skill directory is copied whole (never .git) and recorded in skills.lock
with a content hash. Nothing fetched is ever run; git runs without hooks or
prompts. Needs --allow-write for the directory and --allow-run=git for git.

With several --client, the first client's directory holds the real copy and
skills.lock; the others get a symlink to it (or a copy, with --copy), recorded
in the lock so verify, update, restore and remove handle them too.`,
  examples: [
    "skillscope install owner/repo/skills/pdf",
    "skillscope install owner/repo@pdf --project",
    "skillscope install https://github.com/owner/repo/tree/main/skills/pdf",
    "skillscope install ./collection --all --project",
    "skillscope install ./pdf --client claude --client codex --project",
  ],
  groups: [{
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
      internal: {
        type: "boolean",
        help:
          "With --list or --all, include skills marked metadata.internal: true",
      },
      copy: {
        type: "boolean",
        help:
          "With several --client, copy into the other directories instead of symlinking",
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
      ...NO_BACKUP,
      ...DIR_OPTIONS,
    },
  }],
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
    const [source] = expectArgs(positionals, 1, "skillscope install SOURCE");
    const onProgress = progress();
    // Every --skill given is installed, never only the last one; --all (or
    // --skill '*') is every skill the source holds.
    let skills = [
      ...new Set(
        ((values.skill as string[] | undefined) ?? []).filter((s) => s !== ""),
      ),
    ];
    const every = values.all === true || skills.includes("*");
    const listOptions = {
      internal: values.internal === true,
      ...(onProgress ? { onProgress } : {}),
    };
    if (values.list === true) {
      // What install would take: the named skills (internal or not), else all.
      const named = every ? [] : skills;
      const offered = (await listSource(source!, {
        ...listOptions,
        internal: listOptions.internal || named.length > 0,
      })).filter((s) => named.length === 0 || named.includes(s.name));
      if (values.json === true) writeJson(offered);
      else {
        writeOut(
          offered.map((s) =>
            `${field(s.name)}  ${field(s.path)}  ${field(s.description)}\n`
          ).join(""),
        );
      }
      return EXIT.ok;
    }
    const [dir, ...targets] = targetDirs(values);
    if (every) {
      skills = (await listSource(source!, listOptions)).map((s) => s.name);
      if (skills.length === 0) {
        throw new UsageError(`${source} holds no skill`);
      }
    }
    if (values.project === true) projectDir(dir, true);
    const results: InstallResult[] = [];
    for (const skill of skills.length === 0 ? [undefined] : skills) {
      results.push(
        await install({
          source: source!,
          dir,
          force: values.force === true,
          backup: values["no-backup"] !== true,
          ...(targets.length === 0 ? {} : { targets }),
          ...(values.copy === true ? { copy: true } : {}),
          ...(audit === undefined ? {} : { audit }),
          ...(skill === undefined ? {} : { skill }),
          ...(values.internal === true ? { internal: true } : {}),
          ...(onProgress ? { onProgress } : {}),
        }),
      );
    }
    if (values.json === true) {
      writeJson(results.length === 1 ? results[0] : results);
    } else {
      for (const result of results) {
        writeNotes(result.notes);
        writeFindings(result);
        writeOut(describe(result));
      }
    }
    return EXIT.ok;
  },
};

/** `remove NAME`. */
export const removeCommand: Command = {
  name: "remove",
  usage: "remove NAME [--dir D] [--project] [--force] [--json]",
  description:
    "Removes the skill's directory and its skills.lock entry together.",
  examples: [
    "skillscope remove pdf-tools",
    "skillscope remove pdf-tools --project --force",
  ],
  groups: [{
    title: "Options",
    options: {
      force: {
        type: "boolean",
        help: "Also remove a directory that is not in skills.lock",
      },
      ...NO_BACKUP,
      ...DIR_OPTIONS,
    },
  }],
  async run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope remove NAME");
    const dir = targetDir(values);
    const notes = await remove(dir, name!, {
      force: values.force === true,
      backup: values["no-backup"] !== true,
    });
    if (values.json === true) writeJson({ removed: name, dir, notes });
    else {
      writeNotes(notes);
      writeOut(`Removed ${name} from ${dir}\n`);
    }
    return EXIT.ok;
  },
};

/** `info NAME`. */
export const infoCommand: Command = {
  name: "info",
  usage: "info NAME [--dir D] [--project] [--json]",
  description:
    "Shows where an installed skill came from, its hash, and any file that drifted\n(exit 0 either way; verify exits 1 on drift).",
  examples: [
    "skillscope info pdf-tools",
    "skillscope info pdf-tools --json",
  ],
  groups: [{ title: "Options", options: DIR_OPTIONS }],
  run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope info NAME");
    const { entry, verification } = skillInfo(targetDir(values), name!);
    if (values.json === true) {
      const { files: _files, ...rest } = entry;
      writeJson({
        name,
        ...rest,
        source: stripCredentials(rest.source),
        status: verification.status,
        drift: verification.files,
      });
    } else {
      const lines = [
        `name:        ${field(name!)}`,
        `source:      ${field(stripCredentials(entry.source))}`,
        ...(entry.ref ? [`ref:         ${field(entry.ref)}`] : []),
        ...(entry.commit ? [`commit:      ${entry.commit}`] : []),
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

/** `verify`. */
export const verifyCommand: Command = {
  name: "verify",
  usage: "verify [--dir D] [--project] [--json]",
  description:
    "Compares every skill in skills.lock with the files on disk. Exit 1 when any\nskill was modified or is missing.",
  examples: [
    "skillscope verify",
    "skillscope verify --project --json",
  ],
  groups: [{ title: "Options", options: DIR_OPTIONS }],
  async run(values): Promise<number> {
    const report = await verify(targetDir(values));
    if (values.json === true) {
      writeJson(report);
    } else {
      writeNotes(report.notes);
      const lines: string[] = [];
      for (const skill of report.skills) {
        lines.push(`${skill.status.padEnd(8)}  ${field(skill.name)}`);
        for (const file of skill.files) {
          lines.push(`            ${file.change}: ${field(file.path)}`);
        }
      }
      for (const name of report.unlocked) {
        lines.push(`unlocked  ${field(name)} (not in skills.lock)`);
      }
      if (lines.length > 0) writeOut(`${lines.join("\n")}\n`);
    }
    return report.ok ? EXIT.ok : EXIT.failure;
  },
};

/** `update [NAME]`. */
export const updateCommand: Command = {
  name: "update",
  usage: "update [NAME] [--dir D] [--project] [--force] [--json]",
  description:
    "Re-installs one skill, or every skill in skills.lock, from its recorded source\nand reports the previous and the new hash. A skill whose files were changed\nsince it was installed is left alone (exit 1, the files named) unless --force;\nthen the changed files are kept as a hidden backup in the skills directory.",
  examples: [
    "skillscope update",
    "skillscope update pdf-tools --force",
  ],
  groups: [{
    title: "Options",
    options: {
      ...FORCE_OVER_EDITS,
      ...AUDIT_OPTION,
      ...NO_BACKUP,
      ...DIR_OPTIONS,
    },
  }],
  async run(values, positionals): Promise<number> {
    if (positionals.length > 1) {
      throw new UsageError("Usage: skillscope update [NAME]");
    }
    const onProgress = progress();
    const audit = auditMode(values);
    const results = await update(targetDir(values), positionals[0], {
      force: values.force === true,
      backup: values["no-backup"] !== true,
      ...(audit === undefined ? {} : { audit }),
      ...(onProgress ? { onProgress } : {}),
    });
    if (values.json === true) writeJson(results);
    else {
      for (const result of results) {
        writeNotes(result.notes);
        writeFindings(result);
      }
      writeOut(results.map(describe).join(""));
    }
    return EXIT.ok;
  },
};

/** `install --frozen` / `restore`: rebuild what skills.lock records. */
async function runRestore(values: OptionValues): Promise<number> {
  const onProgress = progress();
  const report = await restore(targetDir(values), {
    force: values.force === true,
    backup: values["no-backup"] !== true,
    ...(onProgress ? { onProgress } : {}),
  });
  if (values.json === true) writeJson(report);
  else {
    for (const result of report.results) {
      writeNotes(result.notes);
      writeOut(
        result.status === "unchanged"
          ? `${field(result.name)} is as locked (${result.hash})\n`
          : `Restored ${field(result.name)} (${result.hash}${
            result.commit === undefined ? "" : ` at ${result.commit}`
          })\n`,
      );
    }
    for (const failure of report.failures) {
      writeErr(
        `skillscope: cannot restore ${field(failure.name)}: ${
          field(failure.message)
        }\n`,
      );
    }
  }
  return report.failures.length === 0 ? EXIT.ok : EXIT.failure;
}

/** `restore`. */
export const restoreCommand: Command = {
  name: "restore",
  usage: "restore [--dir D | --client NAME] [--project] [--force] [--json]",
  description:
    `Rebuilds every skill in skills.lock exactly as locked: a git source at its
locked commit, and any source only when its content still gives the locked
tree hash (exit 1 naming each skill that could not be restored). Skills that
already match are left alone; one with local changes stops everything
(exit 1, nothing changed) unless --force. skills.lock is never changed: this
is what CI runs. Same as "install --frozen".`,
  examples: [
    "skillscope restore --project",
    "skillscope install --frozen --dir .agents/skills",
  ],
  groups: [{
    title: "Options",
    options: {
      ...FORCE_OVER_EDITS,
      ...NO_BACKUP,
      ...DIR_OPTIONS,
    },
  }],
  run(values, positionals): Promise<number> {
    expectArgs(positionals, 0, "skillscope restore");
    return runRestore(values);
  },
};

/** `check [NAME...]`. */
export const checkCommand: Command = {
  name: "check",
  usage: "check [NAME...] [--dir D | --client NAME] [--project] [--json]",
  description:
    `Fetches the source of each locked skill (or the named ones) and reports
up-to-date, update available (old -> new), source unreachable, or locally
modified. Changes nothing (a git source is fetched into a temporary
directory). Exit 0 unless a source cannot be reached.`,
  examples: [
    "skillscope check",
    "skillscope check pdf-tools --json",
  ],
  groups: [{ title: "Options", options: DIR_OPTIONS }],
  async run(values, positionals): Promise<number> {
    const onProgress = progress();
    const results = await check(
      targetDir(values),
      positionals,
      onProgress ? { onProgress } : {},
    );
    if (values.json === true) writeJson(results);
    else {
      const lines = results.map((r) => {
        const name = field(r.name);
        switch (r.status) {
          case "up-to-date":
            return `up-to-date          ${name}`;
          case "update-available":
            return `update available    ${name}  ${r.hash} -> ${r.latestHash}${
              r.commit && r.latestCommit
                ? ` (${r.commit.slice(0, 12)} -> ${
                  r.latestCommit.slice(0, 12)
                })`
                : ""
            }`;
          case "source-unreachable":
            return `source unreachable  ${name}  ${field(r.reason ?? "")}`;
          default:
            return `locally modified    ${name}${
              r.updateAvailable ? "  (an update is also available)" : ""
            }\n${
              (r.files ?? []).map((f) =>
                `                    ${f.change}: ${field(f.path)}`
              ).join("\n")
            }`;
        }
      });
      if (lines.length > 0) writeOut(`${lines.join("\n")}\n`);
      else writeErr("No skills in skills.lock\n");
    }
    return results.some((r) => r.status === "source-unreachable")
      ? EXIT.failure
      : EXIT.ok;
  },
};
