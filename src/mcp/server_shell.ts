// Copyright 2026 the skillscope authors. MIT license.
/**
 * The MCP server before it serves a skill set: its name, version and
 * capabilities, and the skills extension (SEP-2640) over a source that may
 * come later. This is all a client's `initialize` needs, so a stdio server
 * answers it while the skill set, and the modules that serve it, still load
 * (`serve.ts`); `server.ts` adds the handlers.
 *
 * @module
 */
import { McpServer } from "@modelcontextprotocol/server";
import {
  SkillsExtension,
  type SkillSource,
} from "@modelcontextprotocol/server/ext/skills";
import type { Diagnostic } from "../shared/types.ts";
import { VERSION } from "../shared/version.ts";

/** A skills source that reads directories, as `skillSetSource` makes it. */
export type DirectorySource = SkillSource & {
  readDirectory: NonNullable<SkillSource["readDirectory"]>;
};

/**
 * A skills source that is given later: every call goes to the source
 * {@linkcode LateSkillSource.resolve} was given. It serves a server whose
 * transport holds each request back until then; a call before it is a bug,
 * and throws.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 * import { skillSetSource } from "./served_skills.ts";
 * import { LateSkillSource } from "./server_shell.ts";
 *
 * const late = new LateSkillSource();
 * assert.throws(() => late.get("skill://hi/SKILL.md", {} as never));
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * late.resolve(skillSetSource(set));
 * const page = await late.list({}, {} as never);
 * assert.deepEqual(page.skills.map((s) => s.uri), ["skill://hi/SKILL.md"]);
 * ```
 */
export class LateSkillSource implements SkillSource {
  #source: DirectorySource | undefined;

  /**
   * Gives the source every call goes to from now on.
   *
   * @param source The source, with directory reads (as `skillSetSource` makes it).
   */
  resolve(source: DirectorySource): void {
    this.#source = source;
  }

  /** The source, once given. */
  #resolved(): DirectorySource {
    if (this.#source === undefined) {
      throw new Error("the skill source was used before it was given");
    }
    return this.#source;
  }

  /**
   * One page of entries.
   *
   * @param params The cursor.
   * @param ctx The request's context.
   * @returns The page.
   */
  list(
    ...[params, ctx]: Parameters<SkillSource["list"]>
  ): ReturnType<SkillSource["list"]> {
    return this.#resolved().list(params, ctx);
  }

  /**
   * The entry whose `SKILL.md` is at `uri`.
   *
   * @param uri The `SKILL.md`'s URI.
   * @param ctx The request's context.
   * @returns The entry, or `undefined`.
   */
  get(
    ...[uri, ctx]: Parameters<SkillSource["get"]>
  ): ReturnType<SkillSource["get"]> {
    return this.#resolved().get(uri, ctx);
  }

  /**
   * A skill file's content.
   *
   * @param uri The file's URI.
   * @param ctx The request's context.
   * @returns The content, or `undefined`.
   */
  read(
    ...[uri, ctx]: Parameters<SkillSource["read"]>
  ): ReturnType<SkillSource["read"]> {
    return this.#resolved().read(uri, ctx);
  }

  /**
   * A directory's direct children.
   *
   * @param uri The directory's URI.
   * @param params The cursor.
   * @param ctx The request's context.
   * @returns The page, or `undefined`.
   */
  readDirectory(
    ...[uri, params, ctx]: Parameters<
      NonNullable<SkillSource["readDirectory"]>
    >
  ): ReturnType<NonNullable<SkillSource["readDirectory"]>> {
    return this.#resolved().readDirectory(uri, params, ctx);
  }
}

/**
 * The skills extension over `source`, made once for the servers of one
 * skill set; its warnings (an entry it will not list) become
 * `mcp-skill-not-listed` diagnostics.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { LateSkillSource, skillsExtension, skillscopeServer } from "./server_shell.ts";
 *
 * const server = skillscopeServer(skillsExtension(new LateSkillSource()));
 * assert.equal(server.isConnected(), false);
 * ```
 *
 * @param source What the extension serves.
 * @param report Where its warnings go.
 * @returns The extension.
 */
export function skillsExtension(
  source: SkillSource,
  report?: (diagnostic: Diagnostic) => void,
): SkillsExtension {
  return new SkillsExtension({
    source,
    onWarning: (warning) =>
      report?.({
        level: "warning",
        code: "mcp-skill-not-listed",
        message: warning.message,
        path: warning.path,
      }),
  });
}

/**
 * A new server named `skillscope`, declaring tools and resources (both with
 * list changes) and carrying `extension`; it has no handlers of its own yet.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { LateSkillSource, skillsExtension, skillscopeServer } from "./server_shell.ts";
 *
 * const extension = skillsExtension(new LateSkillSource());
 * const [a, b] = [skillscopeServer(extension), skillscopeServer(extension)];
 * assert.notEqual(a, b);
 * ```
 *
 * @param extension The skills extension, attached before the server connects.
 * @returns The server.
 */
export function skillscopeServer(extension: SkillsExtension): McpServer {
  const mcp = new McpServer(
    { name: "skillscope", version: VERSION },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true },
      },
    },
  );
  extension.attach(mcp);
  return mcp;
}
