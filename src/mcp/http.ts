// Copyright 2026 the skillscope authors. MIT license.
/**
 * Streamable HTTP for the skills MCP server: a web-standard handler, guarded
 * against DNS rebinding (`Host` and `Origin` checked against an allow-list)
 * and, with a token, against every client that does not present it.
 *
 * @module
 */
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from "@modelcontextprotocol/server";
import type { McpServer } from "@modelcontextprotocol/server";
import { timingSafeEqual } from "node:crypto";
import { sha256Hex } from "../shared/sha256.ts";
import type { SkillSet } from "../serve/skill_set.ts";
import { mcpServerFactory, type McpServerOptions } from "./server.ts";
import { DigestCache } from "./skill_files.ts";
import { jsonRpcErrorResponse, serveExchange } from "./http_exchange.ts";

/**
 * Options of {@linkcode mcpHttpHandler}.
 *
 * @example Require a bearer token
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { mcpHttpHandler, type McpHttpHandlerOptions } from "@skillscope/skills/mcp";
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
 * const options: McpHttpHandlerOptions = { token: "s3cret" };
 * const handler = mcpHttpHandler(set, options);
 * assert.equal((await handler.fetch(initialize())).status, 401);
 * assert.equal((await handler.fetch(initialize({ authorization: "Bearer s3cret" }))).status, 200);
 * ```
 */
export interface McpHttpHandlerOptions extends McpServerOptions {
  /**
   * Host names (no port) the `Host` header may name. Default: the loopback
   * names (`localhost`, `127.0.0.1`, `[::1]`).
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Host names a browser `Origin` may carry. Default: the loopback names. A
   * request without `Origin` (every non-browser client) passes.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * A bearer token every request must carry (`Authorization: Bearer TOKEN`);
   * others get `401` with `WWW-Authenticate: Bearer`. Default: none, and then
   * any process that can reach the port reads every served skill.
   */
  readonly token?: string;
  /**
   * Also answer `GET /.well-known/agent-skills/index.json` and the
   * artifacts it lists (the Agent Skills Discovery index, v0.2) for the
   * skills served, behind the same `Host`, `Origin` and token checks.
   * Default `true`.
   */
  readonly wellKnown?: boolean;
}

/**
 * What {@linkcode mcpHttpHandler} returns.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { type McpHttpHandler, mcpHttpHandler } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const handler: McpHttpHandler = mcpHttpHandler(set);
 * const response = await handler.fetch(new Request("http://evil.example/mcp", { method: "POST" }));
 * assert.equal(response.status, 403);
 * await response.body?.cancel();
 * await handler.close();
 * ```
 */
export interface McpHttpHandler {
  /** Serves one HTTP request (pass it to `Deno.serve`). */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Tells connected clients that the skills changed (`notifications/resources/list_changed`). */
  readonly notifyChanged: () => void;
  /** Ends open exchanges. */
  readonly close: () => Promise<void>;
}

/**
 * A Streamable HTTP handler serving a skill set over MCP (protocol
 * 2026-07-28, with the stateless fallback for 2025 clients, answered in
 * plain JSON). Each request is served by a fresh server as
 * {@linkcode createMcpServer} builds it; the digests, the skill source and
 * the skills extension are shared. Requests whose `Host` or `Origin` is not allowed get `403`; with
 * `token`, requests without it get `401` (compared in constant time). Paths
 * below `/.well-known/agent-skills/` get the well-known index of the served
 * skills and its artifacts (unless `wellKnown: false`).
 *
 * @example Answer an initialize request, refuse a foreign Host
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { mcpHttpHandler } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = await SkillSet.open({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const handler = mcpHttpHandler(set); // Deno.serve({ port: 8808 }, handler.fetch)
 * const post = (host: string): Request =>
 *   new Request(`http://${host}/mcp`, {
 *     method: "POST",
 *     headers: {
 *       host,
 *       "content-type": "application/json",
 *       accept: "application/json, text/event-stream",
 *     },
 *     body: JSON.stringify({
 *       jsonrpc: "2.0",
 *       id: 1,
 *       method: "initialize",
 *       params: {
 *         protocolVersion: "2025-06-18",
 *         capabilities: {},
 *         clientInfo: { name: "demo", version: "1" },
 *       },
 *     }),
 *   });
 * const ok = await handler.fetch(post("127.0.0.1:8808"));
 * assert.equal(ok.status, 200);
 * assert.match(await ok.text(), /io\.modelcontextprotocol\/skills/);
 * const rebound = await handler.fetch(post("attacker.example"));
 * assert.equal(rebound.status, 403);
 * await rebound.body?.cancel();
 * await handler.close();
 *
 * const guarded = mcpHttpHandler(set, { token: "s3cret" });
 * const anonymous = await guarded.fetch(post("127.0.0.1:8808"));
 * assert.equal(anonymous.status, 401);
 * assert.equal(anonymous.headers.get("www-authenticate"), 'Bearer realm="skillscope"');
 * await anonymous.body?.cancel();
 * await guarded.close();
 * ```
 *
 * @param set The skill set.
 * @param options Allowed hosts and origins, token, server options.
 * @returns The handler.
 */
export function mcpHttpHandler(
  set: SkillSet,
  options: McpHttpHandlerOptions = {},
): McpHttpHandler {
  return createHttpHandler(set, options);
}

/**
 * {@linkcode mcpHttpHandler} with a hook that adds to each server before it
 * connects (see `createMcpServer`).
 *
 * @param set The skill set.
 * @param options Allowed hosts and origins, server options.
 * @param configure The hook.
 * @returns The handler.
 */
export function createHttpHandler(
  set: SkillSet,
  options: McpHttpHandlerOptions,
  configure?: (server: McpServer) => void,
): McpHttpHandler {
  const digests = options.digests ?? new DigestCache();
  const factory = mcpServerFactory(set, { ...options, digests }, configure);
  const handler = createMcpHandler(factory);
  let closed = false;
  const hosts = [...(options.allowedHosts ?? localhostAllowedHostnames())];
  const origins = [...(options.allowedOrigins ?? localhostAllowedOrigins())];
  const token = options.token === undefined
    ? undefined
    : _tokenDigest(options.token);
  // Loaded on the first well-known request: MCP alone needs no archive code.
  let wellKnown: Promise<(request: Request) => Promise<Response>> | undefined;
  const serveWellKnown = async (request: Request): Promise<Response> => {
    wellKnown ??= import("./well_known_routes.ts").then((m) =>
      m.wellKnownRoutes(set, digests, options.onDiagnostic)
    );
    return (await wellKnown)(request);
  };
  return {
    fetch: (request: Request): Promise<Response> => {
      const rejected = hostHeaderValidationResponse(request, hosts) ??
        originValidationResponse(request, origins) ??
        (token === undefined ? undefined : _unauthorized(request, token));
      if (rejected !== undefined) return Promise.resolve(rejected);
      if (
        options.wellKnown !== false &&
        isWellKnownPath(new URL(request.url).pathname)
      ) return serveWellKnown(request);
      // Once closed, the SDK's handler refuses every request.
      return closed
        ? handler.fetch(request)
        : serveExchange(request, handler.fetch, factory);
    },
    notifyChanged: (): void => handler.notify.resourcesChanged(),
    close: (): Promise<void> => {
      closed = true;
      return handler.close();
    },
  };
}

/**
 * Whether a request path is one the well-known routes answer
 * (`/.well-known/agent-skills/…`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isWellKnownPath } from "./http.ts";
 *
 * assert.equal(isWellKnownPath("/.well-known/agent-skills/index.json"), true);
 * assert.equal(isWellKnownPath("/mcp"), false);
 * ```
 *
 * @param pathname The request URL's path.
 * @returns `true` below `/.well-known/agent-skills/`.
 */
export function isWellKnownPath(pathname: string): boolean {
  return pathname.startsWith("/.well-known/agent-skills/");
}

/** The SHA-256 of a token: equal lengths, so the comparison is constant-time. */
function _tokenDigest(token: string): Uint8Array {
  return new TextEncoder().encode(sha256Hex(new TextEncoder().encode(token)));
}

/** `401` unless the request carries the token as `Authorization: Bearer`. */
function _unauthorized(
  request: Request,
  digest: Uint8Array,
): Response | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(
    request.headers.get("authorization") ?? "",
  );
  if (match !== null && timingSafeEqual(_tokenDigest(match[1]!), digest)) {
    return undefined;
  }
  const error = match === null ? "" : ', error="invalid_token"';
  return jsonRpcErrorResponse(
    401,
    -32001,
    match === null
      ? "Unauthorized: this server needs Authorization: Bearer TOKEN"
      : "Unauthorized: the bearer token is wrong",
    { "www-authenticate": `Bearer realm="skillscope"${error}` },
  );
}
