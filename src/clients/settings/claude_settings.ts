// Copyright 2026 the skillscope authors. MIT license.
/**
 * What Claude Code's own settings do to the skills it offers (see
 * `../client_settings.ts`), as measured on Claude Code 2.1.328:
 *
 * - `skillOverrides`, an object keyed by the name Claude Code offers a skill
 *   under (its folder; the frontmatter `name` does not match): `"off"` and
 *   `"user-invocable-only"` leave the skill out of the listing, `"name-only"`
 *   lists it without its description, `"on"` lists it as usual. The files
 *   are merged key by key, a later one winning: the user's
 *   (`$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`), the
 *   project's `.claude/settings.json` and `.claude/settings.local.json` (in
 *   the working directory), then the managed
 *   `/etc/claude-code/managed-settings.json` over all of them. The user's
 *   file speaks of project skills too.
 * - `permissions.deny` holding exactly `"Skill"` (in any of those files)
 *   takes the Skill tool away: no listing is sent. `"Skill(name)"` entries
 *   change nothing in the listing.
 *
 * The managed file is read below `$SKILLSCOPE_SYSTEM_ROOT` when that is set,
 * as the table's admin roots are. Its effect (a managed `"on"` beating a
 * project's `"off"`) was measured with `/etc/claude-code` overlaid in a
 * mount namespace: the agree harness cannot write `/etc`, so no agree
 * scenario shows it. Legacy commands (`.claude/commands/*.md`) are matched
 * by their name as skills are.
 *
 * @module
 */
import type { Skill } from "../../shared/types.ts";
import { join } from "../../shared/path.ts";
import type {
  ClientSettings,
  SettingEntry,
  SettingsAction,
  SettingsContext,
  SettingsReader,
  SettingsRule,
} from "../client_settings.ts";
import { readJsonSettings, settingAt } from "./settings_file.ts";

/** What each `skillOverrides` value does to the listing. */
const ACTIONS: Readonly<Record<string, SettingsAction>> = {
  on: "on",
  "name-only": "name-only",
  "user-invocable-only": "off",
  off: "off",
};

/** The managed settings file on Linux (below the system root when set). */
const MANAGED = "/etc/claude-code/managed-settings.json";

/**
 * Claude Code's settings files, in the order they are merged (a later one
 * wins): user, project, local, managed. Project files only when the
 * project is trusted; the managed file only on Linux (the one measured).
 */
function settingsFiles(context: SettingsContext): string[] {
  const files: string[] = [];
  const configDir = context.env("CLAUDE_CONFIG_DIR");
  if (configDir !== undefined) files.push(join(configDir, "settings.json"));
  else if (context.home !== undefined) {
    files.push(join(context.home, ".claude", "settings.json"));
  }
  if (context.cwd !== undefined) {
    files.push(join(context.cwd, ".claude", "settings.json"));
    files.push(join(context.cwd, ".claude", "settings.local.json"));
  }
  if (Deno.build.os === "linux") {
    const systemRoot = context.systemRoot ??
      context.env("SKILLSCOPE_SYSTEM_ROOT");
    files.push(systemRoot === undefined ? MANAGED : join(systemRoot, MANAGED));
  }
  return files;
}

/** A rule for one `skillOverrides` entry (the key is the name offered). */
function overrideRule(
  file: string,
  key: string,
  value: string,
  action: SettingsAction,
): SettingsRule {
  return {
    from: `${file} skillOverrides`,
    file,
    entry: `${JSON.stringify(key)}: ${JSON.stringify(value)}`,
    action,
    matches: (_skill: Skill, name: string): boolean => name === key,
  };
}

/**
 * Claude Code's settings reader (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { claudeSettings } from "./claude_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.mkdir(`${home}/.claude`);
 * await Deno.writeTextFile(
 *   `${home}/.claude/settings.json`,
 *   JSON.stringify({ skillOverrides: { pdf: "off", docx: "name-only" } }),
 * );
 * const env = (name: string) => name === "SKILLSCOPE_SYSTEM_ROOT" ? home : undefined;
 * const settings = await claudeSettings.rules!({ home, cwd: undefined, projectRoot: undefined, env });
 * assert.deepEqual(settings.rules.map((r) => r.action), ["off", "name-only"]);
 * assert.equal(settings.none, undefined);
 * ```
 */
export const claudeSettings: SettingsReader = {
  reads: "skillOverrides and permissions.deny (exactly `Skill`) in " +
    "$CLAUDE_CONFIG_DIR/settings.json (else ~/.claude/settings.json), " +
    ".claude/settings.json, .claude/settings.local.json and " +
    "/etc/claude-code/managed-settings.json, merged in that order",
  evidence: "Claude Code 2.1.328 binary, agree scenario " +
    "claude/settings/overrides-user, claude/settings/overrides-merge, " +
    "claude/settings/overrides-config-dir, claude/settings/overrides-command, " +
    "claude/settings/deny-skill-tool, claude/settings/deny-skill-tool-project, " +
    "claude/settings/deny-skill-rule",
  rules(context: SettingsContext): Promise<ClientSettings> {
    const rules: SettingsRule[] = [];
    let none: SettingEntry | undefined;
    for (const file of settingsFiles(context)) {
      // Claude Code skips a file that is not strict JSON (a comment, a
      // trailing comma): so does its reader here.
      const settings = readJsonSettings(file, { strict: true });
      if (settings === undefined) continue;
      const overrides = settingAt(settings, "skillOverrides");
      if (
        typeof overrides === "object" && overrides !== null &&
        !Array.isArray(overrides)
      ) {
        for (const [key, value] of Object.entries(overrides)) {
          const action = typeof value === "string" &&
              Object.hasOwn(ACTIONS, value)
            ? ACTIONS[value]
            : undefined;
          if (action !== undefined) {
            rules.push(overrideRule(file, key, value as string, action));
          }
        }
      }
      const deny = settingAt(settings, "permissions.deny");
      if (none === undefined && Array.isArray(deny) && deny.includes("Skill")) {
        none = { from: `${file} permissions.deny`, file, entry: '"Skill"' };
      }
    }
    return Promise.resolve(none === undefined ? { rules } : { rules, none });
  },
};
