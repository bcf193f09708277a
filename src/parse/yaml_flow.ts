// Copyright 2026 the skillscope authors. MIT license.
/**
 * Flow collections on one line for the fast YAML path: `[a, "b", 1]`,
 * `{author: me, version: "1.0"}` and JSON-style nesting
 * (`{"openclaw":{"requires":{"bins":["gh"]}}}`), as real frontmatter writes
 * `metadata`, `tags` and `globs`. Anything it does not model — a comment, an
 * alias, a tag, a `key: value` pair inside a sequence, an escape other than
 * `\"` and `\\`, a line break — is `undefined`, left to the full parser.
 *
 * @module
 */
import { setEntry } from "../shared/null_record.ts";
import {
  doubleQuoted,
  isResolvedKey,
  resolvePlain,
  singleQuoted,
  type YamlValue,
} from "./yaml_scalar.ts";

/** Deepest nesting of flow collections parsed here. */
const MAX_FLOW_DEPTH = 8;

interface Cursor {
  readonly text: string;
  at: number;
  depth: number;
  readonly failsafe: boolean;
}

// Characters that end a plain scalar in a flow collection.
const FLOW_END = /[,[\]{}]/g;
// What a plain flow scalar here may not start with, and may not hold.
const NOT_PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`]/;
const NOT_IN_PLAIN = /[:#]/;

/**
 * Parses `text` when it is one flow sequence or mapping and nothing else
 * (trailing spaces aside).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFlow } from "./yaml_flow.ts";
 *
 * assert.deepEqual(parseFlow('{"a":{"b":[1, "x"]}}', false), { a: { b: [1, "x"] } });
 * assert.equal(parseFlow("[a, &b c]", false), undefined); // an anchor: the full parser
 * ```
 *
 * @param text The value's text, starting with `[` or `{`.
 * @param failsafe Keep plain scalars as text.
 * @returns The collection, or `undefined`.
 */
export function parseFlow(
  text: string,
  failsafe: boolean,
): YamlValue | undefined {
  const cursor: Cursor = { text, at: 0, depth: 0, failsafe };
  const value = collection(cursor);
  if (value === undefined) return undefined;
  spaces(cursor);
  return cursor.at === text.length ? value : undefined;
}

function spaces(cursor: Cursor): void {
  while (cursor.text.charCodeAt(cursor.at) === 0x20) cursor.at++;
}

function collection(cursor: Cursor): YamlValue | undefined {
  if (++cursor.depth > MAX_FLOW_DEPTH) return undefined;
  const open = cursor.text.charCodeAt(cursor.at++);
  const value = open === 0x5b
    ? entries(cursor, 0x5d, () => node(cursor))
    : mapping(cursor);
  cursor.depth--;
  return value;
}

/**
 * Entries up to `close`, separated by commas (a trailing comma allowed),
 * each read by `entry`.
 */
function entries(
  cursor: Cursor,
  close: number,
  entry: () => YamlValue | undefined,
): YamlValue[] | undefined {
  const out: YamlValue[] = [];
  spaces(cursor);
  if (cursor.text.charCodeAt(cursor.at) === close) {
    cursor.at++;
    return out;
  }
  for (;;) {
    const value = entry();
    if (value === undefined) return undefined;
    out.push(value);
    spaces(cursor);
    const c = cursor.text.charCodeAt(cursor.at++);
    if (c === close) return out;
    if (c !== 0x2c) return undefined; // a ":" (a pair in a sequence), or the end
    spaces(cursor);
    if (cursor.text.charCodeAt(cursor.at) === close) {
      cursor.at++;
      return out;
    }
  }
}

function mapping(
  cursor: Cursor,
): { [key: string]: YamlValue } | undefined {
  const out: { [key: string]: YamlValue } = {};
  const pairs = entries(cursor, 0x7d, () => {
    const key = flowKey(cursor);
    if (key === undefined || key === "__proto__" || Object.hasOwn(out, key)) {
      return undefined;
    }
    spaces(cursor);
    const value = node(cursor);
    if (value === undefined) return undefined;
    setEntry(out, key, value);
    return null;
  });
  return pairs === undefined ? undefined : out;
}

/**
 * A key and its `:`: quoted (the `:` may follow at once, JSON style), or
 * plain (a name, then `: `).
 */
function flowKey(cursor: Cursor): string | undefined {
  const { text } = cursor;
  const c = text.charCodeAt(cursor.at);
  if (c === 0x22 || c === 0x27) {
    const key = quoted(cursor);
    if (key === undefined) return undefined;
    spaces(cursor);
    return text.charCodeAt(cursor.at++) === 0x3a ? key : undefined;
  }
  const colon = text.indexOf(":", cursor.at);
  if (colon === -1 || text.charCodeAt(colon + 1) !== 0x20) return undefined;
  const key = text.slice(cursor.at, colon);
  if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) || isResolvedKey(key)) {
    return undefined;
  }
  cursor.at = colon + 1;
  return key;
}

/** A quoted scalar at the cursor, which moves past its closing quote. */
function quoted(cursor: Cursor): string | undefined {
  const { text } = cursor;
  const quote = text.charCodeAt(cursor.at);
  let i = cursor.at + 1;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote === 0x22 && c === 0x5c) i++;
    else if (c === quote) {
      if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) i++;
      else break;
    }
  }
  if (i >= text.length) return undefined;
  const raw = text.slice(cursor.at, i + 1);
  cursor.at = i + 1;
  return quote === 0x22 ? doubleQuoted(raw) : singleQuoted(raw);
}

/** One value: a nested collection, a quoted scalar, or a plain one. */
function node(cursor: Cursor): YamlValue | undefined {
  const { text } = cursor;
  const c = text.charCodeAt(cursor.at);
  if (c === 0x5b || c === 0x7b) return collection(cursor);
  if (c === 0x22 || c === 0x27) return quoted(cursor);
  FLOW_END.lastIndex = cursor.at;
  const end = FLOW_END.exec(text)?.index ?? text.length;
  let last = end;
  while (last > cursor.at && text.charCodeAt(last - 1) === 0x20) last--;
  const plain = text.slice(cursor.at, last);
  if (plain === "" || NOT_IN_PLAIN.test(plain)) return undefined;
  // A "-" starts a number here, or it is left to the full parser.
  if (NOT_PLAIN_START.test(plain) && !/^[-+.0-9]/.test(plain)) return undefined;
  const value = resolvePlain(plain, cursor.failsafe);
  if (value === undefined) return undefined;
  cursor.at = end;
  return value;
}
