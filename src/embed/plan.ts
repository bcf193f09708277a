// Copyright 2026 the skillscope authors. MIT license.
/**
 * Planning an embed module, then writing it in pieces: the plan discovers
 * the skills, reads each `SKILL.md`, lists the bundled files and checks the
 * total size against a cap before anything is written; writing reads one
 * file at a time and hands the text on in chunks, so memory stays near the
 * largest file instead of growing with the module.
 *
 * @module
 */
import { utf8Text } from "../shared/utf8_text.ts";
import { discoverSync } from "../discover/discover.ts";
import {
  listResourcesSync,
  readAssetSync,
  readSkillFileSync,
} from "../content/disk_content.ts";
import { directorySource } from "../discover/sources.ts";
import { isDirectorySkill } from "../parse/build_skill.ts";
import type { Diagnostic, DirectorySkill } from "../shared/types.ts";
import { VERSION } from "../shared/version.ts";
import type { YamlParser } from "../parse/yaml.ts";
import {
  literal,
  type Sink,
  WIDTH,
  writeBytes,
  writeProperty,
} from "./literal.ts";

/**
 * Options of `generateEmbedModule` and {@linkcode planEmbedModule}.
 *
 * @example Usage
 * ```ts
 * import { type EmbedOptions, generateEmbedModule } from "@skillscope/skills/embed";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const options: EmbedOptions = { importFrom: "@skillscope/skills", label: "skills" };
 * assert.match(generateEmbedModule(dir, options).code, /skills/);
 * ```
 */
export interface EmbedOptions {
  /**
   * Where the generated module imports `embeddedSkill` from (the main entry
   * of the package).
   *
   * @default {"jsr:@skillscope/skills@^<version>"}
   */
  importFrom?: string;
  /**
   * Find skills at any depth below `dir`.
   *
   * @default {false}
   */
  recursive?: boolean;
  /** How the header names the source directory. Default: `dir` as given. */
  label?: string;
  /**
   * Largest bundled file embedded (bytes): 10 MiB.
   *
   * @default {10485760}
   */
  maxAssetBytes?: number;
  /**
   * Most bundled files embedded per skill.
   *
   * @default {10000}
   */
  maxFiles?: number;
  /** The full YAML parser (`await loadYamlParser()`), for frontmatter beyond the fast subset. */
  yamlParser?: YamlParser;
  /**
   * Most bytes embedded in all (every `SKILL.md` and bundled file): 32 MiB.
   * Past it nothing is generated and an `EmbedTooLargeError` names the
   * directory.
   *
   * @default {33554432}
   */
  maxTotalBytes?: number;
}

/** Default of {@linkcode EmbedOptions.maxTotalBytes}, which the CLI's `--max-bytes` shares. */
export const EMBED_MAX_TOTAL_BYTES = 32 * 1024 * 1024;
const MAX_FILES = 10_000;
const MAX_ASSET_BYTES = 10 * 1024 * 1024;
/** Largest SKILL.md embedded (bytes). */
const MAX_SKILL_MD_BYTES = 8 * 1024 * 1024;
// ignoreBOM: a text asset's BOM is part of its bytes and must survive.

/**
 * The skills of a directory hold more bytes than an embed module may carry.
 *
 * @example Usage
 * ```ts
 * import { EmbedTooLargeError } from "@skillscope/skills/embed";
 * import assert from "node:assert/strict";
 *
 * const error = new EmbedTooLargeError("skills", 2048, 1024);
 * assert.equal(error.code, "embed-too-large");
 * assert.match(error.message, /2048 bytes.*1024/);
 * ```
 */
export class EmbedTooLargeError extends RangeError {
  /** Stable code. */
  readonly code = "embed-too-large";
  /** The skills directory. */
  readonly dir: string;
  /** Bytes found (at least; counting stops past the limit). */
  readonly bytes: number;
  /** The limit, `maxTotalBytes`. */
  readonly limit: number;
  /**
   * Creates the error.
   *
   * @param dir The skills directory.
   * @param bytes Bytes found.
   * @param limit The limit.
   */
  constructor(dir: string, bytes: number, limit: number) {
    super(
      `The skills in "${dir}" hold ${bytes} bytes to embed, over the limit of ${limit} bytes (maxTotalBytes)`,
    );
    this.name = "EmbedTooLargeError";
    this.dir = dir;
    this.bytes = bytes;
    this.limit = limit;
  }
}

/** An embed module ready to be written. */
export interface EmbedPlan {
  /** Names of the skills it embeds, in order. */
  readonly skills: readonly string[];
  /** Skills left out and other findings; `write` adds files it could not read. */
  readonly diagnostics: readonly Diagnostic[];
  /** Bytes it embeds, from the files' sizes. */
  readonly bytes: number;
  /**
   * Writes the module: reads each bundled file as it goes.
   *
   * @param sink Receives the module's text, in order.
   * @throws {EmbedTooLargeError} when files grew past the limit since the plan.
   */
  write(sink: (chunk: string) => void): void;
}

interface Planned {
  readonly skill: DirectorySkill;
  readonly content: string;
  readonly files: readonly string[];
}

/**
 * Plans the embed module of `dir` (see `generateEmbedModule`): discovers the
 * skills, reads their `SKILL.md`, lists their files and sums their sizes.
 *
 * @example Plan, then write in pieces
 * ```ts
 * import { planEmbedModule } from "@skillscope/skills/embed";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/notes`);
 * await Deno.writeTextFile(`${root}/notes/SKILL.md`, "---\nname: notes\ndescription: Takes notes\n---\n# Notes\n");
 * const plan = planEmbedModule(root, { importFrom: "@skillscope/skills" });
 * assert.deepEqual(plan.skills, ["notes"]);
 * const chunks: string[] = [];
 * plan.write((chunk) => chunks.push(chunk));
 * assert.match(chunks.join(""), /name: "notes"/);
 * ```
 *
 * @param dir The skills directory.
 * @param options As for `generateEmbedModule`.
 * @returns The plan.
 * @throws {EmbedTooLargeError} when the files hold more than `maxTotalBytes`.
 * @throws {PermissionDeniedError} when `dir` may not be read.
 * @throws {InvalidSourceError} when `dir` is missing or not a directory.
 */
export function planEmbedModule(
  dir: string,
  options: EmbedOptions = {},
): EmbedPlan {
  const found = discoverSync({
    sources: [
      directorySource(dir, {
        recursive: options.recursive ?? false,
        required: true,
      }),
    ],
    cache: false,
    ...(options.yamlParser === undefined
      ? {}
      : { yamlParser: options.yamlParser }),
  });
  const diagnostics: Diagnostic[] = [...found.diagnostics];
  const maxAssetBytes = options.maxAssetBytes ?? MAX_ASSET_BYTES;
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const limit = options.maxTotalBytes ?? EMBED_MAX_TOTAL_BYTES;
  const planned: Planned[] = [];
  let skillMdBytes = 0;
  let bytes = 0;
  for (const skill of found.skills.filter(isDirectorySkill)) {
    let content: string;
    try {
      const raw = readSkillFileSync(skill, MAX_SKILL_MD_BYTES);
      skillMdBytes += raw.length;
      bytes += raw.length;
      if (bytes > limit) throw new EmbedTooLargeError(dir, bytes, limit);
      content = new TextDecoder().decode(raw);
    } catch (error) {
      if (error instanceof EmbedTooLargeError) throw error;
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
    for (const file of resources.files) {
      // An estimate: the file is read (and checked) when written.
      const size = sizeOf(`${skill.dir}/${file}`);
      if (size <= maxAssetBytes) bytes += size;
      if (bytes > limit) throw new EmbedTooLargeError(dir, bytes, limit);
    }
    planned.push({ skill, content, files: resources.files });
  }
  let written = false;
  let read = skillMdBytes;
  return {
    skills: Object.freeze(planned.map((p) => p.skill.name)),
    diagnostics,
    bytes,
    write(sink: Sink): void {
      if (written) throw new TypeError("An embed plan is written once");
      written = true;
      writeModule(planned, {
        label: options.label ?? dir,
        importFrom: options.importFrom ?? `jsr:@skillscope/skills@^${VERSION}`,
        maxAssetBytes,
        // Files read must stay within the limit, whatever their size was.
        read: (n) => {
          read += n;
          if (read > limit) throw new EmbedTooLargeError(dir, read, limit);
        },
        diagnostics,
      }, sink);
    },
  };
}

function sizeOf(path: string): number {
  try {
    return Deno.statSync(path).size;
  } catch {
    return 0; // reported when it is read
  }
}

function writeModule(
  planned: readonly Planned[],
  options: {
    label: string;
    importFrom: string;
    maxAssetBytes: number;
    read: (bytes: number) => void;
    diagnostics: Diagnostic[];
  },
  sink: Sink,
): void {
  const importFrom = literal(options.importFrom);
  const count = `${planned.length} skill${planned.length === 1 ? "" : "s"}`;
  // literal() escapes every line terminator (U+2028/U+2029 included), so the
  // label cannot end the comment.
  sink(
    `// Generated by \`skillscope embed\` from ${
      literal(options.label)
    }: ${count}.\n// Do not edit; run the command again instead.\n`,
  );
  if (planned.length === 0) {
    // With no skill, embeddedSkill is not used: importing it would fail lint.
    sink(`import type { SkillSource } from ${importFrom};\n\n`);
    sink("const skills: SkillSource[] = [];\n\nexport default skills;\n");
    return;
  }
  const oneLine =
    `import { embeddedSkill, type SkillSource } from ${importFrom};`;
  sink(
    oneLine.length <= WIDTH
      ? `${oneLine}\n`
      : `import {\n  embeddedSkill,\n  type SkillSource,\n} from ${importFrom};\n`,
  );
  sink("\nconst skills: SkillSource[] = [\n");
  let usesBytes = false;
  for (const { skill, content, files } of planned) {
    sink("  embeddedSkill({\n");
    writeProperty(4, "name", skill.name, sink);
    writeProperty(4, "description", skill.description, sink);
    writeProperty(4, "content", content, sink);
    let open = false;
    for (const file of files) {
      let data: Uint8Array;
      try {
        data = readAssetSync(skill, file, { maxBytes: options.maxAssetBytes });
      } catch (error) {
        options.diagnostics.push({
          level: "warning",
          code: "embed-skipped-file",
          message: `File "${file}" of "${skill.name}" was not embedded: ${
            (error as Error).message
          }`,
          path: skill.dir,
        });
        continue;
      }
      options.read(data.length);
      if (!open) sink("    assets: {\n");
      open = true;
      // A computed key: a plain "__proto__": would set the prototype.
      const key = `[${literal(file)}]`;
      const text = utf8Text(data);
      if (text === undefined) {
        usesBytes = true;
        writeBytes(6, key, data, sink);
      } else writeProperty(6, key, text, sink);
    }
    sink(open ? "    },\n" : "    assets: {},\n");
    sink("  }),\n");
  }
  sink("];\n\nexport default skills;\n");
  if (usesBytes) {
    sink(
      "\nfunction bytes(base64: string): Uint8Array {\n  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));\n}\n",
    );
  }
}
