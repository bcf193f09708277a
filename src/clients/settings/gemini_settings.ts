// Copyright 2026 the skillscope authors. MIT license.
/**
 * What Gemini CLI's own settings do to the skills it offers (see
 * `../client_settings.ts`), as measured on Gemini CLI 0.61.0. Its settings
 * are the user file `~/.gemini/settings.json` (below `$GEMINI_CLI_HOME`
 * when set) and, in a trusted folder, the workspace file
 * `<cwd>/.gemini/settings.json` (not read when the cwd is that home).
 *
 * - `skills.disabled`: the names it turns off, matched against the
 *   frontmatter name without regard to case (never the folder); the lists
 *   of both files add up, so a project can turn off a user's skill.
 * - `skills.enabled: false` turns every skill off (no listing at all); the
 *   workspace file wins over the user file.
 * - `GEMINI_PROMPT_AGENTSKILLS=0` (or `false`) leaves the skills section
 *   out of the prompt: no listing either.
 * - Each extension in `~/.gemini/extensions/<dir>/` whose
 *   `gemini-extension.json` has a valid `name` and a `version` adds its
 *   `skills/` folder (one level, as Gemini CLI's own roots), after the
 *   user's roots; a linked install (`.gemini-extension-install.json` of
 *   type `link`) adds its source's.
 *
 * Not modelled: the system settings files (`/etc/gemini-cli/`,
 * `GEMINI_CLI_SYSTEM_SETTINGS_PATH`), `extension-enablement.json` and the
 * `-e` flag (an extension turned off still adds its skills here),
 * `security.allowedExtensions` and `blockGitExtensions`, two extensions of
 * one name, and `$VAR` references inside the settings. `experimental.skills`
 * and `admin.skills.enabled` in these files do nothing (measured).
 *
 * @module
 */
import { isAbsolute, join, resolve } from "../../shared/path.ts";
import { isDirectorySync } from "../../shared/fs_checks.ts";
import type {
  ClientSettings,
  SettingsContext,
  SettingsReader,
  SettingsRoot,
  SettingsRule,
} from "../client_settings.ts";
import { readJsonSettings, settingAt } from "./settings_file.ts";

/**
 * Gemini CLI's settings reader.
 *
 * @example Usage
 * ```ts
 * import { geminiSettings } from "./gemini_settings.ts";
 * import { decidingRule } from "../client_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${home}/.gemini/extensions/ext/skills`, { recursive: true });
 * await Deno.writeTextFile(`${home}/.gemini/extensions/ext/gemini-extension.json`, '{"name": "ext", "version": "1.0.0"}');
 * await Deno.writeTextFile(`${home}/.gemini/settings.json`, '{"skills": {"disabled": ["PDF"]}}');
 * const context = { home, cwd: undefined, projectRoot: undefined, env: () => undefined };
 * assert.deepEqual(geminiSettings.roots!(context).map((r) => r.path), [`${home}/.gemini/extensions/ext/skills`]);
 * const dir = `${home}/.gemini/skills/pdf-tools`;
 * const skill = { name: "pdf", description: "PDF.", dir, path: `${dir}/SKILL.md`, source: { kind: "directory" as const, key: dir }, frontmatter: {} };
 * const settings = await geminiSettings.rules!(context);
 * assert.equal(decidingRule(settings, skill, "pdf")?.action, "off");
 * ```
 */
export const geminiSettings: SettingsReader = {
  reads:
    "`~/.gemini/settings.json` (below `$GEMINI_CLI_HOME`) and `<cwd>/.gemini/settings.json`: `skills.disabled`, `skills.enabled`; `GEMINI_PROMPT_AGENTSKILLS`; the `skills/` of each extension in `~/.gemini/extensions/`",
  evidence: "Gemini CLI 0.61.0 binary, agree scenario " + [
    "disabled-frontmatter-name",
    "disabled-union",
    "enabled-false-user",
    "enabled-false-project",
    "enabled-project-wins",
    "env-prompt-agentskills",
    "experimental-admin-no-effect",
    "extension-skills",
    "extension-linked",
    "env-gemini-cli-home",
  ].map((c) => `gemini/settings/${c}`).join(", "),
  roots: extensionRoots,
  rules: (context) => Promise.resolve(geminiRules(context)),
};

/** The settings files Gemini CLI reads, the user's first, each parsed. */
function settingsFiles(
  context: SettingsContext,
): { path: string; settings: Record<string, unknown> }[] {
  const home = geminiHome(context);
  const paths: string[] = [];
  if (home !== undefined) paths.push(join(home, ".gemini", "settings.json"));
  if (context.cwd !== undefined && resolve(context.cwd) !== home) {
    paths.push(join(context.cwd, ".gemini", "settings.json"));
  }
  return paths.flatMap((path) => {
    const settings = readJsonSettings(path);
    return settings === undefined ? [] : [{ path, settings }];
  });
}

/** The rules: no listing at all, or the names `skills.disabled` turns off. */
function geminiRules(context: SettingsContext): ClientSettings {
  const env = context.env("GEMINI_PROMPT_AGENTSKILLS");
  if (env !== undefined && ["0", "false"].includes(env.trim().toLowerCase())) {
    return {
      rules: [],
      none: {
        from: "the environment",
        entry: `GEMINI_PROMPT_AGENTSKILLS=${env}`,
      },
    };
  }
  const files = settingsFiles(context);
  // The last file that sets `skills.enabled` decides it.
  const enabled = files.findLast((f) =>
    settingAt(f.settings, "skills.enabled") !== undefined
  );
  if (
    enabled !== undefined &&
    settingAt(enabled.settings, "skills.enabled") === false
  ) {
    return {
      rules: [],
      none: {
        from: enabled.path,
        file: enabled.path,
        entry: "skills.enabled: false",
      },
    };
  }
  const rules: SettingsRule[] = [];
  for (const { path, settings } of files) {
    const disabled = settingAt(settings, "skills.disabled");
    if (!Array.isArray(disabled)) continue;
    for (const entry of disabled) {
      if (typeof entry !== "string") continue;
      const lower = entry.toLowerCase();
      rules.push({
        from: `${path} (skills.disabled)`,
        file: path,
        entry,
        action: "off",
        matches: (_skill, name) => name.toLowerCase() === lower,
      });
    }
  }
  return { rules };
}

/** The `skills/` folder of each extension Gemini CLI loads. */
function extensionRoots(context: SettingsContext): SettingsRoot[] {
  const home = geminiHome(context);
  if (home === undefined) return [];
  const dir = join(home, ".gemini", "extensions");
  if (!readable(dir) || !isDirectorySync(dir)) return [];
  const names: string[] = [];
  try {
    for (const entry of Deno.readDirSync(dir)) names.push(entry.name);
  } catch {
    return [];
  }
  const roots: SettingsRoot[] = [];
  for (const name of names.sort()) {
    const extension = extensionPath(join(dir, name), context);
    if (extension === undefined) continue;
    const config = join(extension, "gemini-extension.json");
    const manifest = readJsonSettings(config);
    const id = manifest?.name;
    if (typeof id !== "string" || !/^[a-zA-Z0-9-]+$/.test(id)) continue;
    if (!manifest?.version) continue;
    const skills = join(extension, "skills");
    if (!readable(skills) || !isDirectorySync(skills)) continue;
    roots.push({ path: skills, scope: "user", maxDepth: 1, from: config });
  }
  return roots;
}

/** An extension's folder: itself, or a linked install's source. */
function extensionPath(
  dir: string,
  context: SettingsContext,
): string | undefined {
  if (!readable(dir) || !isDirectorySync(dir)) return undefined;
  const install = readJsonSettings(join(dir, ".gemini-extension-install.json"));
  if (install?.type !== "link" || typeof install.source !== "string") {
    return dir;
  }
  const source = install.source;
  if (isAbsolute(source)) return source;
  return context.cwd === undefined ? undefined : join(context.cwd, source);
}

/** The home Gemini CLI keeps `.gemini/` in: `$GEMINI_CLI_HOME`, else the home. */
function geminiHome(context: SettingsContext): string | undefined {
  const set = context.env("GEMINI_CLI_HOME");
  if (set !== undefined) return resolve(set);
  return context.home === undefined ? undefined : resolve(context.home);
}

/** Whether `--allow-read` covers a path. */
function readable(path: string): boolean {
  return Deno.permissions.querySync({ name: "read", path }).state === "granted";
}
