// Copyright 2026 the skillscope authors. MIT license.
/**
 * The connection `mcpSource()` keeps to an MCP server: Streamable HTTP, or a process spoken to on its stdin/stdout; permission checks first.
 *
 * @module
 */
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { messageOf, PermissionDeniedError } from "../shared/errors.ts";
import { VERSION } from "../shared/version.ts";
import { LineTransport } from "./stdio.ts";
import { ResponseLimits } from "./response_budget.ts";

/**
 * An MCP server reached over Streamable HTTP.
 *
 * @example Usage
 * ```ts
 * import { type McpHttpTarget, mcpSource } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const target: McpHttpTarget = { url: "https://skills.example/mcp", headers: { authorization: "Bearer t" } };
 * assert.equal(mcpSource(target).key, "mcp+https://skills.example/mcp");
 * ```
 */
export interface McpHttpTarget {
  /** The endpoint, e.g. `http://127.0.0.1:8808/mcp`. */
  readonly url: string | URL;
  /** Extra request headers (e.g. `Authorization`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * An MCP server started as a process and spoken to on its stdin/stdout.
 *
 * @example Usage
 * ```ts
 * import { type McpStdioTarget, mcpSource } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const target: McpStdioTarget = { command: "skillscope", args: ["mcp"] };
 * assert.equal(mcpSource(target).key, "mcp+stdio:skillscope mcp");
 * ```
 */
export interface McpStdioTarget {
  /** The program. */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** Its environment (default: inherited). */
  readonly env?: Readonly<Record<string, string>>;
  /** Its working directory. */
  readonly cwd?: string;
}

/** An open connection: the MCP client, its skills client, the byte budgets of its answers, and how to end both. */
export interface Connection {
  readonly client: Client;
  readonly skills: SkillsClient;
  /** Budgets for the answers to its requests (enforced over HTTP; a stdio line is capped by the transport). */
  readonly limits: ResponseLimits;
  readonly stop: () => Promise<void>;
}

/** The URL without credentials, query or fragment. */
export function redact(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** Opens a connection to an HTTP or stdio MCP server, checking the permission it needs first. */
export async function open(
  target: McpHttpTarget | McpStdioTarget,
  timeout: number,
): Promise<Connection> {
  const client = new Client({ name: "skillscope", version: VERSION });
  const limits = new ResponseLimits();
  if ("url" in target) {
    const url = new URL(target.url);
    const status = await Deno.permissions.query({
      name: "net",
      host: url.host,
    });
    if (status.state !== "granted") {
      throw new PermissionDeniedError(
        "net",
        url.host,
        `--allow-net=${url.host}`,
      );
    }
    // Every answer is read through a fetch that stops at the request's budget.
    const transport: StreamableHTTPClientTransport =
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { ...target.headers } },
        fetch: limits.fetch((message) => transport.onmessage?.(message)),
      });
    await client.connect(transport, { timeout });
    return {
      client,
      skills: new SkillsClient(client, { skipInvalid: true }),
      limits,
      stop: () => client.close(),
    };
  }
  const status = await Deno.permissions.query({
    name: "run",
    command: target.command,
  });
  if (status.state !== "granted") {
    throw new PermissionDeniedError(
      "run",
      target.command,
      `--allow-run=${target.command}`,
    );
  }
  const child = new Deno.Command(target.command, {
    args: [...(target.args ?? [])],
    ...(target.env === undefined ? {} : { env: { ...target.env } }),
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // Keep the end of what the server says on stderr, for error messages.
  let stderr = "";
  const drained = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
    new WritableStream({
      write(chunk): void {
        stderr = (stderr + chunk).slice(-4096);
      },
    }),
  ).catch(() => {});
  const stop = async (): Promise<void> => {
    await client.close().catch(() => {});
    const timer = setTimeout(() => {
      try {
        child.kill("SIGTERM");
      } catch {
        // Already gone.
      }
    }, 2_000);
    await child.status;
    clearTimeout(timer);
    await drained;
  };
  try {
    await client.connect(new LineTransport(child.stdout, child.stdin), {
      timeout,
    });
  } catch (error) {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    await child.status;
    await drained;
    const said = stderr.trim();
    throw new Error(
      `${messageOf(error)}${
        said === "" ? "" : `; the server said: ${said.split("\n").at(-1)}`
      }`,
    );
  }
  return {
    client,
    skills: new SkillsClient(client, { skipInvalid: true }),
    limits,
    stop,
  };
}
