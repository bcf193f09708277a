// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `settings` cases of Codex: trees with its own `config.toml` (the
 * user's, which the driver merges its provider into, and a project's), each
 * showing one measured fact. A scenario's text cannot hold its absolute
 * root, so path selectors are written as Codex also reads them: from `~`
 * (the scenario's home) or relative to `CODEX_HOME` (`home/.codex`).
 *
 * @module
 */
import {
  type Case,
  describe,
  type Layout,
  one,
  skillMd,
} from "./corpus_layout.ts";
import type { TreeEntry } from "./types.ts";

/** A skill in `DIR` with the frontmatter name `name`. */
function at(dir: string, name: string): Record<string, TreeEntry> {
  return { [`${dir}/SKILL.md`]: skillMd(name, describe(name)) };
}

/** A `[[skills.config]]` entry. */
function rule(
  selector: "path" | "name",
  value: string,
  enabled: boolean,
): string {
  return `[[skills.config]]\n${selector} = ${
    JSON.stringify(value)
  }\nenabled = ${enabled}\n`;
}

/** The user's `config.toml` with these entries (the driver adds its own tables). */
function userConfig(...entries: string[]): Record<string, TreeEntry> {
  return { "home/.codex/config.toml": entries.join("\n") };
}

const P = "project/.agents/skills";
const U = "home/.agents/skills";
const OFF = "[skills]\ninclude_instructions = false\n";
const ON = "[skills]\ninclude_instructions = true\n";

/**
 * Codex's settings cases.
 *
 * @param _l Its layout.
 * @returns The cases.
 */
export function codexSettingsCases(_l: Layout): Case[] {
  const d = "settings";
  const control = at(`${P}/control`, "control");
  return [
    one(
      d,
      "skills-config-path",
      "[[skills.config]] path selectors: the SKILL.md file (from ~, relative to CODEX_HOME, through a symlink) turns a skill off; its folder does not",
      {
        ...control,
        ...at(`${U}/by-path`, "by-path"),
        ...at(`${U}/by-dir`, "by-dir"),
        ...at(`${P}/rel-path`, "rel-path"),
        ...at("shared/linked", "linked"),
        [`${P}/linked`]: { symlink: "../../../shared/linked" },
        ...userConfig(
          rule("path", "~/.agents/skills/by-path/SKILL.md", false),
          rule("path", "~/.agents/skills/by-dir", false),
          rule("path", "../../project/.agents/skills/rel-path/SKILL.md", false),
          rule("path", "~/../project/.agents/skills/linked/SKILL.md", false),
        ),
      },
    ),
    one(
      d,
      "skills-config-name",
      "[[skills.config]] name selectors: the exact frontmatter name, trimmed, every copy of it; no globs, not the folder",
      {
        ...control,
        ...at(`${P}/by-name`, "by-name"),
        ...at(`${U}/twin`, "twin"),
        ...at(`${P}/twin`, "twin"),
        ...at(`${P}/glob1`, "glob1"),
        ...at(`${P}/folder-x`, "fm-name"),
        ...at(`${P}/trimmed`, "trimmed"),
        ...userConfig(
          rule("name", "by-name", false),
          rule("name", "twin", false),
          rule("name", "glob*", false),
          rule("name", "folder-x", false),
          rule("name", " trimmed ", false),
        ),
      },
    ),
    one(
      d,
      "skills-config-later-wins",
      "[[skills.config]] entries apply in order: a later name rule turns a path rule's skill back on, a later path rule off again",
      {
        ...control,
        ...at(`${P}/back-on`, "back-on"),
        ...at(`${P}/off-again`, "off-again"),
        ...userConfig(
          rule("path", "../../project/.agents/skills/back-on/SKILL.md", false),
          rule("name", "back-on", true),
          rule("name", "off-again", true),
          rule(
            "path",
            "../../project/.agents/skills/off-again/SKILL.md",
            false,
          ),
        ),
      },
    ),
    one(
      d,
      "skills-config-project-ignored",
      "[[skills.config]] in a trusted project's .codex/config.toml is ignored",
      {
        ...control,
        ...at(`${P}/proj-off`, "proj-off"),
        "project/.codex/config.toml": rule("name", "proj-off", false),
      },
    ),
    one(
      d,
      "include-instructions-off",
      "[skills] include_instructions = false in the user's config.toml: no skills block",
      { ...control, ...userConfig(OFF) },
    ),
    one(
      d,
      "include-instructions-project",
      "[skills] include_instructions = false in the project's .codex/config.toml, cwd below it: no skills block",
      { ...control, "project/.codex/config.toml": OFF },
      { cwd: "project/sub" },
    ),
    one(
      d,
      "include-instructions-deeper-wins",
      "include_instructions = true in the cwd's .codex/config.toml wins over false at the project root and in the user's file",
      {
        ...control,
        ...userConfig(OFF),
        "project/.codex/config.toml": OFF,
        "project/sub/.codex/config.toml": ON,
      },
      { cwd: "project/sub" },
    ),
    one(
      d,
      "omit-skill-descriptions",
      "[features] omit_skill_descriptions = true in the user's config.toml: every skill by name only, a [[skills.config]] rule still turns one off",
      {
        ...control,
        ...at(`${U}/named`, "named"),
        ...at(`${P}/dropped`, "dropped"),
        // The driver keeps a [features] table the scenario writes: its own
        // switches go in it.
        "home/.codex/config.toml": [
          rule("name", "dropped", false),
          rule("name", "named", true),
          "[features]\nplugins = false\nremote_plugin = false\napps = false\nomit_skill_descriptions = true\n",
        ].join("\n"),
      },
    ),
    one(
      d,
      "omit-skill-descriptions-project",
      "[features] omit_skill_descriptions = true in a trusted project's .codex/config.toml: every skill by name only",
      {
        ...control,
        ...at(`${U}/user-skill`, "user-skill"),
        "project/.codex/config.toml":
          "[features]\nomit_skill_descriptions = true\n",
      },
    ),
  ];
}
