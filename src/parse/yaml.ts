// Copyright 2026 the skillscope authors. MIT license.
/**
 * The YAML adapter: the one place that loads the YAML library, so that a
 * later swap to `@std/yaml` stays local. The library is loaded on first need
 * ({@linkcode loadYamlParser}), not imported: most frontmatters are in the
 * subset `yaml_fast.ts` parses, and a program that never meets another one
 * never pays for loading it.
 *
 * The full parser is a value handed down, like the parser of std's
 * `front_matter/yaml.ts`: {@linkcode parseYaml} uses the one it is given and
 * no other, so which parser a call may use never depends on what ran before
 * it.
 *
 * @module
 */
import type * as JsYaml from "js-yaml";

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

/** The one parser {@linkcode loadYamlParser} makes: the library, behind a brand. */
class LoadedYaml implements YamlParser {
  readonly kind = "yaml-parser";
  readonly #library: typeof JsYaml;

  constructor(library: typeof JsYaml) {
    this.#library = library;
    Object.freeze(this);
  }

  /** The library of a parser this module made; `undefined` for none. */
  static libraryOf(parser: YamlParser | undefined): typeof JsYaml | undefined {
    if (parser === undefined) return undefined;
    if (!(#library in parser)) {
      throw new TypeError(
        "yamlParser must be the value `await loadYamlParser()` resolved to",
      );
    }
    return (parser as LoadedYaml).#library;
  }
}

// The import, once per process (as a module cache would keep it).
let loading: Promise<YamlParser> | undefined;
let loaded: YamlParser | undefined;

/**
 * Loads the full YAML parser, once. The asynchronous functions
 * (`discover`, `SkillSet.open`, `validateSkillDir`) call it themselves when a
 * frontmatter needs it. A synchronous function uses it only when given the
 * value this resolves to as its `yamlParser` option; without it, a
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
 * assert.equal(parseSkillMd(text, { yamlParser }).fields.metadata?.about, "An anchor");
 * assert.throws(() => parseSkillMd(text), SkillParseError); // still: the call did not opt in
 * ```
 *
 * @returns The parser.
 */
export function loadYamlParser(): Promise<YamlParser> {
  loading ??= import("js-yaml").then(
    (module) => loaded = new LoadedYaml(module),
    (error) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether this process has loaded the full parser (tests of laziness use it).
 *
 * @returns `true` once {@linkcode loadYamlParser} has resolved.
 */
export function yamlParserLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * The full parser if this process has loaded it, for internal code that
 * ran `await loadYamlParser()` earlier and hands the parser on to a
 * synchronous function.
 *
 * @returns The parser, or `undefined`.
 */
export function currentYamlParser(): YamlParser | undefined {
  return loaded;
}

/**
 * Checks that a `yamlParser` option is one {@linkcode loadYamlParser} gave
 * (a synchronous public function checks at its start, before it knows
 * whether it needs the parser).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkYamlParser, loadYamlParser } from "./yaml.ts";
 *
 * checkYamlParser(await loadYamlParser());
 * assert.throws(() => checkYamlParser({ kind: "yaml-parser" }), TypeError);
 * ```
 *
 * @param parser The option's value.
 * @throws {TypeError} when it is not the value `loadYamlParser()` resolved to.
 */
export function checkYamlParser(parser: YamlParser | undefined): void {
  LoadedYaml.libraryOf(parser);
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
 * and depth, with the parser it is given. Never throws for the text.
 * Callers try the fast path for simple documents (`yaml_fast.ts`) first;
 * without a parser this fails with `unloaded`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadYamlParser, parseYaml } from "./yaml.ts";
 *
 * assert.equal(parseYaml("a: &x 1\nb: *x", undefined).ok, false);
 * const parsed = parseYaml("a: &x 1\nb: *x", await loadYamlParser());
 * assert.deepEqual(parsed.ok && parsed.value, { a: 1, b: 1 });
 * ```
 *
 * @param text The YAML text.
 * @param yamlParser The full parser (`await loadYamlParser()`), or none.
 * @param options `lastKeyWins`: repeated keys take the last value instead of
 *   failing; `failsafe`: scalars as their text.
 * @returns The value, or the failure with its 0-based position.
 * @throws {TypeError} when `yamlParser` is not one `loadYamlParser()` gave.
 */
export function parseYaml(
  text: string,
  yamlParser: YamlParser | undefined,
  options: { lastKeyWins?: boolean; failsafe?: boolean } = {},
): YamlResult {
  if (text.trim() === "") return { ok: true, value: null };
  const parser = LoadedYaml.libraryOf(yamlParser);
  if (parser === undefined) {
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
