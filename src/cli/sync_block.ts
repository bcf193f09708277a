// Copyright 2026 the skillscope authors. MIT license.
/**
 * The block `sync` writes into a Markdown file (`AGENTS.md`): its comment
 * markers, the check that the catalog inside cannot spell them, and the
 * splice of the block into the file's bytes — everything outside the
 * markers is written back byte for byte (a BOM, bytes that are not UTF-8).
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import { concatBytes } from "../shared/concat_bytes.ts";
import { CliError } from "./errors.ts";
import { field } from "./io.ts";

/** The comment that opens the generated block. */
export const SYNC_START = "<!-- skillscope:skills:start -->";
/** The comment that closes it. */
export const SYNC_END = "<!-- skillscope:skills:end -->";
/** What both markers hold: a skill field holding it is named on refusal. */
const MARKER_CORE = "skillscope:skills:";

const PREFACE =
  "When a task matches one of these skills, read its SKILL.md (the file after its description) and follow it. This list is written by `skillscope sync`; edit outside the markers.";

const encoder = new TextEncoder();
const START_BYTES = encoder.encode(SYNC_START);
const END_BYTES = encoder.encode(SYNC_END);
const CRLF = encoder.encode("\r\n");
const BOM = encoder.encode("\uFEFF");

/** Why `sync` leaves a file as it is. */
export type SyncBlockCode =
  | "markers-unbalanced"
  | "marker-in-catalog"
  | "not-utf8-text";

/**
 * `sync` refuses to write the file: its markers are unbalanced, the catalog
 * would hold a marker, or the file is not UTF-8 text. Nothing was written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SyncBlockError } from "./sync_block.ts";
 *
 * const error = new SyncBlockError("markers-unbalanced", "AGENTS.md has one marker");
 * assert.equal(error.code, "markers-unbalanced");
 * assert.equal(error.exitCode, 1);
 * ```
 */
export class SyncBlockError extends CliError {
  /** Stable code. */
  readonly code: SyncBlockCode;

  /**
   * Constructs a new instance.
   *
   * @param code Why the file is left as it is.
   * @param message What to tell the user.
   */
  constructor(code: SyncBlockCode, message: string) {
    super(message);
    this.name = "SyncBlockError";
    this.code = code;
  }
}

/**
 * The file's bytes with the block between the markers replaced by one
 * holding `catalog` (or, without markers, a `## Skills` section holding it
 * appended). The bytes before and after the block are copied unchanged; the
 * block takes the file's line ends (CRLF when the file has any).
 *
 * The catalog's fields are neutralised when rendered (no `<!--`, no `-->`);
 * should a marker still be found in the block, nothing is written and the
 * skills whose fields hold one are named.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SYNC_START, spliceCatalog } from "./sync_block.ts";
 *
 * const file = new Uint8Array([0xef, 0xbb, 0xbf, 0x23, 0x20, 0xff, 0x0a]); // BOM, "# ", 0xff, LF
 * const first = spliceCatalog(file, "- a: A", { path: "AGENTS.md", skills: [] });
 * assert.deepEqual(first.subarray(0, file.length), file);
 * const text = new TextDecoder().decode(first.subarray(file.length));
 * assert.ok(text.startsWith(`\n## Skills\n\n${SYNC_START}\n`));
 * const second = spliceCatalog(first, "- b: B", { path: "AGENTS.md", skills: [] });
 * assert.deepEqual(second.subarray(0, file.length), file);
 * assert.match(new TextDecoder().decode(second), /- b: B/);
 * ```
 *
 * @param file The file's bytes (empty for a new file).
 * @param catalog The rendered catalog.
 * @param options `path`: the file, for errors; `skills`: what the catalog
 *   lists, to name the one whose text would break the block.
 * @returns The new bytes.
 * @throws {SyncBlockError} `markers-unbalanced` when the file's markers are
 *   not one start followed by one end; `marker-in-catalog` when the block
 *   would hold a marker; `not-utf8-text` when the file holds NUL bytes
 *   (UTF-16 or binary: UTF-8 appended would corrupt it).
 */
export function spliceCatalog(
  file: Uint8Array,
  catalog: string,
  options: { path: string; skills: readonly Skill[] },
): Uint8Array {
  const { path } = options;
  const inner = `${PREFACE}\n\n${
    catalog === "" ? "No skills found." : catalog
  }`;
  if (inner.includes(SYNC_START) || inner.includes(SYNC_END)) {
    throw new SyncBlockError(
      "marker-in-catalog",
      `The catalog for ${path} would hold a ${SYNC_START} or ${SYNC_END} marker${
        blamed(options.skills)
      }; nothing was written`,
    );
  }
  if (file.includes(0)) {
    throw new SyncBlockError(
      "not-utf8-text",
      `${path} holds NUL bytes (UTF-16 or binary?); sync writes into UTF-8 text only, nothing was written`,
    );
  }
  const eol = indexOfBytes(file, CRLF, 0) === -1 ? "\n" : "\r\n";
  const block = encoder.encode(
    [SYNC_START, inner, SYNC_END].join("\n").replaceAll("\n", eol),
  );
  const start = indexOfBytes(file, START_BYTES, 0);
  const end = indexOfBytes(file, END_BYTES, 0);
  const again = (marker: Uint8Array, at: number) =>
    at !== -1 && indexOfBytes(file, marker, at + marker.length) !== -1;
  if (
    (start === -1) !== (end === -1) || (start !== -1 && end < start) ||
    again(START_BYTES, start) || again(END_BYTES, end)
  ) {
    throw new SyncBlockError(
      "markers-unbalanced",
      `${path} has unbalanced ${SYNC_START} / ${SYNC_END} markers; fix them by hand, nothing was written`,
    );
  }
  if (start !== -1) {
    return concatBytes([
      file.subarray(0, start),
      block,
      file.subarray(end + END_BYTES.length),
    ]);
  }
  // A file of nothing but a BOM is empty: no blank lines before the section.
  const text = startsWith(file, BOM) ? file.subarray(BOM.length) : file;
  const line = encoder.encode(eol);
  const separator = text.length === 0 || endsWith(text, [...line, ...line])
    ? ""
    : endsWith(text, line)
    ? eol
    : `${eol}${eol}`;
  return concatBytes([
    file,
    encoder.encode(`${separator}## Skills${eol}${eol}`),
    block,
    line,
  ]);
}

/** ` (from skills "a", "b")` for the skills whose text holds a marker's core. */
function blamed(skills: readonly Skill[]): string {
  const names = skills
    .filter((s) =>
      [s.name, s.description, s.path ?? ""].some((t) => t.includes(MARKER_CORE))
    )
    .map((s) => `"${field(s.name)}"`);
  return names.length === 0
    ? ""
    : ` (from skill${names.length === 1 ? "" : "s"} ${names.join(", ")})`;
}

/**
 * Where `needle` first occurs in `haystack` at or after `from`, or -1
 * (Horspool: a byte not in the needle skips its whole length, so a 4 MiB
 * file of `<` or of near-markers is searched in milliseconds).
 */
function indexOfBytes(
  haystack: Uint8Array,
  needle: Uint8Array,
  from: number,
): number {
  const m = needle.length;
  const shift = new Uint32Array(256).fill(m);
  for (let i = 0; i < m - 1; i++) shift[needle[i]!] = m - 1 - i;
  for (let at = from; at + m <= haystack.length;) {
    let j = m - 1;
    while (j >= 0 && haystack[at + j] === needle[j]) j--;
    if (j < 0) return at;
    at += shift[haystack[at + m - 1]!]!;
  }
  return -1;
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return bytes.length >= prefix.length &&
    prefix.every((b, i) => bytes[i] === b);
}

function endsWith(bytes: Uint8Array, suffix: ArrayLike<number>): boolean {
  const at = bytes.length - suffix.length;
  if (at < 0) return false;
  for (let i = 0; i < suffix.length; i++) {
    if (bytes[at + i] !== suffix[i]) return false;
  }
  return true;
}
