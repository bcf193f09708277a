// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `settings` cases of opencode: trees with its own config files (the
 * global `~/.config/opencode/opencode.json`, the project's `opencode.json`
 * and `.opencode/opencode.jsonc`) and `OPENCODE_DISABLE_*` variables, each
 * showing one measured fact. The driver's own config (`OPENCODE_CONFIG`) is
 * left to the driver.
 *
 * @module
 */
import {
  type Case,
  describe,
  jsonText,
  type Layout,
  one,
  skillMd,
} from "./corpus_layout.ts";
import type { TreeEntry } from "./types.ts";

/** A skill in `DIR` with the frontmatter name `name` (the folder's by default). */
function at(dir: string, name?: string): Record<string, TreeEntry> {
  const named = name ?? dir.slice(dir.lastIndexOf("/") + 1);
  return { [`${dir}/SKILL.md`]: skillMd(named, describe(named)) };
}

/** A config file holding `value` as JSON. */
function config(path: string, value: unknown): Record<string, TreeEntry> {
  return { [path]: jsonText(value) };
}

/** `permission.skill` in a config file. */
function skillPermission(
  path: string,
  value: unknown,
): Record<string, TreeEntry> {
  return config(path, { permission: { skill: value } });
}

const GLOBAL = "home/.config/opencode/opencode.json";
const PROJECT = "project/opencode.json";
/** The driver's own config file, named by `OPENCODE_CONFIG` (the driver merges its provider in). */
const CUSTOM = "agree-client/opencode.json";
const U = "home/.config/opencode/skills";

/**
 * opencode's settings cases.
 *
 * @param l Its layout.
 * @returns The cases.
 */
export function opencodeSettingsCases(l: Layout): Case[] {
  const d = "settings";
  const P = l.p;
  const control = at(`${P}/control`);
  const external: Record<string, TreeEntry> = {
    ...control,
    ...at("home/.claude/skills/u-claude"),
    ...at("home/.agents/skills/u-agents"),
    ...at("project/.claude/skills/p-claude"),
    ...at("project/.agents/skills/p-agents"),
    ...at(`${U}/u-oc`),
  };
  return [
    one(
      d,
      "permission-patterns",
      'permission.skill patterns match the whole frontmatter name, case-sensitive, * and ?; "deny" drops a skill, "ask" keeps it',
      {
        ...control,
        ...at(`${U}/sec-one`),
        ...at(`${U}/sec-two`),
        ...at(`${U}/askme`),
        ...at(`${U}/exact`),
        ...at(`${U}/exactly`),
        ...at(`${P}/folder-y`, "fm-y"),
        ...at(`${P}/qa`),
        ...at(`${P}/qab`),
        ...at(`${P}/case-up`),
        ...skillPermission(GLOBAL, {
          "*": "allow",
          "sec-*": "deny",
          "askme": "ask",
          "exact": "deny",
          "folder-y": "deny",
          "q?": "deny",
          "Case-*": "deny",
        }),
      },
    ),
    one(
      d,
      "permission-deny",
      'permission.skill = "deny": no skills section',
      { ...control, ...at(`${U}/other`), ...skillPermission(GLOBAL, "deny") },
    ),
    one(
      d,
      "permission-last-star-deny",
      'permission.skill whose last rule is "*": "deny": no skills section, even for a skill allowed before it',
      {
        ...control,
        ...at(`${U}/keep`),
        ...skillPermission(GLOBAL, { "keep": "allow", "*": "deny" }),
      },
    ),
    one(
      d,
      "permission-star-deny-then-allow",
      'permission.skill { "*": "deny", "keep": "allow" } lists only keep',
      {
        ...control,
        ...at(`${U}/keep`),
        ...skillPermission(GLOBAL, { "*": "deny", "keep": "allow" }),
      },
    ),
    one(
      d,
      "permission-agent-build",
      "agent.build.permission.skill (the default agent's) applies after the top-level permission.skill",
      {
        ...control,
        ...at(`${U}/sec-two`),
        ...at(`${U}/x-one`),
        ...skillPermission(GLOBAL, { "sec-two": "deny", "x-*": "allow" }),
        ...config(PROJECT, {
          agent: {
            build: {
              permission: { skill: { "sec-*": "allow", "x-*": "deny" } },
            },
          },
        }),
      },
    ),
    one(
      d,
      "permission-project-over-global",
      "permission.skill of the project's files applies after the global file's: the git root's opencode.json, the cwd's, then .opencode/opencode.jsonc",
      {
        ...control,
        ...at(`${U}/p-one`),
        ...at(`${U}/p-two`),
        ...at(`${U}/p-three`),
        ...at(`${U}/p-four`),
        ...skillPermission(GLOBAL, { "p-*": "deny" }),
        ...skillPermission(PROJECT, {
          "p-two": "allow",
          "p-three": "allow",
          "p-four": "deny",
        }),
        ...skillPermission("project/sub/opencode.json", { "p-four": "allow" }),
        "project/.opencode/opencode.jsonc":
          '{\n  // the .opencode folder comes last\n  "permission": { "skill": { "p-three": "deny", }, },\n}\n',
      },
      { cwd: "project/sub" },
    ),
    one(
      d,
      "permission-global-and-custom",
      "permission.skill across files: the global config.json, opencode.json, opencode.jsonc, then $OPENCODE_CONFIG, then the project's opencode.json",
      {
        ...control,
        ...at(`${U}/c-one`),
        ...at(`${U}/c-two`),
        ...at(`${U}/c-three`),
        ...at(`${U}/c-four`),
        ...at(`${U}/c-five`),
        ...skillPermission("home/.config/opencode/config.json", {
          "c-*": "deny",
        }),
        ...skillPermission(GLOBAL, { "c-one": "allow" }),
        ...skillPermission(`${GLOBAL}c`, { "c-one": "deny", "c-two": "allow" }),
        ...skillPermission(CUSTOM, { "c-two": "deny", "c-three": "allow" }),
        ...skillPermission(PROJECT, { "c-three": "deny", "c-five": "allow" }),
      },
      { env: { OPENCODE_CONFIG: `$ROOT/${CUSTOM}` } },
    ),
    one(
      d,
      "permission-config-folders",
      "permission.skill of the .opencode folders (from the cwd up), then ~/.opencode, then $OPENCODE_CONFIG_DIR, all after the project's opencode.json",
      {
        ...control,
        ...at(`${U}/d-one`),
        ...at(`${U}/d-two`),
        ...at(`${U}/d-three`),
        ...at(`${U}/d-four`),
        ...at(`${U}/d-five`),
        ...skillPermission(PROJECT, { "d-one": "allow" }),
        ...skillPermission("project/sub/.opencode/opencode.json", {
          "d-five": "deny",
        }),
        ...skillPermission("project/.opencode/opencode.json", {
          "d-one": "deny",
          "d-two": "deny",
          "d-five": "allow",
        }),
        ...skillPermission("home/.opencode/opencode.json", {
          "d-two": "allow",
          "d-three": "deny",
        }),
        ...skillPermission("cfgdir/opencode.json", {
          "d-three": "allow",
          "d-four": "deny",
        }),
      },
      { cwd: "project/sub", env: { OPENCODE_CONFIG_DIR: "$ROOT/cfgdir" } },
    ),
    one(
      d,
      "permission-key-keeps-place",
      "a pattern a later file sets again keeps its first place (a deep merge): a rule after it still decides",
      {
        ...control,
        ...at(`${U}/a-one`),
        ...at(`${U}/a-two`),
        ...skillPermission(GLOBAL, { "a-*": "deny", "a-one": "allow" }),
        ...skillPermission(PROJECT, { "a-*": "deny" }),
      },
    ),
    one(
      d,
      "skills-paths",
      "skills.paths adds folders: ~/ is the home, a relative path is below the cwd (not the project root), any depth (a skill folder itself too), dot-folders skipped, a missing one ignored",
      {
        ...control,
        ...at("home/my-skills/deep/nested/tilde-path"),
        ...at("project/relskills/rel-at-root"),
        ...at("project/sub/relskills/rel-at-cwd"),
        ...at("project/sub/relskills/.hidden/dot-path"),
        ...at("home/one-skill", "one-skill-itself"),
        ...config(GLOBAL, {
          skills: {
            paths: [
              "~/my-skills",
              "relskills",
              "does-not-exist",
              "~/one-skill",
            ],
          },
        }),
      },
      { cwd: "project/sub" },
    ),
    one(
      d,
      "skills-paths-project-replaces",
      "a project opencode.json's skills.paths replaces the global file's",
      {
        ...control,
        ...at("home/my-skills/tilde-path"),
        ...at("project/projpaths/proj-path"),
        ...config(GLOBAL, { skills: { paths: ["~/my-skills"] } }),
        ...config(PROJECT, { skills: { paths: ["projpaths"] } }),
      },
    ),
    one(
      d,
      "env-disable-claude-code-skills",
      "OPENCODE_DISABLE_CLAUDE_CODE_SKILLS=1: no .claude/skills folder is read",
      external,
      { env: { OPENCODE_DISABLE_CLAUDE_CODE_SKILLS: "1" } },
    ),
    one(
      d,
      "env-disable-claude-code",
      "OPENCODE_DISABLE_CLAUDE_CODE=1: no .claude/skills folder is read",
      external,
      { env: { OPENCODE_DISABLE_CLAUDE_CODE: "1" } },
    ),
    one(
      d,
      "env-disable-external-skills",
      "OPENCODE_DISABLE_EXTERNAL_SKILLS=1: no .claude/skills or .agents/skills folder is read",
      external,
      { env: { OPENCODE_DISABLE_EXTERNAL_SKILLS: "1" } },
    ),
    one(
      d,
      "env-disable-project-config",
      "OPENCODE_DISABLE_PROJECT_CONFIG=1: the project's .opencode folders and opencode.json are not read (its .agents and .claude folders are)",
      {
        ...external,
        ...at("project/.opencode/skill/p-oc-skill"),
        ...at(`${P}/p-oc`),
        ...skillPermission(PROJECT, { "p-agents": "deny" }),
      },
      { env: { OPENCODE_DISABLE_PROJECT_CONFIG: "1" } },
    ),
    one(
      d,
      "tools-skill-false",
      "the legacy tools.skill = false: no skills section (permission.skill deny)",
      {
        ...control,
        ...at(`${U}/u-oc`),
        ...config(GLOBAL, { tools: { skill: false } }),
      },
    ),
    one(
      d,
      "tools-skill-false-permission-wins",
      "tools.skill = false beside a permission.skill: the permission decides",
      {
        ...control,
        ...at(`${U}/u-oc`),
        ...at(`${U}/held`),
        ...config(GLOBAL, {
          tools: { skill: false },
          permission: { skill: { held: "deny" } },
        }),
      },
    ),
  ];
}
