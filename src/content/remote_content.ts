// Copyright 2026 the skillscope authors. MIT license.
/**
 * Skills whose content lives elsewhere (an MCP server, a website): the
 * source shape discovery loads asynchronously, and the content of each of
 * their skills — a `SkillContent` that fetches and verifies, read behind
 * the path rules and caps every content applies. The core knows
 * nothing of the protocols; `mcpSource()` in the `./mcp` entry point and
 * `wellKnownSource()` implement them.
 *
 * @module
 */
import type { Diagnostic, Skill } from "../shared/types.ts";
import { bindContent, contentOf } from "./content_of.ts";
import {
  MAX_ASSET_BYTES,
  MAX_BODY_BYTES,
  MAX_RESOURCES,
  type ReadFileOptions,
  servablePath,
  type SkillContent,
  type SkillResources,
} from "./skill_content.ts";

/**
 * What a {@linkcode RemoteSource} lists: skills (metadata only) and diagnostics.
 *
 * @example A listing that reports a problem
 * ```ts
 * import { discover, type RemoteListing } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const listing: RemoteListing = {
 *   skills: [],
 *   diagnostics: [{ level: "warning", code: "remote-no-skills", message: "No skills", path: "my-registry" }],
 * };
 * const found = await discover({
 *   sources: [{ kind: "remote", key: "my-registry", list: () => Promise.resolve(listing) }],
 * });
 * assert.equal(found.diagnostics[0]?.code, "remote-no-skills");
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
 * The content of a remote skill as it is read: the path rules applied
 * before any request (a refused path is refused as on disk, without asking
 * the server), every cap given, then the source's content fetches and
 * verifies.
 */
class RemoteSkillContent implements SkillContent {
  readonly #skill: Skill;
  /** The content its source attached. */
  readonly remote: SkillContent;

  constructor(skill: Skill, remote: SkillContent) {
    this.#skill = skill;
    this.remote = remote;
  }

  readBody(options: { readonly maxBytes?: number } = {}): Promise<string> {
    return this.remote.readBody({
      maxBytes: options.maxBytes ?? MAX_BODY_BYTES,
    });
  }

  readFile(path: string, options: ReadFileOptions = {}): Promise<Uint8Array> {
    let rel: string;
    try {
      rel = servablePath(this.#skill, path, options);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.remote.readFile(rel, {
      maxBytes: options.maxBytes ?? MAX_ASSET_BYTES,
    });
  }

  async listFiles(
    options: { readonly max?: number } = {},
  ): Promise<SkillResources> {
    return Object.freeze(
      await this.remote.listFiles({ max: options.max ?? MAX_RESOURCES }),
    );
  }
}

/**
 * Attaches the content of a remote skill (called by remote sources when
 * they build a skill). Its reads get a normalized, servable path and every
 * cap: the rules are applied here, once for every remote source.
 *
 * @example Read through the path rules every content applies
 * ```ts
 * import type { Skill } from "@skillscope/skills";
 * import { contentOf } from "./content_of.ts";
 * import type { SkillContent } from "./skill_content.ts";
 * import { attachRemoteContent } from "./remote_content.ts";
 * import assert from "node:assert/strict";
 *
 * const asked: string[] = [];
 * const remote: SkillContent = {
 *   readBody: () => Promise.resolve("# Hi\n"),
 *   readFile: (path) => (asked.push(path), Promise.resolve(new Uint8Array([1]))),
 *   listFiles: () => Promise.resolve({ files: ["a.bin"], truncated: false }),
 * };
 * const skill: Skill = { name: "hi", description: "Hi", source: { kind: "remote", key: "mine#hi" }, frontmatter: {} };
 * attachRemoteContent(skill, remote);
 * assert.deepEqual(await contentOf(skill).readFile("./a.bin"), new Uint8Array([1]));
 * await assert.rejects(contentOf(skill).readFile("../x"), /must be relative/);
 * assert.deepEqual(asked, ["a.bin"]); // the refused path never reached the server
 * ```
 *
 * @example A source of your own whose skills live elsewhere
 * ```ts
 * import { type RemoteSource, type Skill, SkillSet } from "@skillscope/skills";
 * import { attachRemoteContent } from "./remote_content.ts";
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
 * @param content Its content, fetching and verifying.
 */
export function attachRemoteContent(
  skill: Skill,
  content: SkillContent,
): void {
  bindContent(skill, new RemoteSkillContent(skill, content));
}

/**
 * The content a remote source attached to a skill.
 *
 * @example Carrying the reader over to a copy of the skill
 * ```ts
 * import type { Skill } from "@skillscope/skills";
 * import { contentOf } from "./content_of.ts";
 * import { attachRemoteContent, remoteContentOf } from "./remote_content.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "hi", description: "Hi", source: { kind: "remote", key: "mine#hi" }, frontmatter: {} };
 * attachRemoteContent(skill, {
 *   readBody: () => Promise.resolve("# Hi\n"),
 *   readFile: () => Promise.resolve(new Uint8Array()),
 *   listFiles: () => Promise.resolve({ files: [], truncated: false }),
 * });
 * const copy = { ...skill, description: "Hi again" };
 * attachRemoteContent(copy, remoteContentOf(skill)!);
 * assert.equal(await contentOf(copy).readBody(), "# Hi\n");
 * ```
 *
 * @param skill A skill.
 * @returns Its content, or `undefined` for a skill on disk or embedded.
 */
export function remoteContentOf(skill: Skill): SkillContent | undefined {
  const content = contentOf(skill);
  return content instanceof RemoteSkillContent ? content.remote : undefined;
}
