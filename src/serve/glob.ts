// Copyright 2026 the skillscope authors. MIT license.
/**
 * A glob matcher that cannot backtrack catastrophically. Globs come from
 * untrusted `SKILL.md` files; a regular-expression translation of `*?*?*?…`
 * takes minutes on a 40-character path. This matcher runs in O(pattern ×
 * path) per segment and O(segments²) across segments, with bounded pattern
 * and path sizes.
 *
 * Supported: `*` (within a segment), `?`, `**` as a whole segment (any
 * number of segments), `[abc]`, `[a-z]`, `[!a]` / `[^a]`, `{a,b}` (nested,
 * at most {@linkcode MAX_GLOB_ALTERNATIVES} alternatives). Dotfiles match.
 * Anything else is literal.
 *
 * @module
 */

/** Longest glob compiled (characters); longer ones never match. */
export const MAX_GLOB_CHARS = 1024;
/** Most alternatives one glob's braces expand to; more never match. */
export const MAX_GLOB_ALTERNATIVES = 256;
/** Longest path matched (characters); longer ones never match. */
export const MAX_MATCH_PATH_CHARS = 4096;

type Token =
  | { readonly t: "char"; readonly c: string }
  | { readonly t: "any" }
  | { readonly t: "star" }
  | {
    readonly t: "class";
    readonly negated: boolean;
    readonly items: readonly (readonly [string, string])[];
  };

/** A compiled segment: `**`, or a token list. */
type Segment = "**" | readonly Token[];

/**
 * Expands braces: `a{b,c{d,e}}` → `ab`, `acd`, `ace`. Returns `undefined`
 * past the cap.
 */
function expandBraces(glob: string, cap: number): string[] | undefined {
  const open = findBrace(glob);
  if (open === undefined) return [glob];
  const [start, end, parts] = open;
  const out: string[] = [];
  for (const part of parts) {
    const expanded = expandBraces(
      glob.slice(0, start) + part + glob.slice(end + 1),
      cap,
    );
    if (expanded === undefined) return undefined;
    out.push(...expanded);
    if (out.length > cap) return undefined;
  }
  return out;
}

/** The first top-level `{…,…}` group: start, end and its parts. */
function findBrace(
  glob: string,
): [number, number, string[]] | undefined {
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] !== "{") continue;
    let depth = 0;
    const parts: string[] = [];
    let from = i + 1;
    for (let j = i; j < glob.length; j++) {
      const c = glob[j];
      if (c === "{") depth++;
      else if (c === "}") {
        depth--;
        if (depth === 0) {
          parts.push(glob.slice(from, j));
          if (parts.length > 1) return [i, j, parts];
          break; // `{x}` without a comma is literal
        }
      } else if (c === "," && depth === 1) {
        parts.push(glob.slice(from, j));
        from = j + 1;
      }
    }
  }
  return undefined;
}

function tokenize(segment: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === "*") {
      // Consecutive stars are one star: they match the same strings.
      if (tokens.at(-1)?.t !== "star") tokens.push({ t: "star" });
    } else if (c === "?") tokens.push({ t: "any" });
    else if (c === "[") {
      const close = segment.indexOf("]", i + 2);
      if (close === -1) {
        tokens.push({ t: "char", c });
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negated = body.startsWith("!") || body.startsWith("^");
      if (negated) body = body.slice(1);
      const items: [string, string][] = [];
      const chars = [...body];
      for (let k = 0; k < chars.length; k++) {
        if (chars[k + 1] === "-" && k + 2 < chars.length) {
          items.push([chars[k]!, chars[k + 2]!]);
          k += 2;
        } else items.push([chars[k]!, chars[k]!]);
      }
      tokens.push({ t: "class", negated, items });
      i = close;
    } else tokens.push({ t: "char", c });
  }
  return tokens;
}

function tokenMatches(token: Token, c: string): boolean {
  switch (token.t) {
    case "char":
      return token.c === c;
    case "any":
      return true;
    case "class": {
      const inside = token.items.some(([lo, hi]) => c >= lo && c <= hi);
      return inside !== token.negated;
    }
    default:
      return false;
  }
}

/** Wildcard matching with one backtrack point: O(tokens × text). */
function matchSegment(tokens: readonly Token[], text: string): boolean {
  let t = 0;
  let p = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    const token = tokens[p];
    if (token !== undefined && token.t === "star") {
      starP = p++;
      starT = t;
    } else if (token !== undefined && tokenMatches(token, text[t]!)) {
      p++;
      t++;
    } else if (starP !== -1) {
      p = starP + 1;
      t = ++starT;
    } else return false;
  }
  while (tokens[p]?.t === "star") p++;
  return p === tokens.length;
}

/** Segment-level matching with `**`: dynamic programming, O(P × S). */
function matchSegments(
  pattern: readonly Segment[],
  path: readonly string[],
): boolean {
  // reach[j]: pattern[0..i) can match path[0..j).
  let reach = new Array<boolean>(path.length + 1).fill(false);
  reach[0] = true;
  for (const segment of pattern) {
    const next = new Array<boolean>(path.length + 1).fill(false);
    if (segment === "**") {
      let any = false;
      for (let j = 0; j <= path.length; j++) {
        any ||= reach[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 0; j < path.length; j++) {
        if (reach[j] && matchSegment(segment, path[j]!)) next[j + 1] = true;
      }
    }
    reach = next;
  }
  return reach[path.length]!;
}

/**
 * Compiles one glob (already normalized: `/` separators) into a predicate
 * over normalized paths. A pattern without `/` is matched against the
 * basename when `basename` is set. Over-long globs (over 1024 characters)
 * and brace bombs (over 256 alternatives) compile to a predicate that never
 * matches; so does every path over 4096 characters.
 *
 * @example Usage
 * ```ts
 * import { compileGlob } from "./glob.ts";
 * import assert from "node:assert/strict";
 *
 * const ts = compileGlob("src/**\/*.{ts,tsx}");
 * assert.equal(ts("src/a/b/page.tsx"), true);
 * assert.equal(ts("lib/a.ts"), false);
 * // A hostile glob answers at once instead of backtracking for minutes.
 * assert.equal(compileGlob("*?".repeat(40) + "x")("a".repeat(40)), false);
 * ```
 *
 * @param glob The glob.
 * @param options `basename`: match a slash-free glob against the basename.
 * @returns The predicate.
 */
export function compileGlob(
  glob: string,
  options: { basename?: boolean } = {},
): (path: string) => boolean {
  if (glob.length > MAX_GLOB_CHARS) return () => false;
  const alternatives = expandBraces(glob, MAX_GLOB_ALTERNATIVES);
  if (alternatives === undefined) return () => false;
  const compiled = alternatives.map((alternative) => {
    const segments = alternative.split("/").filter((s, _i, all) =>
      s !== "" || all.length === 1
    ).map((s): Segment => (s === "**" ? "**" : tokenize(s)));
    return {
      segments,
      basename: options.basename === true && !alternative.includes("/"),
    };
  });
  return (path) => {
    if (path.length > MAX_MATCH_PATH_CHARS) return false;
    const parts = path.split("/").filter((s) => s !== "");
    for (const { segments, basename } of compiled) {
      const target = basename ? parts.slice(-1) : parts;
      if (matchSegments(segments, target)) return true;
    }
    return false;
  };
}
