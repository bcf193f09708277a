// Copyright 2026 the skillscope authors. MIT license.
/**
 * Escaping for XML / HTML text and attributes.
 *
 * @module
 */

const XML: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
// Python's html.escape(quote=True), which the reference tool uses.
const HTML: Record<string, string> = { ...XML, "'": "&#x27;" };
const SPECIAL = /[&<>"']/g;
const HAS_SPECIAL = /[&<>"']/;
const SUSPECT =
  // deno-lint-ignore no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
// Characters XML 1.0 forbids outright (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/F).
const INVALID_XML =
  // deno-lint-ignore no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Escapes `& < > " '` and replaces characters XML cannot carry with U+FFFD.
 *
 * @param text Any text.
 * @returns Text safe inside an XML element or attribute.
 */
export function escapeXml(text: string): string {
  // Most text needs nothing: test cheaply before replacing.
  const clean = replaceInvalidXml(text);
  return HAS_SPECIAL.test(clean)
    ? clean.replace(SPECIAL, (c) => XML[c]!)
    : clean;
}

/**
 * Replaces the characters XML 1.0 cannot carry (C0 controls but tab, LF and
 * CR; lone surrogates; U+FFFE/U+FFFF) with U+FFFD.
 *
 * @param text Any text.
 * @returns Text an XML parser accepts.
 */
export function replaceInvalidXml(text: string): string {
  return SUSPECT.test(text) ? text.replace(INVALID_XML, "\uFFFD") : text;
}

/**
 * Escapes like Python's `html.escape(text, quote=True)`.
 *
 * @param text Any text.
 * @returns The escaped text.
 */
export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (c) => HTML[c]!);
}

// C0 and C1 controls, DEL, bidi controls (ALM, LRM, RLM, LRE…RLO, LRI…PDI),
// line and paragraph separators, lone surrogates.
const TERMINAL_UNSAFE =
  // deno-lint-ignore no-control-regex -- matching control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TERMINAL_UNSAFE_TEST =
  // deno-lint-ignore no-control-regex -- matching control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069\uD800-\uDFFF]/;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * Makes untrusted text safe to show on a terminal: control characters
 * (ESC, CSI, OSC, BEL, CR, …), bidi controls and lone surrogates become
 * visible escapes such as `\x1b` and `\u202e`, so a skill cannot clear the
 * screen, forge lines, set the window title, write the clipboard or plant
 * hyperlinks. With `multiline`, line feeds and tabs are kept.
 *
 * @example Usage
 * ```ts
 * import { escapeTerminal } from "./escape.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(escapeTerminal("a\x1b]0;pwned\x07b"), "a\\x1b]0;pwned\\x07b");
 * assert.equal(escapeTerminal("one\ntwo"), "one\\x0atwo");
 * assert.equal(escapeTerminal("one\ntwo", { multiline: true }), "one\ntwo");
 * ```
 *
 * @param text Any text.
 * @param options `multiline`: keep `\n` and `\t`.
 * @returns The text with unsafe characters escaped.
 */
export function escapeTerminal(
  text: string,
  options: { multiline?: boolean } = {},
): string {
  if (!TERMINAL_UNSAFE_TEST.test(text)) return text;
  return options.multiline === true
    ? text.replace(
      TERMINAL_UNSAFE,
      (c) => (c === "\n" || c === "\t" ? c : visible(c)),
    )
    : text.replace(TERMINAL_UNSAFE, visible);
}
