// Copyright 2026 the skillscope authors. MIT license.
/**
 * The naming rules of a skill: letters, digits and hyphens, lowercase, no leading, trailing or doubled hyphen, at most 64 characters, equal to its directory — checked after NFKC normalization.
 *
 * @module
 */
import { truncate } from "./frontmatter.ts";
import type { RuleCode } from "../shared/types.ts";

/** Most characters in a name. */
export const MAX_NAME_CHARS = 64;

// Built on first use (only for names outside a-z, 0-9 and "-"), not when the
// module loads: V8 builds a `\p{…}` class when it creates the expression.
let nameChars: RegExp | undefined;
const isNameChars = (name: string): boolean =>
  (nameChars ??= /^[\p{L}\p{N}-]+$/u).test(name);

const SIMPLE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function checkName(
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
  if (!isNameChars(name)) {
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

/**
 * Whether `name` is a skill name that is safe as a single path segment and
 * valid by the specification: NFKC-normalized, 1–64 characters, lowercase
 * letters, digits and single inner hyphens. Names read from state files
 * (`skills.lock`, the journal) must pass it before they touch a path.
 *
 * @example Usage
 * ```ts
 * import { isValidSkillName } from "./skill_name.ts";
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
    isNameChars(name) && !name.startsWith("-") && !name.endsWith("-") &&
    !name.includes("--");
}

/** How a check reports a finding: its code, message, and the key it is about. */
export type Report = (code: RuleCode, message: string, key?: string) => void;

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
