// Copyright 2026 the skillscope authors. MIT license.
/**
 * A fast path for the simple YAML most frontmatters are written in: top-level
 * `key: value` lines with plain, quoted or block scalars, one level of nested
 * mappings, and simple lists. It returns exactly what the full parser returns
 * for the inputs it accepts (a property test checks this against js-yaml) and
 * `undefined` for anything else, which then goes to the full parser.
 *
 * @module
 */

const ITEM_LINE = /^( *)- +(.*)$/;
const FLOW_INDICATOR = /[,[\]{}]/;
// Plain scalars the core schema resolves to something other than a string.
const NULL_WORDS = new Set(["~", "null", "Null", "NULL"]);
const TRUE_WORDS = new Set(["true", "True", "TRUE"]);
const FALSE_WORDS = new Set(["false", "False", "FALSE"]);
const NOT_PLAIN_START = new Set([..."-?:,[]{}#&*!|>'\"%@`+.0123456789~"]);

type Value = string | boolean | null | Value[] | { [key: string]: Value };

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

/** Length of a `[A-Za-z_][A-Za-z0-9_-]*` key at `from`, followed by ":" then a space or the end. */
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
        (c >= 0x30 && c <= 0x39) || c === 0x5f ||
        c === 0x2d)
    ) break;
  }
  if (line.charCodeAt(i) !== 0x3a) return -1;
  if (i + 1 < line.length && line.charCodeAt(i + 1) !== 0x20) return -1;
  return i;
}

/** A value, or `undefined` when the text is not in the simple subset. */
function scalar(raw: string, inFlow: boolean): Value | undefined {
  const text = trimEnd(raw);
  const length = text.length;
  if (length === 0) return null;
  const first = text.charCodeAt(0);
  if (first === 0x22) return doubleQuoted(text, inFlow); // "
  if (first === 0x27) { // '
    if (length < 2 || text.charCodeAt(length - 1) !== 0x27) return undefined;
    const inner = text.slice(1, -1);
    if (inner.replaceAll("''", "").includes("'")) return undefined;
    if (inFlow && inner.includes(",")) return undefined;
    return inner.replaceAll("''", "'");
  }
  if (NOT_PLAIN_START.has(text[0]!)) {
    return NULL_WORDS.has(text) ? null : undefined;
  }
  // A " #" starts a comment, which ends the value (not inside a flow
  // sequence: left to the full parser). Then no ": " and no trailing ":";
  // in flow context no , [ ] { }. Tabs never reach here (the caller rejects
  // any text holding one). Native searches: a per-character loop costs
  // several times more.
  let plain = text;
  const comment = text.indexOf(" #");
  if (comment !== -1) {
    if (inFlow) return undefined;
    plain = trimEnd(text.slice(0, comment));
  }
  if (
    plain.charCodeAt(plain.length - 1) === 0x3a || plain.includes(": ") ||
    (inFlow && FLOW_INDICATOR.test(plain))
  ) return undefined;
  if (plain.length <= 5) {
    if (NULL_WORDS.has(plain)) return null;
    if (TRUE_WORDS.has(plain)) return true;
    if (FALSE_WORDS.has(plain)) return false;
  }
  return plain;
}

/** A double-quoted scalar whose only escapes are \" and \\. */
function doubleQuoted(text: string, inFlow: boolean): string | undefined {
  const length = text.length;
  if (length < 2 || text.charCodeAt(length - 1) !== 0x22) return undefined;
  if (!text.includes("\\")) { // no escapes: native searches only
    const inner = text.slice(1, -1);
    return inner.includes('"') || (inFlow && inner.includes(","))
      ? undefined
      : inner;
  }
  let out = "";
  let from = 1;
  for (let i = 1; i < length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return undefined; // an unescaped quote before the end
    if (inFlow && c === 0x2c) return undefined;
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

function flowSequence(text: string): Value[] | undefined {
  const trimmed = trimEnd(text);
  if (!trimmed.startsWith("[") || !trimmed.endsWith("]")) return undefined;
  const inner = trimmed.slice(1, -1).trim();
  if (inner === "") return [];
  const items: Value[] = [];
  for (const part of inner.split(",")) {
    const item = part.trim();
    if (item === "") return undefined;
    const value = scalar(item, true);
    if (value === undefined || value === null) return undefined;
    items.push(value);
  }
  return items;
}

/**
 * Parses YAML in the simple subset described above.
 *
 * @param text The YAML text (LF line ends).
 * @returns The mapping, or `undefined` when the text needs the full parser.
 */
export function parseSimpleYaml(
  text: string,
): Record<string, Value> | undefined {
  if (text.includes("\t") || text.includes("\r")) return undefined;
  const lines = text.split("\n");
  const out: Record<string, Value> = {};
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
    if (key === "__proto__" || Object.hasOwn(out, key)) return undefined;
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

    if (
      (first === 0x7c || first === 0x3e) &&
      (rest.length === 1 || (rest.length === 2 && rest[1] === "-"))
    ) {
      // A block scalar: | |- > >-
      if (!hasBody) return undefined;
      // Blank or whitespace-only lines inside a block scalar carry meaning:
      // leave them to the full parser. Empty lines after its last line (the
      // end of the frontmatter, or before the next key) do not, for the clip
      // (|, >) and strip (|-, >-) styles parsed here.
      for (let k = i; k < j; k++) {
        const l = lines[k]!;
        if (l.trim() === "" && (k < end || l !== "")) return undefined;
      }
      const body = lines.slice(i, end);
      const indent = indentOf(body[0]!);
      if (indent === 0) return undefined;
      for (const l of body) {
        if (l.length <= indent || indentOf(l) !== indent) return undefined;
      }
      const joined = body.map((l) => l.slice(indent)).join(
        first === 0x7c ? "\n" : " ",
      );
      out[key] = rest.length === 2 ? joined : `${joined}\n`;
    } else if (first === 0x5b) {
      if (hasBody) return undefined;
      const seq = flowSequence(rest);
      if (seq === undefined) return undefined;
      out[key] = seq;
    } else if (rest.length > 0) {
      if (hasBody || first === 0x23) return undefined; // multi-line plain scalar, or a comment
      const value = scalar(rest, false);
      if (value === undefined) return undefined;
      out[key] = value;
    } else if (!hasBody) {
      out[key] = null;
    } else {
      const value = nestedBlock(lines.slice(i, end));
      if (value === undefined) return undefined;
      out[key] = value;
    }
    i = j;
  }
  // No key at all (empty, or only comments): leave it to the full parser.
  for (const _ in out) return out;
  return undefined;
}

/** A nested block: a list of scalars, or a mapping of scalars. */
function nestedBlock(body: string[]): Value | undefined {
  const content = body.filter((l) => !skippable(l));
  if (content.length === 0) return undefined;
  if (content.every((l) => ITEM_LINE.test(l))) {
    const indent = ITEM_LINE.exec(content[0]!)![1]!.length;
    const items: Value[] = [];
    for (const l of content) {
      const item = ITEM_LINE.exec(l)!;
      if (item[1]!.length !== indent) return undefined;
      const raw = item[2]!;
      if (raw.trim().startsWith("[") || keyEnd(raw, 0) !== -1) return undefined;
      const value = scalar(raw, false);
      if (value === undefined) return undefined;
      items.push(value);
    }
    return items;
  }
  const nested: Record<string, Value> = {};
  let indent = -1;
  for (const l of content) {
    const at = indentOf(l);
    if (indent === -1) indent = at;
    if (at !== indent || at === 0) return undefined;
    const colon = keyEnd(l, at);
    if (colon === -1) return undefined;
    const name = l.slice(at, colon);
    if (name === "__proto__" || Object.hasOwn(nested, name)) return undefined;
    const raw = trimStart(trimEnd(l.slice(colon + 1)));
    const c = raw.charCodeAt(0);
    if (raw === "" || c === 0x7c || c === 0x3e || c === 0x5b) return undefined;
    const value = scalar(raw, false);
    if (value === undefined) return undefined;
    nested[name] = value;
  }
  return nested;
}
