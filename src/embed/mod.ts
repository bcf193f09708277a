// Copyright 2026 the skillscope authors. MIT license.
/**
 * The embed generator: writes a TypeScript module that carries a directory
 * of skills, so a compiled binary holds them with no `--include` and reads
 * them with no permission. `skillscope embed DIR --out FILE.ts` runs it.
 *
 * The generated module imports only `embeddedSkill` and `SkillSource` from
 * the main entry, `@skillscope/skills`: a program that uses the module never
 * loads this entry.
 *
 * @example Generate a module, then check what it embeds
 * ```ts
 * import { generateEmbedModule } from "@skillscope/skills/embed";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/notes`);
 * await Deno.writeTextFile(`${root}/notes/SKILL.md`, "---\nname: notes\ndescription: Takes notes\n---\n# Notes\n");
 * const { code, skills, diagnostics } = generateEmbedModule(root, { importFrom: "@skillscope/skills" });
 * assert.deepEqual(skills, ["notes"]);
 * assert.deepEqual(diagnostics, []);
 * assert.match(code, /import \{ embeddedSkill, type SkillSource \} from "@skillscope\/skills";/);
 * ```
 *
 * @module
 */
export { type EmbedResult, generateEmbedModule } from "./generate.ts";
export {
  type EmbedOptions,
  type EmbedPlan,
  EmbedTooLargeError,
  planEmbedModule,
} from "./plan.ts";
// The types the signatures above refer to: each entry point documents on its own.
export type { Diagnostic, DiagnosticLevel, RuleCode } from "../shared/types.ts";
export type { YamlParser } from "../parse/yaml.ts";
