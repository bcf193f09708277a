// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a failed fetch adds about how the source was read: a git URL whose
 * last segment holds `@x` (older versions read it as a ref; the shorthand
 * reads it as a skill) gets the advice to write `#x` or `--skill x`, and a
 * bare `owner/repo` read as GitHub says so, since the failure is often a
 * typo.
 *
 * @module
 */
import { isValidSkillName } from "../parse/skill_name.ts";
import { InstallError } from "./errors.ts";

/**
 * The error of a failed git fetch with the advice above added; any other
 * error as it is.
 *
 * @example A git URL ending in `@v1.2`
 * ```ts
 * import assert from "node:assert/strict";
 * import { InstallError } from "./errors.ts";
 * import { withSourceAdvice } from "./source_advice.ts";
 *
 * const failed = new InstallError("git-failed", "git fetch failed (exit 128)");
 * const error = withSourceAdvice(failed, "file:///srv/skills@v1.2", []);
 * assert.ok(error instanceof InstallError);
 * assert.match(error.message, /write "file:\/\/\/srv\/skills#v1\.2"/);
 * ```
 *
 * @param error What was thrown.
 * @param spec The source as the user wrote it.
 * @param notes How the source was read (the GitHub shorthand's note).
 * @returns The error to throw.
 */
export function withSourceAdvice(
  error: unknown,
  spec: string,
  notes: readonly string[],
): unknown {
  if (!(error instanceof InstallError) || error.code !== "git-failed") {
    return error;
  }
  const advice = atAdvice(spec);
  const read = notes.length === 0 ? "" : `${notes.join("; ")}: `;
  if (advice === undefined && read === "") return error;
  return new InstallError(
    error.code,
    `${read}${error.message}${advice === undefined ? "" : `; ${advice}`}`,
    { cause: error },
  );
}

/** The advice for a git URL whose last path segment holds `@x`, if it does. */
function atAdvice(spec: string): string | undefined {
  if (!/^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/|[^/]+@[^/:]+:)/.test(spec)) {
    return undefined;
  }
  const hash = spec.indexOf("#");
  const url = hash === -1 ? spec : spec.slice(0, hash);
  const slash = url.lastIndexOf("/");
  const segment = url.slice(slash + 1);
  const at = segment.lastIndexOf("@");
  if (slash === -1 || at <= 0 || segment.includes(":")) return undefined;
  const base = url.slice(0, slash + 1 + at);
  const after = segment.slice(at + 1);
  const asRef = `for the git ref "${after}" write "${base}#${after}"`;
  return isValidSkillName(after as unknown)
    ? `in a git URL "@" is part of the path: for the skill "${after}" write "${base}" --skill ${after}, ${asRef}`
    : `in a git URL "@" is part of the path: ${asRef}`;
}
