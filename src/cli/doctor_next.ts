// Copyright 2026 the skillscope authors. MIT license.
/**
 * The next step `doctor` gives for each problem of the setup: a command to
 * run or an edit to make, naming the file, the line and the agent.
 *
 * @module
 */
import { basename, dirname, join } from "../shared/path.ts";
import type { Diagnostic } from "../shared/types.ts";
import type { SettingEntry } from "../clients/client_settings.ts";
import type { BlockCode } from "./doctor_verdict.ts";
import type { LockEntry } from "../install/lockfile.ts";

/** Where a skill lies: enough to say what to do with it. */
export interface SkillPlace {
  /** The skill's name. */
  readonly name: string;
  /** Its directory. */
  readonly dir: string;
  /** Its `SKILL.md`. */
  readonly path: string;
  /** The scope of its root (`project`, `user`, …). */
  readonly scope: string | undefined;
}

/** A path as a shell word: quoted when it holds anything but plain characters. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text)
    ? text
    : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * What to do when an agent does not see a skill, by what stops it.
 *
 * @example Usage
 * ```ts
 * import { nextForBlock } from "./doctor_next.ts";
 * import assert from "node:assert/strict";
 *
 * const skill = { name: "pdf", dir: "/p/.agents/skills/pdf", path: "/p/.agents/skills/pdf/SKILL.md", scope: "project" };
 * assert.equal(
 *   nextForBlock("outside-roots", "claude", skill, "not in a root Claude Code scans"),
 *   "skillscope install /p/.agents/skills/pdf --client claude --project",
 * );
 * ```
 *
 * @param code What stops it.
 * @param client The agent's table name.
 * @param skill The skill.
 * @param reason The reason doctor gave (for the paths it names).
 * @param setting For `settings-off`: the agent's setting that stops it.
 * @returns The next step.
 */
export function nextForBlock(
  code: BlockCode,
  client: string,
  skill: SkillPlace,
  reason: string,
  setting?: SettingEntry,
): string {
  switch (code) {
    case "outside-roots": {
      const scope = skill.scope === "project"
        ? " --project"
        : skill.scope === "user"
        ? " --global"
        : "";
      return `skillscope install ${
        shellWord(skill.dir)
      } --client ${client}${scope}`;
    }
    case "too-deep":
      return `move ${
        shellWord(skill.dir)
      } up to the top of its skills directory (one level deep)`;
    case "symlinked-dir":
      return `replace the symlinked directory with a copy: skillscope install ${
        shellWord(skill.dir)
      } --client ${client} --copy`;
    case "symlinked-skill-md":
      return `replace the symlink ${
        shellWord(skill.path)
      } with the file it points to`;
    case "name-mismatch":
      return `rename ${shellWord(skill.dir)} to ${
        shellWord(join(dirname(skill.dir), skill.name))
      }, or write "name: ${basename(skill.dir)}" in its SKILL.md`;
    case "yaml-repair":
      return `quote the value that holds ": " in ${
        shellWord(skill.path)
      } (key: "value"), then run "skillscope validate ${shellWord(skill.dir)}"`;
    case "no-description":
      return `add a one-line "description:" to ${shellWord(skill.path)}`;
    case "shadowed":
      return `rename or remove one of the two skills named "${skill.name}" (${
        reason.replace(/^shadowed by /, "")
      })`;
    case "over-budget":
      return `turn off skills you do not use (an "off" override in skillscope.json) or shorten long descriptions`;
    case "turned-off":
      return `remove the override that turns "${skill.name}" off`;
    case "settings-off":
      // The agent's own setting, as the view found it.
      return setting === undefined
        ? `change ${client}'s settings that turn "${skill.name}" off`
        : setting.file === undefined
        ? `unset or change ${setting.entry} (${setting.from})`
        : `remove or change ${setting.entry} in ${shellWord(setting.file)}`;
    case "client-rule":
      return `change ${shellWord(skill.path)} so that ${client} loads it (${
        reason.replace(/ \(rule .*$/, "").replace(/^.*? does not load it: /, "")
      }), then run "skillscope doctor ${
        shellWord(skill.dir)
      } --client ${client}"`;
  }
}

/**
 * What to do about a skill no agent loads: by the diagnostic's code.
 *
 * @example Usage
 * ```ts
 * import { nextForDiagnostic } from "./doctor_next.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   nextForDiagnostic({ level: "error", code: "skill-md-missing", message: "m", path: "/s/x/skill.md" }),
 *   "rename it: mv /s/x/skill.md /s/x/SKILL.md",
 * );
 * ```
 *
 * @param d The error (or the warning of a repaired frontmatter).
 * @returns The next step.
 */
export function nextForDiagnostic(d: Diagnostic): string {
  const file = d.path ?? "";
  const dir = basename(file).toLowerCase() === "skill.md"
    ? dirname(file)
    : file;
  const line = d.line === undefined ? "" : ` on line ${d.line}`;
  const validate = `then run "skillscope validate ${shellWord(dir)}"`;
  if (d.code === "skill-md-missing" && basename(file) !== "SKILL.md") {
    return `rename it: mv ${shellWord(file)} ${
      shellWord(join(dirname(file), "SKILL.md"))
    }`;
  }
  if (d.code === "yaml-invalid") {
    return d.level === "warning"
      ? `quote the value${line} of ${
        shellWord(file)
      } (key: "value"), ${validate}`
      : `fix the YAML${line} of ${
        shellWord(file)
      } (quote a value that holds ": ", "#" or starts with a special character), ${validate}`;
  }
  if (d.code === "description-missing") {
    return `add a one-line "description:" to ${shellWord(file)}`;
  }
  return `run "skillscope validate ${shellWord(dir)}" and fix what it reports`;
}

/**
 * What to do about a description init left as a TODO.
 *
 * @example Usage
 * ```ts
 * import { nextForPlaceholder } from "./doctor_next.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   nextForPlaceholder("/s/pdf/SKILL.md", 3),
 *   'write the description on line 3 of /s/pdf/SKILL.md, then run "skillscope validate /s/pdf"',
 * );
 * ```
 *
 * @param file The `SKILL.md`.
 * @param line The line of its description, when known.
 * @returns The next step.
 */
export function nextForPlaceholder(file: string, line?: number): string {
  return `write the description${
    line === undefined ? "" : ` on line ${line}`
  } of ${shellWord(file)}, then run "skillscope validate ${
    shellWord(dirname(file))
  }"`;
}

/**
 * What to do about a problem in the files of a skill skillscope installed:
 * an edit there makes `verify` fail and the next update undoes it, so the
 * fix goes to the source, then `update` (or, for a local source, `install
 * --force`) brings it.
 *
 * @example Usage
 * ```ts
 * import { nextForInstalled } from "./doctor_next.ts";
 * import assert from "node:assert/strict";
 *
 * const entry = { source: "/src/pdf", kind: "local", hash: "h", files: {}, installedAt: "t" } as const;
 * assert.equal(
 *   nextForInstalled("pdf", entry, "project"),
 *   'fix it in its source /src/pdf, then run "skillscope install /src/pdf --force --project"',
 * );
 * ```
 *
 * @param name The skill's name.
 * @param entry Its `skills.lock` entry.
 * @param scope The scope of its root.
 * @returns The next step.
 */
export function nextForInstalled(
  name: string,
  entry: LockEntry,
  scope: string | undefined,
): string {
  const flag = scope === "project"
    ? " --project"
    : scope === "user"
    ? " --global"
    : "";
  if (entry.kind === "local") {
    const skill = entry.skill === undefined
      ? ""
      : ` --skill ${shellWord(entry.skill)}`;
    return `fix it in its source ${
      shellWord(entry.source)
    }, then run "skillscope install ${
      shellWord(entry.source)
    }${skill} --force${flag}"`;
  }
  return `fix it at its source (${entry.source}), then run "skillscope update ${
    shellWord(name)
  }${flag}"`;
}
