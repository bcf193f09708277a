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
  const clean = SUSPECT.test(text) ? text.replace(INVALID_XML, "\uFFFD") : text;
  return HAS_SPECIAL.test(clean)
    ? clean.replace(SPECIAL, (c) => XML[c]!)
    : clean;
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
