// Copyright 2026 the skillscope authors. MIT license.
/**
 * An MCP server exposing a skill set: the skill tools, and each skill as a
 * resource (`skill://<name>`).
 *
 * @module
 */
import { Server } from "@modelcontextprotocol/sdk/server";
// @ts-types="@modelcontextprotocol/sdk/server/stdio"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  type CallToolRequest,
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  type ReadResourceRequest,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import process from "node:process";
import { SkillAccessError } from "./errors.ts";
import type { SkillSet } from "./skill_set.ts";
import { callSkillTool, skillTools } from "./tools.ts";
import { VERSION } from "./version.ts";

const SCHEME = "skill://";

function skillUri(name: string): string | undefined {
  try {
    return `${SCHEME}${encodeURIComponent(name)}`;
  } catch {
    return undefined;
  }
}

/**
 * Serves a skill set over MCP on stdin / stdout until the connection closes: `tools/list` and
 * `tools/call` for the skill tools, `resources/list` and `resources/read` for
 * the skills (`skill://<name>` → the SKILL.md body). Needs no permission
 * beyond reading the skill roots.
 *
 * @example Usage
 * ```ts ignore
 * import { defaultSources, serveMcp, SkillSet } from "@skillscope/skills";
 *
 * await serveMcp(await SkillSet.open({ sources: defaultSources() }));
 * ```
 *
 * @param set The skill set.
 * @returns A promise that settles when the connection closes.
 */
export async function serveMcp(set: SkillSet): Promise<void> {
  const server = new Server(
    { name: "skillscope", version: VERSION },
    { capabilities: { tools: {}, resources: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: skillTools(set).map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as { type: "object"; [key: string]: unknown },
    })),
  }));
  server.setRequestHandler(
    CallToolRequestSchema,
    async (request: CallToolRequest) => {
      const result = await callSkillTool(
        set,
        request.params.name,
        request.params.arguments ?? {},
      );
      if (result.ok) {
        return {
          content: [{ type: "text" as const, text: result.text }],
          structuredContent: { result: result.data },
        };
      }
      return {
        content: [{
          type: "text" as const,
          text: `${result.error.code}: ${result.error.message}`,
        }],
        isError: true,
      };
    },
  );
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    // One bad name (a lone surrogate cannot be percent-encoded) leaves that
    // skill out of the listing, never the others.
    resources: set.list().flatMap((s) => {
      const uri = skillUri(s.name);
      return uri === undefined ? [] : [{
        uri,
        name: s.name,
        description: s.description,
        mimeType: "text/markdown",
      }];
    }),
  }));
  server.setRequestHandler(
    ReadResourceRequestSchema,
    async (request: ReadResourceRequest) => {
      const uri = request.params.uri;
      if (!uri.startsWith(SCHEME)) {
        throw new SkillAccessError(
          "skill-not-found",
          uri,
          `Unknown resource "${uri}": expected ${SCHEME}<name>`,
        );
      }
      let name: string;
      try {
        name = decodeURIComponent(uri.slice(SCHEME.length));
      } catch {
        throw new SkillAccessError(
          "skill-not-found",
          uri,
          `Unknown resource "${uri}": it is not a valid ${SCHEME}<name> URI`,
        );
      }
      return {
        contents: [{
          uri,
          mimeType: "text/markdown",
          text: await set.read(name),
        }],
      };
    },
  );
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  // The client going away (stdin ends) ends the server, with exit code 0.
  process.stdin.once("end", () => void server.close());
  await closed;
}
