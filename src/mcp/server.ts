// Copyright 2026 the skillscope authors. MIT license.
/**
 * One MCP server for a skill set: the skills extension (SEP-2640), the five
 * skill tools for hosts without it, and a paged `resources/list`.
 *
 * @module
 */
import {
  type CallToolResult,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  specTypeSchemas,
} from "@modelcontextprotocol/server";
import {
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
} from "@modelcontextprotocol/server/ext/skills";
import type { SkillSet } from "../serve/skill_set.ts";
import { skillTools } from "../serve/tools.ts";
import { callSkillTool } from "../serve/tool_calls.ts";
import type { Diagnostic } from "../shared/types.ts";
import { skillscopeServer, skillsExtension } from "./server_shell.ts";
import { DigestCache } from "./skill_files.ts";
import { DEFAULT_PAGE_SIZE, skillSetSource } from "./served_skills.ts";
import { parseSkillUri, skillFileUri } from "./uri.ts";

/**
 * Options of {@linkcode createMcpServer}.
 *
 * @example Page listings and share a digest cache
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { DigestCache, mcpHttpHandler, type McpServerOptions } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = await SkillSet.open({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const initialize = (headers: Record<string, string> = {}): Request =>
 *   new Request("http://127.0.0.1:8808/mcp", {
 *     method: "POST",
 *     headers: {
 *       host: "127.0.0.1:8808",
 *       "content-type": "application/json",
 *       accept: "application/json, text/event-stream",
 *       ...headers,
 *     },
 *     body: JSON.stringify({
 *       jsonrpc: "2.0",
 *       id: 1,
 *       method: "initialize",
 *       params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "demo", version: "1" } },
 *     }),
 *   });
 * const options: McpServerOptions = { pageSize: 50, digests: new DigestCache() };
 * const response = await mcpHttpHandler(set, options).fetch(initialize());
 * assert.equal(response.status, 200);
 * ```
 */
export interface McpServerOptions {
  /** Entries per `skills/list`, `resources/list` and directory page (default 100). */
  readonly pageSize?: number;
  /** Where serving problems go (skills left out of the listing or served as `"dynamic"`). Default: dropped. */
  readonly onDiagnostic?: (diagnostic: Diagnostic) => void;
  /** Digest cache shared between the servers of one process (HTTP builds one server per request). */
  readonly digests?: DigestCache;
}

/**
 * Builds an MCP server (the SDK's `McpServer`, not yet connected) for a
 * skill set. It declares the `io.modelcontextprotocol/skills` extension with
 * `directoryRead`, serves `skills/list` / `skills/get` with complete file
 * manifests, `resources/read` and `resources/directory/read` for every file
 * under `skill://<name>/…`, a paged `resources/list` of the skills'
 * `SKILL.md`, and the tools `skills_list`, `skills_read`,
 * `skills_read_asset`, `skills_match` and `skills_search`. The set is read
 * live: after `set.refresh()` the next request sees the new skills.
 *
 * @example Usage
 * ```ts ignore
 * import { SkillSet } from "@skillscope/skills";
 * import { createMcpServer } from "@skillscope/skills/mcp";
 *
 * const set = await SkillSet.open({ sources: [] });
 * const server = createMcpServer(set);
 * ```
 *
 * @param set The skill set.
 * @param options Paging, diagnostics, digest cache.
 * @param configure Adds to the server before it connects: more tools,
 *   prompts or resources (resources added here are readable, not listed by
 *   the paged `resources/list`).
 * @returns The server.
 */
export function createMcpServer(
  set: SkillSet,
  options: McpServerOptions = {},
  configure?: (server: McpServer) => void,
): McpServer {
  return mcpServerFactory(set, options, configure)();
}

/** The first protocol revision whose `skills/list` results carry cache fields. */
const MODERN_PROTOCOL = "2026-07-28";
/** The cache fields the SDK's extension adds without a cache hint: not to be cached. */
const NO_CACHE = Object.freeze({ ttlMs: 0, cacheScope: "private" as const });

/**
 * A function building servers as {@linkcode createMcpServer} does, for one
 * skill set: what does not depend on the connection (the skill source, the
 * skills extension, the handlers) is made once, so a server per HTTP
 * request costs only the server.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 * import { mcpServerFactory } from "./server.ts";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const build = mcpServerFactory(set);
 * const [first, second] = [build(), build()];
 * assert.notEqual(first, second);
 * assert.equal(first.isConnected(), false);
 * ```
 *
 * @param set The skill set.
 * @param options Paging, diagnostics, digest cache.
 * @param configure Adds to each server before it connects.
 * @returns The builder.
 */
export function mcpServerFactory(
  set: SkillSet,
  options: McpServerOptions = {},
  configure?: (server: McpServer) => void,
): () => McpServer {
  const handlers = skillHandlers(set, options);
  const extension = skillsExtension(handlers.source, options.onDiagnostic);
  return (): McpServer => {
    const mcp = skillscopeServer(extension);
    handlers.attach(mcp, configure);
    return mcp;
  };
}

/** What {@linkcode skillHandlers} makes for one skill set. */
export interface SkillHandlers {
  /** The skills extension's source (with the pages served here). */
  readonly source: ReturnType<typeof skillSetSource>;
  /**
   * Adds the handlers to a server that carries the skills extension (also
   * after it connected): `skills/list` and `skills/get` in place of the
   * extension's, the tools, and a paged `resources/list`.
   *
   * @param mcp The server.
   * @param configure Adds to the server before its `resources/list`.
   */
  attach(mcp: McpServer, configure?: (server: McpServer) => void): void;
}

/**
 * The handlers serving one skill set, made once for all its servers: the
 * source of the skills extension, and the request handlers that
 * {@linkcode SkillHandlers.attach} adds to a server.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 * import { skillHandlers } from "./server.ts";
 * import { skillsExtension, skillscopeServer } from "./server_shell.ts";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const handlers = skillHandlers(set);
 * const server = skillscopeServer(skillsExtension(handlers.source));
 * handlers.attach(server);
 * assert.equal(handlers.source.listPage(undefined).skills[0]!.uri, "skill://hi/SKILL.md");
 * ```
 *
 * @param set The skill set.
 * @param options Paging, diagnostics, digest cache.
 * @returns The source and the handlers.
 */
export function skillHandlers(
  set: SkillSet,
  options: McpServerOptions = {},
): SkillHandlers {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const report = options.onDiagnostic;
  const source = skillSetSource(set, {
    pageSize,
    ...(report === undefined ? {} : { onDiagnostic: report }),
    digests: options.digests ?? new DigestCache(),
  });
  const listTools = (): { tools: ReturnType<typeof mcpTools> } => ({
    tools: mcpTools(set),
  });
  const callTool = async (
    request: {
      params: { name: string; arguments?: Record<string, unknown> | undefined };
    },
  ): Promise<CallToolResult> => {
    const result = await callSkillTool(
      set,
      request.params.name,
      request.params.arguments ?? {},
    );
    if (result.ok) {
      return {
        content: [{ type: "text", text: result.text }],
        structuredContent: { result: result.data },
      };
    }
    return {
      content: [{
        type: "text",
        text: `${result.error.code}: ${result.error.message}`,
      }],
      isError: true,
    };
  };
  const listResources = (
    request: { params?: { cursor?: string | undefined } | undefined },
  ): ReturnType<typeof source.resourcesPage> =>
    source.resourcesPage(request.params?.cursor);
  const attach = (
    mcp: McpServer,
    configure?: (server: McpServer) => void,
  ): void => {
    const server = mcp.server;
    // Served here rather than by the extension, which checks every entry
    // of every page again; the entries were checked when they were built.
    server.setRequestHandler(
      SKILLS_LIST_METHOD,
      { params: specTypeSchemas.PaginatedRequestParams },
      (params) => {
        const page = source.listPage(params.cursor);
        const version = server.getNegotiatedProtocolVersion() ?? "";
        return version >= MODERN_PROTOCOL ? { ...page, ...NO_CACHE } : page;
      },
    );
    // Served here too: the extension answers only the URI of the SKILL.md,
    // while a skill is also named by its own URI, skill://<name> (the skill
    // path). Either way the entry is the listed one, its uri the SKILL.md's.
    server.setRequestHandler(
      SKILLS_GET_METHOD,
      { params: specTypeSchemas.ResourceRequestParams },
      async (params, ctx) => {
        const parts = parseSkillUri(params.uri);
        const skill = await source.get(
          parts?.path === ""
            ? skillFileUri(parts.name, "SKILL.md")
            : params.uri,
          ctx,
        );
        if (skill === undefined) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `No skill is served at ${
              JSON.stringify(params.uri)
            }: skills/list gives each skill's URI (skill://NAME/SKILL.md)`,
          );
        }
        const version = server.getNegotiatedProtocolVersion() ?? "";
        return version >= MODERN_PROTOCOL ? { skill, ...NO_CACHE } : { skill };
      },
    );
    server.setRequestHandler("tools/list", listTools);
    server.setRequestHandler("tools/call", callTool);
    configure?.(mcp);
    // The SDK lists every resource in one response; a large skill set needs
    // pages, so the skills' SKILL.md resources are listed here instead.
    server.setRequestHandler("resources/list", listResources);
  };
  return { source, attach };
}

/** The `tools/list` entries of a set's tools, made once per tool table. */
function mcpTools(set: SkillSet): {
  name: string;
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
}[] {
  const tools = skillTools(set);
  let listed = listedTools.get(tools);
  if (listed === undefined) {
    listed = tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as { type: "object"; [key: string]: unknown },
    }));
    listedTools.set(tools, listed);
  }
  return listed;
}

const listedTools = new WeakMap<object, ReturnType<typeof mcpTools>>();
