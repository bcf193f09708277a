// Copyright 2026 the skillscope authors. MIT license.
/**
 * Loading embedded skills: frontmatter inside the content wins, globs from the
 * content when non-empty, `alwaysApply` OR-ed.
 *
 * @module
 */
import { withNullPrototype } from "../shared/null_record.ts";
import { SkillParseError } from "../shared/errors.ts";
import { parseSkillMd } from "../parse/skill_md.ts";
import { normalizeText } from "../parse/frontmatter.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { buildSkill } from "./build_skill.ts";
import type { Loaded } from "./parser_results.ts";
import type { EmbeddedSource } from "./sources.ts";
import type { Diagnostic, Skill, SkillFields } from "../shared/types.ts";
import { parseErrorDiagnostic } from "../shared/diagnostics.ts";

/** Body and assets of an embedded skill, looked up by the skill object. */
export interface EmbeddedContent {
  /** The whole `SKILL.md` text as given (line endings normalized). */
  readonly text: string;
  /** The Markdown body. */
  readonly body: string;
  /** Bundled files by normalized relative path, when the skill was embedded with them. */
  readonly assets: ReadonlyMap<string, string | Uint8Array> | undefined;
}

const contents = new WeakMap<Skill, EmbeddedContent>();

/**
 * The body and assets of an embedded skill.
 *
 * @param skill A skill from an embedded source.
 * @returns Its content, or `undefined` for other skills.
 */
export function embeddedContentOf(skill: Skill): EmbeddedContent | undefined {
  return contents.get(skill);
}

/**
 * Loads an embedded skill.
 *
 * @param source The embedded source.
 * @returns The skill (or `undefined`) and diagnostics.
 */
export function loadEmbedded(source: EmbeddedSource): Loaded {
  const input = source.skill;
  const key = `embedded:${input.name}`;
  const text = normalizeText(input.content);
  let fields: SkillFields = {};
  let frontmatter: Readonly<Record<string, unknown>> = Object.freeze(
    withNullPrototype({}),
  );
  let body = text;
  const diagnostics: Diagnostic[] = [];
  if (text.startsWith("---")) {
    try {
      const parsed = parseSkillMd(text, { path: key });
      fields = parsed.fields;
      frontmatter = parsed.frontmatter;
      body = parsed.body;
      // name / description may come from the struct instead: only keep other findings.
      diagnostics.push(
        ...parsed.diagnostics.filter((d) =>
          d.code !== "name-missing" && d.code !== "description-missing"
        ),
      );
    } catch (error) {
      if (!(error instanceof SkillParseError)) throw error;
      diagnostics.push(parseErrorDiagnostic(error));
      return {
        skill: undefined,
        diagnostics,
        needsParser: error.code === "yaml-parser-not-loaded",
      };
    }
  }
  const description = fields.description ?? input.description?.trim();
  if (description === undefined || description === "") {
    diagnostics.push({
      level: "error",
      code: "description-missing",
      message:
        `Embedded skill "${input.name}" has no description (neither in its content nor in its definition)`,
      path: key,
    });
    return { skill: undefined, diagnostics, needsParser: false };
  }
  const globs = fields.globs !== undefined && fields.globs.length > 0
    ? fields.globs
    : input.globs !== undefined && input.globs.length > 0
    ? Object.freeze([...input.globs])
    : undefined;
  const alwaysApply = (fields.alwaysApply ?? false) ||
    (input.alwaysApply ?? false);
  const merged: SkillFields = {
    ...fields,
    description,
    ...(globs === undefined ? {} : { globs }),
    ...(fields.alwaysApply !== undefined || input.alwaysApply !== undefined
      ? { alwaysApply }
      : {}),
  };
  const skill = buildSkill(merged, frontmatter, {
    fallbackName: input.name,
    source: Object.freeze({
      kind: "embedded",
      key,
      ...((input.overridable ?? (input.scope ?? "bundled") === "bundled")
        ? { overridable: true }
        : {}),
    }),
    scope: input.scope ?? "bundled",
    body,
    frontmatterChars: text.indexOf("\n---", 3),
    diagnostics,
  });
  let assets: Map<string, string | Uint8Array> | undefined;
  if (input.assets !== undefined) {
    assets = new Map();
    for (const [path, content] of Object.entries(input.assets)) {
      const normalized = normalizeAssetPath(path);
      if (normalized === undefined) {
        diagnostics.push({
          level: "warning",
          code: "asset-path-invalid",
          message:
            `Embedded skill "${input.name}" has an asset with an unsafe path ${
              JSON.stringify(path)
            }; it is ignored`,
          path: key,
        });
        continue;
      }
      assets.set(normalized, content);
    }
  }
  contents.set(skill, Object.freeze({ text, body, assets }));
  return { skill, diagnostics, needsParser: false };
}
