// Copyright 2026 the skillscope authors. MIT license.
/**
 * Writing CLI output: stdout carries only the result, stderr the rest.
 *
 * @module
 */
import type { Diagnostic } from "../types.ts";

const encoder = new TextEncoder();

function writeAll(
  target: { writeSync(p: Uint8Array): number },
  text: string,
): void {
  let bytes = encoder.encode(text);
  while (bytes.length > 0) bytes = bytes.subarray(target.writeSync(bytes));
}

/**
 * Writes text to stdout.
 *
 * @param text The text.
 */
export function writeOut(text: string): void {
  writeAll(Deno.stdout, text);
}

/**
 * Writes text to stderr.
 *
 * @param text The text.
 */
export function writeErr(text: string): void {
  writeAll(Deno.stderr, text);
}

/**
 * Writes a value as pretty JSON to stdout.
 *
 * @param value The value.
 */
export function writeJson(value: unknown): void {
  writeOut(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Formats a diagnostic as `file:line:col: level code: message`.
 *
 * @param d The diagnostic.
 * @returns One line, without the newline.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.path === undefined
    ? ""
    : `${d.path}${d.line === undefined ? "" : `:${d.line}`}${
      d.column === undefined ? "" : `:${d.column}`
    }: `;
  return `${where}${d.level} ${d.code}: ${d.message}`;
}
