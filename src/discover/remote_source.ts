// Copyright 2026 the skillscope authors. MIT license.
/**
 * Skills whose content lives elsewhere (an MCP server): the source shape
 * discovery loads asynchronously, and the content reader attached to each
 * of their skills. The core knows nothing of the protocol; `mcpSource()` in
 * the `./mcp` entry point implements it.
 *
 * @module
 */
import type { Diagnostic, Skill } from "../shared/types.ts";

/**
 * What a {@linkcode RemoteSource} lists: skills (metadata only) and diagnostics.
 *
 * @example Usage
 * ```ts
 * import { type RemoteListing } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const empty: RemoteListing = { skills: [], diagnostics: [] };
 * assert.equal(empty.skills.length, 0);
 * ```
 */
export interface RemoteListing {
  /** The skills, built with `kind: "remote"` origins and content attached. */
  readonly skills: readonly Skill[];
  /** Problems found while listing. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * A source whose skills are listed and read over the network or another
 * process. `discover()` (and `SkillSet.open`) call `list()` each time;
 * `discoverSync()` cannot and reports a warning instead.
 *
 * @example Usage
 * ```ts
 * import { discover, type RemoteSource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const failing: RemoteSource = {
 *   kind: "remote",
 *   key: "mcp+http://127.0.0.1:9/mcp",
 *   list: () => Promise.reject(new Error("unreachable")),
 * };
 * const found = await discover({ sources: [failing] });
 * assert.equal(found.diagnostics[0]?.code, "remote-source-failed");
 * ```
 */
export interface RemoteSource {
  /** Always `"remote"`. */
  readonly kind: "remote";
  /** The server's identity, part of every skill's `source.key`. */
  readonly key: string;
  /** Lists the skills (metadata only; content is fetched when read). */
  list(): Promise<RemoteListing>;
}

/**
 * How the content of a remote skill is read, each file when it is asked for.
 *
 * @example Usage
 * ```ts
 * import { type RemoteContent } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const content: RemoteContent = {
 *   readBody: () => Promise.resolve("# Hi\n"),
 *   readFile: () => Promise.resolve(new Uint8Array([1])),
 *   listFiles: () => Promise.resolve({ files: ["a.bin"], truncated: false }),
 * };
 * assert.equal(await content.readBody(1024), "# Hi\n");
 * ```
 */
export interface RemoteContent {
  /** The body of `SKILL.md` (frontmatter stripped), verified. */
  readBody(maxBytes: number): Promise<string>;
  /** A bundled file by relative path, verified. */
  readFile(path: string, maxBytes: number): Promise<Uint8Array>;
  /** The bundled files (relative paths, `SKILL.md` excluded, sorted). */
  listFiles(max: number): Promise<{ files: string[]; truncated: boolean }>;
}

const contents = new WeakMap<Skill, RemoteContent>();

/**
 * Attaches the content reader of a remote skill (called by remote sources
 * when they build a skill).
 *
 * @example A source of your own whose skills live elsewhere
 * ```ts
 * import {
 *   attachRemoteContent,
 *   type RemoteSource,
 *   type Skill,
 *   SkillSet,
 * } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const remote: RemoteSource = {
 *   kind: "remote",
 *   key: "my-registry",
 *   list() {
 *     const skill: Skill = {
 *       name: "hi",
 *       description: "Says hi",
 *       source: { kind: "remote", key: "my-registry#hi" },
 *       frontmatter: { name: "hi", description: "Says hi" },
 *     };
 *     attachRemoteContent(skill, {
 *       readBody: () => Promise.resolve("# Hi\n"),
 *       readFile: () => Promise.resolve(new Uint8Array()),
 *       listFiles: () => Promise.resolve({ files: [], truncated: false }),
 *     });
 *     return Promise.resolve({ skills: [skill], diagnostics: [] });
 *   },
 * };
 * const set = await SkillSet.open({ sources: [remote] });
 * assert.equal(await set.read("hi"), "# Hi\n");
 * ```
 *
 * @param skill The skill.
 * @param content Its reader.
 */
export function attachRemoteContent(
  skill: Skill,
  content: RemoteContent,
): void {
  contents.set(skill, content);
}

/**
 * The content reader of a remote skill.
 *
 * @example Usage
 * ```ts
 * import { discoverSync, embeddedSkill, remoteContentOf } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const [local] = discoverSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * }).skills;
 * assert.equal(remoteContentOf(local!), undefined);
 * ```
 *
 * @param skill A skill.
 * @returns Its reader, or `undefined` for a skill on disk or embedded.
 */
export function remoteContentOf(skill: Skill): RemoteContent | undefined {
  return contents.get(skill);
}
