// Copyright 2026 the skillscope authors. MIT license.
/**
 * What opencode's own settings do to the skills it offers (see
 * `../client_settings.ts`), as opencode 1.18.33 showed it (its config files
 * and their order: `opencode_config_files.ts`):
 *
 * - `permission.skill`, then the default agent's
 *   `agent.build.permission.skill`: a string (`"allow"`, `"ask"`, `"deny"`)
 *   or patterns of the frontmatter name (`*` any text, `?` one character,
 *   the whole name, case-sensitive) to actions, after the default
 *   `"*": "allow"`; the last rule that matches a name decides. `"deny"`
 *   drops the skill, `"ask"` still lists it; when the last rule of all is
 *   `"*": "deny"` (or the string `"deny"`) the skills section is left out.
 * - `skills.paths`: more skills folders (`~/` the home, a relative one below
 *   the cwd), scanned at any depth; the last file that sets it wins.
 * - `OPENCODE_DISABLE_CLAUDE_CODE_SKILLS` and `OPENCODE_DISABLE_CLAUDE_CODE`
 *   turn off every `.claude/skills` root, `OPENCODE_DISABLE_EXTERNAL_SKILLS`
 *   every `.claude/skills` and `.agents/skills` root, and
 *   `OPENCODE_DISABLE_PROJECT_CONFIG` the project's `.opencode` roots and
 *   config files.
 *
 * @module
 */
import { globMatchesUnits } from "../../discover/name_filter.ts";
import type {
  ClientSettings,
  SettingsContext,
  SettingsReader,
  SettingsRoot,
  SettingsRule,
} from "../client_settings.ts";
import { ANY_DEPTH_BOUND } from "../client_profile.ts";
import {
  basename,
  dirname,
  isAbsolute,
  join,
  resolve,
} from "../../shared/path.ts";
import {
  opencodeFlag,
  opencodeSkillSettings,
  type SkillPermissionRule,
} from "./opencode_config_files.ts";

/** The agree scenarios of these facts. */
const SCENARIOS = [
  "opencode/settings/permission-patterns",
  "opencode/settings/permission-deny",
  "opencode/settings/permission-last-star-deny",
  "opencode/settings/permission-star-deny-then-allow",
  "opencode/settings/permission-agent-build",
  "opencode/settings/permission-project-over-global",
  "opencode/settings/permission-global-and-custom",
  "opencode/settings/permission-config-folders",
  "opencode/settings/permission-key-keeps-place",
  "opencode/settings/tools-skill-false",
  "opencode/settings/tools-skill-false-permission-wins",
  "opencode/settings/skills-paths",
  "opencode/settings/skills-paths-project-replaces",
  "opencode/settings/env-disable-claude-code-skills",
  "opencode/settings/env-disable-claude-code",
  "opencode/settings/env-disable-external-skills",
  "opencode/settings/env-disable-project-config",
];

/**
 * opencode's settings reader: `permission.skill`, `skills.paths` and the
 * `OPENCODE_DISABLE_*` variables.
 *
 * @example Usage
 * ```ts
 * import { opencodeSettings } from "./opencode_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.mkdir(`${home}/.config/opencode`, { recursive: true });
 * await Deno.writeTextFile(
 *   `${home}/.config/opencode/opencode.json`,
 *   '{ "permission": { "skill": { "*": "deny", "keep": "allow" } } }',
 * );
 * const env = () => undefined;
 * const settings = await opencodeSettings.rules!({ home, cwd: undefined, projectRoot: undefined, env });
 * assert.deepEqual(settings.rules.map((r) => `${r.entry} ${r.action}`), [
 *   '"*": "deny" off',
 *   '"keep": "allow" on',
 * ]);
 * assert.equal(settings.none, undefined);
 * ```
 */
export const opencodeSettings: SettingsReader = {
  reads:
    "`opencode.json{,c}` (global, `$OPENCODE_CONFIG`, the project's from the git root down, `.opencode/`, `$OPENCODE_CONFIG_DIR`): `permission.skill`, `agent.build.permission.skill`, the legacy `tools.skill`, `skills.paths`; `OPENCODE_DISABLE_CLAUDE_CODE{,_SKILLS}`, `OPENCODE_DISABLE_EXTERNAL_SKILLS`, `OPENCODE_DISABLE_PROJECT_CONFIG`",
  evidence: `opencode 1.18.33 binary, agree scenario ${SCENARIOS.join(", ")}`,
  roots: opencodeRoots,
  skipsRoot: opencodeSkipsRoot,
  rules: opencodeRules,
};

/** The folders of `skills.paths`. */
function opencodeRoots(context: SettingsContext): SettingsRoot[] {
  const paths = opencodeSkillSettings(context).paths;
  if (paths === undefined) return [];
  const roots: SettingsRoot[] = [];
  for (const entry of paths.paths) {
    if (/^https?:\/\//i.test(entry)) continue;
    let path: string | undefined;
    if (entry.startsWith("~/")) {
      path = context.home === undefined
        ? undefined
        : join(context.home, entry.slice(2));
    } else if (isAbsolute(entry)) {
      path = resolve(entry);
    } else if (context.cwd !== undefined) {
      path = resolve(context.cwd, entry);
    }
    if (path === undefined || roots.some((r) => r.path === path)) continue;
    roots.push({
      path,
      scope: paths.scope,
      maxDepth: ANY_DEPTH_BOUND,
      from: paths.from,
    });
  }
  return roots;
}

/** Why opencode does not read a root of its table under these variables. */
function opencodeSkipsRoot(
  context: SettingsContext,
  path: string,
): string | undefined {
  const { env, home } = context;
  const leaf = `${basename(dirname(path))}/${basename(path)}`;
  if (leaf === ".claude/skills" || leaf === ".agents/skills") {
    if (opencodeFlag(env, "OPENCODE_DISABLE_EXTERNAL_SKILLS")) {
      return "OPENCODE_DISABLE_EXTERNAL_SKILLS is set: opencode reads no .claude/skills or .agents/skills folder";
    }
    if (leaf === ".agents/skills") return undefined;
    for (
      const name of [
        "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS",
        "OPENCODE_DISABLE_CLAUDE_CODE",
      ]
    ) {
      if (opencodeFlag(env, name)) {
        return `${name} is set: opencode reads no .claude/skills folder`;
      }
    }
    return undefined;
  }
  const project = leaf === ".opencode/skills" || leaf === ".opencode/skill";
  if (
    project &&
    (home === undefined || dirname(path) !== join(home, ".opencode")) &&
    opencodeFlag(env, "OPENCODE_DISABLE_PROJECT_CONFIG")
  ) {
    return "OPENCODE_DISABLE_PROJECT_CONFIG is set: opencode reads no project .opencode folder";
  }
  return undefined;
}

/** The `permission.skill` rules (see the module doc). */
function opencodeRules(context: SettingsContext): Promise<ClientSettings> {
  const settings = opencodeSkillSettings(context);
  const all = [...settings.permission, ...settings.agent];
  // One budget of matching steps for all the rules: patterns built to be
  // slow against long names (a project's opencode.json may be hostile)
  // stop matching once it is spent, and the skills stay listed.
  let steps = MATCH_STEPS;
  const spend = (cost: number): boolean => (steps -= cost) >= 0;
  const rules = all.map((rule) => toRule(rule, spend));
  const last = all.at(-1);
  if (last?.pattern === "*" && last.action === "deny") {
    return Promise.resolve({
      rules,
      none: { from: last.from, file: last.file, entry: entryOf(last) },
    });
  }
  return Promise.resolve({ rules });
}

/** Matching steps all of one view's permission rules may take (a step: one pattern character against one name character). */
const MATCH_STEPS = 20_000_000;

/** One permission rule as a settings rule, its matching paid from `spend`. */
function toRule(
  rule: SkillPermissionRule,
  spend: (cost: number) => boolean,
): SettingsRule {
  return {
    from: rule.from,
    file: rule.file,
    entry: entryOf(rule),
    action: rule.action === "deny" ? "off" : "on",
    matches: (_skill, name) =>
      spend((name.length + 1) * (rule.pattern.length + 1)) &&
      wildcardMatch(name, rule.pattern),
  };
}

/** A rule as written. */
function entryOf(rule: SkillPermissionRule): string {
  const action = JSON.stringify(rule.action);
  return rule.whole ? action : `${JSON.stringify(rule.pattern)}: ${action}`;
}

/**
 * opencode's wildcard match (`Wildcard.match`): the whole text, `*` any
 * run of characters, `?` one, a trailing ` *` optional, backslashes read as
 * slashes, case-sensitive. Matched without a regular expression, so a
 * pattern of many stars cannot take exponential time.
 *
 * @example Usage
 * ```ts
 * import { wildcardMatch } from "./opencode_settings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(wildcardMatch("sec-one", "sec-*"), true);
 * assert.equal(wildcardMatch("exactly", "exact"), false);
 * assert.equal(wildcardMatch("qa", "q?"), true);
 * assert.equal(wildcardMatch("Sec-one", "sec-*"), false);
 * ```
 *
 * @param text The text (a skill's name).
 * @param pattern The pattern.
 * @returns Whether the pattern matches the whole text.
 */
export function wildcardMatch(text: string, pattern: string): boolean {
  const t = text.replaceAll("\\", "/");
  const p = pattern.replaceAll("\\", "/");
  // opencode's regular expression (no `u` flag) reads code units.
  const units = t.split("");
  if (
    p.endsWith(" *") && globMatchesUnits(p.slice(0, -2).split(""), units)
  ) return true;
  return globMatchesUnits(p.split(""), units);
}
