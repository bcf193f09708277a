// Copyright 2026 the skillscope authors. MIT license.
/**
 * Writing well-known indexes for publishing: the v0.2 index (with digests)
 * and the older v0.1 one, sorted by name, the same text for the same input.
 *
 * @module
 */
import { isValidSkillName } from "../parse/skill_name.ts";
import { isDigest } from "./digest.ts";
import { WebIndexError } from "./errors.ts";
import { SCHEMA_V02 } from "./index_parse.ts";

/**
 * One skill in a v0.2 index.
 *
 * @example The index entry of a published skill
 * ```ts
 * import { buildSite, type PublishedEntry } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const { entries } = await buildSite([{ name: "hi", description: "Says hi", files: new Map([["SKILL.md", md]]) }]);
 * const [entry]: readonly PublishedEntry[] = entries;
 * assert.equal(entry?.url, "hi/SKILL.md");
 * assert.match(entry?.digest ?? "", /^sha256:[0-9a-f]{64}$/);
 * ```
 */
export interface PublishedEntry {
  /** The skill's name. */
  readonly name: string;
  /** `"skill-md"` or `"archive"`. */
  readonly type: "skill-md" | "archive";
  /** The description shown before the skill is fetched. */
  readonly description: string;
  /** The artifact's URL: absolute, path-absolute or relative to the index. */
  readonly url: string;
  /** `sha256:<hex>` of the artifact. */
  readonly digest: string;
}

/**
 * The text of a v0.2 index: `$schema`, then the skills sorted by name, two
 * spaces of indentation, a final newline.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderWebIndex } from "./index_writer.ts";
 * import { parseWebIndex } from "./index_parse.ts";
 *
 * const text = renderWebIndex([{
 *   name: "pdf-tools",
 *   type: "skill-md",
 *   description: "Fill PDF forms",
 *   url: "pdf-tools/SKILL.md",
 *   digest: `sha256:${"0".repeat(64)}`,
 * }]);
 * const index = parseWebIndex(text, new URL("https://example.com/.well-known/agent-skills/index.json"));
 * assert.equal(index.entries[0]?.name, "pdf-tools");
 * ```
 *
 * @param entries The skills.
 * @returns The JSON text.
 * @throws {WebIndexError} `web-index-invalid` for an invalid or repeated name or digest.
 */
export function renderWebIndex(entries: readonly PublishedEntry[]): string {
  const skills = sortedByName(entries).map((entry) => {
    if (!isDigest(entry.digest)) {
      throw invalid(`the digest of "${entry.name}" is not sha256:<hex>`);
    }
    return {
      name: entry.name,
      type: entry.type,
      description: entry.description,
      url: entry.url,
      digest: entry.digest,
    };
  });
  return `${JSON.stringify({ $schema: SCHEMA_V02, skills }, null, 2)}\n`;
}

/**
 * The text of a v0.1 index (no `$schema`, each skill's files listed), for
 * clients that read only the older shape.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderLegacyIndex } from "./index_writer.ts";
 *
 * const text = renderLegacyIndex([{ name: "a", description: "A", files: ["x.md", "SKILL.md"] }]);
 * assert.deepEqual(JSON.parse(text).skills[0].files, ["SKILL.md", "x.md"]);
 * ```
 *
 * @param entries The skills and their files.
 * @returns The JSON text.
 * @throws {WebIndexError} `web-index-invalid` for an invalid or repeated name.
 */
export function renderLegacyIndex(
  entries: readonly {
    readonly name: string;
    readonly description: string;
    readonly files: readonly string[];
  }[],
): string {
  const skills = sortedByName(entries).map((entry) => ({
    name: entry.name,
    description: entry.description,
    files: [...entry.files].sort(),
  }));
  return `${JSON.stringify({ skills }, null, 2)}\n`;
}

function sortedByName<T extends { readonly name: string }>(
  entries: readonly T[],
): T[] {
  const sorted = [...entries].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  );
  for (let i = 0; i < sorted.length; i++) {
    const name = sorted[i]!.name;
    if (!isValidSkillName(name)) {
      throw invalid(`${JSON.stringify(name)} is not a valid skill name`);
    }
    if (i > 0 && sorted[i - 1]!.name === name) {
      throw invalid(`"${name}" is listed twice`);
    }
  }
  return sorted;
}

function invalid(why: string): WebIndexError {
  return new WebIndexError(
    "web-index-invalid",
    "index.json",
    `Cannot write the index: ${why}`,
  );
}
