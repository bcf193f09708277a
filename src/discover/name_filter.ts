// Copyright 2026 the skillscope authors. MIT license.
/**
 * Name filters: whole-name patterns where `*` matches any run of characters
 * and `?` one character; everything else is literal; case-sensitive.
 *
 * @module
 */

/**
 * Compiles include / exclude patterns into one predicate. An empty include
 * list means everything; exclude wins over include.
 *
 * @example Usage
 * ```ts
 * import { nameFilter } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const keep = nameFilter(["pdf-*", "docx"], ["*-beta"]);
 * assert.equal(keep("pdf-tools"), true);
 * assert.equal(keep("pdf-tools-beta"), false);
 * assert.equal(keep("xlsx"), false);
 * ```
 *
 * @param include Patterns a name must match (any of them); empty = all names.
 * @param exclude Patterns that remove a name.
 * @returns A predicate on names.
 */
export function nameFilter(
  include: readonly string[] = [],
  exclude: readonly string[] = [],
): (name: string) => boolean {
  const inc = include.length === 0 ? undefined : compile(include);
  const exc = exclude.length === 0 ? undefined : compile(exclude);
  if (!inc && !exc) return () => true;
  return (name) => (!inc || inc.test(name)) && !(exc?.test(name) ?? false);
}

function compile(patterns: readonly string[]): RegExp {
  const parts = patterns.map((pattern) => {
    let out = "";
    for (const char of pattern) {
      if (char === "*") out += "[\\s\\S]*";
      else if (char === "?") out += "[\\s\\S]";
      else out += char.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
    }
    return out;
  });
  return new RegExp(`^(?:${parts.join("|")})$`, "u");
}
