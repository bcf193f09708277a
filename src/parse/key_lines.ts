// Copyright 2026 the skillscope authors. MIT license.
/**
 * `keyLines()`: the line each top-level key of a frontmatter stands on, for
 * the diagnostics about that key. The parsed map keeps no positions, so the
 * text is read again: a key written plain (`a:b`), quoted with escapes
 * (`"na\u006de"`, `'it''s'`), after an anchor or a tag (`&k key`,
 * `!!str key`), as an explicit key (`? key`), in a mapping indented as a
 * whole, or inside a top-level flow mapping spread over several lines is
 * found under the name the parser gave it.
 *
 * @module
 */

/** A double-quoted scalar (group 1: its text) or a single-quoted one (group 2). */
const QUOTED = `"((?:[^"\\\\]|\\\\.)*)"|'((?:[^']|'')*)'`;

/**
 * A plain key (group 3): a first character that opens no other node, then
 * characters up to a colon that a blank follows or a comment; a colon that
 * a character follows (`a:b`) is part of it. Blanks are taken only before
 * a character of the key, so that a long run of them costs one pass.
 */
const PLAIN = `((?:[^\\s#:'"\\-?{[\\]},|>&*!%@\`]|[-?:](?=[^\\s,[\\]{}]))` +
  `(?:[^\\s:]|:(?=\\S)|[ \\t]+(?=[^\\s#:]|:\\S))*)`;

/** A top-level `key:` line, its indentation and properties removed. */
const KEY_LINE = new RegExp(`^(?:${QUOTED}|${PLAIN})[ \\t]*:(?:[ \\t]|$)`);

/** An explicit key's scalar after `? `, up to a comment. */
const EXPLICIT_KEY = new RegExp(`^(?:${QUOTED}|${PLAIN})[ \\t]*(?:#.*)?$`);

/** Anchors and tags before a key (`&anchor `, `!!str `, `!<tag:x> `). */
const PROPERTIES = /^(?:[&!][^\s]*[ \t]+)+/;

/** What a one-character escape of a double-quoted YAML scalar stands for. */
const ESCAPES: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\x85",
  _: "\xa0",
  L: "\u2028",
  P: "\u2029",
};

const ESCAPE = /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[^])/g;

/**
 * The 1-based line of each top-level key (its first occurrence).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { keyLines } from "./key_lines.ts";
 *
 * const lines = keyLines('description: d\n"na\\u006de": x\n', 2);
 * assert.equal(lines.get("name"), 3);
 * assert.equal(keyLines("{name: x,\n  colour: blue}\n", 2).get("colour"), 3);
 * const marked = keyLines("&k x-a: 1\n? x-b\n: 2\nx-c:d: 3\n", 2);
 * assert.deepEqual([...marked], [["x-a", 2], ["x-b", 3], ["x-c:d", 5]]);
 * ```
 *
 * @param yaml The frontmatter's YAML text.
 * @param yamlLine The line of the file the YAML starts on.
 * @returns The line of each key.
 */
export function keyLines(yaml: string, yamlLine: number): Map<string, number> {
  const lines = new Map<string, number>();
  const add = (key: string, line: number): void => {
    if (!lines.has(key)) lines.set(key, yamlLine + line);
  };
  // The top-level mapping's column: that of the first line with content.
  let indent = -1;
  let line = 0;
  let start = 0;
  while (start <= yaml.length) {
    let end = yaml.indexOf("\n", start);
    if (end === -1) end = yaml.length;
    let column = 0;
    while (yaml.charCodeAt(start + column) === 0x20) column++;
    const c = start + column < end ? yaml.charCodeAt(start + column) : -1;
    if (c !== -1 && c !== 0x09 && c !== 0x23 && c !== 0x0d) {
      if (indent === -1) indent = column;
      if (column === indent) {
        if (c === 0x7b) { // "{": the frontmatter is one flow mapping
          flowKeys(yaml, start + column, line, add);
          break;
        }
        const key = lineKey(yaml.slice(start + column, end));
        if (key !== undefined) add(key, line);
      }
    }
    line++;
    start = end + 1;
  }
  return lines;
}

/** The key a top-level line opens, as the parser names it. */
function lineKey(text: string): string | undefined {
  const rest = text.replace(PROPERTIES, "");
  const explicit = /^\?(?:[ \t]|$)/.test(rest);
  const match = explicit
    ? EXPLICIT_KEY.exec(rest.slice(1).trimStart().replace(PROPERTIES, ""))
    : KEY_LINE.exec(rest);
  if (match === null) return undefined;
  if (match[1] !== undefined) return unescapeDouble(match[1]);
  if (match[2] !== undefined) return match[2].replaceAll("''", "'");
  return match[3]!;
}

/** A double-quoted scalar's text (between its quotes) with its escapes read. */
function unescapeDouble(inner: string): string {
  return inner.replace(ESCAPE, (whole, escape: string) => {
    if (escape.length === 1) return ESCAPES[escape] ?? whole;
    const code = parseInt(escape.slice(1), 16);
    return code > 0x10ffff ? whole : String.fromCodePoint(code);
  });
}

/**
 * The keys of the flow mapping that opens at `from` (line `line`), through
 * nested collections, quoted scalars and comments, to its closing brace.
 */
function flowKeys(
  yaml: string,
  from: number,
  line: number,
  add: (key: string, line: number) => void,
): void {
  let depth = 0;
  let expectKey = false;
  for (let i = from; i < yaml.length; i++) {
    const c = yaml[i]!;
    if (c === "\n") {
      line++;
    } else if (c === "#" && /\s/.test(yaml[i - 1] ?? " ")) {
      const end = yaml.indexOf("\n", i);
      if (end === -1) return;
      i = end - 1;
    } else if (c === '"' || c === "'") {
      const end = quotedEnd(yaml, i);
      if (end === -1) return;
      if (depth === 1 && expectKey) {
        const inner = yaml.slice(i + 1, end);
        add(
          c === '"' ? unescapeDouble(inner) : inner.replaceAll("''", "'"),
          line,
        );
        expectKey = false;
      }
      for (let j = i; j < end; j++) if (yaml[j] === "\n") line++;
      i = end;
    } else if (c === "{" || c === "[") {
      depth++;
      expectKey = depth === 1;
    } else if (c === "}" || c === "]") {
      if (--depth === 0) return;
    } else if (c === ",") {
      expectKey = depth === 1;
    } else if (depth === 1 && expectKey && c !== " " && c !== "\t") {
      // A plain key: up to ": ", or to the end of the entry.
      const rest = /^[^,{}[\]\n]*?(?=[ \t]*(?::(?:[\s,{}[\]]|$)|[,}\n]|$))/
        .exec(yaml.slice(i))![0];
      if (c !== "?" && rest !== "") add(rest, line);
      expectKey = false;
      i += Math.max(rest.length, 1) - 1;
    }
  }
}

/** Where the quoted scalar opening at `from` closes, or -1. */
function quotedEnd(yaml: string, from: number): number {
  const quote = yaml[from];
  for (let i = from + 1; i < yaml.length; i++) {
    const c = yaml[i];
    if (quote === '"' && c === "\\") i++;
    else if (c === quote) {
      if (quote === "'" && yaml[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}
