// Copyright 2026 the skillscope authors. MIT license.
/**
 * skillscope: discover, validate and serve
 * {@link https://agentskills.io | Agent Skills} — directories holding a
 * `SKILL.md` with YAML frontmatter and a Markdown body.
 *
 * Runs with `--allow-read` for the roots it is given and nothing else.
 *
 * @example Parse and validate a SKILL.md
 * ```ts
 * import { parseSkillMd, validateSkillMd } from "@skillscope/skills";
 *
 * const text = "---\nname: demo\ndescription: Shows how it works\n---\n# Demo\n";
 * const parsed = parseSkillMd(text, { dirName: "demo" });
 * console.log(parsed.fields.name, validateSkillMd(text, { dirName: "demo", strict: true }));
 * ```
 *
 * @module
 */
export * from "./src/types.ts";
export * from "./src/errors.ts";
export * from "./src/rules.ts";
export { type ParseOptions, parseSkillMd } from "./src/parse.ts";
export {
  type ValidateOptions,
  validateSkillDir,
  validateSkillDirSync,
  validateSkillMd,
} from "./src/validate.ts";
export { VERSION } from "./src/version.ts";
