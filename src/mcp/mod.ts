// Copyright 2026 the skillscope authors. MIT license.
/**
 * Serving skills over the Model Context Protocol, the standard way: the
 * `io.modelcontextprotocol/skills` extension (SEP-2640) through the MCP
 * SDK, on stdio or Streamable HTTP, with live reload; the five skill tools
 * for hosts without the extension.
 *
 * ```ts ignore
 * import { directorySource, SkillSet } from "@skillscope/skills";
 * import { serveMcp } from "@skillscope/skills/mcp";
 *
 * const set = await SkillSet.open({ sources: [directorySource("./skills")] });
 * await serveMcp(set, { transport: { http: { port: 8808 } } });
 * ```
 *
 * @module
 */
export {
  type McpHttpListen,
  McpTransportError,
  serveMcp,
  type ServeMcpOptions,
} from "./serve.ts";
export type { McpServerOptions } from "./server.ts";
export type { McpHttpLimits } from "./http_listener.ts";
export {
  type McpHttpHandler,
  mcpHttpHandler,
  type McpHttpHandlerOptions,
} from "./http.ts";
export {
  type McpSource,
  mcpSource,
  type McpSourceOptions,
} from "./mcp_source.ts";
export type { McpHttpTarget, McpStdioTarget } from "./mcp_connection.ts";
export type { LineTransportOptions } from "./stdio.ts";
export {
  DigestCache,
  type ManifestFile,
  type SkillManifest,
} from "./skill_files.ts";
// The types of the main entry, which
// the signatures above refer to: each entry point documents on its own.
export type * from "../../mod.ts";
