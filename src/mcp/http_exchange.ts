// Copyright 2026 the skillscope authors. MIT license.
/**
 * One MCP exchange over Streamable HTTP, with its body read once: the SDK's
 * handler would clone the request to classify it and read the body again,
 * and it answers a 2025-era request over an SSE stream even when the answer
 * is a single message. Here the body is read within the same bound the SDK
 * applies, parsed once, and handed on parsed; a 2025-era message is served
 * by a fresh stateless server whose transport answers in plain JSON (the
 * Streamable HTTP spec lets a server answer either way when the client
 * accepts both). A 2025-era batch keeps the SDK's stream, and anything else
 * (no JSON body, another media type, another method) goes to the SDK's
 * handler as it came.
 *
 * @module
 */
import {
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  isJsonContentType,
  isLegacyRequest,
  type McpServer,
  readRequestBody,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";

/** The SDK handler's `fetch`, which takes a body already parsed. */
export type McpFetch = (
  request: Request,
  options?: { parsedBody?: unknown },
) => Promise<Response>;

/**
 * Serves one request: its JSON body parsed once, a 2025-era message answered
 * in JSON by a fresh server from `factory`, anything else by `fetch`.
 *
 * @example A 2025-era request is answered in plain JSON
 * ```ts
 * import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
 * import assert from "node:assert/strict";
 * import { serveExchange } from "./http_exchange.ts";
 *
 * const factory = (): McpServer => new McpServer({ name: "demo", version: "1" });
 * const handler = createMcpHandler(factory);
 * const response = await serveExchange(
 *   new Request("http://localhost/mcp", {
 *     method: "POST",
 *     headers: {
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
 *   }),
 *   handler.fetch,
 *   factory,
 * );
 * assert.equal(response.headers.get("content-type"), "application/json");
 * assert.equal((await response.json()).result.serverInfo.name, "demo");
 * await handler.close();
 * ```
 *
 * @param request The HTTP request.
 * @param fetch The SDK handler's `fetch`.
 * @param factory What builds a server for one request.
 * @returns The response.
 */
export async function serveExchange(
  request: Request,
  fetch: McpFetch,
  factory: () => McpServer,
): Promise<Response> {
  if (
    request.method !== "POST" || request.body === null ||
    !isJsonContentType(request.headers.get("content-type"))
  ) return fetch(request);
  let text: string;
  try {
    const read = await readRequestBody(request, DEFAULT_MAX_REQUEST_BODY_SIZE);
    if (read.tooLarge) {
      return jsonRpcErrorResponse(
        413,
        -32000,
        `Payload Too Large: the request body is over ${DEFAULT_MAX_REQUEST_BODY_SIZE} bytes`,
      );
    }
    text = read.text;
  } catch {
    return jsonRpcErrorResponse(
      400,
      -32700,
      "Parse error: the request body could not be read",
    );
  }
  let parsedBody: unknown;
  try {
    parsedBody = text.length === 0 ? undefined : JSON.parse(text);
  } catch {
    parsedBody = undefined;
  }
  // No JSON value: the SDK answers it, from the same text.
  if (parsedBody === undefined) {
    return fetch(new Request(request, { body: text }));
  }
  // A batch stays with the SDK's stream: its answer must be an array even
  // for one request, and a batch may cancel its own request, which a JSON
  // answer would wait for forever.
  if (
    !Array.isArray(parsedBody) && await isLegacyRequest(request, parsedBody)
  ) return _serveLegacy(request, parsedBody, factory);
  return fetch(request, { parsedBody });
}

/** A 2025-era message on a fresh server over a stateless JSON transport. */
async function _serveLegacy(
  request: Request,
  parsedBody: unknown,
  factory: () => McpServer,
): Promise<Response> {
  const server = factory();
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    // The answer is whole: nothing more goes out on this exchange.
    transport.close().catch(() => {});
    server.close().catch(() => {});
  }
}

/**
 * A JSON-RPC error answer without an id (`id: null`), as the SDK words its
 * own: for a request refused before it is read.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonRpcErrorResponse } from "./http_exchange.ts";
 *
 * const response = jsonRpcErrorResponse(413, -32000, "Payload Too Large");
 * assert.equal(response.status, 413);
 * assert.deepEqual(await response.json(), {
 *   jsonrpc: "2.0",
 *   error: { code: -32000, message: "Payload Too Large" },
 *   id: null,
 * });
 * ```
 *
 * @param status The HTTP status.
 * @param code The JSON-RPC error code.
 * @param message The error message.
 * @param headers Headers besides `content-type`.
 * @returns The response.
 */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(
    JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }),
    { status, headers: { "content-type": "application/json", ...headers } },
  );
}
