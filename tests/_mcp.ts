// Copyright 2026 the skillscope authors. MIT license.
// Shared pieces of the MCP tests: the CLI server's command line, an HTTP
// handler served on a loopback port, the initialize message.
import { CLI, CONFIG, currentDenoDir } from "./_helpers.ts";

export { CLI };
/** The bundled skills. */
export const FIXTURES: string = new URL("../fixtures/skills", import.meta.url)
  .pathname.replace(/\/$/, "");

/**
 * `deno run` arguments for `skillscope mcp --root ROOT`, with read
 * permission for ROOT only (and `permissions` added).
 */
export function mcpArgs(
  root: string,
  extra: string[] = [],
  permissions: string[] = [],
): string[] {
  return [
    "run",
    "--quiet",
    "--no-prompt",
    `--config=${CONFIG}`,
    `--allow-read=${root}`,
    ...permissions,
    CLI,
    "mcp",
    "--root",
    root,
    ...extra,
  ];
}

/** The environment a child Deno needs here: its cache and no colours. */
export async function childEnv(): Promise<Record<string, string>> {
  return { NO_COLOR: "1", DENO_DIR: await currentDenoDir() };
}

/** A fetch handler served on 127.0.0.1 at a free port, until closed. */
export function serveLoopback(
  fetch: (request: Request) => Promise<Response> | Response,
): { url: string; close: () => Promise<void> } {
  const stop = new AbortController();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: stop.signal,
    onListen: (): void => {},
  }, (request) => fetch(request));
  return {
    url: `http://127.0.0.1:${server.addr.port}/mcp`,
    close: async (): Promise<void> => {
      stop.abort();
      await server.finished;
    },
  };
}

/** A `skillscope mcp --http` server running as a subprocess. */
export interface HttpCli {
  /** The MCP endpoint it printed. */
  readonly url: string;
  /** The process. */
  readonly child: Deno.ChildProcess;
  /** Everything it wrote to stderr so far. */
  readonly stderr: () => string;
}

/**
 * `skillscope mcp --root ROOT --http 127.0.0.1:0` (plus `extra`) as a
 * subprocess with `--allow-net=127.0.0.1` (plus `permissions`); resolves
 * with its URL once it listens.
 */
export async function startHttpCli(
  root: string,
  options: {
    extra?: string[];
    permissions?: string[];
    env?: Record<string, string>;
  } = {},
): Promise<HttpCli> {
  const child = new Deno.Command(Deno.execPath(), {
    args: mcpArgs(root, ["--http", "127.0.0.1:0", ...options.extra ?? []], [
      "--allow-net=127.0.0.1",
      ...options.permissions ?? [],
    ]),
    env: { ...await childEnv(), ...options.env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let err = "";
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no URL:\n${err}`)),
      30_000,
    );
    (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        err += value;
        const match = /listening on (http:\/\/\S+)/.exec(err);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      }
      clearTimeout(timer);
      reject(new Error(`the server ended before listening:\n${err}`));
    })().catch(reject);
  });
  return { url, child, stderr: () => err };
}

/** An `initialize` request (protocol 2025-06-18) as one JSON line. */
export const INITIALIZE: string = JSON.stringify({
  jsonrpc: "2.0",
  id: "init",
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  },
});

/** An `initialize` POST to `url` (headers added to the JSON ones). */
export function initializeRequest(
  url: string,
  headers: Record<string, string> = {},
): Request {
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: INITIALIZE,
  });
}
