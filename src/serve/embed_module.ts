// Copyright 2026 the skillscope authors. MIT license.
/**
 * Generating a TypeScript module that embeds a directory of skills, so a
 * compiled binary carries them with no `--include` and no permissions.
 *
 * @module
 */
import { discoverSync } from "../discover/discover.ts";
import { readAssetSync, readSkillFileSync } from "./read_skill.ts";
import { listResourcesSync } from "./list_resources.ts";
import { directorySource } from "../discover/sources.ts";
import { isDirectorySkill } from "../discover/build_skill.ts";
import type { Diagnostic } from "../shared/types.ts";
import { VERSION } from "../shared/version.ts";
import { encodeBase64 } from "../shared/base64.ts";

/**
 * Options of {@linkcode generateEmbedModule}.
 *
 * @example Usage
 * ```ts
 * import { type EmbedOptions, generateEmbedModule } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const options: EmbedOptions = { importFrom: "@skillscope/skills", label: "skills" };
 * assert.match(generateEmbedModule(dir, options).code, /skills/);
 * ```
 */
export interface EmbedOptions {
  /** Where the generated module imports `embeddedSkill` from. Default `jsr:@skillscope/skills@^<version>`. */
  importFrom?: string;
  /** Find skills at any depth below `dir`. Default `false`. */
  recursive?: boolean;
  /** How the header names the source directory. Default: `dir` as given. */
  label?: string;
  /** Largest bundled file embedded (bytes). Default 10 MiB. */
  maxAssetBytes?: number;
  /** Most bundled files embedded per skill. Default 10,000. */
  maxFiles?: number;
}

/**
 * What {@linkcode generateEmbedModule} produced.
 *
 * @example Usage
 * ```ts
 * import { type EmbedResult, generateEmbedModule } from "@skillscope/skills";
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

const MAX_FILES = 10_000;
// ignoreBOM: a text asset's BOM is part of its bytes and must survive.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** Largest SKILL.md embedded (bytes). */
const MAX_SKILL_MD_BYTES = 8 * 1024 * 1024;

/**
 * Generates a module whose default export is `SkillSource[]`: one
 * `embeddedSkill` per skill in `dir`, with its `SKILL.md` text and its
 * bundled files (text inline, binary as base64; hidden files left out).
 * The output is deterministic (same input → same bytes), formatted and
 * lint-clean.
 *
 * @example Usage
 * ```ts
 * import { generateEmbedModule } from "@skillscope/skills";
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
 * @param options Import specifier, recursion, header label, asset cap.
 * @returns The code, the embedded names and the diagnostics.
 * @throws {PermissionDeniedError} when `dir` may not be read.
 * @throws {InvalidSourceError} when `dir` is missing or not a directory.
 */
export function generateEmbedModule(
  dir: string,
  options: EmbedOptions = {},
): EmbedResult {
  const found = discoverSync({
    sources: [
      directorySource(dir, {
        recursive: options.recursive ?? false,
        required: true,
      }),
    ],
    cache: false,
  });
  const diagnostics: Diagnostic[] = [...found.diagnostics];
  const maxBytes = options.maxAssetBytes ?? 10 * 1024 * 1024;
  const entries: string[] = [];
  let usesBytes = false;
  const embedded: string[] = [];
  for (const skill of found.skills.filter(isDirectorySkill)) {
    let content: string;
    try {
      content = new TextDecoder().decode(
        readSkillFileSync(skill, MAX_SKILL_MD_BYTES),
      );
    } catch (error) {
      diagnostics.push({
        level: "error",
        code: "embed-skipped-skill",
        message: `Skill "${skill.name}" was not embedded: ${
          (error as Error).message
        }`,
        path: skill.path,
      });
      continue;
    }
    const maxFiles = options.maxFiles ?? MAX_FILES;
    const resources = listResourcesSync(skill, { max: maxFiles });
    if (resources.truncated) {
      diagnostics.push({
        level: "warning",
        code: "embed-truncated",
        message:
          `Skill "${skill.name}" has more than ${maxFiles} files; only the first ${maxFiles} were embedded`,
        path: skill.dir,
      });
    }
    const assets: string[] = [];
    for (const file of resources.files) {
      let bytes: Uint8Array;
      try {
        bytes = readAssetSync(skill, file, { maxBytes });
      } catch (error) {
        diagnostics.push({
          level: "warning",
          code: "embed-skipped-file",
          message: `File "${file}" of "${skill.name}" was not embedded: ${
            (error as Error).message
          }`,
          path: skill.dir,
        });
        continue;
      }
      const text = asText(bytes);
      if (text === undefined) {
        usesBytes = true;
        assets.push(
          call(6, `[${literal(file)}]`, "bytes", literal(encodeBase64(bytes))),
        );
      } else {
        // A computed key: a plain "__proto__": would set the prototype.
        assets.push(property(6, `[${literal(file)}]`, literal(text)));
      }
    }
    embedded.push(skill.name);
    entries.push([
      "  embeddedSkill({",
      property(4, "name", literal(skill.name)),
      property(4, "description", literal(skill.description)),
      property(4, "content", literal(content)),
      ...(assets.length === 0
        ? ["    assets: {},"]
        : ["    assets: {", ...assets, "    },"]),
      "  }),",
    ].join("\n"));
  }
  const importFrom = literal(
    options.importFrom ?? `jsr:@skillscope/skills@^${VERSION}`,
  );
  // With no skill, embeddedSkill is not used: importing it would fail lint.
  const oneLineImport = entries.length === 0
    ? `import type { SkillSource } from ${importFrom};`
    : `import { embeddedSkill, type SkillSource } from ${importFrom};`;
  const label = options.label ?? dir;
  const count = `${embedded.length} skill${embedded.length === 1 ? "" : "s"}`;
  const lines = [
    // literal() escapes every line terminator (U+2028/U+2029 included), so
    // the label cannot end the comment.
    `// Generated by \`skillscope embed\` from ${literal(label)}: ${count}.`,
    "// Do not edit; run the command again instead.",
    oneLineImport.length <= WIDTH || entries.length === 0
      ? oneLineImport
      : `import {\n  embeddedSkill,\n  type SkillSource,\n} from ${importFrom};`,
    "",
    entries.length === 0
      ? "const skills: SkillSource[] = [];"
      : "const skills: SkillSource[] = [",
    ...(entries.length === 0 ? [] : [...entries, "];"]),
    "",
    "export default skills;",
  ];
  if (usesBytes) {
    lines.push(
      "",
      "function bytes(base64: string): Uint8Array {",
      "  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));",
      "}",
    );
  }
  return Object.freeze({
    code: `${lines.join("\n")}\n`,
    skills: Object.freeze(embedded),
    diagnostics: Object.freeze(diagnostics),
  });
}

/** The line width `deno fmt` wraps at; the generated code is laid out as it would. */
const WIDTH = 80;

/**
 * A double-quoted, ASCII-only string literal: `"` is written `\x22` and
 * non-ASCII as `\uXXXX`, so `deno fmt` keeps the quotes and measures the
 * line as written.
 */
function literal(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) out += "\\\\";
    else if (c === 0x22) out += "\\x22";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c === 0x09) out += "\\t";
    else if (c < 0x20 || c === 0x7f) {
      out += `\\x${c.toString(16).padStart(2, "0")}`;
    } else if (c > 0x7e) out += `\\u${c.toString(16).padStart(4, "0")}`;
    else out += text[i];
  }
  return `${out}"`;
}

/** `key: value,` on one line when it fits, else the value on the next line. */
function property(indent: number, key: string, value: string): string {
  const pad = " ".repeat(indent);
  const line = `${pad}${key}: ${value},`;
  return line.length <= WIDTH ? line : `${pad}${key}:\n${pad}  ${value},`;
}

/** `key: fn(arg),` on one line when it fits, else the argument on its own line. */
function call(indent: number, key: string, fn: string, arg: string): string {
  const pad = " ".repeat(indent);
  const line = `${pad}${key}: ${fn}(${arg}),`;
  return line.length <= WIDTH
    ? line
    : `${pad}${key}: ${fn}(\n${pad}  ${arg},\n${pad}),`;
}

function asText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
