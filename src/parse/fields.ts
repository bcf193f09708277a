// Copyright 2026 the skillscope authors. MIT license.
/**
 * Typing and checking the frontmatter fields against the specification.
 *
 * @module
 */
import { truncate } from "./frontmatter.ts";
import { levelOf } from "../shared/diagnostics.ts";
import type { Diagnostic, RuleCode, SkillFields } from "../shared/types.ts";

/** Fields the specification defines. */
export const SPEC_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
]);

/** Fields other agents define: silent when lenient, `unknown-field` when strict. */
export const KNOWN_EXTENSION_FIELDS: ReadonlySet<string> = new Set([
  "globs",
  "paths",
  "alwaysApply",
  "always_apply",
  "disable-model-invocation",
  "user-invocable",
  "argument-hint",
  "when_to_use",
  "model",
  "version",
  "tags",
]);

/** Most characters in a name. */
export const MAX_NAME_CHARS = 64;
/** Most characters in a description before `description-too-long`. */
export const MAX_DESCRIPTION_CHARS = 1024;
/** Most characters in `compatibility`. */
export const MAX_COMPATIBILITY_CHARS = 500;

/** Context for {@linkcode checkFields}. */
export interface FieldContext {
  /** The file, for messages. */
  readonly path?: string | undefined;
  /** The skill's directory name, for `name-dir-mismatch` and the fallback name. */
  readonly dirName?: string | undefined;
  /** Strict mode: every finding is an error, extension fields included. */
  readonly strict: boolean;
  /** 1-based file line of a top-level key (called only when reporting). */
  readonly lineOf: (key: string) => number | undefined;
}

type Report = (code: RuleCode, message: string, key?: string) => void;

/**
 * Types the fields of a frontmatter map and checks every rule of the
 * specification.
 *
 * @param data The top-level frontmatter map.
 * @param context Path, directory name, mode and key lines.
 * @returns The typed fields and the diagnostics.
 */
export function checkFields(
  data: Readonly<Record<string, unknown>>,
  context: FieldContext,
): { fields: SkillFields; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const file = context.path ?? "SKILL.md";
  const report: Report = (code, message, key) => {
    // A missing key points at the opening "---" line.
    const line = (key === undefined ? undefined : context.lineOf(key)) ??
      1;
    diagnostics.push({
      level: levelOf(code, context.strict),
      code,
      message,
      ...(context.path === undefined ? {} : { path: context.path }),
      line,
      column: 1,
    });
  };
  const fields: { -readonly [K in keyof SkillFields]: SkillFields[K] } = {};

  const name = scalarString(data.name);
  if (name === undefined || name.trim() === "") {
    const got = data.name === undefined
      ? "it is missing"
      : `got ${describe(data.name)}`;
    const fallback = context.dirName === undefined
      ? ""
      : `; using the directory name "${context.dirName}"`;
    report(
      "name-missing",
      `"name" in ${file} must be a non-empty string: ${got}${fallback}`,
      "name",
    );
  } else {
    fields.name = name;
    checkName(name, context.dirName, file, report);
  }

  const description = scalarString(data.description)?.trim();
  if (description === undefined || description === "") {
    const got = data.description === undefined
      ? "it is missing"
      : `got ${describe(data.description)}`;
    report(
      "description-missing",
      `"description" in ${file} must be a non-empty string: ${got}`,
      "description",
    );
  } else {
    fields.description = description;
    // Code points never outnumber UTF-16 units: count only when it may matter.
    const length = description.length > MAX_DESCRIPTION_CHARS
      ? charLength(description)
      : 0;
    if (length > MAX_DESCRIPTION_CHARS) {
      report(
        "description-too-long",
        `"description" in ${file} has ${length} characters; the limit is ${MAX_DESCRIPTION_CHARS}`,
        "description",
      );
    }
  }

  const license = scalarString(data.license);
  if (license !== undefined) fields.license = license;

  if (data.compatibility !== undefined) {
    if (typeof data.compatibility !== "string") {
      report(
        "compatibility-not-string",
        `"compatibility" in ${file} must be a string, got ${
          describe(data.compatibility)
        }`,
        "compatibility",
      );
    } else {
      fields.compatibility = data.compatibility;
      const length = charLength(data.compatibility);
      if (length > MAX_COMPATIBILITY_CHARS) {
        report(
          "compatibility-too-long",
          `"compatibility" in ${file} has ${length} characters; the limit is ${MAX_COMPATIBILITY_CHARS}`,
          "compatibility",
        );
      }
    }
  }

  if (data.metadata !== undefined && data.metadata !== null) {
    const metadata = checkMetadata(data.metadata, file, report);
    if (metadata) fields.metadata = metadata;
  }

  const tools = data["allowed-tools"];
  if (tools !== undefined && tools !== null) {
    if (typeof tools === "string") {
      fields.allowedTools = tools;
    } else if (
      Array.isArray(tools) && tools.every((t) => typeof t === "string")
    ) {
      fields.allowedTools = tools.join(" ");
      report(
        "allowed-tools-not-string",
        `"allowed-tools" in ${file} is a list; the specification asks for a space-separated string`,
        "allowed-tools",
      );
    } else {
      report(
        "allowed-tools-not-string",
        `"allowed-tools" in ${file} must be a space-separated string, got ${
          describe(tools)
        }`,
        "allowed-tools",
      );
    }
  }

  const globKey = data.globs !== undefined
    ? "globs"
    : data.paths !== undefined
    ? "paths"
    : undefined;
  if (globKey !== undefined) {
    const globs = toGlobList(data[globKey]);
    if (globs === undefined) {
      report(
        "globs-invalid",
        `"${globKey}" in ${file} must be a string or a list of strings, got ${
          describe(data[globKey])
        }`,
        globKey,
      );
    } else if (globs.length > 0) {
      fields.globs = Object.freeze(globs);
    }
  }

  const applyKey = data.alwaysApply !== undefined
    ? "alwaysApply"
    : data.always_apply !== undefined
    ? "always_apply"
    : undefined;
  if (applyKey !== undefined) {
    const value = data[applyKey];
    if (typeof value === "boolean") {
      fields.alwaysApply = value;
    } else if (value !== null) {
      report(
        "always-apply-not-boolean",
        `"${applyKey}" in ${file} must be true or false, got ${
          describe(value)
        }`,
        applyKey,
      );
    }
  }

  for (const key of Object.keys(data)) {
    if (SPEC_FIELDS.has(key)) continue;
    if (!context.strict && KNOWN_EXTENSION_FIELDS.has(key)) continue;
    report(
      "unknown-field",
      `Unknown field "${
        truncate(key, 64)
      }" in ${file}; the specification allows ${[...SPEC_FIELDS].join(", ")}`,
      key,
    );
  }
  return { fields, diagnostics };
}

const NAME_CHARS = /^[\p{L}\p{N}-]+$/u;

const SIMPLE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function checkName(
  raw: string,
  dirName: string | undefined,
  file: string,
  report: Report,
): void {
  // The common case: a valid ASCII name of the right length equal to its directory.
  if (
    raw.length <= MAX_NAME_CHARS && SIMPLE_NAME.test(raw) &&
    (dirName === undefined || dirName === raw)
  ) return;
  const name = raw.normalize("NFKC");
  const shown = truncate(name, 80);
  const length = charLength(name);
  if (length > MAX_NAME_CHARS) {
    report(
      "name-too-long",
      `"name" "${shown}" in ${file} has ${length} characters; the limit is ${MAX_NAME_CHARS}`,
      "name",
    );
  }
  if (name !== name.toLowerCase()) {
    report(
      "name-not-lowercase",
      `"name" "${shown}" in ${file} must be lowercase`,
      "name",
    );
  }
  if (name.startsWith("-") || name.endsWith("-")) {
    report(
      "name-hyphen-edge",
      `"name" "${shown}" in ${file} must not start or end with "-"`,
      "name",
    );
  }
  if (name.includes("--")) {
    report(
      "name-consecutive-hyphens",
      `"name" "${shown}" in ${file} must not contain "--"`,
      "name",
    );
  }
  if (!NAME_CHARS.test(name)) {
    report(
      "name-invalid-chars",
      `"name" ${
        JSON.stringify(truncate(name, 80))
      } in ${file} may contain only letters, digits and "-"`,
      "name",
    );
  }
  if (dirName !== undefined && dirName.normalize("NFKC") !== name) {
    report(
      "name-dir-mismatch",
      `"name" "${shown}" in ${file} differs from its directory name "${
        truncate(dirName, 80)
      }"`,
      "name",
    );
  }
}

function checkMetadata(
  value: unknown,
  file: string,
  report: Report,
): Readonly<Record<string, string>> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    report(
      "metadata-not-map",
      `"metadata" in ${file} must be a map of strings, got ${describe(value)}`,
      "metadata",
    );
    return undefined;
  }
  const out: Record<string, string> = Object.create(null);
  const bad: string[] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === "string") {
      out[key] = entry;
    } else {
      const coerced = scalarString(entry);
      if (coerced !== undefined) out[key] = coerced;
      bad.push(key);
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
  return Object.freeze(out);
}

function toGlobList(value: unknown): string[] | undefined {
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

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return `"${truncate(value, 40)}"`;
  return `${typeof value} ${String(value)}`;
}

/**
 * Length in Unicode code points (what the specification calls characters).
 *
 * @param value A string.
 * @returns Its number of code points.
 */
export function charLength(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) count++;
  }
  return count;
}

/**
 * Whether `name` is a skill name that is safe as a single path segment and
 * valid by the specification: NFKC-normalized, 1–64 characters, lowercase
 * letters, digits and single inner hyphens. Names read from state files
 * (`skills.lock`, the journal) must pass it before they touch a path.
 *
 * @example Usage
 * ```ts
 * import { isValidSkillName } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isValidSkillName("pdf-tools"), true);
 * assert.equal(isValidSkillName("../../.git/hooks/post-checkout"), false);
 * ```
 *
 * @param name A candidate name.
 * @returns `true` when it is valid.
 */
export function isValidSkillName(name: unknown): name is string {
  if (typeof name !== "string" || name === "") return false;
  if (SIMPLE_NAME.test(name)) return name.length <= MAX_NAME_CHARS;
  return name === name.normalize("NFKC") &&
    charLength(name) <= MAX_NAME_CHARS && name === name.toLowerCase() &&
    NAME_CHARS.test(name) && !name.startsWith("-") && !name.endsWith("-") &&
    !name.includes("--");
}
