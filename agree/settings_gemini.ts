// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `settings` cases of Gemini CLI: trees with its own settings files and
 * variables (issue 41 §2), each showing one measured fact. The driver merges
 * its own keys into `home/.gemini/settings.json` (below `GEMINI_CLI_HOME`
 * when a case sets it), keeping the case's.
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
import type { TreeEntry } from "./types.ts";

/** An extension below `dir` (`home/.gemini/extensions/NAME`) with one skill. */
function extension(
  dir: string,
  manifest: Record<string, unknown>,
  skill: string,
): Record<string, TreeEntry> {
  return {
    [`${dir}/gemini-extension.json`]: jsonText(manifest),
    ...plain(`${dir}/skills/${skill}`),
  };
}

/**
 * Gemini CLI's settings cases.
 *
 * @param l Its layout.
 * @returns The cases.
 */
export function geminiSettingsCases(l: Layout): Case[] {
  const d = "settings";
  const user = "home/.gemini/settings.json";
  const workspace = "project/.gemini/settings.json";
  const control = plain(`${l.p}/keep`);
  return [
    one(
      d,
      "disabled-frontmatter-name",
      "skills.disabled names the frontmatter name, in any case, not the folder",
      {
        ...control,
        ...plain(`${l.u}/alpha`),
        [`${l.u}/gamma-dir/SKILL.md`]: skillMd("gamma", "The gamma skill."),
        [`${l.u}/delta-dir/SKILL.md`]: skillMd("delta", "The delta skill."),
        [user]: jsonText({
          skills: { disabled: ["ALPHA", "gamma-dir", "delta"] },
        }),
      },
    ),
    one(
      d,
      "disabled-union",
      "the user's and the workspace's skills.disabled add up",
      {
        ...control,
        ...plain(`${l.u}/alpha`),
        ...plain(`${l.u}/delta`),
        ...plain(`${l.p}/beta`),
        [user]: jsonText({ skills: { disabled: ["alpha"] } }),
        [workspace]: jsonText({ skills: { disabled: ["beta", "delta"] } }),
      },
    ),
    one(d, "enabled-false-user", "skills.enabled: false in the user file", {
      ...control,
      ...plain(`${l.u}/alpha`),
      [user]: jsonText({ skills: { enabled: false } }),
    }),
    one(
      d,
      "enabled-false-project",
      "skills.enabled: false in the workspace file",
      {
        ...control,
        ...plain(`${l.u}/alpha`),
        [workspace]: jsonText({ skills: { enabled: false } }),
      },
    ),
    one(
      d,
      "enabled-project-wins",
      "skills.enabled: false for the user, true for the workspace",
      {
        ...control,
        ...plain(`${l.u}/alpha`),
        [user]: jsonText({ skills: { enabled: false } }),
        [workspace]: jsonText({ skills: { enabled: true } }),
      },
    ),
    one(
      d,
      "env-prompt-agentskills",
      "GEMINI_PROMPT_AGENTSKILLS=0 leaves the skills section out",
      { ...control, ...plain(`${l.u}/alpha`) },
      { env: { GEMINI_PROMPT_AGENTSKILLS: "0" } },
    ),
    one(
      d,
      "experimental-admin-no-effect",
      "experimental.skills and admin.skills.enabled in the user file do nothing",
      {
        ...control,
        ...plain(`${l.u}/alpha`),
        [user]: jsonText({
          experimental: { skills: false },
          admin: { skills: { enabled: false } },
        }),
      },
    ),
    one(
      d,
      "extension-skills",
      "an extension's skills/ is read; one without a version is not; skills.disabled reaches it",
      {
        ...control,
        ...extension(
          "home/.gemini/extensions/myext",
          { name: "myext", version: "1.0.0" },
          "ext-skill",
        ),
        ...plain("home/.gemini/extensions/myext/skills/ext-off"),
        ...extension(
          "home/.gemini/extensions/nover",
          { name: "nover" },
          "nover-skill",
        ),
        ...extension(
          "home/.gemini/extensions/badname",
          { name: "bad name", version: "1.0.0" },
          "badname-skill",
        ),
        [user]: jsonText({ skills: { disabled: ["ext-off"] } }),
      },
    ),
    one(
      d,
      "extension-linked",
      "a linked extension install reads its source's skills/",
      {
        ...control,
        "home/.gemini/extensions/linkext/.gemini-extension-install.json":
          jsonText(
            { source: "../elsewhere/linkext", type: "link" },
          ),
        ...extension(
          "elsewhere/linkext",
          { name: "linkext", version: "1.0.0" },
          "linked-skill",
        ),
      },
    ),
    one(
      d,
      "env-gemini-cli-home",
      "under GEMINI_CLI_HOME, its settings and extensions count, not the home's",
      {
        ...control,
        ...plain("ghome/.gemini/skills/g-keep"),
        ...plain("ghome/.gemini/skills/g-off"),
        ...extension(
          "ghome/.gemini/extensions/gext",
          { name: "gext", version: "1.0.0" },
          "gext-skill",
        ),
        ...extension(
          "home/.gemini/extensions/homeext",
          { name: "homeext", version: "1.0.0" },
          "homeext-skill",
        ),
        "ghome/.gemini/settings.json": jsonText({
          skills: { disabled: ["g-off"] },
        }),
        [user]: jsonText({ skills: { disabled: ["g-keep", "keep"] } }),
      },
      { env: { GEMINI_CLI_HOME: "$ROOT/ghome" } },
    ),
  ];
}
