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
 * import { nameFilter } from "./name_filter.ts";
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
  if (include.length === 0 && exclude.length === 0) return () => true;
  // Patterns split into code points once, not once per name.
  const inc = include.map((pattern) => [...pattern]);
  const exc = exclude.map((pattern) => [...pattern]);
  return (name) => {
    const t = [...name];
    return (inc.length === 0 || inc.some((p) => globMatchesUnits(p, t))) &&
      !exc.some((p) => globMatchesUnits(p, t));
  };
}

/**
 * Whether `name` matches a whole-name pattern (`*` any run, `?` one
 * character, the rest literal). Linear in the pattern times the name: no
 * backtracking regular expression, so a pattern such as `*a*a*a*a*b` (from a
 * project's `skillscope.json`, say) cannot hang on a long name.
 *
 * @example Usage
 * ```ts
 * import { globMatches } from "./name_filter.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(globMatches("pdf-*", "pdf-tools"), true);
 * assert.equal(globMatches("p?f", "pdf"), true);
 * assert.equal(globMatches("*a*a*a*a*a*a*b", "a".repeat(64)), false);
 * ```
 *
 * @param pattern The pattern.
 * @param name The name.
 * @returns Whether the whole name matches.
 */
export function globMatches(pattern: string, name: string): boolean {
  return globMatchesUnits([...pattern], [...name]);
}

/**
 * {@linkcode globMatches} over any units: `globMatches` gives it code
 * points; a client that matches code units (opencode) gives it those.
 *
 * @example Usage
 * ```ts
 * import { globMatchesUnits } from "./name_filter.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(globMatchesUnits("sec-*".split(""), "sec-one".split("")), true);
 * assert.equal(globMatchesUnits(["?"], "\u{1F600}".split("")), false);
 * ```
 *
 * @param p The pattern's units.
 * @param t The text's units.
 * @returns Whether the whole text matches.
 */
export function globMatchesUnits(
  p: readonly string[],
  t: readonly string[],
): boolean {
  let pi = 0;
  let ti = 0;
  let star = -1; // the last "*" seen, to retry from
  let mark = 0; // where the text stood when it was seen
  while (ti < t.length) {
    if (
      pi < p.length && (p[pi] === "?" || (p[pi] !== "*" && p[pi] === t[ti]))
    ) {
      pi++;
      ti++;
    } else if (pi < p.length && p[pi] === "*") {
      star = pi++;
      mark = ti;
    } else if (star !== -1) {
      pi = star + 1;
      ti = ++mark;
    } else return false;
  }
  while (pi < p.length && p[pi] === "*") pi++;
  return pi === p.length;
}
