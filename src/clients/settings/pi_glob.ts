// Copyright 2026 the skillscope authors. MIT license.
/**
 * The globs of pi's `skills` settings, matched as pi matches them: with
 * `minimatch` and its default options. That differs from the project's own
 * matcher (`../../serve/glob.ts`) where it counts for skill paths: a
 * wildcard at the start of a path segment never matches a leading dot, `**`
 * never crosses a segment that starts with a dot (so neither `.agents` nor
 * `..`), a trailing `/**` needs one segment at least, `*` never matches an
 * empty segment, a leading `!` negates, a leading `#` is a comment, `\`
 * escapes, `{1..3}` is a sequence and a pattern's `a/..` is dropped.
 *
 * Matching never backtracks (one pass per token and character), and a
 * pattern longer than 1024 characters or expanding to more than 256
 * alternatives never matches: a project's `.pi/settings.json` is not trusted. Extglobs
 * (`+(a|b)`) and POSIX classes (`[[:alpha:]]`) never match either (not
 * modelled).
 *
 * @module
 */

/** Longest pattern compiled (characters); longer ones never match. */
const MAX_PI_GLOB_CHARS = 1024;
/** Most alternatives one pattern's braces expand to; more never match. */
const MAX_PI_GLOB_ALTERNATIVES = 256;

/**
 * The work a settings file's patterns may cost, shared by all of them: the
 * compiled tokens (memory) and the matching steps (time). A file of patterns
 * built to be slow or large (a project's `.pi/settings.json` may be hostile)
 * runs out of it: a pattern over the compile budget never matches, and once
 * the match budget is spent no pattern matches any more (the skills stay
 * listed).
 */
export interface PiGlobBudget {
  /** Tokens still to compile. */
  compile: number;
  /** Matching steps still to take (a step: one token against one character). */
  match: number;
}

/**
 * A fresh budget for one settings file: 100,000 tokens and 20 million steps
 * (a fraction of a second), far beyond any real file's patterns.
 *
 * @example Usage
 * ```ts
 * import { piGlob, piGlobBudget } from "./pi_glob.ts";
 * import assert from "node:assert/strict";
 *
 * const budget = piGlobBudget();
 * assert.equal(piGlob("glob-*", budget)("glob-a"), true);
 * assert.ok(budget.compile < 100_000);
 * ```
 *
 * @returns The budget.
 */
export function piGlobBudget(): PiGlobBudget {
  return { compile: 100_000, match: 20_000_000 };
}

/** The budget of the pattern being matched (matching is synchronous). */
let active: PiGlobBudget | undefined;

type Token =
  | { readonly t: "char"; readonly c: string }
  | { readonly t: "any" }
  | { readonly t: "star" }
  | {
    readonly t: "class";
    readonly negated: boolean;
    readonly items: readonly (readonly [string, string])[];
  };

/** A compiled segment: `**`, a literal, or tokens (`dot`: it starts with a literal `.`). */
type Segment =
  | { readonly k: "globstar" }
  | { readonly k: "literal"; readonly text: string }
  | {
    readonly k: "magic";
    readonly tokens: readonly Token[];
    readonly guard: boolean;
    readonly dot: boolean;
    readonly stars: boolean;
  }
  | { readonly k: "never" };

/**
 * Compiles a pattern as `minimatch(path, pattern)` reads it (default
 * options), into a predicate over `/`-separated paths.
 *
 * @example Usage
 * ```ts
 * import { piGlob } from "./pi_glob.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(piGlob("glob-*")("glob-a"), true);
 * assert.equal(piGlob("*")(".hidden"), false);
 * assert.equal(piGlob("**\/ub/SKILL.md")("../../.agents/skills/ub/SKILL.md"), false);
 * assert.equal(piGlob("skills/{a,b}")("skills/b"), true);
 * ```
 *
 * @param pattern The pattern (without pi's own `!`, `+` or `-` prefix).
 * @param budget The settings file's budget (see {@linkcode PiGlobBudget}).
 * @returns Whether a path matches it.
 */
export function piGlob(
  pattern: string,
  budget?: PiGlobBudget,
): (path: string) => boolean {
  if (pattern.length > MAX_PI_GLOB_CHARS || pattern.startsWith("#")) {
    return () => false;
  }
  if (budget !== undefined && budget.compile < pattern.length) {
    return () => false;
  }
  if (pattern === "") return (path) => path === "";
  let negated = false;
  let start = 0;
  while (pattern[start] === "!") {
    negated = !negated;
    start++;
  }
  const rest = pattern.slice(start);
  // Brace expansion runs when there is a `{…}`, and drops the backslash of
  // `\\`, `\{`, `\}`, `\,` and `\.` as it goes.
  const alternatives = /\{(?:(?!\{).)*\}/.test(rest)
    ? expandBraces(rest)?.filter((a) => a !== "").map((a) =>
      a.replace(/\\([\\{},.])/g, "$1")
    )
    : [rest];
  if (alternatives === undefined) return () => false;
  const unique = [...new Set(alternatives)];
  if (budget !== undefined) {
    const cost = unique.reduce((sum, a) => sum + a.length + 1, 0);
    if (budget.compile < cost) {
      budget.compile = 0;
      return () => false;
    }
    budget.compile -= cost;
  }
  const compiled = unique.map((alternative) =>
    optimized(alternative.split(/\/+/)).map(segment)
  );
  return (path) => {
    const parts = path.split(/\/+/);
    active = budget;
    try {
      const hit = compiled.some((segments) => matchPath(segments, parts));
      // A budget spent mid-match matches nothing, negated or not.
      if (budget !== undefined && budget.match <= 0) return false;
      return hit !== negated;
    } finally {
      active = undefined;
    }
  };
}

/** `minimatch`'s level-one optimisation: no `**` twice, `x/..` dropped. */
function optimized(parts: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const prev = out.at(-1);
    if (part === "**" && prev === "**") continue;
    if (
      part === ".." && prev !== undefined && prev !== "" && prev !== ".." &&
      prev !== "." && prev !== "**"
    ) {
      out.pop();
      continue;
    }
    out.push(part);
  }
  return out.length === 0 ? [""] : out;
}

/** One segment of a pattern, compiled. */
function segment(text: string): Segment {
  if (text === "**") return { k: "globstar" };
  if (/[+@!*?]\(/.test(text)) return { k: "never" };
  const tokens: Token[] = [];
  let magic = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\") {
      tokens.push({ t: "char", c: i + 1 < text.length ? text[++i]! : c });
    } else if (c === "*") {
      magic = true;
      if (tokens.at(-1)?.t !== "star") tokens.push({ t: "star" });
    } else if (c === "?") {
      magic = true;
      tokens.push({ t: "any" });
    } else if (c === "[") {
      const parsed = charClass(text, i);
      if (parsed === "never") return { k: "never" };
      if (parsed === undefined) tokens.push({ t: "char", c });
      else {
        i = parsed.end;
        const [only] = parsed.items;
        if (
          !parsed.negated && parsed.items.length === 1 && only![0] === only![1]
        ) {
          tokens.push({ t: "char", c: only![0] });
        } else {
          magic = true;
          tokens.push({
            t: "class",
            negated: parsed.negated,
            items: parsed.items,
          });
        }
      }
    } else tokens.push({ t: "char", c });
  }
  if (!magic) {
    return {
      k: "literal",
      text: tokens.map((t) => t.t === "char" ? t.c : "").join(""),
    };
  }
  const first = tokens[0]!;
  return {
    k: "magic",
    tokens,
    guard: first.t !== "char",
    dot: first.t === "char" && first.c === ".",
    stars: tokens.every((t) => t.t === "star"),
  };
}

/** A `[…]` class at `at`: its items and end, `undefined` when unclosed (literal). */
function charClass(
  text: string,
  at: number,
):
  | { negated: boolean; items: [string, string][]; end: number }
  | "never"
  | undefined {
  let i = at + 1;
  const negated = text[i] === "!" || text[i] === "^";
  if (negated) i++;
  const chars: string[] = [];
  for (let first = true; i < text.length; i++, first = false) {
    const c = text[i]!;
    if (c === "]" && !first) break;
    if (c === "[" && text[i + 1] === ":") return "never";
    if (c === "\\" && i + 1 < text.length) chars.push(text[++i]!);
    else chars.push(c);
  }
  if (i >= text.length) return undefined;
  const items: [string, string][] = [];
  for (let k = 0; k < chars.length; k++) {
    if (chars[k + 1] === "-" && k + 2 < chars.length) {
      items.push([chars[k]!, chars[k + 2]!]);
      k += 2;
    } else items.push([chars[k]!, chars[k]!]);
  }
  return { negated, items, end: i };
}

/** The deepest `**` section `minimatch` follows (its `maxGlobstarRecursion`). */
const MAX_GLOBSTAR_SECTIONS = 200;

/** A segment that `**` does not cross. */
function dotted(part: string): boolean {
  return part.startsWith(".");
}

/**
 * Whether the path's segments match the pattern's, as `minimatch` decides it
 * (its `matchOne`): the head before the first `**` and the tail after the
 * last are anchored, the sections between are found in order, and no
 * segment a `**` covers starts with a dot (after the last section, not even
 * one of the tail's: `minimatch`'s own rule). Memoised by position, so it
 * stays polynomial.
 */
function matchPath(
  pattern: readonly Segment[],
  file: readonly string[],
): boolean {
  const first = pattern.findIndex((s) => s.k === "globstar");
  if (first === -1) return matchFrom(file, pattern, 0);
  const last = pattern.findLastIndex((s) => s.k === "globstar");
  const head = pattern.slice(0, first);
  const body = pattern.slice(first + 1, last);
  const tail = pattern.slice(last + 1);
  if (!matchFrom(file.slice(0, head.length), head, 0)) return false;
  const from = head.length;
  let tailMatch = 0;
  if (tail.length > 0) {
    if (tail.length + from > file.length) return false;
    const tailStart = file.length - tail.length;
    if (matchFrom(file, tail, tailStart)) tailMatch = tail.length;
    else if (
      file.at(-1) === "" && from + tail.length !== file.length &&
      matchFrom(file.slice(0, -1), tail, tailStart - 1)
    ) tailMatch = tail.length + 1;
    else return false;
  }
  if (body.length === 0) {
    let sawSome = tailMatch > 0;
    for (let i = from; i < file.length - tailMatch; i++) {
      sawSome = true;
      if (dotted(file[i]!)) return false;
    }
    return sawSome;
  }
  // The sections between the `**`s, each with the last index it may start at.
  const sections: Segment[][] = [[]];
  const before = [0];
  let count = 0;
  for (const seg of body) {
    if (seg.k === "globstar") {
      before.push(count);
      sections.push([]);
    } else {
      sections.at(-1)!.push(seg);
      count++;
    }
  }
  const length = file.length - tailMatch;
  const after = sections.map((s, i) =>
    length - (before[sections.length - 1 - i]! + s.length)
  );
  const memo = new Map<number, boolean | null>();
  const sectionsFrom = (index: number, at: number): boolean | null => {
    const key = index * (file.length + 1) + at;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean | null;
    const section = sections[index];
    if (section === undefined) {
      let sawTail = tailMatch > 0;
      result = null;
      for (let i = at; i < file.length && result === null; i++) {
        sawTail = true;
        if (dotted(file[i]!)) result = false;
      }
      result ??= sawTail;
    } else {
      result = null;
      for (let i = at; i <= after[index]! && result === null; i++) {
        if (
          matchFrom(file.slice(0, i + section.length), section, i) &&
          index < MAX_GLOBSTAR_SECTIONS
        ) {
          const sub = sectionsFrom(index + 1, i + section.length);
          if (sub !== false) {
            result = sub;
            break;
          }
        }
        if (file[i] === undefined || dotted(file[i]!)) result = false;
      }
    }
    memo.set(key, result);
    return result;
  };
  return sectionsFrom(0, from) === true;
}

/** `minimatch`'s plain match of a pattern from a segment on (a trailing empty segment allowed). */
function matchFrom(
  file: readonly string[],
  pattern: readonly Segment[],
  at: number,
): boolean {
  let f = at;
  let p = 0;
  for (; f < file.length && p < pattern.length; f++, p++) {
    if (!matchSegment(pattern[p]!, file[f]!)) return false;
  }
  if (p === pattern.length) {
    return f === file.length || (f === file.length - 1 && file[f] === "");
  }
  return false;
}

/** Whether one path segment matches one pattern segment. */
function matchSegment(seg: Segment, text: string): boolean {
  switch (seg.k) {
    case "literal":
      return seg.text === text;
    case "magic":
      if (seg.guard && text.startsWith(".")) return false;
      if (seg.dot && (text === "." || text === "..")) return false;
      if (seg.stars && text === "") return false;
      return matchTokens(seg.tokens, text);
    default:
      return false;
  }
}

/** Tokens against a string, by the set of token positions reached (no backtracking). */
function matchTokens(tokens: readonly Token[], text: string): boolean {
  if (active !== undefined) {
    const steps = (tokens.length + 1) * (text.length + 1);
    if (active.match < steps) {
      active.match = 0;
      return false;
    }
    active.match -= steps;
  }
  const closure = (states: boolean[]): boolean[] => {
    for (let p = 0; p < tokens.length; p++) {
      if (states[p] && tokens[p]!.t === "star") states[p + 1] = true;
    }
    return states;
  };
  let states = closure(tokens.map(() => false).concat(false).fill(true, 0, 1));
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = tokens.map(() => false).concat(false);
    for (let p = 0; p < tokens.length; p++) {
      if (!states[p]) continue;
      const token = tokens[p]!;
      if (token.t === "star") next[p] = true;
      else if (tokenMatches(token, c)) next[p + 1] = true;
    }
    states = closure(next);
    if (!states.includes(true)) return false;
  }
  return states[tokens.length]!;
}

function tokenMatches(token: Token, c: string): boolean {
  switch (token.t) {
    case "char":
      return token.c === c;
    case "any":
      return true;
    case "class":
      return token.items.some(([lo, hi]) => c >= lo && c <= hi) !==
        token.negated;
    default:
      return false;
  }
}

/**
 * Brace expansion as `minimatch` does it: `{a,b}` (nested), `{1..3}`,
 * `{a..c}`, `\{` literal. `undefined` past the cap.
 */
function expandBraces(glob: string): string[] | undefined {
  const group = firstGroup(glob);
  if (group === undefined) return [glob];
  const [open, close, parts] = group;
  const out: string[] = [];
  for (const part of parts) {
    const expanded = expandBraces(
      glob.slice(0, open) + part + glob.slice(close + 1),
    );
    if (expanded === undefined) return undefined;
    out.push(...expanded);
    if (out.length > MAX_PI_GLOB_ALTERNATIVES) return undefined;
  }
  return out;
}

/** The first `{…}` group that expands: its bounds and alternatives. */
function firstGroup(glob: string): [number, number, string[]] | undefined {
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === "\\") {
      i++;
      continue;
    }
    if (glob[i] !== "{") continue;
    let depth = 0;
    const parts: string[] = [];
    let from = i + 1;
    for (let j = i; j < glob.length; j++) {
      const c = glob[j];
      if (c === "\\") j++;
      else if (c === "{") depth++;
      else if (c === "," && depth === 1) {
        parts.push(glob.slice(from, j));
        from = j + 1;
      } else if (c === "}" && --depth === 0) {
        parts.push(glob.slice(from, j));
        if (parts.length > 1) return [i, j, parts];
        const sequence = sequenceOf(parts[0]!);
        if (sequence !== undefined) return [i, j, sequence];
        break;
      }
    }
  }
  return undefined;
}

/** `1..3`, `3..1`, `1..9..2`, `a..c` as their members (`undefined` when not one). */
function sequenceOf(body: string): string[] | undefined {
  const numeric = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/.exec(body);
  const alpha = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  const match = numeric ?? alpha;
  if (match === null) return undefined;
  const from = numeric ? Number(match[1]) : match[1]!.charCodeAt(0);
  const to = numeric ? Number(match[2]) : match[2]!.charCodeAt(0);
  const step = Math.max(Math.abs(Number(match[3] ?? 1)), 1);
  const width = numeric &&
      (/^-?0\d/.test(match[1]!) || /^-?0\d/.test(match[2]!))
    ? Math.max(match[1]!.length, match[2]!.length)
    : 0;
  const out: string[] = [];
  const dir = from <= to ? 1 : -1;
  for (let n = from; dir > 0 ? n <= to : n >= to; n += dir * step) {
    if (out.length > MAX_PI_GLOB_ALTERNATIVES) return out;
    out.push(
      numeric ? String(n).padStart(width, "0") : String.fromCharCode(n),
    );
  }
  return out;
}
