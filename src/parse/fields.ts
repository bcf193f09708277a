// Copyright 2026 the skillscope authors. MIT license.
/**
 * Typing and checking the frontmatter fields against the specification.
 *
 * @module
 */
import { truncate } from "./frontmatter.ts";
import { levelOf } from "../shared/diagnostics.ts";
import type { Diagnostic, SkillFields } from "../shared/types.ts";
import { charLength, checkName, type Report } from "./skill_name.ts";

/** Fields the specification defines. */
export const SPEC_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
]);

/**
 * Fields other agents define (Claude Code, Cursor, Copilot, Codex, …):
 * silent when lenient, `extension-field` when strict unless allowed.
 *
 * @example Usage
 * ```ts
 * import { KNOWN_EXTENSION_FIELDS, validateSkillMd } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.ok(KNOWN_EXTENSION_FIELDS.has("disable-model-invocation"));
 * const text = "---\nname: demo\ndescription: d\nglobs: ['*.ts']\n---\n";
 * assert.deepEqual(validateSkillMd(text, { dirName: "demo", strict: true }).map((d) => d.code), ["extension-field"]);
 * assert.deepEqual(validateSkillMd(text, { dirName: "demo", strict: true, allowFields: ["globs"] }), []);
 * ```
 */
export const KNOWN_EXTENSION_FIELDS: ReadonlySet<string> = new Set([
  "arguments",
  "context",
  "agent",
  "hooks",
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
  /** Fields strict mode accepts without a finding. */
  readonly allowFields?: readonly string[];
  /** 1-based file line of a top-level key (called only when reporting). */
  readonly lineOf: (key: string) => number | undefined;
}

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
  const fields: MutableFields = {};
  const step: FieldStep = { data, fields, file, report, context };
  for (const check of FIELD_STEPS) check(step);
  return { fields, diagnostics };
}

type MutableFields = { -readonly [K in keyof SkillFields]: SkillFields[K] };

/** What each field check reads and writes. */
interface FieldStep {
  readonly data: Readonly<Record<string, unknown>>;
  readonly fields: MutableFields;
  readonly file: string;
  readonly report: Report;
  readonly context: FieldContext;
}

/** `name`: present, a non-empty string, and valid by the naming rules. */
function checkNameField(step: FieldStep): void {
  const { data, fields, file, report, context } = step;
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
}

/** `description`: present, a non-empty string, within 1024 characters. */
function checkDescriptionField(step: FieldStep): void {
  const { data, fields, file, report } = step;
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
}

/** `license` (any scalar) and `compatibility` (a string within 500 characters). */
function checkLicenseAndCompatibility(step: FieldStep): void {
  const { data, fields, file, report } = step;
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
}

/** `metadata`: a map of string keys to string values. */
function checkMetadataField(step: FieldStep): void {
  const { data, fields, file, report } = step;
  if (data.metadata !== undefined && data.metadata !== null) {
    const metadata = checkMetadata(data.metadata, file, report);
    if (metadata) fields.metadata = metadata;
  }
}

/** `allowed-tools`: a space-separated string (a list of strings accepted leniently). */
function checkAllowedToolsField(step: FieldStep): void {
  const { data, fields, file, report } = step;
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
}

/** `globs` / `paths`: a string or a list of strings. */
function checkGlobsField(step: FieldStep): void {
  const { data, fields, file, report } = step;
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
}

/** `alwaysApply` / `always_apply`: a boolean. */
function checkAlwaysApplyField(step: FieldStep): void {
  const { data, fields, file, report } = step;
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
}

const TRUE_SPELLINGS = new Set(["yes", "on", "true", "y"]);
const FALSE_SPELLINGS = new Set(["no", "off", "false", "n"]);

/** A client flag: `true`/`false`, or a spelling people use (read, with a warning). */
function clientFlag(
  step: FieldStep,
  key: string,
): boolean | undefined {
  const { data, file, report } = step;
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value;
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  const flag = TRUE_SPELLINGS.has(text)
    ? true
    : FALSE_SPELLINGS.has(text)
    ? false
    : undefined;
  if (flag === undefined) {
    report(
      "client-field-invalid",
      `"${key}" in ${file} must be true or false, got ${
        describe(value)
      }; it is ignored`,
      key,
    );
    return undefined;
  }
  report(
    "noncanonical-boolean",
    `"${key}" in ${file} is ${
      describe(value)
    }; it is read as ${flag}, but write ${flag} (other agents read only true and false)`,
    key,
  );
  return flag;
}

/** A client text field: a string (a number or boolean is stringified with a warning). */
function clientText(step: FieldStep, key: string): string | undefined {
  const { data, file, report } = step;
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    return value.trim() === "" ? undefined : value.trim();
  }
  report(
    "client-field-invalid",
    `"${key}" in ${file} must be a string, got ${
      describe(value)
    }; it is ignored`,
    key,
  );
  return undefined;
}

/** The client fields that change behaviour: invocation policy, arguments, trigger text, model. */
function checkClientFields(step: FieldStep): void {
  const { data, fields, file, report } = step;
  const disable = clientFlag(step, "disable-model-invocation");
  if (disable !== undefined) fields.disableModelInvocation = disable;
  const userInvocable = clientFlag(step, "user-invocable");
  if (userInvocable !== undefined) fields.userInvocable = userInvocable;
  const hint = clientText(step, "argument-hint");
  if (hint !== undefined) fields.argumentHint = hint;
  const whenToUse = clientText(step, "when_to_use");
  if (whenToUse !== undefined) fields.whenToUse = whenToUse;
  const model = clientText(step, "model");
  if (model !== undefined) fields.model = model;
  const args = data.arguments;
  if (args !== undefined && args !== null) {
    const list = typeof args === "string"
      ? args.split(/[\s,]+/).filter((a) => a !== "")
      : Array.isArray(args) && args.every((a) => typeof a === "string")
      ? args.map((a) => a.trim()).filter((a) => a !== "")
      : undefined;
    if (list === undefined) {
      report(
        "client-field-invalid",
        `"arguments" in ${file} must be a list of names or a space-separated string, got ${
          describe(args)
        }; it is ignored`,
        "arguments",
      );
    } else if (list.length > 0) fields.arguments = Object.freeze(list);
  }
}

/** Fields outside the specification (other agents' known fields pass when lenient). */
function checkUnknownFields(step: FieldStep): void {
  const { data, file, report, context } = step;
  for (const key in data) {
    if (!Object.hasOwn(data, key) || SPEC_FIELDS.has(key)) continue;
    if (context.allowFields?.includes(key)) continue;
    if (KNOWN_EXTENSION_FIELDS.has(key)) {
      if (!context.strict) continue;
      report(
        "extension-field",
        `"${key}" is another agent's field, outside the specification (allow it with --allow-field ${key})`,
        key,
      );
      continue;
    }
    report(
      "unknown-field",
      `Unknown field "${
        truncate(key, 64)
      }" in ${file}; the specification allows ${[...SPEC_FIELDS].join(", ")}`,
      key,
    );
  }
}

/** The field checks, in the order their diagnostics are reported. */
const FIELD_STEPS: readonly ((step: FieldStep) => void)[] = [
  checkNameField,
  checkDescriptionField,
  checkLicenseAndCompatibility,
  checkMetadataField,
  checkAllowedToolsField,
  checkGlobsField,
  checkAlwaysApplyField,
  checkClientFields,
  checkUnknownFields,
];

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
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const entry = (value as Record<string, unknown>)[key];
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
