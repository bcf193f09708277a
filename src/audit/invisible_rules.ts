// Copyright 2026 the skillscope authors. MIT license.
/**
 * The audit rules for text a reader cannot see: Unicode tag characters,
 * bidi controls, runs of variation selectors, and every other invisible
 * character (format characters, default-ignorable code points, control
 * characters), each by its Unicode class rather than a list of examples.
 *
 * @module
 */
import {
  codePointName,
  finding,
  invisibleCharacters,
  lineFrom,
  type Lines,
  type Push,
  reveal,
  type TextSource,
} from "./text_finding.ts";

const TAGS = /[\u{E0000}-\u{E007F}]+/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
const VARIATION_RUN = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{3,}/gu;
// Variation selectors (standard, supplement, Mongolian free variation).
const SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u180B-\u180D\u180F]$/u;

interface Classes {
  readonly pictographic: RegExp;
  readonly rtl: RegExp;
  readonly latin: RegExp;
  readonly letter: RegExp;
}
let classes: Classes | undefined;

/** The Unicode property classes the exemptions use, built on first use. */
function unicodeClasses(): Classes {
  classes ??= {
    pictographic: new RegExp(
      String.raw`[\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3]`,
      "u",
    ),
    rtl: new RegExp(
      String
        .raw`[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]`,
      "u",
    ),
    latin: new RegExp(String.raw`\p{Script=Latin}`, "u"),
    letter: new RegExp(String.raw`[\p{L}\p{M}]`, "u"),
  };
  return classes;
}

/** The code point before `index` (or ""). */
function before(text: string, index: number): string {
  if (index <= 0) return "";
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2
    ? index - 2
    : index - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}

/** The code point at `index` (or ""). */
function at(text: string, index: number): string {
  const c = text.codePointAt(index);
  return c === undefined ? "" : String.fromCodePoint(c);
}

/** Whether a right-to-left letter is the nearest letter on either side (16 units at most). */
function nearRtl(text: string, start: number, end: number): boolean {
  const { letter, rtl } = unicodeClasses();
  for (let i = start - 1; i >= Math.max(0, start - 16); i--) {
    const c = text[i]!;
    if (letter.test(c)) {
      if (rtl.test(c)) return true;
      break;
    }
  }
  for (let i = end; i < Math.min(text.length, end + 16); i++) {
    const c = text[i]!;
    if (letter.test(c)) return rtl.test(c);
  }
  return false;
}

/**
 * Whether the invisible character `c` at `index` is ordinary text: a BOM
 * that starts the file, a joiner inside an emoji sequence or between letters
 * of a script that uses joiners, a variation selector after a character that
 * has variants (or in a keycap), a bidi mark next to right-to-left letters.
 */
function ordinary(text: string, index: number, c: string): boolean {
  const { pictographic, latin } = unicodeClasses();
  const end = index + c.length;
  if (c === "\uFEFF") return index === 0;
  if (c === "\u200C" || c === "\u200D") {
    const prev = before(text, index);
    const prevPrev = before(text, index - prev.length);
    const next = at(text, end);
    return (pictographic.test(prev) || pictographic.test(prevPrev)) &&
        pictographic.test(next) ||
      (unicodeClasses().letter.test(prev) && !latin.test(prev) &&
        prev.charCodeAt(0) >= 0x80);
  }
  if (SELECTOR.test(c)) {
    const prev = before(text, index);
    if (/^[#*0-9]$/.test(prev)) return at(text, end) === "\u20E3";
    return prev !== "" && prev.codePointAt(0)! >= 0x80 &&
      !invisibleCharacters().test(prev);
  }
  if (c === "\u200E" || c === "\u200F" || c === "\u061C") {
    return nearRtl(text, index, end);
  }
  return false;
}

/**
 * Runs the invisible-text rules over one file's text.
 *
 * @example Usage
 * ```ts
 * import { invisibleRules } from "./invisible_rules.ts";
 * import { Lines } from "./text_finding.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "soft\u00ADhyphen";
 * const found: string[] = [];
 * const source = { path: "/s/a.md", skillDir: "/s", isSkillMd: false };
 * invisibleRules(text, source, new Lines(text), (f) => found.push(f.code));
 * assert.deepEqual(found, ["zero-width"]);
 * ```
 *
 * @param text The text.
 * @param source Where it comes from.
 * @param lines Its line starts.
 * @param push Receives each finding.
 */
export function invisibleRules(
  text: string,
  source: TextSource,
  lines: Lines,
  push: Push,
): void {
  for (const match of text.matchAll(TAGS)) {
    const decoded = [...match[0]].map((c) => {
      const code = c.codePointAt(0)! - 0xe0000;
      return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : "";
    }).join("");
    push(finding(
      "unicode-tag",
      `${[...match[0]].length} invisible Unicode tag characters${
        decoded === "" ? "" : `, which read as "${reveal(decoded, 60)}"`
      }`,
      source,
      lines,
      match.index!,
      reveal(match[0], 12),
    ));
  }
  for (const match of text.matchAll(BIDI)) {
    push(finding(
      "bidi-control",
      `A bidi control character (${
        codePointName(match[0])
      }) reorders how the text around it is shown`,
      source,
      lines,
      match.index!,
      reveal(lineFrom(text, Math.max(0, match.index! - 10), 30)),
    ));
  }
  // Runs of selectors are their own rule; tags and bidi controls above.
  const runs: [number, number][] = [];
  for (const match of text.matchAll(VARIATION_RUN)) {
    runs.push([match.index!, match.index! + match[0].length]);
    push(finding(
      "variation-selector-run",
      `${[...match[0]].length} variation selectors in a row: invisible data`,
      source,
      lines,
      match.index!,
      reveal(match[0], 12),
    ));
  }
  let run = 0;
  let start = -1;
  let end = -1;
  const names = new Set<string>();
  let count = 0;
  const flush = () => {
    if (start === -1) return;
    push(finding(
      "zero-width",
      `${count} invisible character${count === 1 ? "" : "s"} (${
        [...names].slice(0, 3).join(", ")
      }${names.size > 3 ? ", …" : ""}) hidden in the text`,
      source,
      lines,
      start,
      reveal(text.slice(Math.max(0, start - 10), end + 10)),
    ));
    start = -1;
    names.clear();
    count = 0;
  };
  for (const match of text.matchAll(invisibleCharacters())) {
    const index = match.index!;
    const c = match[0];
    while (run < runs.length && runs[run]![1] <= index) run++;
    const inRun = run < runs.length && runs[run]![0] <= index;
    const code = c.codePointAt(0)!;
    if (
      inRun || (code >= 0xe0000 && code <= 0xe007f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069) ||
      ordinary(text, index, c)
    ) continue;
    if (index !== end) flush();
    if (start === -1) start = index;
    end = index + c.length;
    count++;
    if (names.size <= 3) names.add(codePointName(c));
  }
  flush();
}
