// Copyright 2026 the skillscope authors. MIT license.
/**
 * A skill without `description`, as Claude Code reads it: described by the
 * first paragraph of its body instead of being skipped. Applied only to
 * sources with `descriptionFallback: "first-paragraph"` (the `claude`
 * client's roots), and only when nothing else rejects the skill.
 *
 * @module
 */
import { locateFrontmatter, normalizeText } from "./frontmatter.ts";
import type { AnalyzedFrontmatter } from "./skill_md.ts";
import { SkillParseError } from "../shared/errors.ts";
import { openRegularFileSync } from "../shared/open_file.ts";
import type { Diagnostic } from "../shared/types.ts";

/** How much of `SKILL.md` is read to find the first paragraph (bytes). */
const MAX_READ_BYTES = 128 * 1024;

/** Longest paragraph quoted in the warning (characters). */
const QUOTED_CHARS = 60;

const decoder = new TextDecoder();

/**
 * The first paragraph of a Markdown body: the first run of non-blank lines
 * that is not a heading, a fenced code block or an HTML comment, its lines
 * joined by single spaces.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstParagraph } from "./description_fallback.ts";
 *
 * assert.equal(firstParagraph("# Title\n\nFills PDF\nforms.\n\nMore.\n"), "Fills PDF forms.");
 * assert.equal(firstParagraph("# Only a title\n"), undefined);
 * ```
 *
 * @param body The body (frontmatter removed).
 * @returns The paragraph, or `undefined` when the body has none.
 */
export function firstParagraph(body: string): string | undefined {
  const lines = body.split("\n");
  let fence: string | undefined;
  let comment = false;
  const paragraph: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (fence !== undefined) {
      if (line.startsWith(fence)) fence = undefined;
      continue;
    }
    if (comment) {
      if (line.includes("-->")) comment = false;
      continue;
    }
    const opens = /^(`{3,}|~{3,})/.exec(line);
    const blockStart = line === "" || line.startsWith("#") || opens !== null ||
      line.startsWith("<!--");
    if (blockStart && paragraph.length > 0) break;
    if (opens !== null) fence = opens[1]!;
    else if (line.startsWith("<!--")) comment = !line.includes("-->");
    else if (!blockStart) paragraph.push(line);
  }
  const text = paragraph.join(" ").replace(/\s+/g, " ").trim();
  return text === "" ? undefined : text;
}

/**
 * The analysis of a skill's frontmatter with the first-paragraph fallback
 * applied: when the source asks for it and the only error is a missing
 * `description`, the body's first paragraph becomes the description and the
 * error a `description-from-body` warning. Anything else passes through.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyzeFrontmatterOrError } from "./skill_md.ts";
 * import { SkillParseError } from "../shared/errors.ts";
 * import { directorySource } from "../discover/sources.ts";
 * import { describeFromBody } from "./description_fallback.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const file = `${dir}/SKILL.md`;
 * await Deno.writeTextFile(file, "---\nname: x\n---\n# X\n\nDoes x.\n");
 * const source = directorySource(dir, { descriptionFallback: "first-paragraph" });
 * const analyzed = describeFromBody(analyzeFrontmatterOrError("name: x", { path: file }), file, source);
 * assert.ok(!(analyzed instanceof SkillParseError));
 * assert.equal(analyzed.fields.description, "Does x.");
 * assert.deepEqual(analyzed.diagnostics.map((d) => d.code), ["description-from-body"]);
 * ```
 *
 * @param analyzed The frontmatter's analysis (or its parse error).
 * @param file The `SKILL.md` it came from.
 * @param source How the directory source being scanned reads a skill:
 *   whether it falls back to the body, and follows a symlinked `SKILL.md`.
 * @returns The analysis to use.
 */
export function describeFromBody(
  analyzed: AnalyzedFrontmatter | SkillParseError,
  file: string,
  source: {
    readonly descriptionFallback: "skip" | "first-paragraph";
    readonly followSymlinkedSkillMd: boolean;
  },
): AnalyzedFrontmatter | SkillParseError {
  if (
    source.descriptionFallback !== "first-paragraph" ||
    analyzed instanceof SkillParseError
  ) return analyzed;
  const missing = analyzed.diagnostics.find((d) =>
    d.code === "description-missing"
  );
  if (
    missing === undefined ||
    analyzed.diagnostics.some((d) => d !== missing && d.level === "error")
  ) return analyzed;
  const paragraph = readFirstParagraph(file, source.followSymlinkedSkillMd);
  if (paragraph === undefined) return analyzed;
  const warning: Diagnostic = {
    level: "warning",
    code: "description-from-body",
    message:
      `"description" in ${file} is missing: the first paragraph of the body ("${
        quote(paragraph)
      }") is used instead, as Claude Code does; other agents skip the skill`,
    path: file,
  };
  return {
    frontmatter: analyzed.frontmatter,
    fields: { ...analyzed.fields, description: paragraph },
    diagnostics: analyzed.diagnostics.map((d) => d === missing ? warning : d),
  };
}

/** Reads the head of `SKILL.md` (regular files only) and returns its body's first paragraph. */
function readFirstParagraph(
  file: string,
  followSymlinks: boolean,
): string | undefined {
  try {
    using opened = openRegularFileSync(
      file,
      followSymlinks ? {} : { noFollow: true },
    );
    const bytes = new Uint8Array(Math.min(opened.size, MAX_READ_BYTES));
    let length = 0;
    while (length < bytes.length) {
      const n = opened.readSync(bytes, length);
      if (n === 0) break;
      length += n;
    }
    const text = normalizeText(decoder.decode(bytes.subarray(0, length)));
    const split = locateFrontmatter(text, true, file);
    return split === undefined
      ? undefined
      : firstParagraph(text.slice(split.bodyStart));
  } catch {
    return undefined; // unreadable now: the description-missing error stands
  }
}

function quote(text: string): string {
  return text.length <= QUOTED_CHARS
    ? text
    : `${text.slice(0, QUOTED_CHARS - 1)}…`;
}
