// Copyright 2026 the skillscope authors. MIT license.
/**
 * Embedded skills: loading one from its source (frontmatter inside the
 * content wins, globs from the content when non-empty, `alwaysApply`
 * OR-ed), and its content, read from memory.
 *
 * @module
 */
import { withNullPrototype } from "../shared/null_record.ts";
import { SkillAccessError, SkillParseError } from "../shared/errors.ts";
import { escapeTerminal } from "../shared/escape.ts";
import { parseSkillMd } from "../parse/skill_md.ts";
import type { YamlParser } from "../parse/yaml.ts";
import { normalizeText } from "../parse/frontmatter.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { buildSkill, type Loaded } from "../parse/build_skill.ts";
import type {
  Diagnostic,
  EmbeddedSkillInput,
  Skill,
  SkillFields,
} from "../shared/types.ts";
import { parseErrorDiagnostic } from "../shared/diagnostics.ts";
import { bindContent } from "./content_of.ts";
import {
  isServableAssetPath,
  MAX_ASSET_BYTES,
  MAX_RESOURCES,
  readsOf,
  servablePath,
  type SkillContent,
  type SkillResources,
} from "./skill_content.ts";
import type { FileIdentity } from "../shared/tree_stamp.ts";

const encoder = new TextEncoder();
/** Embedded contents made so far: each one's identity keys are its own. */
let made = 0;

/**
 * Loads an embedded skill, its content bound to it.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill } from "@skillscope/skills";
 * import { loadEmbedded } from "./embedded_content.ts";
 * import assert from "node:assert/strict";
 *
 * const { skill } = loadEmbedded(embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" }));
 * assert.equal(skill?.name, "hi");
 * assert.equal(skill?.body, "# Hi\n");
 * ```
 *
 * @param source The embedded source.
 * @param yamlParser The full YAML parser, when the discovery has it: without
 *   it, a frontmatter only it reads leaves the skill needing it.
 * @returns The skill (or `undefined`) and diagnostics.
 */
export function loadEmbedded(
  source: { readonly skill: Readonly<EmbeddedSkillInput> },
  yamlParser?: YamlParser,
): Loaded {
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
      const parsed = parseSkillMd(text, { path: key, yamlParser });
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
  bindContent(skill, embeddedContent(skill, text, body, assets));
  return { skill, diagnostics, needsParser: false };
}

/**
 * The content of an embedded skill: its text, body and files, in memory.
 * It never changes, so a cache keeps what it read for as long as the skill.
 *
 * @example Usage
 * ```ts
 * import type { Skill } from "../shared/types.ts";
 * import { embeddedContent } from "./embedded_content.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "hi", description: "Hi", source: { kind: "embedded", key: "embedded:hi" }, frontmatter: {} };
 * const content = embeddedContent(skill, "# Hi\n", "# Hi\n", new Map([["a.md", "A"]]));
 * assert.equal(await content.readBody(), "# Hi\n");
 * assert.deepEqual((await content.listFiles()).files, ["a.md"]);
 * await assert.rejects(content.readFile("b.md"), /has no file "b.md"/);
 * ```
 *
 * @param skill The skill (for messages).
 * @param text The whole `SKILL.md` text as given (line endings normalized).
 * @param body The Markdown body.
 * @param assets Bundled files by normalized relative path, when the skill
 *   was embedded with them.
 * @returns Its content.
 */
export function embeddedContent(
  skill: Skill,
  text: string,
  body: string,
  assets: ReadonlyMap<string, string | Uint8Array> | undefined,
): SkillContent {
  // Identity keys of its own: what a cache kept of it is never another's.
  const prefix = `embedded\0${made++}\0`;
  let skillMd: Uint8Array | undefined;
  const held = () => skillMd ??= encoder.encode(text);
  const assetOf = (path: string): Uint8Array | undefined => {
    const content = assets?.get(path);
    return typeof content === "string" ? encoder.encode(content) : content;
  };
  return readsOf({
    skillMd: () => ({ bytes: held(), body }),
    readFile(path, options = {}): Uint8Array {
      const rel = servablePath(skill, path, options);
      const maxBytes = options.maxBytes ?? MAX_ASSET_BYTES;
      if (assets === undefined) {
        throw new SkillAccessError(
          "no-assets",
          skill.name,
          `Embedded skill "${
            escapeTerminal(skill.name)
          }" was embedded without its files, so "${
            escapeTerminal(rel)
          }" cannot be read`,
          path,
        );
      }
      const bytes = assetOf(rel);
      if (bytes === undefined) {
        throw new SkillAccessError(
          "asset-not-found",
          skill.name,
          `"${escapeTerminal(skill.name)}" has no file "${
            escapeTerminal(rel)
          }"`,
          path,
        );
      }
      if (bytes.length > maxBytes) {
        throw new SkillAccessError(
          "asset-too-large",
          skill.name,
          `"${escapeTerminal(rel)}" of "${
            escapeTerminal(skill.name)
          }" is ${bytes.length} bytes; the limit is ${maxBytes}`,
          path,
        );
      }
      return bytes;
    },
    listFiles(options = {}): SkillResources {
      const max = options.max ?? MAX_RESOURCES;
      const all = [...(assets?.keys() ?? [])].filter((p) =>
        p !== "SKILL.md" && isServableAssetPath(p)
      ).sort();
      return Object.freeze({
        files: Object.freeze(all.slice(0, max)),
        truncated: all.length > max,
      });
    },
    stamp: () => "constant",
    identity(path): FileIdentity | undefined {
      const bytes = path === "SKILL.md" ? held() : assetOf(path);
      return bytes && { key: prefix + path, size: bytes.length, racy: false };
    },
  }, () => body);
}
