// Copyright 2026 the skillscope authors. MIT license.
/**
 * Scalars of the fast YAML path (`yaml_fast.ts`, `yaml_flow.ts`): a plain
 * scalar resolved by the core schema — null, booleans, decimal, octal and
 * hexadecimal integers, floats, else the text — exactly as the full parser
 * resolves it, or kept as its text (the failsafe schema); and the quoted
 * scalars whose only escapes are `\"`, `\\` and `''`.
 *
 * @module
 */

/** A YAML value the fast path produces. */
export type YamlValue =
  | string
  | number
  | boolean
  | null
  | YamlValue[]
  | { [key: string]: YamlValue };

const NULL_WORDS = new Set(["~", "null", "Null", "NULL"]);
const TRUE_WORDS = new Set(["true", "True", "TRUE"]);
const FALSE_WORDS = new Set(["false", "False", "FALSE"]);

// The core schema's number forms, as the full parser (js-yaml 5) writes them.
const INT = /^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$/;
const FLOAT =
  /^(?:[-+]?[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

// The words a plain key may be that resolve to null or a boolean.
const KEY_WORDS = [...NULL_WORDS, ...TRUE_WORDS, ...FALSE_WORDS].filter((w) =>
  w.length > 1
);

/**
 * Whether a plain key would become a different string as a mapping key
 * (`True:` is the key `"true"`, `Null:` the key `"null"`): such keys are
 * left to the full parser. Reads `text[from, from + length)` without
 * copying it (the hot path calls it for every key).
 *
 * @param text The text holding the key.
 * @param from Where the key starts.
 * @param length The key's length.
 * @returns `true` for the null and boolean words.
 */
export function isResolvedKey(
  text: string,
  from = 0,
  length: number = text.length - from,
): boolean {
  return (length === 4 || length === 5) &&
    KEY_WORDS.some((word) =>
      word.length === length && text.startsWith(word, from)
    );
}

/** A number by the core schema, or `undefined` when the text is not one. */
function coreNumber(text: string): number | undefined {
  const negative = text.charCodeAt(0) === 0x2d;
  const digits = negative || text.charCodeAt(0) === 0x2b ? text.slice(1) : text;
  const sign = negative ? -1 : 1;
  if (INT.test(text)) {
    const value = digits.startsWith("0o")
      ? parseInt(digits.slice(2), 8)
      : digits.startsWith("0x")
      ? parseInt(digits.slice(2), 16)
      : parseInt(digits, 10);
    if (Number.isFinite(sign * value)) return sign * value;
  }
  if (FLOAT.test(text)) {
    const lower = digits.toLowerCase();
    if (lower === ".inf") return sign * Number.POSITIVE_INFINITY;
    if (lower === ".nan") return NaN;
    const value = sign * parseFloat(lower);
    if (Number.isFinite(value)) return value;
  }
  return undefined;
}

/**
 * Resolves a plain scalar's text (already trimmed, comments cut): by the
 * core schema, or as its text when `failsafe`. A text starting with `-`,
 * `+` or `.` that is not a number is left to the full parser (`undefined`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolvePlain } from "./yaml_scalar.ts";
 *
 * assert.equal(resolvePlain("1.0", false), 1);
 * assert.equal(resolvePlain("1.0", true), "1.0");
 * assert.equal(resolvePlain("1.0.2", false), "1.0.2");
 * assert.equal(resolvePlain("-x", false), undefined);
 * ```
 *
 * @param text The scalar's text, non-empty.
 * @param failsafe Keep the text (every scalar a string).
 * @returns The value, or `undefined`.
 */
export function resolvePlain(
  text: string,
  failsafe: boolean,
): YamlValue | undefined {
  const c = text.charCodeAt(0);
  const digit = c >= 0x30 && c <= 0x39;
  if (digit || c === 0x2d || c === 0x2b || c === 0x2e) {
    const number = coreNumber(text);
    if (number === undefined && !digit) return undefined;
    if (failsafe) return text;
    return number ?? text;
  }
  if (failsafe) return text;
  if (text.length <= 5) {
    if (NULL_WORDS.has(text)) return null;
    if (TRUE_WORDS.has(text)) return true;
    if (FALSE_WORDS.has(text)) return false;
  }
  return text;
}

/**
 * The value of an empty node (`key:` with nothing after it, `- `): null by
 * the core schema, the empty string by the failsafe one.
 *
 * @param failsafe The failsafe schema.
 * @returns `null` or `""`.
 */
export function emptyValue(failsafe: boolean): YamlValue {
  return failsafe ? "" : null;
}

/**
 * A double-quoted scalar, quotes included, whose only escapes are `\"` and
 * `\\`.
 *
 * @param text The scalar from its opening to its closing quote.
 * @returns The string, or `undefined` for anything else.
 */
export function doubleQuoted(text: string): string | undefined {
  const length = text.length;
  if (length < 2 || text.charCodeAt(length - 1) !== 0x22) return undefined;
  if (!text.includes("\\")) { // no escapes: native searches only
    const inner = text.slice(1, -1);
    return inner.includes('"') ? undefined : inner;
  }
  let out = "";
  let from = 1;
  for (let i = 1; i < length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return undefined; // an unescaped quote before the end
    if (c === 0x5c) {
      const next = text.charCodeAt(i + 1);
      if ((next !== 0x22 && next !== 0x5c) || i + 1 >= length - 1) {
        return undefined;
      }
      out += text.slice(from, i) + text[i + 1];
      i++;
      from = i + 1;
    }
  }
  return from === 1 ? text.slice(1, -1) : out + text.slice(from, length - 1);
}

/**
 * A single-quoted scalar, quotes included (`''` is one quote).
 *
 * @param text The scalar from its opening to its closing quote.
 * @returns The string, or `undefined` when a lone quote is inside.
 */
export function singleQuoted(text: string): string | undefined {
  const length = text.length;
  if (length < 2 || text.charCodeAt(length - 1) !== 0x27) return undefined;
  const inner = text.slice(1, -1);
  if (inner.replaceAll("''", "").includes("'")) return undefined;
  return inner.replaceAll("''", "'");
}
