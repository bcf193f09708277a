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
import {
  describe,
  metadataStrings,
  scalarString,
  type ScalarText,
  spaceSeparatedTools,
  toGlobList,
  unquotedScalar,
} from "./field_values.ts";
import { checkClientFields, type MutableFields } from "./client_fields.ts";

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
 * import { validateSkillMd } from "@skillscope/skills";
 * import { KNOWN_EXTENSION_FIELDS } from "./fields.ts";
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

/** How the description `skillscope init` writes starts: a skill still saying it is not finished. */
const PLACEHOLDER = "TODO:";

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
  /**
   * The source text of a scalar (called only for a number or a boolean
   * where a string belongs); without it, such a value is stringified.
   */
  readonly scalarText?: ScalarText;
}

/**
 * Types the fields of a frontmatter map and checks every rule of the
 * specification. Values the specification types as strings are read once,
 * here: a number or a boolean as its source text (`name: 1` is `"1"`), and
 * `metadata` as a map of strings (`version: 1.0` is `"1.0"`; a nested value
 * left out with `metadata-not-map`). When `data` is not yet frozen, its
 * `name`, `description` and `metadata` are replaced by what was read, so
 * the frontmatter every output carries (`list --json`, MCP listings,
 * `Skill.frontmatter`) says what the fields say. The parse step freezes
 * `data` after.
 *
 * @example Metadata read as strings, in the fields and in the frontmatter
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkFields } from "./fields.ts";
 *
 * const data: Record<string, unknown> = {
 *   name: "demo",
 *   description: "Demo",
 *   metadata: { version: 1, beta: true },
 * };
 * const { fields } = checkFields(data, {
 *   strict: false,
 *   lineOf: () => undefined,
 *   scalarText: (_key, entry) => entry === "version" ? "1.0" : undefined,
 * });
 * assert.deepEqual({ ...fields.metadata }, { version: "1.0", beta: "true" });
 * assert.deepEqual({ ...data.metadata as object }, { version: "1.0", beta: "true" });
 * ```
 *
 * @param data The top-level frontmatter map (its string fields rewritten
 *   as read when it is not frozen).
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

/** What each field check reads and writes. */
interface FieldStep {
  readonly data: Readonly<Record<string, unknown>>;
  readonly fields: MutableFields;
  readonly file: string;
  readonly report: Report;
  readonly context: FieldContext;
}

/**
 * A number or boolean where the specification asks for a string: its text
 * as written, reported as `code` naming the YAML type. A description so
 * written loads leniently and is an error when strict. A name so written
 * (`name: 1`) is the reference validator's string — its YAML reads every
 * scalar as text — so strict validation checks it by the naming rules alone,
 * and only lenient mode warns that clients typing YAML values would not.
 */
function writtenText(step: FieldStep, key: "name" | "description"): unknown {
  const value = step.data[key];
  if (typeof value === "string" || value === null || value === undefined) {
    return value; // the common case: no source text needed
  }
  const scalar = unquotedScalar(value, step.context.scalarText?.(key));
  if (scalar === undefined) return value;
  setWhileBuilding(step.data, key, scalar.text);
  if (key === "name" && step.context.strict) return scalar.text;
  step.report(
    key === "name" ? "name-not-string" : "description-not-string",
    `"${key}" in ${step.file} is the YAML ${scalar.type} ${
      truncate(scalar.text, 40)
    }, not a string; it is read as "${truncate(scalar.text, 40)}" (quote it: ${
      key === "name"
        ? "clients that type YAML values reject it"
        : "strict parsers reject it"
    })`,
    key,
  );
  return scalar.text;
}

/** `name`: present, a non-empty string, and valid by the naming rules. */
function checkNameField(step: FieldStep): void {
  const { data, fields, file, report, context } = step;
  const name = scalarString(writtenText(step, "name"));
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
  const description = scalarString(writtenText(step, "description"))?.trim();
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
    if (description.startsWith(PLACEHOLDER)) {
      report(
        "description-placeholder",
        `"description" in ${file} is still the placeholder ("${
          truncate(description, 40)
        }"): say what the skill does and when to use it, as agents read only this to choose it`,
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

/**
 * `metadata`: a map of string keys to string values (scalars as written),
 * in the fields and, while the map is still being built, in the frontmatter.
 */
function checkMetadataField(step: FieldStep): void {
  const { data, fields, file, report, context } = step;
  if (data.metadata !== undefined && data.metadata !== null) {
    const metadata = metadataStrings(data.metadata, {
      file,
      strict: context.strict,
      report,
      scalarText: context.scalarText,
    });
    if (metadata === undefined) return;
    fields.metadata = metadata;
    setWhileBuilding(data, "metadata", metadata);
  }
}

/**
 * Sets a value of the frontmatter map as it was read, while the parse step
 * still builds the map (not yet frozen); a frozen map is left as it is.
 */
function setWhileBuilding(
  data: Readonly<Record<string, unknown>>,
  key: "name" | "description" | "metadata",
  value: unknown,
): void {
  if (!Object.isFrozen(data)) (data as Record<string, unknown>)[key] = value;
}

/**
 * `allowed-tools`: a space-separated string — or comma-separated, as Claude
 * Code accepts — (a list of strings accepted leniently).
 */
function checkAllowedToolsField(step: FieldStep): void {
  const { data, fields, file, report } = step;
  const tools = data["allowed-tools"];
  if (tools !== undefined && tools !== null) {
    if (typeof tools === "string") {
      fields.allowedTools = spaceSeparatedTools(tools);
    } else if (
      Array.isArray(tools) && tools.every((t) => typeof t === "string")
    ) {
      fields.allowedTools = spaceSeparatedTools(tools);
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
