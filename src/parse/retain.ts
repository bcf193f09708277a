// Copyright 2026 the skillscope authors. MIT license.
/**
 * A bound on what a discovered skill keeps in memory, the same for every
 * source (a `SKILL.md` on disk, an embedded skill, an MCP server's listing,
 * a website's index): a frontmatter, or fields, larger than
 * {@linkcode MAX_RETAINED_FRONTMATTER_CHARS} keep only their short, known
 * fields, so 20,000 skills with 60 KB of metadata each cannot take
 * gigabytes to hold and list, and one 5 MiB description from a website is
 * held, listed and put in a catalog as 4096 characters, as on disk.
 *
 * @module
 */
import { KNOWN_EXTENSION_FIELDS, SPEC_FIELDS } from "./fields.ts";
import type { Diagnostic, SkillFields } from "../shared/types.ts";
import { firstItems } from "../shared/first_items.ts";
import { setEntry, withNullPrototype } from "../shared/null_record.ts";

/**
 * Frontmatter size (characters of YAML, or of the keys and values of a
 * frontmatter given as data) above which a skill keeps only its short,
 * known fields.
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
/**
 * Longest string a capped skill keeps per field (the name and the
 * description included); a longer one is cut and ends in `…`.
 *
 * @example Usage
 * ```ts
 * import { discoverSync, embeddedSkill } from "@skillscope/skills";
 * import { MAX_KEPT_STRING } from "./retain.ts";
 * import assert from "node:assert/strict";
 *
 * const [skill] = discoverSync({
 *   sources: [embeddedSkill({ name: "big", description: "d".repeat(1 << 20), content: "" })],
 * }).skills;
 * assert.equal(skill?.description.length, MAX_KEPT_STRING);
 * assert.ok(skill?.description.endsWith("…"));
 * ```
 */
export const MAX_KEPT_STRING = 4096;
/** Most globs (and other list items) a capped skill keeps. */
const MAX_KEPT_GLOBS = 64;

/**
 * The size a skill's caps are decided on: the larger of `textChars` (the
 * length of the YAML it was parsed from, when it was), the frontmatter's
 * keys and values, and the typed fields' values (which may come from
 * elsewhere: an embedded skill's definition, a website's index). Each key,
 * value and list item counts at least 1, strings their length; counting
 * stops once past `limit`, so a huge or self-referencing value costs no
 * more than `limit` steps.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { retainedChars } from "./retain.ts";
 *
 * // 1 for the map, 4 for "name", 2 for "hi"; the YAML was 8 characters.
 * assert.equal(retainedChars(0, { name: "hi" }, { name: "hi" }, 100), 7);
 * assert.equal(retainedChars(8, { name: "hi" }, { name: "hi" }, 100), 8);
 * assert.ok(retainedChars(0, { x: "y".repeat(1e6) }, {}, 100) > 100);
 * ```
 *
 * @param textChars Length of the frontmatter's text, or 0.
 * @param frontmatter The frontmatter.
 * @param fields The typed fields.
 * @param limit Where counting may stop.
 * @returns The size, or a number over `limit` once it passes it.
 */
export function retainedChars(
  textChars: number,
  frontmatter: Readonly<Record<string, unknown>>,
  fields: SkillFields,
  limit: number,
): number {
  if (textChars > limit) return textChars;
  return Math.max(
    textChars,
    sizeOf(frontmatter, limit),
    sizeOf(fields, limit),
  );
}

/** The characters of a value's keys and strings, each at least 1, counted up to just past `limit`. */
function sizeOf(value: unknown, limit: number): number {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && size <= limit) {
    const item = pending.pop();
    if (typeof item !== "object" || item === null) {
      size += typeof item === "string" && item.length > 1 ? item.length : 1;
    } else if (Array.isArray(item)) {
      size += 1;
      // Only what can still count before the limit is queued: each item
      // counts at least 1, so the rest would only pass it further.
      const room = Math.min(item.length, limit - size + 1);
      for (let i = 0; i < room; i++) pending.push(item[i]);
    } else {
      size += 1;
      // Strings (nearly every value) are counted here, not queued.
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        const entry = (item as Record<string, unknown>)[key];
        size += key.length > 1 ? key.length : 1;
        if (typeof entry === "string") {
          size += entry.length > 1 ? entry.length : 1;
        } else {
          pending.push(entry);
        }
        if (size > limit) break;
      }
    }
  }
  return size;
}

/**
 * Caps what a skill retains: under the limit everything is kept; over it,
 * `metadata` and unknown fields are dropped, every string (the name and the
 * description included) is cut to {@linkcode MAX_KEPT_STRING} characters
 * and every list to 64 items, and a `frontmatter-capped` warning names what
 * was dropped.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { capRetained, MAX_KEPT_STRING } from "./retain.ts";
 *
 * const description = "d".repeat(10_000);
 * const kept = capRetained(10_100, { name: "big", description, x: 1 }, { name: "big", description }, "big/SKILL.md");
 * assert.equal(kept.fields.description?.length, MAX_KEPT_STRING);
 * assert.deepEqual(Object.keys(kept.frontmatter), ["name", "description"]);
 * assert.equal(kept.diagnostic?.code, "frontmatter-capped");
 * ```
 *
 * @param size The frontmatter's size (see {@linkcode retainedChars}).
 * @param frontmatter The parsed frontmatter.
 * @param fields The typed fields.
 * @param path The file (or the source key), for the diagnostic.
 * @returns What to keep, and the diagnostic when something was dropped.
 */
export function capRetained(
  size: number,
  frontmatter: Readonly<Record<string, unknown>>,
  fields: SkillFields,
  path: string,
): {
  frontmatter: Readonly<Record<string, unknown>>;
  fields: SkillFields;
  diagnostic?: Diagnostic;
} {
  if (size <= MAX_RETAINED_FRONTMATTER_CHARS) {
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
      setEntry(kept, key, cutList(value));
    } else if (typeof value !== "object" || value === null) {
      setEntry(kept, key, value);
    } else {
      dropped.push(key);
    }
  }
  const capped: Record<string, unknown> = {};
  for (const key of Object.keys(fields) as (keyof SkillFields)[]) {
    const value = fields[key];
    if (key === "metadata" || value === undefined) continue;
    capped[key] = typeof value === "string"
      ? cut(value)
      : Array.isArray(value)
      ? cutList(value)
      : value;
  }
  return {
    frontmatter: Object.freeze(withNullPrototype(kept)),
    fields: capped as SkillFields,
    diagnostic: {
      level: "warning",
      code: "frontmatter-capped",
      message:
        `The frontmatter of ${path} holds ${size} characters (over ${MAX_RETAINED_FRONTMATTER_CHARS}); only its known fields are kept, strings cut to ${MAX_KEPT_STRING} characters${
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

function cutList(list: readonly unknown[]): readonly unknown[] {
  return Object.freeze(
    list.slice(0, MAX_KEPT_GLOBS).map((v) =>
      typeof v === "string" ? cut(v) : v
    ),
  );
}
