// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `settings` cases of claude: trees with its own settings files and
 * variables (issue 41 §2), each showing one measured fact.
 *
 * @module
 */
import {
  type Case,
  describe,
  jsonText,
  type Layout,
  one,
  plain,
  skillMd,
} from "./corpus_layout.ts";

/**
 * claude's settings cases.
 *
 * @param l Its layout.
 * @returns The cases.
 */
export function claudeSettingsCases(l: Layout): Case[] {
  const d = "settings";
  const { p, u } = l;
  return [
    one(
      d,
      "overrides-user",
      "skillOverrides in ~/.claude/settings.json: off and user-invocable-only leave a skill out, name-only drops its description, on keeps it; keys are folder names, and speak of project skills too",
      {
        ...plain(`${u}/u-off`),
        ...plain(`${u}/u-name-only`),
        ...plain(`${u}/u-uio`),
        ...plain(`${u}/u-on`),
        ...plain(`${u}/control`),
        [`${u}/d-fold/SKILL.md`]: skillMd("d-name", describe("d-name")),
        [`${u}/e-fold/SKILL.md`]: skillMd("e-name", describe("e-name")),
        ...plain(`${p}/p-off`),
        ...plain(`${p}/p-name-only`),
        "home/.claude/settings.json": jsonText({
          skillOverrides: {
            "u-off": "off",
            "u-name-only": "name-only",
            "u-uio": "user-invocable-only",
            "u-on": "on",
            "d-name": "off",
            "e-fold": "off",
            "p-off": "off",
            "p-name-only": "name-only",
          },
        }),
      },
    ),
    one(
      d,
      "overrides-merge",
      "skillOverrides merged key by key: ~/.claude/settings.json, then .claude/settings.json, then .claude/settings.local.json, the later winning",
      {
        ...plain(`${u}/u-a`),
        ...plain(`${u}/u-b`),
        ...plain(`${p}/p-a`),
        ...plain(`${p}/p-b`),
        ...plain(`${p}/p-c`),
        ...plain(`${p}/p-d`),
        ...plain(`${p}/p-e`),
        ...plain(`${p}/control`),
        "home/.claude/settings.json": jsonText({
          skillOverrides: { "p-c": "off", "p-d": "off" },
        }),
        "project/.claude/settings.json": jsonText({
          skillOverrides: { "p-a": "off", "u-a": "name-only", "p-d": "on" },
        }),
        "project/.claude/settings.local.json": jsonText({
          skillOverrides: {
            "p-b": "off",
            "u-b": "off",
            "p-c": "on",
            "p-e": "name-only",
          },
        }),
      },
    ),
    one(
      d,
      "overrides-config-dir",
      "with CLAUDE_CONFIG_DIR set, its settings.json is the user's and ~/.claude/settings.json is not read",
      {
        ...plain(`${p}/p-a`),
        ...plain(`${p}/p-b`),
        ...plain(`${p}/control`),
        "config/settings.json": jsonText({ skillOverrides: { "p-a": "off" } }),
        "home/.claude/settings.json": jsonText({
          skillOverrides: { "p-b": "off" },
        }),
      },
      { env: { CLAUDE_CONFIG_DIR: "$ROOT/config" } },
    ),
    one(
      d,
      "overrides-command",
      "skillOverrides speaks of a legacy command by its name too",
      {
        "project/.claude/commands/deploy.md":
          "---\ndescription: Deploy the app.\n---\nDo it.\n",
        "project/.claude/commands/release.md":
          "---\ndescription: Release the app.\n---\nDo it.\n",
        ...plain(`${p}/control`),
        "home/.claude/settings.json": jsonText({
          skillOverrides: { deploy: "off", release: "name-only" },
        }),
      },
    ),
    one(
      d,
      "deny-skill-tool",
      'permissions.deny ["Skill"] takes the Skill tool away: no listing at all',
      {
        ...plain(`${u}/u-a`),
        ...plain(`${p}/p-a`),
        "home/.claude/settings.json": jsonText({
          permissions: { deny: ["Skill"] },
        }),
      },
    ),
    one(
      d,
      "deny-skill-tool-project",
      'permissions.deny ["Skill"] in .claude/settings.local.json takes the Skill tool away too',
      {
        ...plain(`${u}/u-a`),
        ...plain(`${p}/p-a`),
        "project/.claude/settings.local.json": jsonText({
          permissions: { deny: ["Skill"] },
        }),
      },
    ),
    one(
      d,
      "deny-skill-rule",
      'permissions.deny ["Skill(name)"] does not change the listing',
      {
        ...plain(`${u}/u-a`),
        ...plain(`${p}/p-a`),
        ...plain(`${p}/control`),
        "home/.claude/settings.json": jsonText({
          permissions: { deny: ["Skill(u-a)", "Skill(p-a)"] },
        }),
      },
    ),
  ];
}
