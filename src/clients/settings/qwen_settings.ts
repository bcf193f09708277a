// Copyright 2026 the skillscope authors. MIT license.
/**
 * What Qwen Code's own settings do to the skills it offers (see
 * `../client_settings.ts`), as measured on Qwen Code 0.24.4. Its settings
 * files are the user's (`$QWEN_HOME/settings.json`, else
 * `~/.qwen/settings.json`) and the project's (`.qwen/settings.json` in the
 * working directory, unless that is the home directory); every `skills`
 * list below is the union of both files:
 *
 * - `skills.disabled`: names matched against the frontmatter `name` (not the
 *   folder), case-insensitively; the skill is left out. `skills.enabled`
 *   cannot bring it back.
 * - `skills.defaultDisabled`: the same, unless `skills.enabled` names the
 *   skill too.
 * - `skills.disabledLevels`: `project` and `user` leave out every skill of
 *   that level (`~/.agents/skills` and `skills.directories` are `user`).
 * - `skills.directories`: more skill folders at level `user`, each read one
 *   level deep (its immediate subfolders holding a `SKILL.md`); `~/` is the
 *   home directory, a relative entry is below the working directory.
 * - `QWEN_HOME`: Qwen Code's directory instead of `~/.qwen`: its `skills`
 *   folder is read instead of `~/.qwen/skills` (measured in a research run;
 *   no agree scenario, the CLI's `-P=cli` permission set not granting
 *   `QWEN_HOME`).
 *
 * `slashCommands.disabled`, `permissions.deny` (`Skill`, `Skill(name)`) and
 * `tools.exclude` (`Skill`) do not change the listing.
 *
 * @module
 */
import type { Skill } from "../../shared/types.ts";
import { isAbsolute, join, resolve } from "../../shared/path.ts";
import type {
  ClientSettings,
  SettingsContext,
  SettingsReader,
  SettingsRoot,
  SettingsRule,
} from "../client_settings.ts";
import { readJsonSettings, settingAt } from "./settings_file.ts";

/** Qwen Code's skill levels that map to a skillscope scope. */
const LEVELS: readonly string[] = ["project", "user"];

/** One settings file, read. */
interface SettingsFile {
  readonly path: string;
  readonly settings: Record<string, unknown>;
}

/**
 * A path as Qwen Code resolves it: `~` and `~/…` below the home directory,
 * a relative one below the working directory (`undefined` when that is
 * not known, or the home is not).
 */
function qwenPath(
  path: string,
  context: SettingsContext,
): string | undefined {
  if (path === "~" || path.startsWith("~/")) {
    return context.home === undefined
      ? undefined
      : join(context.home, path.slice(2));
  }
  if (isAbsolute(path)) return resolve(path);
  return context.cwd === undefined ? undefined : resolve(context.cwd, path);
}

/** Qwen Code's own directory: `$QWEN_HOME`, else `~/.qwen`. */
function qwenDir(context: SettingsContext): string | undefined {
  const set = context.env("QWEN_HOME");
  if (set !== undefined) return qwenPath(set, context);
  return context.home === undefined ? undefined : join(context.home, ".qwen");
}

/** The settings files that exist and parse: user, then project. */
function settingsFiles(context: SettingsContext): SettingsFile[] {
  const paths: string[] = [];
  const dir = qwenDir(context);
  if (dir !== undefined) paths.push(join(dir, "settings.json"));
  if (
    context.cwd !== undefined &&
    (context.home === undefined ||
      resolve(context.cwd) !== resolve(context.home))
  ) {
    paths.push(join(context.cwd, ".qwen", "settings.json"));
  }
  const files: SettingsFile[] = [];
  for (const path of paths) {
    const settings = readJsonSettings(path);
    if (settings !== undefined) files.push({ path, settings });
  }
  return files;
}

/** The strings of a list setting, trimmed, empty ones left out. */
function names(file: SettingsFile, key: string): string[] {
  const value = settingAt(file.settings, key);
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === "string")
    .map((v) => v.trim()).filter((v) => v !== "");
}

/** A rule that turns off the skills one entry names. */
function nameRule(file: string, key: string, entry: string): SettingsRule {
  const wanted = entry.toLowerCase();
  return {
    from: `${file} ${key}`,
    file,
    entry: JSON.stringify(entry),
    action: "off",
    matches: (_skill: Skill, name: string): boolean =>
      name.trim().toLowerCase() === wanted,
  };
}

/** A rule that turns off every skill of a level. */
function levelRule(file: string, level: string): SettingsRule {
  return {
    from: `${file} skills.disabledLevels`,
    file,
    entry: JSON.stringify(level),
    action: "off",
    matches: (skill: Skill): boolean => skill.scope === level,
  };
}

/**
 * Qwen Code's settings reader (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { qwenSettings } from "./qwen_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.mkdir(`${home}/.qwen`);
 * await Deno.writeTextFile(
 *   `${home}/.qwen/settings.json`,
 *   JSON.stringify({ skills: { disabled: ["PDF"], directories: ["~/more"] } }),
 * );
 * const context = { home, cwd: undefined, projectRoot: undefined, env: () => undefined };
 * const settings = await qwenSettings.rules!(context);
 * assert.equal(settings.rules[0]?.action, "off");
 * assert.deepEqual(qwenSettings.roots!(context).map((r) => [r.path, r.scope, r.maxDepth]), [
 *   [`${home}/more`, "user", 1],
 * ]);
 * ```
 */
export const qwenSettings: SettingsReader = {
  reads: "skills.disabled, skills.defaultDisabled, skills.enabled, " +
    "skills.disabledLevels and skills.directories in $QWEN_HOME/settings.json " +
    "(else ~/.qwen/settings.json) and .qwen/settings.json; QWEN_HOME/skills " +
    "instead of ~/.qwen/skills",
  evidence: "Qwen Code 0.24.4 binary, agree scenario " +
    "qwen-code/settings/disabled-names, qwen-code/settings/default-disabled, " +
    "qwen-code/settings/project-and-user, " +
    "qwen-code/settings/disabled-levels-project, " +
    "qwen-code/settings/disabled-levels-user, qwen-code/settings/directories, " +
    "qwen-code/settings/directories-project, qwen-code/settings/no-effect",
  roots(context: SettingsContext): SettingsRoot[] {
    const roots: SettingsRoot[] = [];
    const set = context.env("QWEN_HOME");
    const dir = set === undefined ? undefined : qwenPath(set, context);
    if (dir !== undefined) {
      roots.push({
        path: join(dir, "skills"),
        scope: "user",
        maxDepth: 1,
        from: "QWEN_HOME",
      });
    }
    for (const file of settingsFiles(context)) {
      for (const entry of names(file, "skills.directories")) {
        const path = qwenPath(entry, context);
        if (path === undefined || roots.some((r) => r.path === path)) continue;
        roots.push({
          path,
          scope: "user",
          maxDepth: 1,
          from: `${file.path} skills.directories`,
        });
      }
    }
    return roots;
  },
  skipsRoot(context: SettingsContext, path: string): string | undefined {
    const set = context.env("QWEN_HOME");
    if (set === undefined || context.home === undefined) return undefined;
    const dir = qwenPath(set, context);
    const own = join(context.home, ".qwen", "skills");
    if (dir === undefined || path !== own || join(dir, "skills") === own) {
      return undefined;
    }
    return `QWEN_HOME is set: Qwen Code reads ${join(dir, "skills")} instead`;
  },
  rules(context: SettingsContext): Promise<ClientSettings> {
    const files = settingsFiles(context);
    const enabled = new Set(
      files.flatMap((f) => names(f, "skills.enabled"))
        .map((n) => n.toLowerCase()),
    );
    const rules: SettingsRule[] = [];
    for (const file of files) {
      for (const entry of names(file, "skills.defaultDisabled")) {
        if (enabled.has(entry.toLowerCase())) continue;
        rules.push(nameRule(file.path, "skills.defaultDisabled", entry));
      }
      for (const entry of names(file, "skills.disabled")) {
        rules.push(nameRule(file.path, "skills.disabled", entry));
      }
      const levels = settingAt(file.settings, "skills.disabledLevels");
      for (const level of Array.isArray(levels) ? levels : []) {
        if (LEVELS.includes(level)) rules.push(levelRule(file.path, level));
      }
    }
    return Promise.resolve({ rules });
  },
};
