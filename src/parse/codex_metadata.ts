// Copyright 2026 the skillscope authors. MIT license.
/**
 * Codex's per-skill `agents/openai.yaml`: a display name, a short
 * description, and `policy.allow_implicit_invocation` (false: the model may
 * not pick the skill by itself). Read only when the file is there: one
 * `lstat` per skill otherwise; bounded; never through a symlink, and only
 * when its real path lies inside the skill's real directory (an `agents`
 * directory that is a symlink leading out is refused, like bundled files).
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { parseSimpleYaml } from "./yaml_fast.ts";
import { parseYaml, type YamlParser } from "./yaml.ts";
import { readInsideSync } from "../shared/checked_read.ts";
import { ContainmentError } from "../shared/containment.ts";
import type { Diagnostic } from "../shared/types.ts";
import { messageOf } from "../shared/errors.ts";

/** What a skill's `agents/openai.yaml` says. */
export interface CodexMetadata {
  /** `interface.display_name`. */
  readonly displayName?: string;
  /** `interface.short_description`. */
  readonly shortDescription?: string;
  /** `policy.allow_implicit_invocation`. */
  readonly allowImplicitInvocation?: boolean;
}

const MAX_BYTES = 64 * 1024;
const decoder = new TextDecoder();
const NOT_LOADED = "its YAML needs the full parser, which is not loaded";

/**
 * What {@linkcode readCodexMetadata} returns for a file only the full YAML
 * parser reads, outside its scope (after warning that it is ignored): a scan
 * defers the skill to the call's parser.
 */
export const NEEDS_FULL_PARSER: unique symbol = Symbol(
  "needs the full YAML parser",
);

/**
 * Reads `dir/agents/openai.yaml` when it is a regular file inside the skill.
 *
 * @param dir The skill directory.
 * @param diagnostics Receives a warning when the file cannot be used.
 * @param yamlParser The full YAML parser, when the caller has it.
 * @returns Its metadata; `undefined` when there is no such file or it is
 *   ignored; {@linkcode NEEDS_FULL_PARSER} when only the full parser reads it.
 */
export function readCodexMetadata(
  dir: string,
  diagnostics: Diagnostic[],
  yamlParser?: YamlParser,
): CodexMetadata | undefined | typeof NEEDS_FULL_PARSER {
  const path = join(dir, "agents", "openai.yaml");
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(path);
  } catch {
    return undefined;
  }
  const warn = (why: string) => {
    diagnostics.push({
      level: "warning",
      code: "codex-metadata-invalid",
      message: `${path} is ignored: ${why}`,
      path,
    });
    return undefined;
  };
  if (!info.isFile) return warn("it is not a regular file");
  if (info.size > MAX_BYTES) return warn(`it is over ${MAX_BYTES} bytes`);
  let text: string;
  try {
    text = decoder.decode(
      readInsideSync(Deno.realPathSync(dir), path, {
        maxBytes: MAX_BYTES,
        tooLarge: () => new RangeError(`it is over ${MAX_BYTES} bytes`),
      }),
    );
  } catch (error) {
    if (error instanceof ContainmentError) {
      return warn(
        `it resolves to "${error.resolved}", outside the skill directory "${error.root}"`,
      );
    }
    return warn(messageOf(error));
  }
  const parsed = parseCodexMetadata(text, yamlParser);
  if (typeof parsed !== "string") return parsed;
  warn(parsed);
  return parsed === NOT_LOADED ? NEEDS_FULL_PARSER : undefined;
}

/**
 * What the text of an `agents/openai.yaml` says, or why it cannot be used.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCodexMetadata } from "./codex_metadata.ts";
 *
 * const text = "interface:\n  display_name: PDF\npolicy:\n  allow_implicit_invocation: false\n";
 * assert.deepEqual(parseCodexMetadata(text), { displayName: "PDF", allowImplicitInvocation: false });
 * ```
 *
 * @param text The file's text.
 * @returns The metadata, or the reason it is ignored.
 */
export function parseCodexMetadata(
  text: string,
  yamlParser?: YamlParser,
): CodexMetadata | string {
  let value = parseSimpleYaml(text) as unknown;
  if (value === undefined) {
    const full = parseYaml(text, yamlParser);
    if (!full.ok) return full.unloaded ? NOT_LOADED : full.message;
    value = full.value;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "it is not a YAML mapping";
  }
  const data = value as Record<string, unknown>;
  const face = data.interface as Record<string, unknown> | undefined;
  const policy = data.policy as Record<string, unknown> | undefined;
  const meta: {
    -readonly [K in keyof CodexMetadata]: CodexMetadata[K];
  } = {};
  if (typeof face?.display_name === "string") {
    meta.displayName = face.display_name;
  }
  if (typeof face?.short_description === "string") {
    meta.shortDescription = face.short_description;
  }
  if (typeof policy?.allow_implicit_invocation === "boolean") {
    meta.allowImplicitInvocation = policy.allow_implicit_invocation;
  }
  return meta;
}

/**
 * What Codex shows for a skill: its `agents/openai.yaml`, with the
 * `metadata.short-description` of its `SKILL.md` as the short description
 * when the file gives none (Codex's `loads_short_description_from_metadata`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { withMetadataShortDescription } from "./codex_metadata.ts";
 *
 * const metadata = { "short-description": "Fill PDF forms" };
 * assert.deepEqual(withMetadataShortDescription(undefined, metadata), { shortDescription: "Fill PDF forms" });
 * assert.deepEqual(withMetadataShortDescription({ shortDescription: "From the file" }, metadata), { shortDescription: "From the file" });
 * ```
 *
 * @param read What `agents/openai.yaml` says, if there is one.
 * @param metadata The skill's `metadata` (strings).
 * @returns The metadata Codex shows.
 */
export function withMetadataShortDescription(
  read: CodexMetadata | undefined,
  metadata: Readonly<Record<string, string>> | undefined,
): CodexMetadata | undefined {
  const fromMetadata = metadata?.["short-description"]?.trim();
  if (read?.shortDescription !== undefined || !fromMetadata) return read;
  return { ...read, shortDescription: fromMetadata };
}
