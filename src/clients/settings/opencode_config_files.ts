// Copyright 2026 the skillscope authors. MIT license.
/**
 * opencode's config files, in the order opencode 1.18.33 merges them (each
 * later file deep-merged over the earlier ones), and the three settings of
 * them that speak of skills: `permission.skill`,
 * `agent.build.permission.skill` and `skills.paths`.
 *
 * The order (opencode's `Config.loadInstanceState`): the global folder's
 * `config.json`, `opencode.json`, `opencode.jsonc` (`$XDG_CONFIG_HOME/opencode`,
 * else `~/.config/opencode`); the file `$OPENCODE_CONFIG` names; the
 * project's `opencode.json` and `opencode.jsonc` in every folder from the git
 * root (outside one, `/`) down to the cwd; the `opencode.json` and
 * `opencode.jsonc` of each project `.opencode` folder from the cwd up, of
 * `~/.opencode`, and of `$OPENCODE_CONFIG_DIR`.
 * `OPENCODE_DISABLE_PROJECT_CONFIG` leaves the project's files out.
 *
 * A deep merge keeps a key where it first appeared and takes the later
 * value; an array (`skills.paths`) or a string is replaced as a whole.
 *
 * @module
 */
import type { SettingsContext } from "../client_settings.ts";
import type { RootScope } from "../clients_table.ts";
import { isAbsolute, join, resolve } from "../../shared/path.ts";
import { walkedDirs } from "../project_dirs.ts";
import { readJsonSettings } from "./settings_file.ts";

/** One config file opencode reads. */
export interface OpencodeConfigFile {
  /** Absolute path. */
  readonly path: string;
  /** `"project"` for the project's files, else `"user"`. */
  readonly scope: RootScope;
}

/** What a `permission.skill` rule does. */
export type SkillAction = "allow" | "ask" | "deny";

/** One rule of `permission.skill`, with the file that last set it. */
export interface SkillPermissionRule {
  /** The pattern (`"*"` for the string form). */
  readonly pattern: string;
  /** What it does to a name it matches. */
  readonly action: SkillAction;
  /** The file and key it comes from. */
  readonly from: string;
  /** The file it comes from. */
  readonly file: string;
  /** Whether it was written as a string (`"skill": "deny"`). */
  readonly whole: boolean;
}

/** The skills settings of opencode's merged config. */
export interface OpencodeSkillSettings {
  /** `permission.skill`, as rules in key order. */
  readonly permission: readonly SkillPermissionRule[];
  /** `agent.build.permission.skill` (the default agent's), as rules in key order. */
  readonly agent: readonly SkillPermissionRule[];
  /** `skills.paths` of the last file that sets it. */
  readonly paths?: {
    readonly paths: readonly string[];
    readonly from: string;
    readonly scope: RootScope;
  };
}

/**
 * Whether an opencode flag variable is on, as opencode reads it: `true` or
 * `1` for `OPENCODE_DISABLE_PROJECT_CONFIG`; also `yes`, `on` and `y` for
 * the runtime flags (`OPENCODE_DISABLE_EXTERNAL_SKILLS`, …).
 *
 * @example Usage
 * ```ts
 * import { opencodeFlag } from "./opencode_config_files.ts";
 * import assert from "node:assert/strict";
 *
 * const env = (name: string) => name === "OPENCODE_DISABLE_EXTERNAL_SKILLS" ? "1" : undefined;
 * assert.equal(opencodeFlag(env, "OPENCODE_DISABLE_EXTERNAL_SKILLS"), true);
 * assert.equal(opencodeFlag(env, "OPENCODE_DISABLE_PROJECT_CONFIG"), false);
 * ```
 *
 * @param env Reads a variable.
 * @param name The variable.
 * @returns Whether it is on.
 */
export function opencodeFlag(
  env: SettingsContext["env"],
  name: string,
): boolean {
  const value = env(name)?.toLowerCase();
  if (value === undefined) return false;
  const on = name === "OPENCODE_DISABLE_PROJECT_CONFIG"
    ? ["true", "1"]
    : ["true", "1", "yes", "on", "y"];
  return on.includes(value);
}

/**
 * opencode's config files in the order it merges them (see the module doc),
 * whether they exist or not.
 *
 * @example Usage
 * ```ts
 * import { opencodeConfigFiles } from "./opencode_config_files.ts";
 * import assert from "node:assert/strict";
 *
 * const env = () => undefined;
 * const files = opencodeConfigFiles({ home: "/h", cwd: undefined, projectRoot: undefined, env });
 * assert.deepEqual(files.map((f) => f.path), [
 *   "/h/.config/opencode/config.json",
 *   "/h/.config/opencode/opencode.json",
 *   "/h/.config/opencode/opencode.jsonc",
 *   "/h/.opencode/opencode.json",
 *   "/h/.opencode/opencode.jsonc",
 * ]);
 * ```
 *
 * @param context Where the settings are.
 * @returns The files.
 */
export function opencodeConfigFiles(
  context: SettingsContext,
): OpencodeConfigFile[] {
  const { home, cwd, env } = context;
  const files: OpencodeConfigFile[] = [];
  const add = (dir: string, names: string[], scope: RootScope): void => {
    for (const name of names) files.push({ path: join(dir, name), scope });
  };
  const pair = ["opencode.json", "opencode.jsonc"];
  const xdg = env("XDG_CONFIG_HOME");
  const global = xdg !== undefined
    ? join(resolve(xdg), "opencode")
    : home === undefined
    ? undefined
    : join(home, ".config", "opencode");
  if (global !== undefined) add(global, ["config.json", ...pair], "user");
  const custom = pathOf(env("OPENCODE_CONFIG"), cwd);
  if (custom !== undefined) files.push({ path: custom, scope: "user" });
  const project = cwd !== undefined &&
    !opencodeFlag(env, "OPENCODE_DISABLE_PROJECT_CONFIG");
  const dirs = project ? walkedDirs(cwd, "git-root-else-top") : [];
  for (const dir of [...dirs].reverse()) add(dir, pair, "project");
  const folders: { dir: string; scope: RootScope }[] = [
    ...dirs.map((dir) => ({
      dir: join(dir, ".opencode"),
      scope: "project" as const,
    })),
  ];
  if (home !== undefined) {
    folders.push({ dir: join(home, ".opencode"), scope: "user" });
  }
  const configDir = pathOf(env("OPENCODE_CONFIG_DIR"), cwd);
  if (configDir !== undefined) folders.push({ dir: configDir, scope: "user" });
  const seen = new Set<string>();
  for (const { dir, scope } of folders) {
    if (seen.has(dir)) continue;
    seen.add(dir);
    add(dir, pair, scope);
  }
  return files;
}

/** A variable's path: absolute, or relative to the cwd (none without one). */
function pathOf(
  value: string | undefined,
  cwd: string | undefined,
): string | undefined {
  if (value === undefined) return undefined;
  if (isAbsolute(value)) return resolve(value);
  return cwd === undefined ? undefined : resolve(cwd, value);
}

/**
 * The skills settings of opencode's config files, merged in its order (see
 * the module doc). A file that is missing or not JSON (with comments) is
 * left out; a value of the wrong type is ignored.
 *
 * @example Usage
 * ```ts
 * import { opencodeSkillSettings } from "./opencode_config_files.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.mkdir(`${home}/.config/opencode`, { recursive: true });
 * await Deno.writeTextFile(
 *   `${home}/.config/opencode/opencode.json`,
 *   '{ "permission": { "skill": { "draft-*": "deny" } } }',
 * );
 * const env = () => undefined;
 * const settings = opencodeSkillSettings({ home, cwd: undefined, projectRoot: undefined, env });
 * assert.equal(settings.permission[0]?.pattern, "draft-*");
 * assert.equal(settings.permission[0]?.action, "deny");
 * ```
 *
 * @param context Where the settings are.
 * @returns The merged settings.
 */
export function opencodeSkillSettings(
  context: SettingsContext,
): OpencodeSkillSettings {
  let permission = new Map<string, SkillPermissionRule>();
  let agent = new Map<string, SkillPermissionRule>();
  let paths: OpencodeSkillSettings["paths"];
  let tools: { value: boolean; from: string } | undefined;
  for (const file of opencodeConfigFiles(context)) {
    const config = readJsonSettings(file.path);
    if (config === undefined) continue;
    const top = record(config.permission)?.skill;
    permission = merged(permission, top, file.path, "permission.skill");
    const build = record(record(record(config.agent)?.build)?.permission)
      ?.skill;
    agent = merged(agent, build, file.path, "agent.build.permission.skill");
    // The legacy `tools.skill` (a boolean): where no permission.skill is
    // set, false is "deny".
    const tool = record(config.tools)?.skill;
    if (typeof tool === "boolean") tools = { value: tool, from: file.path };
    const list = record(config.skills)?.paths;
    if (Array.isArray(list) && list.every((p) => typeof p === "string")) {
      paths = {
        paths: list,
        from: `${file.path} skills.paths`,
        scope: file.scope,
      };
    }
  }
  if (permission.size === 0 && tools?.value === false) {
    permission = merged(permission, "deny", tools.from, "tools.skill");
  }
  const result = {
    permission: [...permission.values()],
    agent: [...agent.values()],
  };
  return paths === undefined ? result : { ...result, paths };
}

/**
 * A `permission.skill` value merged over the earlier ones: a string
 * replaces them all, an object's keys keep their place and take the later
 * action.
 */
function merged(
  earlier: Map<string, SkillPermissionRule>,
  value: unknown,
  file: string,
  key: string,
): Map<string, SkillPermissionRule> {
  const from = `${file} ${key}`;
  if (isAction(value)) {
    return new Map([["", {
      pattern: "*",
      action: value,
      from,
      file,
      whole: true,
    }]]);
  }
  const object = record(value);
  if (object === undefined) return earlier;
  const rules = [...earlier.values()].some((r) => r.whole)
    ? new Map<string, SkillPermissionRule>()
    : new Map(earlier);
  for (const [pattern, action] of Object.entries(object)) {
    if (!isAction(action)) continue;
    rules.set(pattern, { pattern, action, from, file, whole: false });
  }
  return rules;
}

/** Whether a value is a permission action. */
function isAction(value: unknown): value is SkillAction {
  return value === "allow" || value === "ask" || value === "deny";
}

/** A JSON object, or `undefined`. */
function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}
