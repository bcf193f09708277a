// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `skill://` URIs of the MCP skills extension: `skill://<name>/SKILL.md`
 * for a skill, `skill://<name>/<path>` for its files, `skill://<name>` for
 * its directory.
 *
 * @module
 */

/**
 * The URI scheme and separator every served skill URI starts with.
 *
 * @example Usage
 * ```ts
 * import { SKILL_SCHEME, skillFileUri } from "./uri.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(skillFileUri("hi", "SKILL.md").startsWith(SKILL_SCHEME));
 * ```
 */
export const SKILL_SCHEME = "skill://";

/**
 * A parsed `skill://` URI.
 *
 * @example Usage
 * ```ts
 * import { parseSkillUri, type SkillUriParts } from "./uri.ts";
 * import assert from "node:assert/strict";
 *
 * const parts: SkillUriParts | undefined = parseSkillUri("skill://hi/notes/a.md");
 * assert.deepEqual(parts, { name: "hi", path: "notes/a.md" });
 * ```
 */
export interface SkillUriParts {
  /** The skill name (the URI authority). */
  readonly name: string;
  /** The decoded relative path inside the skill; `""` for the skill directory. */
  readonly path: string;
}

/**
 * The URI of a file of a skill, each path segment percent-encoded.
 *
 * @example Usage
 * ```ts
 * import { strictEqual } from "node:assert/strict";
 * import { skillFileUri } from "./uri.ts";
 *
^ * strictEqual(skillFileUri("pdf-tools", "SKILL.md"), "skill://pdf-tools/SKILL.md");
^ * strictEqual(skillFileUri("pdf-tools", "a b/c.md"), "skill://pdf-tools/a%20b/c.md");
 * ```
 *
 * @param name A valid skill name.
 * @param path A normalized relative path (`""` for the directory).
 * @returns The URI.
 */
export function skillFileUri(name: string, path: string): string {
  if (path === "") return `${SKILL_SCHEME}${name}`;
  return `${SKILL_SCHEME}${name}/${
    path.split("/").map(encodeURIComponent).join("/")
  }`;
}

/**
 * Splits a `skill://` URI into skill name and decoded path; `undefined` for
 * any other URI, a malformed escape, or a query or fragment.
 *
 * @example Usage
 * ```ts
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * import { parseSkillUri } from "./uri.ts";
 *
 * assertEquals(parseSkillUri("skill://pdf-tools/a%20b/c.md"), { name: "pdf-tools", path: "a b/c.md" });
 * assertEquals(parseSkillUri("file:///etc/passwd"), undefined);
 * ```
 *
 * @param uri The URI.
 * @returns The parts, or `undefined`.
 */
export function parseSkillUri(uri: string): SkillUriParts | undefined {
  if (!uri.startsWith(SKILL_SCHEME)) return undefined;
  const rest = uri.slice(SKILL_SCHEME.length);
  if (rest.includes("?") || rest.includes("#")) return undefined;
  const slash = rest.indexOf("/");
  const name = slash === -1 ? rest : rest.slice(0, slash);
  const encoded = slash === -1 ? "" : rest.slice(slash + 1).replace(/\/$/, "");
  if (name === "") return undefined;
  try {
    const path = encoded === ""
      ? ""
      : encoded.split("/").map(decodeURIComponent).join("/");
    return { name: decodeURIComponent(name), path };
  } catch {
    return undefined;
  }
}
