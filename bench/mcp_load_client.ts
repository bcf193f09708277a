// Copyright 2026 the skillscope authors. MIT license.
/**
 * A load client of an MCP server on Streamable HTTP, for `serve_load.ts`:
 * its own connection, the `initialize` handshake, raw JSON-RPC POSTs whose
 * answers are checked for errors cheaply (most answers are not parsed).
 *
 * @module
 */

/** The protocol version the clients ask for. */
const PROTOCOL = "2025-06-18";
/** How long one request may take before it counts as an error. */
const TIMEOUT_MS = 30_000;

/** A client: its own connection, and the headers the handshake settled. */
export interface LoadClient {
  /** Its connection pool (one connection). */
  readonly http: Deno.HttpClient;
  /** Headers every request after the handshake carries. */
  readonly headers: Record<string, string>;
}

/** What one POST came to: the JSON-RPC payload, or why it failed. */
export type Answer =
  | { readonly ok: true; readonly headers: Headers; readonly body: string }
  | { readonly ok: false; readonly headers: Headers; readonly error: string };

/**
 * A client with its own connection, after `initialize` and
 * `notifications/initialized`.
 *
 * @param url The MCP endpoint.
 * @returns The client (close its `http` when done).
 * @throws {Error} when the handshake fails.
 */
export async function connect(url: string): Promise<LoadClient> {
  const http = Deno.createHttpClient({ poolMaxIdlePerHost: 1 });
  const init = await post(url, { http, headers: {} }, {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: PROTOCOL,
      capabilities: {},
      clientInfo: { name: "serve-load", version: "1" },
    },
  });
  if (!init.ok) throw new Error(`initialize failed: ${init.error}`);
  const session = init.headers.get("mcp-session-id");
  const client: LoadClient = {
    http,
    headers: {
      "mcp-protocol-version": PROTOCOL,
      ...(session === null ? {} : { "mcp-session-id": session }),
    },
  };
  const initialized = await post(url, client, {
    jsonrpc: "2.0",
    method: "notifications/initialized",
  });
  if (!initialized.ok) {
    throw new Error(`notifications/initialized failed: ${initialized.error}`);
  }
  return client;
}

/**
 * One POST; for a request, its JSON-RPC answer checked for an error.
 *
 * @param url The MCP endpoint.
 * @param client The client.
 * @param message A JSON-RPC request or notification.
 * @param toolResult Whether a result with `isError: true` is a failure.
 * @returns The payload, or why it failed (never throws).
 */
export async function post(
  url: string,
  client: LoadClient,
  message: Record<string, unknown>,
  toolResult = false,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      client: client.http,
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...client.headers,
      },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return {
      ok: false,
      headers: new Headers(),
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const text = await response.text().catch(() => undefined);
  const headers = response.headers;
  if (text === undefined) {
    return { ok: false, headers, error: "the response body broke off" };
  }
  if (!("id" in message)) {
    return response.status === 202
      ? { ok: true, headers, body: text }
      : { ok: false, headers, error: `HTTP ${response.status}` };
  }
  if (response.status !== 200) {
    return { ok: false, headers, error: `HTTP ${response.status}` };
  }
  const body = payloadOf(text, response.headers.get("content-type") ?? "");
  // Most answers start with the result (the SDK writes it first); anything
  // else is parsed to tell an error from a result written in another order.
  const fast = body.startsWith('{"result":') &&
    !(toolResult && body.includes('"isError":true'));
  if (fast) return { ok: true, headers, body };
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: string };
      result?: { isError?: boolean };
    };
    if (parsed.error !== undefined) {
      return {
        ok: false,
        headers,
        error: parsed.error.message ?? "JSON-RPC error",
      };
    }
    if (parsed.result === undefined) {
      return { ok: false, headers, error: "no result" };
    }
    if (toolResult && parsed.result.isError === true) {
      return { ok: false, headers, error: "the tool answered isError" };
    }
    return { ok: true, headers, body };
  } catch {
    return { ok: false, headers, error: "the answer is not JSON" };
  }
}

/** The JSON message of a response: the `data:` line of an event stream, or the body. */
function payloadOf(text: string, contentType: string): string {
  if (!contentType.includes("text/event-stream")) return text;
  const at = text.indexOf("data: ");
  if (at === -1) return "";
  const end = text.indexOf("\n", at);
  return text.slice(at + 6, end === -1 ? undefined : end);
}

/**
 * Every skill name `skills/list` serves, page by page.
 *
 * @param url The MCP endpoint.
 * @param client The client.
 * @returns The names.
 * @throws {Error} when a page fails.
 */
export async function listNames(
  url: string,
  client: LoadClient,
): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  for (let id = 1; id < 10_000; id++) {
    const answer = await post(url, client, {
      jsonrpc: "2.0",
      id,
      method: "skills/list",
      params: cursor === undefined ? {} : { cursor },
    });
    if (!answer.ok) throw new Error(`skills/list failed: ${answer.error}`);
    const { result } = JSON.parse(answer.body) as {
      result: {
        skills: { frontmatter: { name: string } }[];
        nextCursor?: string;
      };
    };
    names.push(...result.skills.map((s) => s.frontmatter.name));
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return names;
}
