// Copyright 2026 the skillscope authors. MIT license.
/**
 * Writing CLI output: stdout carries only the result, stderr the rest.
 *
 * @module
 */
import { escapeTerminal } from "../shared/escape.ts";
import { OutputClosed } from "./errors.ts";
import type { Diagnostic } from "../shared/types.ts";
import { disableColour, type Paint, painter, type Stream } from "./colour.ts";
import { shortPath, shortPathsIn } from "./short_path.ts";
import { displayWidth, fitWidth, terminalWidth } from "./table.ts";

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
  const paint = painter("stderr");
  for (const note of notes) {
    const text = note.startsWith("warning: ")
      ? `${paint("warning:", "warning")} ${field(note.slice(9))}`
      : `${paint("note:", "note")} ${field(note)}`;
    writeStyled("stderr", `${text}\n`);
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

/** Options of {@linkcode writeDiagnostics}. */
export interface DiagnosticsOptions {
  /** Print every diagnostic, and each whole. */
  readonly verbose?: boolean;
  /**
   * On a terminal, cut each line to the terminal's width (the command has
   * `--verbose` to show them whole).
   */
  readonly oneLine?: boolean;
}

/**
 * Prints diagnostics on stderr for people: a flood of one code is cut to
 * {@linkcode SHOWN_PER_CODE} lines and one line that counts the rest
 * (`… and 61,121 more name-dir-mismatch warnings (--verbose shows all)`);
 * `verbose` prints every one. The same problem found through two paths to
 * one file (a skill linked into two agents' directories) is printed once.
 * On a terminal, paths are shown relative to the working directory (or
 * `~`) where shorter, the level is coloured, and with `oneLine` each line
 * is cut to the width. JSON output always keeps all of them.
 *
 * @example Usage
 * ```ts ignore
 * writeDiagnostics(set.diagnostics, { verbose: false });
 * ```
 *
 * @param diagnostics The diagnostics, in order.
 * @param options `verbose`: print all, whole; `oneLine`: fit the terminal.
 * @returns How many lines were cut to fit the terminal.
 */
export function writeDiagnostics(
  diagnostics: readonly Diagnostic[],
  options: DiagnosticsOptions = {},
): number {
  const verbose = options.verbose === true;
  const terminal = Deno.stderr.isTerminal();
  const paint = painter("stderr");
  const width = terminal && options.oneLine === true && !verbose
    ? terminalWidth()
    : undefined;
  const seen = new Map<string, number>();
  let text = "";
  let cut = 0;
  for (const d of onePerFile(diagnostics)) {
    const key = `${d.level} ${d.code}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (!verbose && count > SHOWN_PER_CODE) continue;
    if (!terminal) {
      text += `${formatDiagnostic(d)}\n`;
      continue;
    }
    const line = terminalLine(d, paint, width);
    if (line.cut) cut++;
    text += `${line.text}\n`;
  }
  if (!verbose) {
    for (const [key, count] of seen) {
      if (count <= SHOWN_PER_CODE) continue;
      const [level, code] = key.split(" ") as [string, string];
      text += `${
        paint(
          `… and ${
            (count - SHOWN_PER_CODE).toLocaleString("en-US")
          } more ${code} ${level}s (--verbose shows all)`,
          "dim",
        )
      }\n`;
    }
  }
  if (text !== "") writeStyled("stderr", text);
  return cut;
}

/**
 * One diagnostic on a terminal: its path shortened, its level coloured,
 * its message cut to `width` when given.
 */
function terminalLine(
  d: Diagnostic,
  paint: Paint,
  width: number | undefined,
): { text: string; cut: boolean } {
  const where = d.path === undefined
    ? ""
    : `${field(shortPath(d.path))}${d.line === undefined ? "" : `:${d.line}`}${
      d.column === undefined ? "" : `:${d.column}`
    }: `;
  const head = `${d.level} ${d.code}: `;
  let message = field(shortPathsIn(withoutPath(d.message, d.path)));
  let cut = false;
  if (width !== undefined) {
    const room = Math.max(20, width - displayWidth(where) - head.length);
    const fitted = fitWidth(message, room);
    cut = fitted !== message;
    message = fitted;
  }
  const level = paint(d.level, d.level === "error" ? "error" : "warning");
  return {
    text: `${where}${level} ${paint(d.code, "dim")}: ${message}`,
    cut,
  };
}

/**
 * The diagnostics with each problem of one real file once: a skill seen
 * through two paths (a symlink into another agent's directory) reports the
 * same problem from both; the first path is kept. Only diagnostics that
 * agree in everything but the path are resolved (no `realpath` for the
 * rest).
 *
 * @example Usage
 * ```ts
 * import { onePerFile } from "./io.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${dir}/a/x`, { recursive: true });
 * await Deno.mkdir(`${dir}/b`);
 * await Deno.writeTextFile(`${dir}/a/x/SKILL.md`, "---\n---\n");
 * await Deno.symlink(`${dir}/a/x`, `${dir}/b/x`);
 * const problem = { level: "error", code: "yaml-invalid", message: "Invalid YAML" } as const;
 * const once = onePerFile([
 *   { ...problem, path: `${dir}/a/x/SKILL.md` },
 *   { ...problem, path: `${dir}/b/x/SKILL.md` },
 * ]);
 * assert.deepEqual(once.map((d) => d.path), [`${dir}/a/x/SKILL.md`]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param diagnostics The diagnostics, in order.
 * @returns Those about a file not already reported, in order.
 */
export function onePerFile(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const kept = new Map<string, string[]>();
  const real = new Map<string, string>();
  const realOf = (path: string): string => {
    let found = real.get(path);
    if (found === undefined) {
      try {
        found = Deno.realPathSync(path);
      } catch {
        found = path;
      }
      real.set(path, found);
    }
    return found;
  };
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.path === undefined) {
      out.push(d);
      continue;
    }
    const key = [
      d.level,
      d.code,
      d.line,
      d.column,
      withoutPath(d.message, d.path).replaceAll(d.path, ""),
      d.path.split(/[\\/]/).slice(-2).join("/"),
    ].join("\0");
    const paths = kept.get(key);
    if (paths === undefined) {
      kept.set(key, [d.path]);
      out.push(d);
      continue;
    }
    const target = realOf(d.path);
    if (paths.some((p) => p === d.path || realOf(p) === target)) continue;
    paths.push(d.path);
    out.push(d);
  }
  return out;
}

/**
 * Writes text already made safe for the terminal (every untrusted value
 * passed through {@linkcode field}), with the colour codes the
 * {@linkcode painter} put in it, to stdout or stderr.
 *
 * @param stream `"stdout"` or `"stderr"`.
 * @param text The text.
 */
export function writeStyled(stream: Stream, text: string): void {
  writeAll(stream === "stdout" ? Deno.stdout : Deno.stderr, text);
}

/**
 * `--no-color`: accepted by every command; no colour codes for the rest of
 * the run (as with `NO_COLOR`, a pipe or `--json`).
 */
export function disableColor(): void {
  disableColour();
}
