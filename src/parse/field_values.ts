// Copyright 2026 the skillscope authors. MIT license.
/**
 * Typing frontmatter values as their author wrote them: a scalar YAML reads
 * as a number or a boolean keeps its source text where the specification
 * asks for a string (`version: 1.0` is `"1.0"`, not `1`), with the YAML type
 * named in the warning; `metadata` becomes a map of strings;
 * `allowed-tools` is read with spaces or commas between tools.
 *
 * @module
 */
import { truncate } from "./frontmatter.ts";
import { setEntry, withNullPrototype } from "../shared/null_record.ts";
import type { Report } from "./skill_name.ts";

/**
 * The source text of a scalar in the frontmatter: `(key)` for a top-level
 * value, `(key, entry)` for one entry of a top-level mapping; `undefined`
 * when it is not a scalar or not known.
 */
export type ScalarText = (key: string, entry?: string) => string | undefined;

/**
 * A scalar written where a string belongs, typed by YAML as a number or a
 * boolean: its text as written, and the YAML type it was read as.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { unquotedScalar } from "./field_values.ts";
 *
 * assert.deepEqual(unquotedScalar(1, "1.0"), { text: "1.0", type: "float" });
 * assert.deepEqual(unquotedScalar(true, undefined), { text: "true", type: "boolean" });
 * assert.equal(unquotedScalar("x", undefined), undefined);
 * ```
 *
 * @param value The parsed value.
 * @param text Its source text, when known.
 * @returns The text and the type, or `undefined` for any other value.
 */
export function unquotedScalar(
  value: unknown,
  text: string | undefined,
): { text: string; type: string } | undefined {
  if (typeof value === "boolean") {
    return { text: text ?? String(value), type: "boolean" };
  }
  if (typeof value !== "number" && typeof value !== "bigint") return undefined;
  const written = text ?? String(value);
  return {
    text: written,
    type: /^[-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|[0-9]+)$/.test(written)
      ? "integer"
      : "float",
  };
}

/**
 * `metadata` as a map of strings: string values as they are, numbers and
 * booleans as written (`metadata-value-unquoted`, when lenient: the
 * reference validator accepts them), anything else left out
 * (`metadata-not-map`).
 *
 * @param value The parsed `metadata`.
 * @param context The file, the mode, the reporter and the source texts.
 * @returns The map, or `undefined` when `metadata` is not a mapping.
 */
export function metadataStrings(
  value: unknown,
  context: {
    readonly file: string;
    readonly strict: boolean;
    readonly report: Report;
    readonly scalarText: ScalarText | undefined;
  },
): Readonly<Record<string, string>> | undefined {
  const { file, report } = context;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    report(
      "metadata-not-map",
      `"metadata" in ${file} must be a map of strings, got ${describe(value)}`,
      "metadata",
    );
    return undefined;
  }
  const out: Record<string, string> = {};
  const bad: string[] = [];
  const unquoted: string[] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const entry = (value as Record<string, unknown>)[key];
    if (typeof entry === "string") {
      setEntry(out, key, entry);
      continue;
    }
    const scalar = typeof entry === "object"
      ? undefined
      : unquotedScalar(entry, context.scalarText?.("metadata", key));
    if (scalar === undefined) {
      bad.push(key);
    } else {
      setEntry(out, key, scalar.text);
      unquoted.push(`"${truncate(key, 40)}" (${truncate(scalar.text, 40)})`);
    }
  }
  if (bad.length > 0) {
    report(
      "metadata-not-map",
      `"metadata" in ${file} has values that are not strings: ${
        bad.slice(0, 5).map((k) => `"${truncate(k, 40)}"`).join(", ")
      }${bad.length > 5 ? ", …" : ""}`,
      "metadata",
    );
  }
  if (unquoted.length > 0 && !context.strict) {
    report(
      "metadata-value-unquoted",
      `"metadata" in ${file} has values that are not quoted, which YAML reads as numbers or booleans: ${
        unquoted.slice(0, 5).join(", ")
      }${
        unquoted.length > 5 ? ", …" : ""
      }; they are kept as written, but quote them for parsers that would not`,
      "metadata",
    );
  }
  return Object.freeze(withNullPrototype(out));
}

/**
 * `allowed-tools` as one space-separated string: the specification's
 * spaces, Claude Code's commas (`Read, Grep, Glob`) — a comma inside
 * parentheses (`Bash(git add:*, git commit:*)`) stays — or a list.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { spaceSeparatedTools } from "./field_values.ts";
 *
 * assert.equal(spaceSeparatedTools("Read, Grep, Glob"), "Read Grep Glob");
 * assert.equal(spaceSeparatedTools("Bash(a:*, b:*), Read"), "Bash(a:*, b:*) Read");
 * ```
 *
 * @param tools The string, or the list's items.
 * @returns The tools, one space between each.
 */
export function spaceSeparatedTools(tools: string | readonly string[]): string {
  if (typeof tools !== "string") return tools.join(" ");
  if (!tools.includes(",")) return tools;
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= tools.length; i++) {
    const c = tools[i];
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (i === tools.length || (c === "," && depth === 0)) {
      const part = tools.slice(from, i).trim();
      if (part !== "") parts.push(part);
      from = i + 1;
    }
  }
  return parts.join(" ");
}

/**
 * `globs` / `paths` as a list: a comma-separated string or a list of strings.
 *
 * @param value The parsed value.
 * @returns The globs, or `undefined` when the value is neither.
 */
export function toGlobList(value: unknown): string[] | undefined {
  if (value === null) return [];
  if (typeof value === "string") {
    return value.split(",").map((g) => g.trim()).filter((g) => g !== "");
  }
  if (Array.isArray(value) && value.every((g) => typeof g === "string")) {
    return value.map((g: string) => g.trim()).filter((g) => g !== "");
  }
  return undefined;
}

/**
 * A YAML scalar as a string: strings as they are, numbers and booleans
 * stringified; anything else `undefined`.
 *
 * @param value A YAML value.
 * @returns The string, or `undefined`.
 */
export function scalarString(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (
    typeof value === "number" || typeof value === "boolean" ||
    typeof value === "bigint"
  ) {
    return String(value);
  }
  return undefined;
}

/**
 * A value as a message names it: `null`, `a list`, `a mapping`, a quoted
 * string, or its type and text.
 *
 * @param value A YAML value.
 * @returns The description.
 */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return `"${truncate(value, 40)}"`;
  return `${typeof value} ${String(value)}`;
}
