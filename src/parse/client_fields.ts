// Copyright 2026 the skillscope authors. MIT license.
/**
 * Other agents' fields that change what a skill does: Claude Code's
 * invocation flags (`disable-model-invocation`, `user-invocable`, read from
 * the spellings people use, with a warning), `argument-hint`, `arguments`,
 * `when_to_use` and `model`.
 *
 * @module
 */
import { describe } from "./field_values.ts";
import type { Report } from "./skill_name.ts";
import type { SkillFields } from "../shared/types.ts";

/** The typed fields, while they are filled. */
export type MutableFields = {
  -readonly [K in keyof SkillFields]: SkillFields[K];
};

/** What a client field check reads and writes. */
export interface ClientFieldStep {
  /** The top-level frontmatter map. */
  readonly data: Readonly<Record<string, unknown>>;
  /** The fields being filled. */
  readonly fields: MutableFields;
  /** The file, for messages. */
  readonly file: string;
  /** Reports a finding. */
  readonly report: Report;
}

const TRUE_SPELLINGS = new Set(["yes", "on", "true", "y"]);
const FALSE_SPELLINGS = new Set(["no", "off", "false", "n"]);

/** A client flag: `true`/`false`, or a spelling people use (read, with a warning). */
function clientFlag(
  step: ClientFieldStep,
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
function clientText(step: ClientFieldStep, key: string): string | undefined {
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

/**
 * The client fields that change behaviour: invocation policy, arguments,
 * trigger text, model.
 *
 * @param step The frontmatter, the fields being filled, the reporter.
 */
export function checkClientFields(step: ClientFieldStep): void {
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
