// Copyright 2026 the skillscope authors. MIT license.
/**
 * Loading one skill, second phase: a `SKILL.md` head that a scan has read,
 * parsed and checked into a skill, or into the diagnostics of why it is not
 * one.
 *
 * @module
 */
import { messageOf, SkillParseError } from "../shared/errors.ts";
import type { FrontmatterHead } from "../parse/frontmatter.ts";
import { analyzeFrontmatterOrError } from "../parse/skill_md.ts";
import { buildSkill } from "./build_skill.ts";
import { describeFromBody } from "../parse/description_fallback.ts";
import { capRetained } from "./retain.ts";
import {
  NEEDS_FULL_PARSER,
  readCodexMetadata,
  withMetadataShortDescription,
} from "../parse/codex_metadata.ts";
import type { Loaded } from "./parser_results.ts";
import type { DirectorySource } from "./sources.ts";
import type { Diagnostic, SkillOrigin } from "../shared/types.ts";
import { parseErrorDiagnostic } from "../shared/diagnostics.ts";

/** A `SKILL.md` head, read and not yet parsed. */
export interface ReadHead {
  readonly file: string;
  readonly dir: string;
  readonly rel: string;
  readonly dirName: string;
  /** The frontmatter, or why there is none. */
  readonly head: FrontmatterHead | SkillParseError;
}

/**
 * Parses a read head into a skill, with what was reported about it;
 * `needsParser` when it needs the full YAML parser, which is not loaded.
 * Throws nothing: every failure is a diagnostic.
 *
 * @param pending The head and where it was read.
 * @param source The root it was found in.
 * @param origin The skills' origin in that root.
 * @returns The skill (or none) and the diagnostics.
 */
export function parseHead(
  pending: ReadHead,
  source: DirectorySource,
  origin: SkillOrigin,
): Loaded {
  const { file, dir, dirName, head } = pending;
  const diagnostics: Diagnostic[] = [];
  try {
    if (head instanceof SkillParseError) return notLoaded(head, file, []);
    const analyzed = describeFromBody(
      analyzeFrontmatterOrError(head.yaml, {
        path: file,
        dirName,
        yamlLine: head.yamlLine,
      }),
      file,
      source,
    );
    if (analyzed instanceof SkillParseError) {
      return notLoaded(analyzed, file, []);
    }
    for (const d of analyzed.diagnostics) diagnostics.push(d);
    if (analyzed.diagnostics.some((d) => d.level === "error")) {
      return { skill: undefined, diagnostics, needsParser: false };
    }
    const kept = capRetained(
      head.yaml.length,
      analyzed.frontmatter,
      analyzed.fields,
      file,
    );
    if (kept.diagnostic) diagnostics.push(kept.diagnostic);
    const read = source.codexMetadata
      ? readCodexMetadata(dir, diagnostics)
      : undefined;
    const codex = source.codexMetadata
      ? withMetadataShortDescription(
        read === NEEDS_FULL_PARSER ? undefined : read,
        analyzed.fields.metadata,
      )
      : undefined;
    const skill = buildSkill(
      codex === undefined ? kept.fields : { ...kept.fields, ...codex },
      kept.frontmatter,
      {
        fallbackName: dirName,
        path: file,
        dir,
        source: origin,
        scope: source.scope,
      },
    );
    return { skill, diagnostics, needsParser: read === NEEDS_FULL_PARSER };
  } catch (error) {
    return notLoaded(error, file, diagnostics);
  }
}

/** A skill that is not loaded: what was reported so far, then why. */
function notLoaded(
  error: unknown,
  file: string,
  diagnostics: Diagnostic[],
): Loaded {
  const parseError = error instanceof SkillParseError;
  diagnostics.push(
    parseError ? parseErrorDiagnostic(error) : {
      level: "error",
      code: "read-failed",
      message: `Cannot read "${file}": ${messageOf(error)}`,
      path: file,
    },
  );
  return {
    skill: undefined,
    diagnostics,
    needsParser: parseError && error.code === "yaml-parser-not-loaded",
  };
}
