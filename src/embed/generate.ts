// Copyright 2026 the skillscope authors. MIT license.
/**
 * Generating a TypeScript module that embeds a directory of skills, so a
 * compiled binary carries them with no `--include` and no permissions.
 *
 * @module
 */
import type { Diagnostic } from "../shared/types.ts";
import { type EmbedOptions, planEmbedModule } from "./plan.ts";

export type { EmbedOptions } from "./plan.ts";

/**
 * What {@linkcode generateEmbedModule} produced.
 *
 * @example Usage
 * ```ts
 * import { type EmbedResult, generateEmbedModule } from "@skillscope/skills/embed";
 * import assert from "node:assert/strict";
 *
 * const result: EmbedResult = generateEmbedModule(await Deno.makeTempDir());
 * assert.deepEqual(result.skills, []);
 * ```
 */
export interface EmbedResult {
  /** The module's source text. */
  readonly code: string;
  /** Names of the embedded skills, in order. */
  readonly skills: readonly string[];
  /** Skills that were skipped, and other findings. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Generates a module whose default export is `SkillSource[]`: one
 * `embeddedSkill` per skill in `dir`, with its `SKILL.md` text and its
 * bundled files (text inline, binary as base64; hidden files left out).
 * The output is deterministic (same input → same bytes), formatted and
 * lint-clean.
 *
 * @example Usage
 * ```ts
 * import { generateEmbedModule } from "@skillscope/skills/embed";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const [name, description, extra] of [
 *   ["pdf-tools", "Fill and read PDF forms", ""],
 *   ["sql-review", "Review SQL migrations", "globs: ['db/**']\n"],
 * ]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(
 *     `${root}/${name}/SKILL.md`,
 *     `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`,
 *   );
 * }
 * const { code, skills } = generateEmbedModule(root, { importFrom: "@skillscope/skills" });
 * assert.deepEqual(skills, ["pdf-tools", "sql-review"]);
 * assert.match(code, /from "@skillscope\/skills"/);
 * ```
 *
 * @param dir The skills directory.
 * @param options Import specifier, recursion, header label, asset and total caps.
 * @returns The code, the embedded names and the diagnostics.
 * @throws {EmbedTooLargeError} when the files hold more than `maxTotalBytes`.
 * @throws {PermissionDeniedError} when `dir` may not be read.
 * @throws {InvalidSourceError} when `dir` is missing or not a directory.
 */
export function generateEmbedModule(
  dir: string,
  options: EmbedOptions = {},
): EmbedResult {
  const plan = planEmbedModule(dir, options);
  const chunks: string[] = [];
  plan.write((chunk) => chunks.push(chunk));
  return Object.freeze({
    code: chunks.join(""),
    skills: plan.skills,
    diagnostics: Object.freeze([...plan.diagnostics]),
  });
}
