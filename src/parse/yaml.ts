// Copyright 2026 the skillscope authors. MIT license.
/**
 * The YAML adapter: the one place that loads the YAML library, so that a
 * later swap to `@std/yaml` stays local. The library is loaded on first need
 * ({@linkcode loadYamlParser}), not imported: most frontmatters are in the
 * subset `yaml_fast.ts` parses, and a program that never meets another one
 * never pays for loading it.
 *
 * Which parser a call may use never depends on what ran before it: a
 * synchronous public function runs in a scope ({@linkcode inSyncCall}) that
 * holds the full parser only when the caller passed the handle
 * `loadYamlParser()` resolved to; the asynchronous ones load it themselves.
 *
 * @module
 */
import type * as JsYaml from "js-yaml";

let full: typeof JsYaml | undefined;
let loading: Promise<YamlParser> | undefined;
/**
 * The parser of the running synchronous call: `undefined` outside any call
 * (internal code, after an `await loadYamlParser()`, uses the loaded one),
 * `null` inside a call that has none.
 */
let scope: typeof JsYaml | null | undefined;

/**
 * The full YAML parser, loaded: what {@linkcode loadYamlParser} resolves to.
 * Pass it as `yamlParser` to a synchronous function (`discoverSync`,
 * `SkillSet.openSync`, `parseSkillMd`, `validateSkillMd`,
 * `validateSkillDirSync`, `generateEmbedModule`) so that it may parse YAML
 * beyond the fast subset.
 */
export interface YamlParser {
  /** Always `"yaml-parser"`. */
  readonly kind: "yaml-parser";
}

const HANDLE: YamlParser = Object.freeze({ kind: "yaml-parser" });

/**
 * Loads the full YAML parser, once. The asynchronous functions
 * (`discover`, `SkillSet.open`, `validateSkillDir`) call it themselves when a
 * frontmatter needs it. A synchronous function uses it only when given the
 * handle this resolves to as its `yamlParser` option; without it, a
 * frontmatter beyond the fast subset (anchors, tags, multi-line flow
 * collections, …) always gets `yaml-parser-not-loaded`, whatever else the
 * process has loaded.
 *
 * @example Usage
 * ```ts
 * import { loadYamlParser, parseSkillMd, SkillParseError } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const text = "---\nname: alias\ndescription: &d An anchor\nmetadata: {about: *d}\n---\n";
 * assert.throws(() => parseSkillMd(text), SkillParseError);
 * const yamlParser = await loadYamlParser();
 * assert.deepEqual(parseSkillMd(text, { yamlParser }).frontmatter.metadata, { about: "An anchor" });
 * assert.throws(() => parseSkillMd(text), SkillParseError); // still: the call did not opt in
 * ```
 *
 * @returns The handle, when the parser is loaded.
 */
export function loadYamlParser(): Promise<YamlParser> {
  loading ??= import("js-yaml").then(
    (module) => {
      full = module;
      return HANDLE;
    },
    (error) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the full YAML parser may be used here: inside a synchronous call,
 * when that call was given it; elsewhere, when it is loaded.
 *
 * @returns `true` when {@linkcode parseYaml} can parse beyond the fast subset.
 */
export function yamlParserLoaded(): boolean {
  return scope === undefined ? full !== undefined : scope !== null;
}

/**
 * The handle of the full parser where it may be used (see
 * {@linkcode yamlParserLoaded}), for internal code that runs after an
 * `await loadYamlParser()` and calls a synchronous public function.
 *
 * @returns The handle, or `undefined`.
 */
export function currentYamlParser(): YamlParser | undefined {
  return yamlParserLoaded() ? HANDLE : undefined;
}

/**
 * Runs the body of a synchronous public function with the parser its caller
 * gave it: `parser`, else that of an enclosing call, else none — never
 * whatever the process happened to load.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { inSyncCall, loadYamlParser, parseYaml } from "./yaml.ts";
 *
 * const yamlParser = await loadYamlParser();
 * assert.equal(inSyncCall(undefined, () => parseYaml("a: &x 1").ok), false);
 * assert.equal(inSyncCall(yamlParser, () => parseYaml("a: &x 1").ok), true);
 * ```
 *
 * @param parser The caller's `yamlParser` option; `null`: none, whatever
 *   an enclosing call has (a scan, whose result every caller shares).
 * @param run The function's body.
 * @returns What `run` returns.
 * @throws {TypeError} when `parser` is not the handle `loadYamlParser()` gave.
 */
export function inSyncCall<T>(
  parser: YamlParser | null | undefined,
  run: () => T,
): T {
  const given = parser !== undefined && parser !== null;
  if (given && (parser !== HANDLE || full === undefined)) {
    throw new TypeError(
      "yamlParser must be the value `await loadYamlParser()` resolved to",
    );
  }
  const previous = scope;
  if (given) scope = full;
  else if (parser === null || previous === undefined) scope = null;
  try {
    return run();
  } finally {
    scope = previous;
  }
}

/** Aliases allowed in one frontmatter: enough for real use, too few for an alias bomb. */
const MAX_ALIASES = 16;
/** Deepest collection nesting allowed in one frontmatter. */
const MAX_DEPTH = 32;

/** The outcome of {@linkcode parseYaml}. */
export type YamlResult =
  | { readonly ok: true; readonly value: unknown }
  | {
    readonly ok: false;
    readonly message: string;
    /** 0-based line inside the YAML text, when known. */
    readonly line?: number;
    /** 0-based column, when known. */
    readonly column?: number;
    /** True when the only problem is a repeated mapping key. */
    readonly duplicateKey: boolean;
    /** True when the full parser is not loaded (nothing was parsed). */
    readonly unloaded?: true;
  };

/**
 * Parses one YAML document with the core schema (no JS types, no
 * timestamps), or the failsafe one (every scalar a string), bounded aliases
 * and depth. Never throws. Callers try the fast path for simple documents
 * (`yaml_fast.ts`) first; this is the full parser, and it fails with
 * `unloaded` where it may not be used (see {@linkcode yamlParserLoaded}).
 *
 * @param text The YAML text.
 * @param options `lastKeyWins`: repeated keys take the last value instead of
 *   failing; `failsafe`: scalars as their text.
 * @returns The value, or the failure with its 0-based position.
 */
export function parseYaml(
  text: string,
  options: { lastKeyWins?: boolean; failsafe?: boolean } = {},
): YamlResult {
  if (text.trim() === "") return { ok: true, value: null };
  const parser = scope === undefined ? full : scope;
  if (parser === undefined || parser === null) {
    return {
      ok: false,
      message: "the full YAML parser is not loaded",
      duplicateKey: false,
      unloaded: true,
    };
  }
  try {
    const value = parser.load(text, {
      schema: options.failsafe === true
        ? parser.FAILSAFE_SCHEMA
        : parser.CORE_SCHEMA,
      json: options.lastKeyWins ?? false,
      maxAliases: MAX_ALIASES,
      maxDepth: MAX_DEPTH,
    });
    return { ok: true, value };
  } catch (error) {
    const mark = (error as { mark?: { line?: number; column?: number } }).mark;
    const reason = (error as { reason?: unknown }).reason;
    const message = typeof reason === "string" && reason !== ""
      ? reason
      : String((error as Error)?.message ?? error).split("\n")[0] ?? "";
    return {
      ok: false,
      message,
      ...(typeof mark?.line === "number" ? { line: mark.line } : {}),
      ...(typeof mark?.column === "number" ? { column: mark.column } : {}),
      duplicateKey: /duplicated mapping key/i.test(message),
    };
  }
}

const KEY_VALUE = /^(\s*(?:-\s+)?[A-Za-z0-9_][\w.-]*[ \t]*:[ \t]+)(.*?)[ \t]*$/;
const NOT_PLAIN = new Set(['"', "'", "|", ">", "[", "{", "&", "*", "!", "#"]);

/**
 * Rewrites `key: value` lines whose plain value contains `": "` (or ends in
 * `":"`) as single-quoted scalars: the usual repair for
 * `description: Use when: the user asks`.
 *
 * @param text The YAML text.
 * @returns The repaired text (the same string when nothing was changed).
 */
export function quoteColonValues(text: string): string {
  let changed = false;
  // Inside a block scalar (`key: |` / `key: >` and the lines indented deeper
  // than its key), text is content, not YAML: leave it alone.
  let blockIndent = -1;
  const lines = text.split("\n").map((line) => {
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (line.trim() === "" || indent > blockIndent) return line;
      blockIndent = -1;
    }
    const match = KEY_VALUE.exec(line);
    if (!match) return line;
    const [, head = "", value = ""] = match;
    if (value[0] === "|" || value[0] === ">") {
      blockIndent = indent;
      return line;
    }
    if (value === "" || NOT_PLAIN.has(value[0] ?? "")) return line;
    if (!value.includes(": ") && !value.endsWith(":")) return line;
    changed = true;
    return `${head}'${value.replaceAll("'", "''")}'`;
  });
  return changed ? lines.join("\n") : text;
}

const INLINE_BLOCK =
  /^(\s*(?:-\s+)?[A-Za-z0-9_][\w.-]*[ \t]*:[ \t]+)([|>][-+0-9]*)[ \t]+([^#\s].*)$/;

/**
 * Moves the text that follows a block-scalar indicator on the same line
 * (`description: | Use when …`, which strict YAML rejects and one registry's
 * converter writes) onto its own line of the block, so the value is that text
 * plus the properly indented lines after it.
 *
 * @param text The YAML text.
 * @returns The repaired text (the same string when nothing was changed).
 */
export function moveInlineBlockText(text: string): string {
  const lines = text.split("\n");
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const match = INLINE_BLOCK.exec(lines[i]!);
    if (!match) continue;
    const [, head = "", indicator = "", rest = ""] = match;
    const keyIndent = head.length - head.trimStart().length;
    // The block's indentation: that of the next non-empty line when it is
    // deeper than the key, else two more than the key.
    let indent = keyIndent + 2;
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trim() === "") continue;
      const depth = line.length - line.trimStart().length;
      if (depth > keyIndent) indent = depth;
      break;
    }
    lines.splice(
      i,
      1,
      `${head}${indicator}`,
      `${" ".repeat(indent)}${rest.trimEnd()}`,
    );
    changed = true;
    i++;
  }
  return changed ? lines.join("\n") : text;
}
