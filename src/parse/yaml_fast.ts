// Copyright 2026 the skillscope authors. MIT license.
/**
 * A fast path for the YAML frontmatters are written in: top-level
 * `key: value` lines with plain, quoted or block scalars; nested mappings
 * and lists of scalars; flow sequences and mappings on one line
 * (`yaml_flow.ts`). It returns exactly what the full parser returns for the
 * inputs it accepts (a property test checks this against js-yaml, with the
 * core and the failsafe schema) and `undefined` for anything else, which
 * then goes to the full parser.
 *
 * @module
 */
import { setEntry } from "../shared/null_record.ts";
import { parseFlow } from "./yaml_flow.ts";
import {
  doubleQuoted,
  emptyValue,
  isResolvedKey,
  resolvePlain,
  singleQuoted,
  type YamlValue,
} from "./yaml_scalar.ts";

const ITEM_LINE = /^( *)- +(.*)$/;
const NOT_PLAIN_START = new Set([..."?:,[]{}#&*!|>'\"%@`~"]);
/** Deepest nesting of block collections parsed here. */
const MAX_BLOCK_DEPTH = 8;

/** Options of {@linkcode parseSimpleYaml}. */
export interface SimpleYamlOptions {
  /**
   * The failsafe schema: every scalar is its text (`version: 1.0` is
   * `"1.0"`), as js-yaml's `FAILSAFE_SCHEMA` reads it.
   */
  readonly failsafe?: boolean;
  /**
   * When given, a repeated top-level key takes the last value (as js-yaml's
   * `json` option does) and the 0-based line of each repetition is pushed
   * here; without it, a repeated key leaves the text to the full parser.
   */
  readonly duplicates?: number[];
}

/** `text` without trailing spaces. */
function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x20) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without leading spaces. */
function trimStart(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 0x20) start++;
  return start === 0 ? text : text.slice(start);
}

/** Whether a line is empty, spaces only, or a comment. */
function skippable(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x23) return true; // "#" after spaces (or at the start): a comment
    if (c !== 0x20) return false;
  }
  return true;
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 0x20) i++;
  return i;
}

/**
 * Index of the ":" after a `[A-Za-z_][A-Za-z0-9_.-]*` key at `from`,
 * followed by a space or the end; -1 when there is none (or the key is a
 * null or boolean word, which the full parser turns into another string).
 */
function keyEnd(line: string, from: number): number {
  const first = line.charCodeAt(from);
  if (
    !((first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a) ||
      first === 0x5f)
  ) return -1;
  let i = from + 1;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (
      !((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ||
        (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d || c === 0x2e)
    ) break;
  }
  if (line.charCodeAt(i) !== 0x3a) return -1;
  if (i + 1 < line.length && line.charCodeAt(i + 1) !== 0x20) return -1;
  if (isResolvedKey(line, from, i - from)) return -1;
  return i;
}

/** A block-context value on its key's line, or `undefined` when not in the subset. */
function scalar(raw: string, failsafe: boolean): YamlValue | undefined {
  const text = trimEnd(raw);
  if (text.length === 0) return emptyValue(failsafe);
  const first = text.charCodeAt(0);
  if (first === 0x22) return doubleQuoted(text); // "
  if (first === 0x27) return singleQuoted(text); // '
  if (first === 0x5b || first === 0x7b) return parseFlow(text, failsafe); // [ {
  if (NOT_PLAIN_START.has(text[0]!)) {
    return text === "~" ? resolvePlain(text, failsafe) : undefined;
  }
  // A " #" starts a comment, which ends the value. Then no ": " and no
  // trailing ":". Tabs never reach here (the caller rejects any text
  // holding one). Native searches: a per-character loop costs several
  // times more.
  let plain = text;
  const comment = text.indexOf(" #");
  if (comment !== -1) plain = trimEnd(text.slice(0, comment));
  if (
    plain.charCodeAt(plain.length - 1) === 0x3a || plain.includes(": ")
  ) return undefined;
  return resolvePlain(plain, failsafe);
}

/**
 * A plain scalar over several lines (`description: Use when\n  asked`): its
 * lines trimmed and joined by one space, as YAML folds them. A blank line (a
 * line break in the value), a comment, a `: ` or a quoted or flow start is
 * left to the full parser.
 *
 * @param first The text on the key's (or item's) line; `""` when the value starts below.
 * @param more The following lines, each indented deeper than the key.
 * @param failsafe Keep the text.
 */
function multiLinePlain(
  first: string,
  more: readonly string[],
  failsafe: boolean,
): YamlValue | undefined {
  const parts = first === "" ? [] : [first];
  for (const line of more) parts.push(trimStart(trimEnd(line)));
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    const c = part.charCodeAt(0);
    if (
      part === "" || c === 0x23 || part.includes(": ") || part.includes(" #") ||
      part.charCodeAt(part.length - 1) === 0x3a
    ) return undefined;
    if (k === 0 && (NOT_PLAIN_START.has(part[0]!) || c === 0x2d)) {
      return undefined;
    }
  }
  return parts.length < 2 ? undefined : resolvePlain(parts.join(" "), failsafe);
}

/**
 * Parses YAML in the subset described above.
 *
 * @param text The YAML text (LF line ends).
 * @param options `failsafe`: every scalar as its text.
 * @returns The mapping, or `undefined` when the text needs the full parser.
 */
export function parseSimpleYaml(
  text: string,
  options: SimpleYamlOptions = {},
): Record<string, YamlValue> | undefined {
  if (text.includes("\t") || text.includes("\r")) return undefined;
  const failsafe = options.failsafe === true;
  const lines = text.split("\n");
  const out: Record<string, YamlValue> = {};
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (skippable(line)) {
      i++;
      continue;
    }
    const colon = keyEnd(line, 0);
    if (colon === -1) return undefined;
    const key = line.slice(0, colon);
    if (key === "__proto__") return undefined;
    if (Object.hasOwn(out, key)) {
      if (options.duplicates === undefined) return undefined;
      options.duplicates.push(i);
    }
    const rest = trimStart(trimEnd(line.slice(colon + 1)));
    i++;
    // Lines that belong to this key: indented ones, "- " items, blanks between them.
    let j = i;
    while (j < lines.length) {
      const next = lines[j]!;
      const c = next.charCodeAt(0);
      if (next.length === 0 || c === 0x20) {
        j++;
        continue;
      }
      if (c === 0x2d) {
        if (next.startsWith("---")) return undefined;
        if (next.charCodeAt(1) === 0x20) {
          j++;
          continue;
        }
      }
      break;
    }
    let end = j;
    while (
      end > i && skippable(lines[end - 1]!) && !lines[end - 1]!.includes("#")
    ) end--;
    const hasBody = end > i;
    const first = rest.charCodeAt(0);

    let value: YamlValue | undefined;
    if (
      (first === 0x7c || first === 0x3e) &&
      (rest.length === 1 || (rest.length === 2 && rest[1] === "-"))
    ) {
      value = blockScalar(lines, i, j, end, rest);
    } else if (rest.length > 0) {
      if (first === 0x23) return undefined; // a comment, then lines below
      // More lines below a value continue it (a plain scalar over lines);
      // with a blank or comment line among them, or a "- " item, the full parser.
      const more = lines.slice(i, end);
      value = !hasBody
        ? scalar(rest, failsafe)
        : more.some((l) => skippable(l) || l.charCodeAt(0) !== 0x20)
        ? undefined
        : multiLinePlain(rest, more, failsafe);
    } else if (!hasBody) {
      value = emptyValue(failsafe);
    } else {
      value = nestedBlock(lines.slice(i, end), failsafe, 1, 0);
    }
    if (value === undefined) return undefined;
    setEntry(out, key, value);
    i = j;
  }
  // No key at all (empty, or only comments): leave it to the full parser.
  for (const _ in out) return out;
  return undefined;
}

/** A block scalar (`|`, `|-`, `>`, `>-`) over `lines[from, end)`; `to` ends the key's lines. */
function blockScalar(
  lines: readonly string[],
  from: number,
  to: number,
  end: number,
  indicator: string,
): string | undefined {
  if (end <= from) return undefined;
  // Blank or whitespace-only lines inside a block scalar carry meaning:
  // leave them to the full parser. Empty lines after its last line (the end
  // of the frontmatter, or before the next key) do not, for the clip (|, >)
  // and strip (|-, >-) styles parsed here.
  for (let k = from; k < to; k++) {
    const l = lines[k]!;
    if (l.trim() === "" && (k < end || l !== "")) return undefined;
  }
  const body = lines.slice(from, end);
  const indent = indentOf(body[0]!);
  if (indent === 0) return undefined;
  for (const l of body) {
    if (l.length <= indent || indentOf(l) !== indent) return undefined;
  }
  const joined = body.map((l) => l.slice(indent)).join(
    indicator[0] === "|" ? "\n" : " ",
  );
  return indicator.length === 2 ? joined : `${joined}\n`;
}

/**
 * The value on the lines below a key with nothing after its ":": a list of
 * scalars or flow collections, or a mapping (nested to a bounded depth).
 * A mapping is indented deeper than its key; a list may start at the key's
 * own indentation.
 */
function nestedBlock(
  body: readonly string[],
  failsafe: boolean,
  depth: number,
  parentIndent: number,
  gapsAbove = false,
): YamlValue | undefined {
  if (depth > MAX_BLOCK_DEPTH) return undefined;
  const content = body.filter((l) => !skippable(l));
  if (content.length === 0) return undefined;
  // Blank or comment lines matter inside a multi-line plain scalar: with
  // any in the block (or an enclosing one), such a scalar is left to the
  // full parser.
  const gaps = gapsAbove || content.length !== body.length;
  const indent = indentOf(content[0]!);
  if (ITEM_LINE.test(content[0]!)) {
    const items: YamlValue[] = [];
    for (let i = 0; i < content.length;) {
      const item = ITEM_LINE.exec(content[i]!);
      if (item === null || item[1]!.length !== indent) return undefined;
      const raw = item[2]!;
      if (keyEnd(raw, 0) !== -1) return undefined; // a mapping in the list
      // Deeper lines continue the item's plain scalar.
      let j = i + 1;
      while (j < content.length && indentOf(content[j]!) > indent) j++;
      const value = j === i + 1
        ? scalar(raw, failsafe)
        : gaps || raw === ""
        ? undefined
        : multiLinePlain(trimEnd(raw), content.slice(i + 1, j), failsafe);
      if (value === undefined) return undefined;
      items.push(value);
      i = j;
    }
    return items;
  }
  if (keyEnd(content[0]!, indent) === -1 && indent > parentIndent) {
    // No key: a plain scalar starting on the line below its key.
    return gaps ? undefined : multiLinePlain("", content, failsafe);
  }
  if (indent <= parentIndent) return undefined;
  const nested: Record<string, YamlValue> = {};
  for (let i = 0; i < content.length;) {
    const l = content[i]!;
    if (indentOf(l) !== indent) return undefined;
    const colon = keyEnd(l, indent);
    if (colon === -1) return undefined;
    const name = l.slice(indent, colon);
    if (name === "__proto__" || Object.hasOwn(nested, name)) return undefined;
    const raw = trimStart(trimEnd(l.slice(colon + 1)));
    // Its lines: deeper ones, and items at its own indentation when it has no value.
    let j = i + 1;
    while (j < content.length) {
      const next = content[j]!;
      const at = indentOf(next);
      if (at > indent || (at === indent && raw === "" && isItem(next, at))) {
        j++;
      } else break;
    }
    let value: YamlValue | undefined;
    if (raw === "") {
      value = j === i + 1 ? emptyValue(failsafe) : nestedBlock(
        content.slice(i + 1, j),
        failsafe,
        depth + 1,
        indent,
        gaps,
      );
    } else {
      const c = raw.charCodeAt(0);
      // A nested block scalar: the full parser.
      if (c === 0x7c || c === 0x3e || c === 0x23) return undefined;
      value = j === i + 1
        ? scalar(raw, failsafe)
        : gaps
        ? undefined
        : multiLinePlain(raw, content.slice(i + 1, j), failsafe);
    }
    if (value === undefined) return undefined;
    setEntry(nested, name, value);
    i = j;
  }
  return nested;
}

/** Whether the line has a "- " list item at indentation `at`. */
function isItem(line: string, at: number): boolean {
  return line.charCodeAt(at) === 0x2d &&
    (line.length === at + 1 || line.charCodeAt(at + 1) === 0x20);
}
