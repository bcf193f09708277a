// Copyright 2026 the skillscope authors. MIT license.
/**
 * The YAML adapter: the one place that loads the YAML library, so that a
 * later swap to `@std/yaml` stays local. The library is loaded on first need
 * ({@linkcode loadYamlParser}), not imported: most frontmatters are in the
 * subset `yaml_fast.ts` parses, and a program that never meets another one
 * never pays for loading it.
 *
 * @module
 */
import type * as JsYaml from "js-yaml";

let full: typeof JsYaml | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the full YAML parser, once. The asynchronous functions
 * (`discover`, `SkillSet.open`, `validateSkillDir`) call it themselves when a
 * frontmatter needs it; call it before a synchronous function
 * (`discoverSync`, `SkillSet.openSync`, `parseSkillMd`, `validateSkillMd`,
 * `validateSkillDirSync`) that may meet YAML beyond the simple subset, which
 * otherwise reports `yaml-parser-not-loaded` for that skill.
 *
 * @example Usage
 * ```ts
 * import { loadYamlParser, parseSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * await loadYamlParser();
 * const text = "---\nname: flow\ndescription: A flow mapping\nmetadata: {a: 1}\n---\n";
 * assert.deepEqual(parseSkillMd(text).frontmatter.metadata, { a: 1 });
 * ```
 *
 * @returns When the parser is loaded.
 */
export function loadYamlParser(): Promise<void> {
  loading ??= import("js-yaml").then(
    (module) => {
      full = module;
    },
    (error) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the full YAML parser is loaded.
 *
 * @returns `true` after {@linkcode loadYamlParser} has finished.
 */
export function yamlParserLoaded(): boolean {
  return full !== undefined;
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
 * timestamps), bounded aliases and depth. Never throws. Callers try the fast
 * path for simple documents (`yaml_fast.ts`) first; this is the full parser,
 * and it fails with `unloaded` until {@linkcode loadYamlParser} has run.
 *
 * @param text The YAML text.
 * @param options `lastKeyWins`: repeated keys take the last value instead of failing.
 * @returns The value, or the failure with its 0-based position.
 */
export function parseYaml(
  text: string,
  options: { lastKeyWins?: boolean } = {},
): YamlResult {
  if (text.trim() === "") return { ok: true, value: null };
  if (full === undefined) {
    return {
      ok: false,
      message: "the full YAML parser is not loaded",
      duplicateKey: false,
      unloaded: true,
    };
  }
  try {
    const value = full.load(text, {
      schema: full.CORE_SCHEMA,
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
