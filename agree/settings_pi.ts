// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `settings` cases of pi: trees with its own settings files and
 * variables (issue 41 §2), each showing one measured fact. The driver only
 * adds `models.json` beside the user settings file.
 *
 * @module
 */
import {
  type Case,
  jsonText,
  type Layout,
  one,
  plain,
  skillMd,
} from "./corpus_layout.ts";

/**
 * pi's settings cases.
 *
 * @param _l Its layout.
 * @returns The cases.
 */
export function piSettingsCases(_l: Layout): Case[] {
  const d = "settings";
  const user = "home/.pi/agent/settings.json";
  const project = "project/.pi/settings.json";
  const us = "home/.pi/agent/skills";
  const ps = "project/.pi/skills";
  return [
    one(
      d,
      "user-excludes",
      "the user's !patterns turn off user skills, never project ones",
      {
        ...plain(`${us}/u-off`),
        ...plain(`${us}/u-keep`),
        ...plain("home/.agents/skills/ua-off"),
        ...plain(`${ps}/p-keep`),
        [user]: jsonText({ skills: ["!u-off", "!ua-off", "!p-keep"] }),
      },
    ),
    one(
      d,
      "project-excludes",
      "the project's !patterns turn off project skills, never user ones",
      {
        ...plain(`${ps}/p-off`),
        ...plain(`${ps}/p-keep`),
        ...plain("project/.agents/skills/pa-off"),
        ...plain(`${us}/u-keep`),
        [project]: jsonText({ skills: ["!p-off", "!pa-off", "!u-keep"] }),
      },
    ),
    one(
      d,
      "exclude-folder-not-name",
      "!patterns match the folder (globs too), not the frontmatter name",
      {
        [`${us}/dir-x/SKILL.md`]: skillMd("named-x", "The named-x skill."),
        ...plain(`${us}/glob-a`),
        ...plain(`${us}/glob-b`),
        ...plain(`${us}/keep-c`),
        [user]: jsonText({ skills: ["!named-x", "!glob-*"] }),
      },
    ),
    one(
      d,
      "exclude-dot-segments",
      "a glob's * never matches a dot segment (minimatch); an explicit dot does",
      {
        ...plain("home/.agents/skills/dot-keep"),
        ...plain("home/.agents/skills/dot-off"),
        ...plain(`${us}/u-keep`),
        [user]: jsonText({
          skills: [
            "!../../*/skills/dot-keep",
            "!**/dot-keep/SKILL.md",
            "!../../.agents/skills/dot-off",
          ],
        }),
      },
    ),
    one(
      d,
      "force-include-exclude",
      "+path turns a skill back on, -path off again, over !*",
      {
        ...plain(`${us}/ua`),
        ...plain(`${us}/keep-c`),
        ...plain(`${us}/other-d`),
        ...plain("home/.agents/skills/ub"),
        [user]: jsonText({
          skills: ["!*", "+skills/keep-c", "+skills/ua", "-skills/ua"],
        }),
      },
    ),
    one(
      d,
      "paths-add",
      "plain entries add folders (any depth) and one SKILL.md; ! reaches them",
      {
        ...plain(`${ps}/p-keep`),
        ...plain("home/extra-skills/keep"),
        ...plain("home/extra-skills/drop"),
        ...plain("home/extra-skills/group/deeper/nested"),
        ...plain("home/one/solo"),
        ...plain("home/one/not-named"),
        ...plain("project/shared-skills/shared"),
        [user]: jsonText({
          skills: ["~/extra-skills", "!drop", "~/one/solo/SKILL.md"],
        }),
        [project]: jsonText({ skills: ["../shared-skills"] }),
      },
    ),
    one(
      d,
      "include-globs",
      "an unprefixed glob keeps only the matching skills of its file's paths",
      {
        ...plain(`${us}/ua`),
        ...plain(`${ps}/pa`),
        ...plain("home/globbed/g1"),
        ...plain("project/extra-skills/keep"),
        ...plain("project/extra-skills/drop"),
        [user]: jsonText({ skills: ["~/globbed/*"] }),
        [project]: jsonText({ skills: ["../extra-skills", "kee*"] }),
      },
    ),
    one(
      d,
      "legacy-object",
      "the legacy {customDirectories} object adds its folders",
      {
        ...plain(`${us}/ua`),
        ...plain("home/legacy/leg"),
        [user]: jsonText({
          skills: {
            customDirectories: ["~/legacy"],
            enableSkillCommands: false,
          },
        }),
      },
    ),
    one(
      d,
      "env-agent-dir",
      "under PI_CODING_AGENT_DIR, its settings.json counts, paths below it",
      {
        ...plain(`${ps}/p-keep`),
        ...plain("agent/skills/a-keep"),
        ...plain("agent/skills/a-off"),
        ...plain("agent/extra/e-keep"),
        ...plain(`${us}/home-only`),
        "agent/settings.json": jsonText({ skills: ["extra", "!a-off"] }),
        [user]: jsonText({ skills: ["!a-keep", "!e-keep"] }),
      },
      { env: { PI_CODING_AGENT_DIR: "$ROOT/agent" } },
    ),
    one(
      d,
      "skill-commands-no-effect",
      "enableSkillCommands: false does not change the listing",
      {
        ...plain(`${us}/ua`),
        ...plain(`${ps}/pa`),
        [user]: jsonText({ enableSkillCommands: false }),
      },
    ),
  ];
}
