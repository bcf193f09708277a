// Copyright 2026 the skillscope authors. MIT license.
/**
 * Writing the source text of an embed module piece by piece: ASCII-only
 * string literals laid out as `deno fmt` would, streamed in bounded chunks so
 * that a 10 MiB asset never becomes a 10 MiB string of one-character pieces.
 *
 * @module
 */
import { encodeBase64 } from "../shared/base64.ts";

/** Receives the module's text, in order. */
export type Sink = (chunk: string) => void;

/** The line width `deno fmt` wraps at; the generated code is laid out as it would. */
export const WIDTH = 80;

/** Characters escaped before a chunk of the literal is handed on. */
const CHUNK = 64 * 1024;

function escaped(c: number): string {
  if (c === 0x5c) return "\\\\";
  if (c === 0x22) return "\\x22";
  if (c === 0x0a) return "\\n";
  if (c === 0x0d) return "\\r";
  if (c === 0x09) return "\\t";
  if (c < 0x20 || c === 0x7f) return `\\x${c.toString(16).padStart(2, "0")}`;
  return `\\u${c.toString(16).padStart(4, "0")}`;
}

/**
 * Writes `text` as a double-quoted, ASCII-only string literal: `"` is
 * written `\x22` and non-ASCII as `\uXXXX`, so `deno fmt` keeps the quotes
 * and measures the line as written.
 *
 * @example Usage
 * ```ts
 * import { writeLiteral } from "./literal.ts";
 * import assert from "node:assert/strict";
 *
 * const parts: string[] = [];
 * writeLiteral('say "hi"\n', (chunk) => parts.push(chunk));
 * assert.equal(parts.join(""), '"say \\x22hi\\x22\\n"');
 * ```
 *
 * @param text Any text.
 * @param sink Receives the literal in chunks of about 64 KiB.
 */
export function writeLiteral(text: string, sink: Sink): void {
  let parts: string[] = ['"'];
  let size = 1;
  let start = 0;
  const flush = () => {
    sink(parts.join(""));
    parts = [];
    size = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f && c !== 0x5c && c !== 0x22) {
      if (i - start < CHUNK) continue;
      parts.push(text.slice(start, i)); // a long plain run: hand it on
      size += i - start;
      start = i;
    } else {
      if (i > start) parts.push(text.slice(start, i));
      const escape = escaped(c);
      parts.push(escape);
      size += i - start + escape.length;
      start = i + 1;
    }
    if (size >= CHUNK) flush();
  }
  if (start < text.length) parts.push(text.slice(start));
  parts.push('"');
  flush();
}

/**
 * The literal of {@linkcode writeLiteral} as one string (for short texts).
 *
 * @example Usage
 * ```ts
 * import { literal } from "./literal.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(literal("ü"), '"\\u00fc"');
 * ```
 *
 * @param text Any text.
 * @returns The literal.
 */
export function literal(text: string): string {
  const parts: string[] = [];
  writeLiteral(text, (chunk) => parts.push(chunk));
  return parts.join("");
}

/**
 * Writes `key: "text",` on one line when it fits, else the value on the next
 * line (then it is long, and streamed).
 *
 * @example Usage
 * ```ts
 * import { writeProperty } from "./literal.ts";
 * import assert from "node:assert/strict";
 *
 * const out: string[] = [];
 * writeProperty(4, "name", "notes", (chunk) => out.push(chunk));
 * assert.equal(out.join(""), '    name: "notes",\n');
 * ```
 *
 * @param indent Spaces before the key.
 * @param key The key as written (`name`, `["a.md"]`).
 * @param text The value's text.
 * @param sink Receives the line(s), each ending in `\n`.
 */
export function writeProperty(
  indent: number,
  key: string,
  text: string,
  sink: Sink,
): void {
  const pad = " ".repeat(indent);
  // A value longer than the line cannot fit: never build its literal whole.
  if (text.length <= WIDTH && fits(`${pad}${key}: ${literal(text)},`, sink)) {
    return;
  }
  sink(`${pad}${key}:\n${pad}  `);
  writeLiteral(text, sink);
  sink(",\n");
}

/**
 * Writes `key: bytes("base64"),` on one line when it fits, else the argument
 * on its own line, streamed.
 *
 * @example Usage
 * ```ts
 * import { writeBytes } from "./literal.ts";
 * import assert from "node:assert/strict";
 *
 * const out: string[] = [];
 * writeBytes(6, '["a.bin"]', new Uint8Array([1, 2]), (chunk) => out.push(chunk));
 * assert.equal(out.join(""), '      ["a.bin"]: bytes("AQI="),\n');
 * ```
 *
 * @param indent Spaces before the key.
 * @param key The key as written.
 * @param data The bytes.
 * @param sink Receives the line(s), each ending in `\n`.
 */
export function writeBytes(
  indent: number,
  key: string,
  data: Uint8Array,
  sink: Sink,
): void {
  const pad = " ".repeat(indent);
  const short = data.length <= WIDTH;
  if (short && fits(`${pad}${key}: bytes("${encodeBase64(data)}"),`, sink)) {
    return;
  }
  sink(`${pad}${key}: bytes(\n${pad}  "`);
  // Whole groups of three bytes encode to the same text as the whole.
  const step = 3 * 16 * 1024;
  for (let at = 0; at < data.length; at += step) {
    sink(encodeBase64(data.subarray(at, at + step)));
  }
  sink(`",\n${pad}),\n`);
}

/** Writes `line` when it fits the width, and says whether it did. */
function fits(line: string, sink: Sink): boolean {
  if (line.length > WIDTH) return false;
  sink(`${line}\n`);
  return true;
}
