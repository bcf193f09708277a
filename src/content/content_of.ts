// Copyright 2026 the skillscope authors. MIT license.
/**
 * The one place a skill's kind is decided: its source binds the content
 * when it builds the skill (an embedded skill, a remote one, an approved
 * copy), and a skill nothing was bound to is read from the directory
 * discovery found it in — decided at its first read and kept.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import { diskContent } from "./disk_content.ts";
import type { SkillContent } from "./skill_content.ts";

const contents = new WeakMap<Skill, SkillContent>();

/**
 * Binds the content of a skill, called by the source that builds it.
 *
 * @example A skill held in memory by a source of your own
 * ```ts
 * import { bindContent, contentOf } from "./content_of.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "hi", description: "Hi", source: { kind: "remote", key: "mine#hi" }, frontmatter: {} };
 * bindContent(skill, {
 *   readBody: () => Promise.resolve("# Hi\n"),
 *   readFile: () => Promise.reject(new Error("no files")),
 *   listFiles: () => Promise.resolve({ files: [], truncated: false }),
 * });
 * assert.equal(await contentOf(skill).readBody(), "# Hi\n");
 * ```
 *
 * @param skill The skill.
 * @param content Its content.
 */
export function bindContent(skill: Skill, content: SkillContent): void {
  contents.set(skill, content);
}

/**
 * The content of a skill: what its source bound to it, else its directory
 * on disk (a skill with none is refused, naming it, when read).
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { contentOf } from "./content_of.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * assert.equal(await contentOf(skill!).readBody(), "# Demo\n");
 * assert.equal(contentOf(skill!), contentOf(skill!));
 * ```
 *
 * @param skill The skill.
 * @returns Its content.
 */
export function contentOf(skill: Skill): SkillContent {
  let content = contents.get(skill);
  if (content === undefined) contents.set(skill, content = diskContent(skill));
  return content;
}
