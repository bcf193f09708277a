// Copyright 2026 the skillscope authors. MIT license.
/**
 * Writing CLI output: stdout carries only the result, stderr the rest.
 *
 * @module
 */
import { escapeTerminal } from "../shared/escape.ts";
import { OutputClosed } from "./errors.ts";
import type { Diagnostic } from "../shared/types.ts";

const encoder = new TextEncoder();

/** Reused for what is written: a large output in slices allocates nothing per slice. */
let scratch = new Uint8Array(64 * 1024);

function writeAll(
  target: { writeSync(p: Uint8Array): number },
  text: string,
): void {
  // UTF-8 takes at most three bytes per UTF-16 code unit.
  if (text.length * 3 > scratch.length) {
    if (text.length * 3 > 4 * 1024 * 1024) {
      writeBytes(target, encoder.encode(text));
      return;
    }
    scratch = new Uint8Array(text.length * 3);
  }
  const { written } = encoder.encodeInto(text, scratch);
  writeBytes(target, scratch.subarray(0, written));
}

/**
 * Writes all of `bytes`; a closed pipe on the other end becomes
 * {@linkcode OutputClosed} (the command then ends quietly with exit 0).
 *
 * @param target Stdout or stderr.
 * @param bytes The bytes.
 * @throws {OutputClosed} when the reader went away.
 */
export function writeBytes(
  target: { writeSync(p: Uint8Array): number },
  bytes: Uint8Array,
): void {
  try {
    while (bytes.length > 0) bytes = bytes.subarray(target.writeSync(bytes));
  } catch (error) {
    if (error instanceof Deno.errors.BrokenPipe) throw new OutputClosed();
    throw error;
  }
}

/**
 * Writes human-readable text to stdout. Text from skills is untrusted:
 * terminal controls are shown escaped (line feeds and tabs kept; fields
 * that must stay on one line are escaped with {@linkcode field} first).
 *
 * @param text The text.
 */
export function writeOut(text: string): void {
  writeAll(Deno.stdout, escapeTerminal(text, { multiline: true }));
}

/**
 * Writes human-readable text to stderr, escaped like {@linkcode writeOut}.
 *
 * @param text The text.
 */
export function writeErr(text: string): void {
  writeAll(Deno.stderr, escapeTerminal(text, { multiline: true }));
}

/**
 * Writes text to stdout exactly (JSON, generated code).
 *
 * @param text The text.
 */
export function writeRaw(text: string): void {
  writeAll(Deno.stdout, text);
}

/**
 * One untrusted value that must stay on one line (a name, a path, a
 * description in a table): every control character escaped, `\n` included.
 *
 * @param text The value.
 * @returns The escaped value.
 */
export function field(text: string): string {
  return escapeTerminal(text);
}

/**
 * Writes a value as pretty JSON to stdout, exactly.
 *
 * @param value The value.
 */
export function writeJson(value: unknown): void {
  writeRaw(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Writes notes of an install-family operation to stderr, one per line.
 *
 * @param notes The notes (`warning: …` ones are shown as they are).
 */
export function writeNotes(notes: readonly string[]): void {
  for (const note of notes) {
    writeErr(`${note.startsWith("warning: ") ? "" : "note: "}${field(note)}\n`);
  }
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
    : `${field(d.path)}${d.line === undefined ? "" : `:${d.line}`}${
      d.column === undefined ? "" : `:${d.column}`
    }: `;
  return `${where}${d.level} ${d.code}: ${
    field(withoutPath(d.message, d.path))
  }`;
}

/**
 * A diagnostic's message without the path the `file:line:col` prefix
 * already shows ("… in the frontmatter of /a/SKILL.md" → "… in the
 * frontmatter").
 *
 * @param message The message.
 * @param path The diagnostic's path.
 * @returns The message, shorter.
 */
export function withoutPath(message: string, path: string | undefined): string {
  if (path === undefined || path === "" || !message.includes(path)) {
    return message;
  }
  return message
    .replaceAll(` at ${path}`, "")
    .replaceAll(` of ${path}`, "")
    .replaceAll(` in ${path}`, "")
    .replaceAll(`"${path}" `, "")
    .replaceAll(` "${path}"`, "")
    .replaceAll(`${path}: `, "")
    .replaceAll(`${path} `, "");
}

/** How many diagnostics of one code are printed before the rest are counted. */
export const SHOWN_PER_CODE = 5;

/**
 * Prints diagnostics on stderr for people: a flood of one code is cut to
 * {@linkcode SHOWN_PER_CODE} lines and one line that counts the rest
 * (`… and 61,121 more name-dir-mismatch warnings (--verbose shows all)`);
 * `verbose` prints every one. JSON output always keeps all of them.
 *
 * @example Usage
 * ```ts ignore
 * writeDiagnostics(set.diagnostics, { verbose: false });
 * ```
 *
 * @param diagnostics The diagnostics, in order.
 * @param options `verbose`: print all.
 */
export function writeDiagnostics(
  diagnostics: readonly Diagnostic[],
  options: { verbose?: boolean } = {},
): void {
  const seen = new Map<string, number>();
  let text = "";
  for (const d of diagnostics) {
    const key = `${d.level} ${d.code}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (options.verbose === true || count <= SHOWN_PER_CODE) {
      text += `${formatDiagnostic(d)}\n`;
    }
  }
  if (options.verbose !== true) {
    for (const [key, count] of seen) {
      if (count <= SHOWN_PER_CODE) continue;
      const [level, code] = key.split(" ") as [string, string];
      text += `… and ${
        (count - SHOWN_PER_CODE).toLocaleString("en-US")
      } more ${code} ${level}s (--verbose shows all)\n`;
    }
  }
  if (text !== "") writeErr(text);
}

/**
 * `--no-color`: accepted by every command. skillscope writes no colour
 * codes at all (untrusted text is escaped, and output stays plain for pipes
 * and logs), so there is nothing to turn off.
 */
export function disableColor(): void {}
