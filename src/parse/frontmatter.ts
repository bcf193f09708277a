// Copyright 2026 the skillscope authors. MIT license.
/**
 * Splitting a `SKILL.md` into its YAML frontmatter and Markdown body, from a
 * string or from the head of a file (8 KiB, extended to at most 64 KiB).
 *
 * @module
 */
import { SkillParseError } from "../shared/errors.ts";
import {
  type OpenRegularFileOptions,
  openRegularFileSync,
  readStartUncheckedSync,
  type RegularFile,
} from "../shared/open_file.ts";

/** Bytes read first from a `SKILL.md`. */
export const HEAD_BYTES = 8 * 1024;
/** Most bytes ever read to find the end of the frontmatter. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;

/** A frontmatter located in a text. */
export interface FrontmatterSplit {
  /** The YAML between the delimiters (LF line ends). */
  readonly yaml: string;
  /** 1-based line of the first YAML line in the file (always 2). */
  readonly yamlLine: number;
  /** Index in the normalized text where the body starts. */
  readonly bodyStart: number;
  /** 1-based line number of the first body line. */
  readonly bodyLine: number;
}

const decoder = new TextDecoder(); // lossy: invalid bytes become U+FFFD
const CLOSE = /^---[ \t]*$/gm;

/**
 * Strips a leading UTF-8 BOM and turns CRLF / CR line ends into LF.
 *
 * @param text Raw text.
 * @returns Normalized text.
 */
export function normalizeText(text: string): string {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = start ? text.slice(start) : text;
  return body.includes("\r") ? body.replace(/\r\n?/g, "\n") : body;
}

/**
 * Locates the frontmatter in normalized text.
 *
 * @param text Normalized text (see {@linkcode normalizeText}).
 * @param complete Whether `text` is the whole file; when it is only a head, a
 *   delimiter touching the end of `text` is not trusted.
 * @param path The file, for messages.
 * @returns The split, or `undefined` when the closing delimiter is not in `text`.
 * @throws {SkillParseError} `frontmatter-missing` when the text does not open with `---`.
 */
export function locateFrontmatter(
  text: string,
  complete: boolean,
  path?: string,
): FrontmatterSplit | undefined {
  const split = locateFrontmatterOrError(text, complete, path);
  if (split instanceof SkillParseError) throw split;
  return split;
}

/** {@linkcode locateFrontmatter} with `frontmatter-missing` as a value. */
function locateFrontmatterOrError(
  text: string,
  complete: boolean,
  path?: string,
): FrontmatterSplit | SkillParseError | undefined {
  const firstEnd = text.indexOf("\n");
  const firstLine = firstEnd === -1 ? text : text.slice(0, firstEnd);
  if (!firstLine.startsWith("---") || firstLine.slice(3).trim() !== "") {
    if (firstEnd === -1 && !complete && "---".startsWith(firstLine)) {
      return undefined;
    }
    const what = text.length === 0
      ? "the file is empty"
      : `the first line is "${truncate(firstLine, 40)}"`;
    return new SkillParseError(
      "frontmatter-missing",
      `No frontmatter in ${
        path ?? "SKILL.md"
      }: it must start with a "---" line, but ${what}`,
      { path, line: 1, column: 1 },
    );
  }
  if (firstEnd === -1) return undefined;
  CLOSE.lastIndex = firstEnd + 1;
  const match = CLOSE.exec(text);
  if (!match) return undefined;
  const lineEnd = match.index + match[0].length;
  if (lineEnd === text.length && !complete) return undefined;
  const bodyStart = lineEnd === text.length ? lineEnd : lineEnd + 1;
  const yaml = text.slice(firstEnd + 1, match.index);
  return {
    yaml,
    yamlLine: 2,
    bodyStart,
    bodyLine: countLines(text, bodyStart) + 1,
  };
}

/**
 * Splits a whole `SKILL.md` text into frontmatter and body.
 *
 * @param text The file's text (BOM and CRLF accepted).
 * @param path The file, for messages.
 * @returns The split and the normalized text.
 * @throws {SkillParseError} `frontmatter-missing` or `frontmatter-unclosed`.
 */
export function splitFrontmatter(
  text: string,
  path?: string,
): FrontmatterSplit & { readonly text: string } {
  const normalized = normalizeText(text);
  const split = locateFrontmatter(normalized, true, path);
  if (!split) throw unclosed(path);
  return { ...split, text: normalized };
}

/** What {@linkcode readFrontmatterSync} found. */
export interface FrontmatterHead extends FrontmatterSplit {
  /** Bytes read from the file in total. */
  readonly bytesRead: number;
}

// One buffer reused by every synchronous read: sync code cannot interleave.
const buffer = new Uint8Array(MAX_FRONTMATTER_BYTES);
const DASH = 0x2d;
const LF = 0x0a;

/**
 * Reads only the head of a `SKILL.md` — 8 KiB, extended to at most 64 KiB
 * when the frontmatter is not closed within it — and locates the frontmatter
 * in the bytes, decoding only the YAML between the delimiters. The caller
 * should have checked that `path` is a regular file (a FIFO or device is
 * never opened then); the open never blocks, and a descriptor that is not a
 * regular file is closed unread.
 *
 * @param path Path of the file.
 * @param options What the opened file must be (`expect`: the caller's stat).
 * @returns The frontmatter and the number of bytes read.
 * @throws {SkillParseError} `frontmatter-missing`, `frontmatter-unclosed` or `frontmatter-too-large`.
 * @throws {NotRegularFileError} when the opened file is not a regular file.
 * @throws {ChangedError} when it is not the file `options.expect` describes.
 * @throws {Deno.errors.NotFound} and other fs errors from opening the file.
 */
export function readFrontmatterSync(
  path: string,
  options: OpenRegularFileOptions = {},
): FrontmatterHead {
  const head = readFrontmatterOrError(path, options);
  if (head instanceof SkillParseError) throw head;
  return head;
}

/**
 * {@linkcode readFrontmatterSync} with its parse failures as values (the
 * scan's hot path); file system errors still throw.
 *
 * @param path Path of the file (a regular file).
 * @param options What the opened file must be (`expect`: the caller's stat).
 * @returns The frontmatter, or `frontmatter-missing`, `frontmatter-unclosed`
 *   or `frontmatter-too-large`.
 */
export function readFrontmatterOrError(
  path: string,
  options: OpenRegularFileOptions = {},
): FrontmatterHead | SkillParseError {
  const file = openRegularFileSync(path, options);
  try {
    // With the size known (from the descriptor's stat), one read call suffices.
    const size = file.size;
    let total = fill(file, 0, Math.min(HEAD_BYTES, size));
    let complete = total < HEAD_BYTES || size <= total;
    let found = locateBytes(total, complete, path, 0);
    if (found === undefined && !complete) {
      total += fill(file, total, MAX_FRONTMATTER_BYTES);
      complete = total < MAX_FRONTMATTER_BYTES;
      found = locateBytes(total, complete, path, HEAD_BYTES - 8);
    }
    if (found instanceof SkillParseError) return found;
    if (found === undefined) {
      if (complete) return unclosed(path);
      return new SkillParseError(
        "frontmatter-too-large",
        `Frontmatter of ${path} is not closed within ${MAX_FRONTMATTER_BYTES} bytes`,
        { path, line: 1, column: 1 },
      );
    }
    return headOf(found, total);
  } finally {
    file.close();
  }
}

/** A located frontmatter with the number of bytes read to find it. */
function headOf(found: FrontmatterSplit, bytesRead: number): FrontmatterHead {
  return {
    yaml: found.yaml,
    yamlLine: found.yamlLine,
    bodyStart: found.bodyStart,
    bodyLine: found.bodyLine,
    bytesRead,
  };
}

/**
 * The scan's fast read of a `SKILL.md` head that the caller has just seen
 * to be a regular file: one open, one read, one close, with no check of the
 * descriptor (the open never blocks and the read is bounded, so a path
 * swapped since costs nothing). Kept only when the frontmatter closes
 * within the head; anything else — an error, a longer frontmatter, a file
 * without one — returns `undefined`, and the caller reads the file again
 * through its checks, which report exactly what is wrong.
 *
 * @param path Path of the file.
 * @returns The frontmatter, or `undefined` to read it the checked way.
 */
export function readFrontmatterFastSync(
  path: string,
): FrontmatterHead | undefined {
  let total: number;
  try {
    total = readStartUncheckedSync(path, buffer, HEAD_BYTES);
  } catch {
    return undefined;
  }
  return fastHead(total, path);
}

/**
 * {@linkcode readFrontmatterFastSync} for a head another thread has read:
 * the first `bytes.length` bytes of the file, read as that function reads
 * them (at most {@linkcode HEAD_BYTES}, fewer only at the end of the file).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { frontmatterOfHead } from "./frontmatter.ts";
 *
 * const bytes = new TextEncoder().encode("---\nname: a\n---\n# A\n");
 * assert.equal(frontmatterOfHead(bytes, "/s/a/SKILL.md")?.yaml, "name: a\n");
 * assert.equal(frontmatterOfHead(bytes.subarray(0, 8), "/s/a/SKILL.md"), undefined);
 * ```
 *
 * @param bytes The head's bytes.
 * @param path Path of the file (for messages).
 * @returns The frontmatter, or `undefined` to read it the checked way.
 */
export function frontmatterOfHead(
  bytes: Uint8Array,
  path: string,
): FrontmatterHead | undefined {
  if (bytes.length > HEAD_BYTES) return undefined;
  buffer.set(bytes);
  return fastHead(bytes.length, path);
}

/** The frontmatter in `buffer[0, total)` when it closes there, else `undefined`. */
function fastHead(total: number, path: string): FrontmatterHead | undefined {
  // A short read ends a regular file; a full head may continue.
  const found = locateBytes(total, total < HEAD_BYTES, path, 0);
  if (found === undefined || found instanceof SkillParseError) return undefined;
  return headOf(found, total);
}

/**
 * Finds the frontmatter in `buffer[0, length)` at the byte level and decodes
 * only the YAML. Returns `undefined` when no closing line is in the bytes.
 */
function locateBytes(
  length: number,
  complete: boolean,
  path: string,
  searchFrom: number,
): FrontmatterSplit | SkillParseError | undefined {
  const start = length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb &&
      buffer[2] === 0xbf
    ? 3
    : 0;
  const firstEnd = buffer.indexOf(LF, start);
  const firstLineEnd = firstEnd === -1 || firstEnd > length ? length : firstEnd;
  // The buffer is shared: never look at bytes past `length` (they are stale).
  if (
    length - start < 3 ||
    !(buffer[start] === DASH && buffer[start + 1] === DASH &&
      buffer[start + 2] === DASH) ||
    !onlySpace(start + 3, firstLineEnd)
  ) {
    if (
      (firstEnd === -1 || firstEnd >= length) && !complete && length - start < 3
    ) return undefined;
    // Slow path for the message: decode the first line.
    const text = normalizeText(
      decoder.decode(buffer.subarray(0, Math.min(length, 200))),
    );
    return locateFrontmatterOrError(text, true, path);
  }
  if (firstEnd === -1 || firstEnd >= length) return undefined;
  let lineStart = Math.max(firstEnd + 1, searchFrom);
  // Re-align to a line start when resuming a search.
  if (lineStart > firstEnd + 1) {
    const previous = buffer.lastIndexOf(LF, lineStart - 1);
    lineStart = previous === -1 ? firstEnd + 1 : previous + 1;
  }
  let line = 2;
  for (let i = firstEnd + 1; i < lineStart; i++) if (buffer[i] === LF) line++;
  while (lineStart < length) {
    let lineEnd = buffer.indexOf(LF, lineStart);
    if (lineEnd === -1 || lineEnd > length) lineEnd = length;
    if (
      buffer[lineStart] === DASH && buffer[lineStart + 1] === DASH &&
      buffer[lineStart + 2] === DASH &&
      lineStart + 3 <= lineEnd && onlySpace(lineStart + 3, lineEnd)
    ) {
      if (lineEnd === length && !complete) return undefined; // cut at the end of the head
      let yaml = decoder.decode(buffer.subarray(firstEnd + 1, lineStart));
      if (yaml.includes("\r")) yaml = yaml.replace(/\r\n?/g, "\n");
      return { yaml, yamlLine: 2, bodyStart: -1, bodyLine: line + 1 };
    }
    lineStart = lineEnd + 1;
    line++;
  }
  return undefined;
}

/** Whether `buffer[from, to)` holds only spaces, tabs and CR. */
function onlySpace(from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = buffer[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** Reads into `buffer[from, to)` until it is full or the file ends. */
function fill(file: RegularFile, from: number, to: number): number {
  let offset = from;
  while (offset < to) {
    const n = file.readSync(buffer, offset, to - offset);
    if (n === 0) break;
    offset += n;
  }
  return offset - from;
}

function unclosed(path: string | undefined): SkillParseError {
  return new SkillParseError(
    "frontmatter-unclosed",
    `Frontmatter of ${
      path ?? "SKILL.md"
    } is never closed: no "---" line after the opening one`,
    { path, line: 1, column: 1 },
  );
}

function countLines(text: string, end: number): number {
  let count = 0;
  for (
    let i = text.indexOf("\n");
    i !== -1 && i < end;
    i = text.indexOf("\n", i + 1)
  ) {
    count++;
  }
  return count;
}

/**
 * Shortens a value for a message.
 *
 * @param value The value.
 * @param max Most characters kept.
 * @returns The value, cut with "…" when longer than `max`.
 */
export function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}…`;
}
