// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `SKILL.md` a skill is served as over MCP, and its frontmatter in plain
 * JSON.
 *
 * @module
 */
import { dump } from "js-yaml";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import { analyzeFrontmatter } from "../parse/skill_md.ts";
import { currentYamlParser } from "../parse/yaml.ts";
import type { LocalContent } from "../content/skill_content.ts";
import type { Skill } from "../shared/types.ts";

const encoder = new TextEncoder();

/**
 * The `SKILL.md` a skill is served as: the bytes its content holds, as they
 * are for a file; for a text given in memory whose frontmatter does not
 * carry the skill's name and description, the text under a frontmatter
 * that does.
 *
 * @example An embedded skill given without frontmatter
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { contentOf } from "../content/content_of.ts";
 * import { servedSkillMd } from "./served_skill_md.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const skill = set.require("hi");
 * const served = servedSkillMd(skill, contentOf(skill).local!, 1024);
 * assert.equal(new TextDecoder().decode(served.bytes), "---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * assert.deepEqual(served.frontmatter(), { name: "hi", description: "Says hi" });
 * ```
 *
 * @param skill The skill.
 * @param local Its content.
 * @param maxBytes The largest `SKILL.md` read.
 * @returns The bytes, and the frontmatter they carry (parsed when asked).
 */
export function servedSkillMd(
  skill: Skill,
  local: LocalContent,
  maxBytes: number,
): {
  bytes: Uint8Array;
  frontmatter: () => Readonly<Record<string, unknown>>;
} {
  const held = local.skillMd(maxBytes);
  const path = skill.path ?? skill.source.key;
  // The listing carries the frontmatter of exactly these bytes (the file
  // may have changed since discovery; the skill keeps a capped copy).
  const fm = () => frontmatterOf(held.bytes, path);
  if (held.body === undefined) return { bytes: held.bytes, frontmatter: fm };
  const given = fm();
  if (given.name === skill.name && given.description === skill.description) {
    return { bytes: held.bytes, frontmatter: () => given };
  }
  const frontmatter = {
    ...given,
    name: skill.name,
    description: skill.description,
  };
  const text = `---\n${dump(frontmatter, { lineWidth: -1 })}---\n${
    held.body.replace(/^\n+/, "")
  }`;
  return { bytes: encoder.encode(text), frontmatter: () => frontmatter };
}

/**
 * The frontmatter as plain JSON (dates become ISO strings, nothing else
 * changes), as `skills/list` shows it.
 *
 * @example A date in a frontmatter
 * ```ts
 * import { jsonFrontmatter } from "./served_skill_md.ts";
 * import assert from "node:assert/strict";
 *
 * const fm = { name: "hi", metadata: { updated: new Date("2026-01-02T00:00:00Z") } };
 * assert.deepEqual(jsonFrontmatter(fm), { name: "hi", metadata: { updated: "2026-01-02T00:00:00.000Z" } });
 * ```
 *
 * @param fm A frontmatter map.
 * @returns Its plain JSON copy.
 */
export const jsonFrontmatter = (
  fm: Readonly<Record<string, unknown>>,
): Record<string, unknown> => JSON.parse(JSON.stringify(fm));

/** The frontmatter map of a `SKILL.md`'s bytes (empty when it has none). */
function frontmatterOf(
  bytes: Uint8Array,
  path: string,
): Readonly<Record<string, unknown>> {
  const text = new TextDecoder().decode(bytes);
  if (!text.replace(/^\uFEFF/, "").startsWith("---")) return {};
  const split = splitFrontmatter(text, path);
  return analyzeFrontmatter(split.yaml, {
    path,
    yamlParser: currentYamlParser(),
  }).frontmatter;
}
