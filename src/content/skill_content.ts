// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a skill holds, whatever it comes from: one {@linkcode SkillContent}
 * per skill — on disk (`disk_content.ts`), embedded in the program
 * (`embedded_content.ts`), or remote (`remote_content.ts`: an MCP server, a
 * website's well-known index) — so that `SkillSet` and the servers make one
 * call and never ask what kind of skill they hold. Which content a skill
 * has is decided once, in `content_of.ts`.
 *
 * Every implementation applies the same rules: relative paths without
 * `..`, no hidden file and no `node_modules` unless asked, the caps below;
 * a remote one verifies what it fetched before returning it.
 *
 * @module
 */
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { SkillAccessError } from "../shared/errors.ts";
import { escapeTerminal } from "../shared/escape.ts";
import type { FileIdentity, TreeStamp } from "../shared/tree_stamp.ts";
import type { Skill } from "../shared/types.ts";

/**
 * Largest `SKILL.md` whose body is served by default (bytes).
 *
 * @example Reading a larger one
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { MAX_BODY_BYTES } from "./skill_content.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Hi", content: "# Hi\n" })] });
 * assert.equal(await set.read("hi", { maxBytes: 4 * MAX_BODY_BYTES }), "# Hi\n");
 * ```
 */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Largest bundled file served by default (bytes).
 *
 * @example Reading a larger one
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { MAX_ASSET_BYTES } from "./skill_content.ts";
 * import assert from "node:assert/strict";
 *
 * const big = "x".repeat(MAX_ASSET_BYTES + 1);
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Hi", content: "", assets: { "big.txt": big } })] });
 * await assert.rejects(set.readAsset("hi", "big.txt"), /the limit is 1048576/);
 * assert.equal((await set.readAsset("hi", "big.txt", { maxBytes: 2 * MAX_ASSET_BYTES })).length, big.length);
 * ```
 */
export const MAX_ASSET_BYTES = 1024 * 1024;
/**
 * Most files listed by default.
 *
 * @example Listing more
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { MAX_RESOURCES } from "./skill_content.ts";
 * import assert from "node:assert/strict";
 *
 * const assets = Object.fromEntries(Array.from({ length: MAX_RESOURCES + 1 }, (_, i) => [`f${i}.md`, ""]));
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Hi", content: "", assets })] });
 * assert.equal((await set.resources("hi")).truncated, true);
 * assert.equal((await set.resources("hi", { max: 2 * MAX_RESOURCES })).truncated, false);
 * ```
 */
export const MAX_RESOURCES = 200;
/**
 * How deep a skill's tree is listed by default: a file deeper is not
 * listed (it can still be read by its path).
 *
 * @example Stamping what a listing walks
 * ```ts
 * import { directorySource, discover } from "@skillscope/skills";
 * import { contentOf } from "./content_of.ts";
 * import { RESOURCE_DEPTH } from "./skill_content.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo/a/b/c/d/e/f/g`, { recursive: true });
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n");
 * await Deno.writeTextFile(`${root}/demo/a/b/c/d/e/f/g/deep.md`, "deep");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * const local = contentOf(skill!).local!;
 * assert.deepEqual(local.listFiles({ maxDepth: RESOURCE_DEPTH }).files, []);
 * assert.equal(local.readFile("a/b/c/d/e/f/g/deep.md").length, 4);
 * ```
 */
export const RESOURCE_DEPTH = 6;

/**
 * How a bundled file is read.
 *
 * @example Reading a hidden file on purpose
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import type { ReadFileOptions } from "./skill_content.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Hi", content: "", assets: { ".config": "x" } })] });
 * await assert.rejects(set.readAsset("hi", ".config"), /never served/);
 * const options: ReadFileOptions = { allowHidden: true, maxBytes: 16 };
 * assert.equal((await set.readAsset("hi", ".config", options)).length, 1);
 * ```
 */
export interface ReadFileOptions {
  /** Largest file read (bytes). @default {1048576} */
  readonly maxBytes?: number;
  /** Serve hidden files and `node_modules` too. @default {false} */
  readonly allowHidden?: boolean;
}

/**
 * The files bundled with a skill, as listed (never read).
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, type SkillResources, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Hi", content: "", assets: { "a.md": "A" } })],
 * });
 * const resources: SkillResources = await set.resources("hi");
 * assert.deepEqual(resources, { files: ["a.md"], truncated: false });
 * ```
 */
export interface SkillResources {
  /** Relative paths of the bundled files (SKILL.md and hidden entries excluded), sorted. */
  readonly files: readonly string[];
  /** True when the listing stopped at its cap. */
  readonly truncated: boolean;
  /**
   * Directories holding a name that is not valid UTF-8: what it names can
   * be neither listed nor read. Absent when there is none.
   */
  readonly unreadable?: readonly string[];
}

/**
 * The content of one skill: its body, its bundled files, their list; and,
 * for content held here (on disk or in memory), the same reads made
 * synchronously with what a cache needs to keep them.
 *
 * @example Reading a skill whatever its kind
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { contentOf } from "./content_of.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Hi", content: "# Hi\n", assets: { "a.md": "A" } })],
 * });
 * const content = contentOf(set.require("hi"));
 * assert.equal(await content.readBody(), "# Hi\n");
 * assert.deepEqual((await content.listFiles()).files, ["a.md"]);
 * assert.equal(new TextDecoder().decode(await content.readFile("a.md")), "A");
 * ```
 */
export interface SkillContent {
  /**
   * The Markdown body of `SKILL.md` (frontmatter stripped).
   *
   * @param options `maxBytes`: the largest `SKILL.md` read.
   */
  readBody(options?: { readonly maxBytes?: number }): Promise<string>;
  /**
   * A bundled file by its path relative to the skill directory.
   *
   * @param path The relative path.
   * @param options The cap, and whether hidden files are served.
   */
  readFile(path: string, options?: ReadFileOptions): Promise<Uint8Array>;
  /**
   * The bundled files (relative paths, `SKILL.md` excluded, sorted), never
   * read.
   *
   * @param options `max` files listed.
   */
  listFiles(options?: { readonly max?: number }): Promise<SkillResources>;
  /**
   * The reads of content held here, made synchronously; absent for content
   * fetched from elsewhere, read (and verified) on each call.
   */
  readonly local?: LocalContent;
}

/**
 * The synchronous reads of content held here (on disk or in memory), and
 * what tells a cache whether what it read may be kept.
 *
 * @example A file just written is not kept yet
 * ```ts
 * import { directorySource, discover } from "@skillscope/skills";
 * import { contentOf } from "./content_of.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * const { skills: [skill] } = await discover({ sources: [directorySource(root)] });
 * const local = contentOf(skill!).local!;
 * assert.match(new TextDecoder().decode(local.skillMd(1024).bytes), /# Demo/);
 * // Its times are too recent to be trusted: a cache reads it again.
 * assert.equal(local.stamp({ maxDepth: 6, maxEntries: 64 }), undefined);
 * assert.equal(local.identity("SKILL.md")?.racy, true);
 * ```
 */
export interface LocalContent {
  /**
   * `SKILL.md` as held: the file's bytes, or the text a skill held in
   * memory was given.
   *
   * @param maxBytes The largest `SKILL.md` read.
   */
  skillMd(maxBytes: number): HeldSkillMd;
  /**
   * A bundled file by its path relative to the skill directory.
   *
   * @param path The relative path.
   * @param options The cap, and whether hidden files are served.
   */
  readFile(path: string, options?: ReadFileOptions): Uint8Array;
  /**
   * The bundled files, never read.
   *
   * @param options `max` files listed, `maxDepth` of the walk.
   */
  listFiles(
    options?: { readonly max?: number; readonly maxDepth?: number },
  ): SkillResources;
  /**
   * What tells whether what was read is still what the skill holds:
   * `"constant"` for content that never changes (memory), a stamp of the
   * tree to check (on disk), `undefined` when nothing read may be kept
   * now (files too recent to trust, too many) or ever (every read checked
   * against an approval).
   *
   * @param limits Depth and entries stamped.
   */
  stamp(
    limits: { readonly maxDepth: number; readonly maxEntries: number },
  ): TreeStamp | "constant" | undefined;
  /**
   * The identity of one file (`SKILL.md` or a bundled path), a key under
   * which its bytes may be shared between reads; `racy` when it must not
   * be trusted (a recent change, or reads checked against an approval);
   * `undefined` when it cannot be found.
   *
   * @param path The relative path.
   */
  identity(path: string): FileIdentity | undefined;
}

/**
 * `SKILL.md` as held by a {@linkcode LocalContent}.
 *
 * @example A text given in memory carries its body
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { contentOf } from "./content_of.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Hi", content: "# Hi\n" })] });
 * const held = contentOf(set.require("hi")).local!.skillMd(1024);
 * assert.equal(held.body, "# Hi\n");
 * assert.equal(new TextDecoder().decode(held.bytes), "# Hi\n");
 * ```
 */
export interface HeldSkillMd {
  /** Its bytes. */
  readonly bytes: Uint8Array;
  /**
   * The body, when the text was given in memory rather than read from a
   * file: a server may write it again under a frontmatter that carries the
   * skill's name and description. Absent: the bytes are served as they are.
   */
  readonly body?: string;
}

/**
 * Whether a normalized path may be served: no hidden segment (`.git`,
 * `.env`, …) and no `node_modules`, the rule listings follow.
 *
 * @example Usage
 * ```ts
 * import { isServableAssetPath } from "./skill_content.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isServableAssetPath("references/guide.md"), true);
 * assert.equal(isServableAssetPath("scripts/.env"), false);
 * ```
 *
 * @param rel A path from `normalizeAssetPath`.
 * @returns `true` when it is servable.
 */
export function isServableAssetPath(rel: string): boolean {
  for (const segment of rel.split("/")) {
    if (segment.startsWith(".") || segment === "node_modules") return false;
  }
  return true;
}

/**
 * The path a bundled file is read by, under the rule every kind of content
 * applies before reading anything: relative, without `..`, naming no hidden
 * file and no `node_modules` unless `allowHidden`.
 *
 * @example Usage
 * ```ts
 * import { servablePath } from "./skill_content.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "a", description: "d", source: { kind: "directory", key: "/s" }, frontmatter: {} };
 * assert.equal(servablePath(skill, "./refs/a.md"), "refs/a.md");
 * assert.throws(() => servablePath(skill, "../secret"), /must be relative/);
 * ```
 *
 * @param skill The skill (for messages).
 * @param path The path asked for.
 * @param options `allowHidden` to serve hidden files and `node_modules`.
 * @returns The normalized path.
 * @throws {SkillAccessError} `asset-path-invalid`.
 */
export function servablePath(
  skill: Skill,
  path: string,
  options: ReadFileOptions = {},
): string {
  const rel = normalizeAssetPath(path);
  if (rel === undefined) {
    throw new SkillAccessError(
      "asset-path-invalid",
      skill.name,
      `Asset path ${JSON.stringify(path)} of "${
        escapeTerminal(skill.name)
      }" must be relative to the skill directory, without ".." segments`,
      path,
    );
  }
  if (options.allowHidden !== true && !isServableAssetPath(rel)) {
    throw new SkillAccessError(
      "asset-path-invalid",
      skill.name,
      `Asset path ${JSON.stringify(path)} of "${
        escapeTerminal(skill.name)
      }" names a hidden file or node_modules, which are never served`,
      path,
    );
  }
  return rel;
}

/**
 * The async reads of a {@linkcode SkillContent} over its synchronous ones.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { contentOf } from "./content_of.ts";
 * import { readsOf } from "./skill_content.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Hi", content: "# Hi\n" })] });
 * const content = readsOf(contentOf(set.require("hi")).local!, () => "# Hi\n");
 * assert.equal(await content.readBody(), "# Hi\n");
 * ```
 *
 * @param local The synchronous reads.
 * @param readBody The body, read synchronously.
 * @returns The content.
 */
export function readsOf(
  local: LocalContent,
  readBody: (maxBytes: number) => string,
): SkillContent {
  return {
    readBody: (options = {}) =>
      attempt(() => readBody(options.maxBytes ?? MAX_BODY_BYTES)),
    readFile: (path, options) => attempt(() => local.readFile(path, options)),
    listFiles: (options) => attempt(() => local.listFiles(options)),
    local,
  };
}

function attempt<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}
