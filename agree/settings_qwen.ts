// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `settings` cases of qwen: trees with its own settings files and
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
 * qwen's settings cases.
 *
 * @param l Its layout.
 * @returns The cases.
 */
export function qwenSettingsCases(l: Layout): Case[] {
  const d = "settings";
  const { p, u } = l;
  return [
    one(
      d,
      "disabled-names",
      "skills.disabled names the frontmatter name, in any case; a folder name does not match",
      {
        ...plain(`${p}/pa`),
        [`${p}/fold-b/SKILL.md`]: skillMd("nb", describe("nb")),
        [`${p}/fold-c/SKILL.md`]: skillMd("nc", describe("nc")),
        ...plain(`${u}/ua`),
        ...plain(`${p}/control`),
        "home/.qwen/settings.json": jsonText({
          skills: { disabled: ["PA", "fold-b", "nc", " Ua "] },
        }),
      },
    ),
    one(
      d,
      "default-disabled",
      "skills.defaultDisabled leaves a skill out unless skills.enabled names it; skills.enabled does not undo skills.disabled",
      {
        ...plain(`${u}/ud`),
        ...plain(`${u}/ue`),
        ...plain(`${u}/uf`),
        ...plain(`${u}/control`),
        "home/.qwen/settings.json": jsonText({
          skills: {
            defaultDisabled: ["ud", "UE"],
            enabled: ["ue", "uf"],
            disabled: ["uf"],
          },
        }),
      },
    ),
    one(
      d,
      "project-and-user",
      "the lists of ~/.qwen/settings.json and .qwen/settings.json add up: disabled in the project, enabled by the user stays off",
      {
        ...plain(`${p}/pa`),
        ...plain(`${p}/pb`),
        ...plain(`${u}/ua`),
        ...plain(`${u}/ub`),
        ...plain(`${p}/control`),
        "project/.qwen/settings.json": jsonText({
          skills: { disabled: ["pb", "ua"], defaultDisabled: ["ub"] },
        }),
        "home/.qwen/settings.json": jsonText({
          skills: { enabled: ["pb"], disabled: ["pa"] },
        }),
      },
    ),
    one(
      d,
      "disabled-levels-project",
      'skills.disabledLevels ["project"] leaves out every project skill (.qwen/skills and .agents/skills)',
      {
        ...plain(`${p}/pa`),
        ...plain("project/.agents/skills/pb"),
        ...plain(`${u}/control`),
        "home/.qwen/settings.json": jsonText({
          skills: { disabledLevels: ["project"] },
        }),
      },
    ),
    one(
      d,
      "disabled-levels-user",
      'skills.disabledLevels ["user"] in .qwen/settings.json leaves out every user skill (~/.qwen/skills, ~/.agents/skills, skills.directories)',
      {
        ...plain(`${u}/ua`),
        ...plain("home/.agents/skills/ub"),
        ...plain("home/more/uc"),
        ...plain(`${p}/control`),
        "home/.qwen/settings.json": jsonText({
          skills: { directories: ["~/more"] },
        }),
        "project/.qwen/settings.json": jsonText({
          skills: { disabledLevels: ["user"] },
        }),
      },
    ),
    one(
      d,
      "directories",
      "skills.directories adds folders read one level deep at level user: ~/ below the home, a relative entry below the working directory",
      {
        ...plain("home/more/m-a"),
        ...plain("home/more/nested/deep"),
        "home/more/SKILL.md": skillMd("more-root", describe("more-root")),
        ...plain("project/rel/r-a"),
        ...plain(`${p}/control`),
        "home/.qwen/settings.json": jsonText({
          skills: { directories: ["~/more", "rel"] },
        }),
      },
    ),
    one(
      d,
      "directories-project",
      "skills.directories in .qwen/settings.json adds folders too",
      {
        ...plain("home/more/m-b"),
        ...plain(`${p}/control`),
        "project/.qwen/settings.json": jsonText({
          skills: { directories: ["~/more"] },
        }),
      },
    ),
    one(
      d,
      "no-effect",
      "slashCommands.disabled, permissions.deny (Skill, Skill(name)) and tools.exclude (Skill) do not change the listing",
      {
        ...plain(`${p}/pa`),
        ...plain(`${p}/pb`),
        ...plain(`${u}/ua`),
        "home/.qwen/settings.json": jsonText({
          slashCommands: { disabled: ["pa"] },
          permissions: { deny: ["Skill", "Skill(pb)"] },
          tools: { exclude: ["Skill"] },
        }),
      },
    ),
  ];
}
