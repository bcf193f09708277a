// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `SKILL.md` a skill is served as over MCP, and its frontmatter in plain
 * JSON.
 *
 * @module
 */
import { dump } from "js-yaml";
import { embeddedContentOf } from "../discover/embedded_skill.ts";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import { analyzeFrontmatter } from "../parse/skill_md.ts";
import { onDisk, readSkillFileSync } from "../serve/read_skill.ts";
import type { Skill } from "../shared/types.ts";

const encoder = new TextEncoder();

/**
 * The `SKILL.md` a skill is served as: the file's bytes for a skill on disk;
 * for an embedded skill its content, or — when that content does not carry
 * the skill's name and description in its frontmatter — the content with a
 * frontmatter that does.
 *
 * @param skill The skill.
 * @param maxBytes The largest `SKILL.md` read from disk.
 * @returns The bytes and the frontmatter they carry.
 */
export function servedSkillMd(
  skill: Skill,
  maxBytes: number,
): { bytes: Uint8Array; frontmatter: Readonly<Record<string, unknown>> } {
  const embedded = embeddedContentOf(skill);
  if (embedded === undefined) {
    // The listing carries the frontmatter of exactly these bytes (the file
    // may have changed since discovery; the skill keeps a capped copy).
    const bytes = readSkillFileSync(skill, maxBytes);
    return { bytes, frontmatter: frontmatterOf(bytes, onDisk(skill).path) };
  }
  const fm = frontmatterOf(encoder.encode(embedded.text), skill.source.key);
  if (fm.name === skill.name && fm.description === skill.description) {
    return { bytes: encoder.encode(embedded.text), frontmatter: fm };
  }
  const frontmatter = {
    ...fm,
    name: skill.name,
    description: skill.description,
  };
  const text = `---\n${dump(frontmatter, { lineWidth: -1 })}---\n${
    embedded.body.replace(/^\n+/, "")
  }`;
  return { bytes: encoder.encode(text), frontmatter };
}

/** The frontmatter as plain JSON (dates become ISO strings, nothing else changes). */
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
  return analyzeFrontmatter(split.yaml, { path }).frontmatter;
}
