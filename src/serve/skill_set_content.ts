// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a {@linkcode SkillSet} reads of a skill: its content, and the
 * activation payload built from it. Reading and listing files are loaded on
 * first use: a program that only discovers and lists skills never loads
 * them.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import type { SkillContent } from "./skill_content.ts";

let content: Promise<typeof import("./skill_content.ts")> | undefined;
let activation: Promise<typeof import("./activation_cache.ts")> | undefined;

/**
 * The content of a skill (its body, files and file list), the reading code
 * loaded on first use.
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { contentOfSkill } from "./skill_set_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * assert.equal(await (await contentOfSkill(skill!)).readBody(), "# Demo\n");
 * ```
 *
 * @param skill The skill.
 * @returns Its content.
 */
export async function contentOfSkill(skill: Skill): Promise<SkillContent> {
  return (await (content ??= import("./skill_content.ts"))).contentOf(skill);
}

/**
 * The activation payload of a skill: `<skill_content name="…">` with its
 * body, directory and resources, kept while the skill's files keep their
 * identity (see `cachedActivation`).
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { activationOf } from "./skill_set_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * assert.match(await activationOf(skill!), /^<skill_content name="demo">/);
 * ```
 *
 * @param skill The skill.
 * @param options `arguments`: what the user typed after the skill's name.
 * @returns The payload.
 * @throws {SkillAccessError} when the body cannot be read.
 */
export async function activationOf(
  skill: Skill,
  options: { arguments?: string } = {},
): Promise<string> {
  return (await (activation ??= import("./activation_cache.ts")))
    .cachedActivation(skill, options);
}
