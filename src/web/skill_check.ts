// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a downloaded skill must be, whatever brought it: a `SKILL.md` at its
 * root whose frontmatter parses, and whose `name` (when it has one) is the
 * name the index gave, so a skill is never served or installed under a
 * name its own file contradicts.
 *
 * @module
 */
import {
  locateFrontmatter,
  MAX_FRONTMATTER_BYTES,
  normalizeText,
} from "../parse/frontmatter.ts";
import { analyzeFrontmatter } from "../parse/skill_md.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import { SkillParseError } from "../shared/errors.ts";
import { WebArtifactError } from "./errors.ts";

/**
 * Checks the `SKILL.md` of a skill named `name` in the index.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkSkillMd } from "./skill_check.ts";
 *
 * const text = new TextEncoder().encode("---\nname: pdf-tools\ndescription: PDFs\n---\n# Body\n");
 * await checkSkillMd(text, "pdf-tools", "https://example.com/pdf-tools/SKILL.md");
 * await assert.rejects(checkSkillMd(text, "other", "https://example.com/other/SKILL.md"), /name/);
 * ```
 *
 * @param bytes The file's bytes.
 * @param name The entry's name.
 * @param where Where it came from, for messages.
 * @throws {WebArtifactError} `web-skill-md-invalid`, `web-name-mismatch`.
 */
export async function checkSkillMd(
  bytes: Uint8Array,
  name: string,
  where: string,
): Promise<void> {
  const complete = bytes.length <= MAX_FRONTMATTER_BYTES;
  const head = normalizeText(
    new TextDecoder().decode(bytes.subarray(0, MAX_FRONTMATTER_BYTES)),
  );
  let fields;
  try {
    const split = locateFrontmatter(head, complete, where);
    if (split === undefined) {
      throw new SkillParseError(
        "frontmatter-unclosed",
        `The frontmatter of ${where} is not closed within ${MAX_FRONTMATTER_BYTES} bytes`,
        { path: where },
      );
    }
    fields = analyzeFrontmatter(split.yaml, {
      yamlParser: await loadYamlParser(),
      path: where,
      dirName: name,
      yamlLine: split.yamlLine,
    }).fields;
  } catch (error) {
    if (!(error instanceof SkillParseError)) throw error;
    throw new WebArtifactError(
      "web-skill-md-invalid",
      `${error.message}; the skill was refused`,
      "SKILL.md",
      { cause: error },
    );
  }
  const own = fields.name?.normalize("NFKC");
  if (own !== undefined && own !== name) {
    throw new WebArtifactError(
      "web-name-mismatch",
      `${where} names itself ${
        JSON.stringify(own.slice(0, 80))
      } but the index lists it as "${name}"; the skill was refused`,
      "SKILL.md",
    );
  }
}

/**
 * Checks that an unpacked skill has its `SKILL.md` at the root (not in a
 * wrapper directory) and that it passes {@linkcode checkSkillMd}.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkSkillFiles } from "./skill_check.ts";
 *
 * const wrapped = new Map([["pdf-tools/SKILL.md", new TextEncoder().encode("---\nname: pdf-tools\n---\n")]]);
 * await assert.rejects(checkSkillFiles(wrapped, "pdf-tools", "https://example.com/a.zip"), /root/);
 * ```
 *
 * @param files The unpacked files.
 * @param name The entry's name.
 * @param where Where they came from, for messages.
 * @throws {WebArtifactError} `web-skill-md-missing`, `web-skill-md-invalid`, `web-name-mismatch`.
 */
export async function checkSkillFiles(
  files: ReadonlyMap<string, Uint8Array>,
  name: string,
  where: string,
): Promise<void> {
  const skillMd = files.get("SKILL.md");
  if (skillMd === undefined) {
    const nested = [...files.keys()].find((p) => p.endsWith("/SKILL.md"));
    throw new WebArtifactError(
      "web-skill-md-missing",
      `${where} has no SKILL.md at its root${
        nested === undefined
          ? ""
          : ` (it has "${
            nested.slice(0, 200)
          }": files go at the archive's root, without a wrapper directory)`
      }; the skill was refused`,
    );
  }
  await checkSkillMd(skillMd, name, `${where} (SKILL.md)`);
}
