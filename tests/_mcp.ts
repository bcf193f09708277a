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
