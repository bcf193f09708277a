// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a command that takes a skill's name says when no skill has it: the
 * skill is on disk but skipped (and why), the argument is a path, or the
 * roots hold no skill at all (where they were, and how to look elsewhere).
 *
 * @module
 */
import { basename, dirname, resolve } from "../shared/path.ts";
import { SkillAccessError } from "../shared/errors.ts";
import type { Diagnostic } from "../shared/types.ts";
import type { SkillSet } from "../serve/skill_set.ts";
import { CliError } from "./errors.ts";
import { field } from "./io.ts";
import {
  isRemoteRootFailure,
  remoteRootFailed,
  rootSelection,
} from "./root_options.ts";
import type { RootValues } from "./root_option_defs.ts";

/**
 * A skill that was found and could not be used: it ends the command with the
 * code of the diagnostic that skipped it.
 *
 * @example Usage
 * ```ts
 * import { SkillSkippedError } from "./skill_missing.ts";
 * import assert from "node:assert/strict";
 *
 * const error = new SkillSkippedError("yaml-invalid", "Bad YAML");
 * assert.equal(error.code, "yaml-invalid");
 * assert.equal(error.exitCode, 1);
 * ```
 */
export class SkillSkippedError extends CliError {
  /** The code of the diagnostic that skipped the skill. */
  readonly code: string;

  /**
   * Constructs a new instance.
   *
   * @param code The diagnostic's code.
   * @param message What happened.
   */
  constructor(code: string, message: string) {
    super(message);
    this.name = "SkillSkippedError";
    this.code = code;
  }
}

/**
 * The error diagnostic about `NAME/SKILL.md` that made discovery skip the
 * skill directory called `name`, and the sentence saying
 * so: `"broken" exists at DIR but is skipped: yaml-invalid at 4:6`.
 *
 * @example Usage
 * ```ts
 * import { skippedSkill } from "./skill_missing.ts";
 * import assert from "node:assert/strict";
 *
 * const skipped = skippedSkill("broken", [{
 *   level: "error",
 *   code: "yaml-invalid",
 *   message: "Invalid YAML",
 *   path: "/s/broken/SKILL.md",
 *   line: 4,
 *   column: 6,
 * }]);
 * assert.equal(skipped?.message, '"broken" exists at /s/broken but is skipped: yaml-invalid at 4:6');
 * assert.equal(skippedSkill("other", []), undefined);
 * ```
 *
 * @param name The name asked for.
 * @param diagnostics A discovery's diagnostics.
 * @returns The diagnostic and the sentence, or `undefined`.
 */
export function skippedSkill(
  name: string,
  diagnostics: readonly Diagnostic[],
): { diagnostic: Diagnostic; message: string } | undefined {
  for (const d of diagnostics) {
    // Only a skill's own file: a missing root of that name is not a skill.
    if (d.level !== "error" || d.path === undefined) continue;
    if (basename(d.path) !== "SKILL.md") continue;
    const dir = dirname(d.path);
    if (basename(dir) !== name) continue;
    const place = d.line === undefined
      ? ""
      : ` at ${d.line}${d.column === undefined ? "" : `:${d.column}`}`;
    return {
      diagnostic: d,
      message: `"${field(name)}" exists at ${
        field(dir)
      } but is skipped: ${d.code}${place}`,
    };
  }
  return undefined;
}

/** What {@linkcode missingSkill} needs to know of the command. */
export interface MissingContext {
  /** The skill set's diagnostics. */
  readonly diagnostics: readonly Diagnostic[];
  /** How many skills the roots hold. */
  readonly skills: number;
  /** Parsed root options. */
  readonly values: RootValues;
  /** The command and what follows the name: `read`, `asset NAME RELPATH`. */
  readonly usage: string;
}

/**
 * A `skill-not-found` error with the reason a person needs; any other error
 * as it is.
 *
 * @example Usage
 * ```ts
 * import { missingSkill } from "./skill_missing.ts";
 * import type { RootValues } from "./root_option_defs.ts";
 * import { SkillAccessError } from "../shared/errors.ts";
 * import assert from "node:assert/strict";
 *
 * const error = await missingSkill(
 *   new SkillAccessError("skill-not-found", "./x", 'No skill named "./x"'),
 *   { diagnostics: [], skills: 1, values: {} as RootValues, usage: "read NAME" },
 * ) as Error;
 * assert.match(error.message, /--root \.$/);
 * ```
 *
 * @param error What the skill set threw.
 * @param context The command's diagnostics, skill count and options.
 * @returns The error to report (the roots the options select are read again
 *   only for an error that says no root holds a skill).
 */
export async function missingSkill(
  error: unknown,
  context: MissingContext,
): Promise<unknown> {
  if (
    !(error instanceof SkillAccessError) || error.code !== "skill-not-found"
  ) return error;
  const name = error.skill;
  const skipped = skippedSkill(name, context.diagnostics);
  if (skipped !== undefined) {
    return new SkillAccessError(error.code, name, skipped.message);
  }
  const [command, ...rest] = context.usage.split(" ");
  if (/[/\\]/.test(name)) {
    // The name is looked up as agents look it up, through the roots and
    // their overrides; a path would bypass both.
    const dir = resolve(name);
    const example = ["skillscope", command, basename(dir), ...rest.slice(1)];
    return new SkillAccessError(
      error.code,
      name,
      `"${
        field(name)
      }" is a path, and ${command} takes a skill's name as the roots hold it; for the skill in that directory, name the directory around it as a root: ${
        example.join(" ")
      } --root ${field(relativeParent(name))}`,
    );
  }
  if (context.skills > 0 || remoteRootFailed(context.diagnostics)) return error;
  // The guidance names the default roots: it loads the client table.
  const { nothingFound } = await import("./nothing_found.ts");
  const guidance = nothingFound(
    await rootSelection(context.values),
    context.values,
  );
  return new SkillAccessError(
    error.code,
    name,
    `${error.message}\n${guidance.trimEnd()}`,
  );
}

/**
 * The handler a command puts on a skill set's promise: it rethrows what
 * {@linkcode missingSkill} makes of the error.
 *
 * @example Usage
 * ```ts
 * import { explained } from "./skill_missing.ts";
 * import type { RootValues } from "./root_option_defs.ts";
 * import { SkillSet } from "../serve/skill_set.ts";
 * import assert from "node:assert/strict";
 *
 * const set = new SkillSet({ sources: [] }, { skills: [], diagnostics: [], shadowed: [] });
 * await assert.rejects(
 *   set.read("./x").catch(explained(set, {} as RootValues, "read NAME")),
 *   /read takes a skill's name/,
 * );
 * ```
 *
 * @param set The skill set the command opened.
 * @param values Parsed root options.
 * @param usage The command and what follows the name (`asset NAME RELPATH`).
 * @param json The command answers in JSON: a website root that could not be
 *   listed is then said in the error itself, under the root's code (on
 *   stderr its diagnostic already stands before "No skill named").
 * @returns The handler.
 */
export function explained(
  set: SkillSet,
  values: RootValues,
  usage: string,
  json = false,
): (error: unknown) => Promise<never> {
  return async (error) => {
    const explanation = await missingSkill(error, {
      diagnostics: set.diagnostics,
      skills: set.list().length,
      values,
      usage,
    });
    throw json ? withRootFailure(explanation, set.diagnostics) : explanation;
  };
}

/** A `skill-not-found` error carrying the failures of the website roots, if any. */
function withRootFailure(
  error: unknown,
  diagnostics: readonly Diagnostic[],
): unknown {
  if (
    !(error instanceof SkillAccessError) || error.code !== "skill-not-found"
  ) return error;
  const failed = diagnostics.filter(isRemoteRootFailure);
  if (failed.length === 0) return error;
  return new SkillAccessError(
    failed[0]!.code,
    error.skill,
    `${error.message}: ${failed.map((d) => d.message).join("; ")}`,
  );
}

/** The parent of a path as written (`./a/b` → `./a`, `b/` → `.`). */
function relativeParent(path: string): string {
  const trimmed = path.replace(/[/\\]+$/, "");
  const parent = dirname(trimmed);
  return parent === "" ? "." : parent;
}
