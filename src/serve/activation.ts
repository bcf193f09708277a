// Copyright 2026 the skillscope authors. MIT license.
/**
 * The activation payload: what an agent injects when the model activates a
 * skill.
 *
 * @module
 */
import { escapeTerminal, escapeXml } from "../shared/escape.ts";
import type { SkillResources } from "../content/skill_content.ts";
import type { Skill } from "../shared/types.ts";
import { substituteArguments } from "./mentions.ts";

/**
 * Renders `<skill_content name="…">` with the body, the skill directory and a
 * `<skill_resources>` list of the bundled files (paths only, never contents).
 *
 * @example Usage
 * ```ts
 * import { directorySource, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const [name, description, extra] of [
 *   ["pdf-tools", "Fill and read PDF forms", ""],
 *   ["sql-review", "Review SQL migrations", "globs: ['db/**']\n"],
 * ]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(
 *     `${root}/${name}/SKILL.md`,
 *     `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`,
 *   );
 * }
 * const set = SkillSet.openSync({ sources: [directorySource(root)] });
 * const payload = await set.activate("pdf-tools");
 * assert.match(payload, /^<skill_content name="pdf-tools">\n# pdf-tools/);
 * assert.equal(set.isActive("pdf-tools"), true);
 * ```
 *
 * @param skill The skill.
 * @param body Its body.
 * @param resources Its bundled files.
 * @param options `arguments`: what the user typed after the skill's name, substituted into the body (see `substituteArguments`).
 * @returns The payload.
 */
export function renderActivation(
  skill: Skill,
  body: string,
  resources: SkillResources,
  options: { arguments?: string } = {},
): string {
  if (options.arguments !== undefined) {
    body = substituteArguments(body, options.arguments, skill.arguments ?? []);
  }
  const lines = [
    `<skill_content name="${escapeXml(skill.name)}">`,
    // The body cannot close (or open) the wrapper early.
    body.trim().replace(/<(\/?)(skill_content|skill_resources)/gi, "&lt;$1$2"),
    "",
  ];
  if (skill.dir !== undefined) {
    lines.push(
      `Skill directory: ${escapeTerminal(skill.dir)}`,
      "Relative paths in this skill are relative to the skill directory.",
    );
  } else {
    lines.push(
      skill.source.kind === "remote"
        ? `This skill comes from ${
          escapeTerminal(skill.source.key)
        }; read its bundled files with the skills_read_asset tool.`
        : "This skill is built in; read its bundled files with the skills_read_asset tool.",
    );
  }
  if (resources.files.length > 0) {
    lines.push("", "<skill_resources>");
    for (const file of resources.files) {
      lines.push(`<file>${escapeXml(file)}</file>`);
    }
    if (resources.truncated) lines.push("<!-- more files not listed -->");
    lines.push("</skill_resources>");
  }
  lines.push("</skill_content>");
  return lines.join("\n");
}
