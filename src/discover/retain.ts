// Copyright 2026 the skillscope authors. MIT license.
/**
 * A bound on what a discovered skill keeps in memory: a frontmatter larger
 * than {@linkcode MAX_RETAINED_FRONTMATTER_CHARS} keeps only its short,
 * known fields, so 20,000 skills with 60 KB of metadata each cannot take
 * gigabytes to hold and list.
 *
 * @module
 */
import { KNOWN_EXTENSION_FIELDS, SPEC_FIELDS } from "../parse/fields.ts";
import type { Diagnostic, SkillFields } from "../shared/types.ts";
import { firstItems } from "../shared/first_items.ts";
import { setEntry, withNullPrototype } from "../shared/null_record.ts";

/**
 * Frontmatter size (characters of YAML) above which a skill keeps only its short, known fields.
 *
 * @example Usage
 * ```ts
 * import { discoverSync, embeddedSkill } from "@skillscope/skills";
 * import { MAX_RETAINED_FRONTMATTER_CHARS } from "./retain.ts";
 * import assert from "node:assert/strict";
 *
 * const big = "x".repeat(MAX_RETAINED_FRONTMATTER_CHARS);
 * const [skill] = discoverSync({
 *   sources: [embeddedSkill({
 *     name: "big",
 *     content: `---\nname: big\ndescription: Big\nmetadata:\n  blob: "${big}"\n---\n`,
 *   })],
 * }).skills;
 * assert.equal(skill?.metadata, undefined);
 * ```
 */
export const MAX_RETAINED_FRONTMATTER_CHARS = 8 * 1024;
/** Longest string a capped skill keeps per field (the description included). */
const MAX_KEPT_STRING = 4096;
/** Most globs a capped skill keeps. */
const MAX_KEPT_GLOBS = 64;

/**
 * Caps what a skill retains: under the limit everything is kept; over it,
 * `metadata` and unknown fields are dropped, strings are cut to 4096
 * characters and globs to 64, and a `frontmatter-capped` warning names what
 * was dropped.
 *
 * @example Usage
 * ```ts ignore
 * const kept = capRetained(yaml.length, frontmatter, fields, path);
 * ```
 *
 * @param yamlChars Length of the frontmatter's YAML text.
 * @param frontmatter The parsed frontmatter.
 * @param fields The typed fields.
 * @param path The file, for the diagnostic.
 * @returns What to keep, and the diagnostic when something was dropped.
 */
export function capRetained(
  yamlChars: number,
  frontmatter: Readonly<Record<string, unknown>>,
  fields: SkillFields,
  path: string,
): {
  frontmatter: Readonly<Record<string, unknown>>;
  fields: SkillFields;
  diagnostic?: Diagnostic;
} {
  if (yamlChars <= MAX_RETAINED_FRONTMATTER_CHARS) {
    return { frontmatter, fields };
  }
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const key of Object.keys(frontmatter)) {
    const value = frontmatter[key];
    const known = (SPEC_FIELDS.has(key) || KNOWN_EXTENSION_FIELDS.has(key)) &&
      key !== "metadata";
    if (!known) {
      dropped.push(key);
    } else if (typeof value === "string") {
      setEntry(kept, key, cut(value));
    } else if (Array.isArray(value)) {
      setEntry(
        kept,
        key,
        Object.freeze(
          value.slice(0, MAX_KEPT_GLOBS).map((v) =>
            typeof v === "string" ? cut(v) : v
          ),
        ),
      );
    } else if (typeof value !== "object" || value === null) {
      setEntry(kept, key, value);
    } else {
      dropped.push(key);
    }
  }
  const { metadata: _metadata, ...rest } = fields;
  const capped: { -readonly [K in keyof SkillFields]: SkillFields[K] } = {
    ...rest,
  };
  if (capped.description !== undefined) {
    capped.description = cut(capped.description);
  }
  if (capped.license !== undefined) capped.license = cut(capped.license);
  if (capped.compatibility !== undefined) {
    capped.compatibility = cut(capped.compatibility);
  }
  if (capped.allowedTools !== undefined) {
    capped.allowedTools = cut(capped.allowedTools);
  }
  if (capped.globs !== undefined) {
    capped.globs = Object.freeze(capped.globs.slice(0, MAX_KEPT_GLOBS));
  }
  return {
    frontmatter: Object.freeze(withNullPrototype(kept)),
    fields: capped,
    diagnostic: {
      level: "warning",
      code: "frontmatter-capped",
      message:
        `The frontmatter of ${path} holds ${yamlChars} characters (over ${MAX_RETAINED_FRONTMATTER_CHARS}); only its known fields are kept, strings cut to ${MAX_KEPT_STRING} characters${
          dropped.length === 0 ? "" : `; dropped: ${firstItems(dropped)}`
        }`,
      path,
    },
  };
}

function cut(text: string): string {
  return text.length <= MAX_KEPT_STRING
    ? text
    : `${text.slice(0, MAX_KEPT_STRING - 1)}…`;
}
