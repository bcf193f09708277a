// Copyright 2026 the skillscope authors. MIT license.
/**
 * What Codex's own settings do to the skills it offers (see
 * `../client_settings.ts`), as Codex 0.169.0 showed it:
 *
 * - `[[skills.config]]` entries of the user's `config.toml` (in
 *   `$CODEX_HOME`, else `~/.codex`), each `path = "…/SKILL.md"` or
 *   `name = "…"` with `enabled = false | true`, applied in order, the later
 *   winning. A path is the `SKILL.md` file (`~` is the home, a relative one
 *   is below the file's folder, symlinks resolved); a name is the exact
 *   frontmatter name and speaks of every copy of it. A project's
 *   `.codex/config.toml` rules are ignored.
 * - `[skills] include_instructions = false` (the user's file, or a trusted
 *   project's `.codex/config.toml` from its root down to the cwd, the
 *   deepest winning): no skills block at all.
 * - `[features] omit_skill_descriptions = true` (layered the same way):
 *   every skill listed by its name only.
 *
 * A `config.toml` that is not TOML, or whose `[[skills.config]]` entry has
 * no boolean `enabled`, makes Codex refuse to start; it gives no rules here.
 * The TOML parser is loaded only when a file is there to read.
 *
 * @module
 */
import type {
  ClientSettings,
  SettingsContext,
  SettingsReader,
  SettingsRule,
} from "../client_settings.ts";
import { dirname, isAbsolute, join, resolve } from "../../shared/path.ts";
import { boundedSettings, readSettingsText } from "./settings_file.ts";

/** The agree scenarios of these facts. */
const SCENARIOS = [
  "codex/settings/skills-config-path",
  "codex/settings/skills-config-name",
  "codex/settings/skills-config-later-wins",
  "codex/settings/skills-config-project-ignored",
  "codex/settings/include-instructions-off",
  "codex/settings/include-instructions-project",
  "codex/settings/include-instructions-deeper-wins",
  "codex/settings/omit-skill-descriptions",
  "codex/settings/omit-skill-descriptions-project",
];

/**
 * Codex's settings reader: `[[skills.config]]` rules of the user's
 * `config.toml`, `skills.include_instructions` and
 * `features.omit_skill_descriptions`.
 *
 * @example Usage
 * ```ts
 * import { codexSettings } from "./codex_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.mkdir(`${home}/.codex`);
 * await Deno.writeTextFile(
 *   `${home}/.codex/config.toml`,
 *   '[[skills.config]]\nname = "pdf"\nenabled = false\n',
 * );
 * const env = () => undefined;
 * const settings = await codexSettings.rules!({ home, cwd: undefined, projectRoot: undefined, env });
 * assert.equal(settings.rules[0]?.action, "off");
 * assert.equal(settings.rules[0]?.entry, 'name = "pdf", enabled = false');
 * ```
 */
export const codexSettings: SettingsReader = {
  reads:
    "`$CODEX_HOME/config.toml` (else `~/.codex/config.toml`): `[[skills.config]]` (`path` or `name`, `enabled`), `skills.include_instructions` and `features.omit_skill_descriptions`; a trusted project's `.codex/config.toml`: the last two",
  evidence: `Codex 0.169.0 binary, agree scenario ${SCENARIOS.join(", ")}`,
  rules: codexRules,
};

/** A parsed TOML document, or `undefined` when missing or unreadable; `null` when Codex refuses it. */
type Parsed = Record<string, unknown> | undefined | null;

/** Codex's rules in a context (see the module doc). */
async function codexRules(context: SettingsContext): Promise<ClientSettings> {
  const codexHome = codexHomeOf(context);
  const files: { path: string; user: boolean }[] = [];
  if (codexHome !== undefined) {
    files.push({ path: join(codexHome, "config.toml"), user: true });
  }
  for (const dir of projectLayers(context)) {
    files.push({ path: join(dir, ".codex", "config.toml"), user: false });
  }
  const texts = files.map((f) => ({ ...f, text: readSettingsText(f.path) }));
  if (texts.every((f) => f.text === undefined)) return { rules: [] };
  const { parse } = await import("smol-toml");
  const parsed = texts.map((f) => ({ ...f, value: parseToml(parse, f.text) }));
  // A user file Codex refuses: it does not start at all, nothing to say.
  const user = parsed.find((f) => f.user);
  if (user?.value === null) return { rules: [] };
  const rules = user?.value
    ? skillConfigRules(user.path, user.value, context)
    : [];
  if (rules === undefined) return { rules: [] };
  const layers = parsed.map((f) => ({ path: f.path, doc: f.value }));
  const off = lastSetting(layers, "skills", "include_instructions");
  const omit = lastSetting(layers, "features", "omit_skill_descriptions");
  const all = omit?.value === true ? withoutDescriptions(rules, omit) : rules;
  if (off?.value !== false) return { rules: all };
  return {
    rules: all,
    none: {
      from: off.from,
      file: off.file,
      entry: "include_instructions = false",
    },
  };
}

/**
 * A boolean of a table as Codex's layered config has it: the last layer
 * (the user's file, then the project's from its root down) that sets it.
 */
function lastSetting(
  layers: readonly { path: string; doc: Parsed }[],
  table: string,
  key: string,
): { value: boolean; from: string; file: string; entry: string } | undefined {
  let found:
    | { value: boolean; from: string; file: string; entry: string }
    | undefined;
  for (const { path, doc } of layers) {
    const section = doc?.[table];
    const value = isTable(section) ? section[key] : undefined;
    if (typeof value !== "boolean") continue;
    found = {
      value,
      from: `${path} [${table}]`,
      file: path,
      entry: `${key} = ${value}`,
    };
  }
  return found;
}

/**
 * The rules under `features.omit_skill_descriptions = true`: every skill
 * listed by name only, the ones `[[skills.config]]` turns off still off.
 */
function withoutDescriptions(
  rules: readonly SettingsRule[],
  omit: { from: string; file: string; entry: string },
): SettingsRule[] {
  return [
    {
      from: omit.from,
      file: omit.file,
      entry: omit.entry,
      action: "name-only",
      matches: () => true,
    },
    ...rules.map((rule): SettingsRule =>
      rule.action === "on" ? { ...rule, action: "name-only" } : rule
    ),
  ];
}

/** `$CODEX_HOME` (resolved), else `~/.codex`. */
function codexHomeOf(context: SettingsContext): string | undefined {
  const set = context.env("CODEX_HOME");
  if (set !== undefined) return resolve(set);
  return context.home === undefined ? undefined : join(context.home, ".codex");
}

/**
 * The directories whose `.codex/config.toml` is a project layer: from the
 * project's root down to the cwd (none when the project is not trusted).
 */
function projectLayers(context: SettingsContext): string[] {
  const { cwd, projectRoot } = context;
  if (cwd === undefined || projectRoot === undefined) return [];
  const chain: string[] = [];
  for (let dir = cwd;; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dir === projectRoot) return chain;
    if (dirname(dir) === dir) return [cwd];
  }
}

/** A file's TOML, `undefined` when absent, `null` when it does not parse. */
function parseToml(
  parse: (text: string) => unknown,
  text: string | undefined,
): Parsed {
  if (text === undefined) return undefined;
  try {
    // A project's config.toml may be hostile: bounded before it is read.
    const value = boundedSettings(parse(text));
    return isTable(value) ? value : null;
  } catch {
    return null;
  }
}

/** The `[skills]` table of a document. */
function skillsTable(doc: Parsed): Record<string, unknown> | undefined {
  const skills = doc?.skills;
  return isTable(skills) ? skills : undefined;
}

/**
 * The rules of `[[skills.config]]`, in order; `undefined` when an entry is
 * one Codex refuses to start with (not a table, `enabled` not a boolean,
 * `path` or `name` not a string). An entry with both selectors, neither, or
 * an empty name is skipped, as Codex skips it.
 */
function skillConfigRules(
  file: string,
  doc: Record<string, unknown>,
  context: SettingsContext,
): SettingsRule[] | undefined {
  const entries = skillsTable(doc)?.config;
  if (entries === undefined) return [];
  if (!Array.isArray(entries)) return undefined;
  const from = `${file} [[skills.config]]`;
  const rules: SettingsRule[] = [];
  const seen = new Map<string, string>();
  const real = (path: string): string => {
    let found = seen.get(path);
    if (found === undefined) seen.set(path, found = canonical(path));
    return found;
  };
  for (const entry of entries) {
    if (!isTable(entry) || typeof entry.enabled !== "boolean") return undefined;
    const { path, name, enabled } = entry;
    if (path !== undefined && typeof path !== "string") return undefined;
    if (name !== undefined && typeof name !== "string") return undefined;
    const action = enabled ? "on" : "off";
    const written = `enabled = ${enabled}`;
    if (path !== undefined && name === undefined) {
      const target = selectorPath(path, dirname(file), context.home);
      rules.push({
        from,
        file,
        entry: `path = ${JSON.stringify(path)}, ${written}`,
        action,
        matches: (skill) =>
          skill.path !== undefined && real(skill.path) === target,
      });
    } else if (name !== undefined && path === undefined) {
      const wanted = name.trim();
      if (wanted === "") continue;
      rules.push({
        from,
        file,
        entry: `name = ${JSON.stringify(name)}, ${written}`,
        action,
        matches: (_skill, offered) => offered === wanted,
      });
    }
  }
  return rules;
}

/**
 * A `path` selector as Codex reads it: `~` the home, a relative path below
 * the config file's folder, normalized, then symlinks resolved.
 */
function selectorPath(
  path: string,
  base: string,
  home: string | undefined,
): string {
  let expanded = path;
  if (home !== undefined && (path === "~" || path.startsWith("~/"))) {
    expanded = join(home, path.slice(1).replace(/^\/+/, ""));
  }
  return canonical(
    isAbsolute(expanded) ? resolve(expanded) : resolve(base, expanded),
  );
}

/** A path with its symlinks resolved, where reading it is granted; else as given. */
function canonical(path: string): string {
  if (Deno.permissions.querySync({ name: "read", path }).state !== "granted") {
    return path;
  }
  try {
    return Deno.realPathSync(path);
  } catch {
    return path;
  }
}

/** Whether a TOML value is a table. */
function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
