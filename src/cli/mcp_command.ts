// Copyright 2026 the skillscope authors. MIT license.
/**
 * `mcp`: serving the skills over MCP on stdio or Streamable HTTP.
 *
 * @module
 */
import type { Command } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { formatDiagnostic, writeErr } from "./io.ts";
import { ROOTS_GROUP } from "./root_options.ts";
import { openSkillSet } from "./open_skill_set.ts";

/** `mcp`. */
export const mcpCommand: Command = {
  name: "mcp",
  usage:
    "mcp [--root DIR]... [--http [HOST:]PORT [--allow-remote]] [--no-watch]",
  description: `Runs an MCP server with the standard skills extension
(io.modelcontextprotocol/skills: skills/list, skills/get, resources/read and
resources/directory/read on skill://NAME/PATH) and the tools skills_list,
skills_read, skills_read_asset, skills_match and skills_search. It watches the
roots and tells the client when skills change. Diagnostics go to stderr.
Without --http it speaks on stdin/stdout, one JSON-RPC message per line.`,
  examples: [
    "skillscope mcp --root ./skills",
    "skillscope mcp --http 8808",
  ],
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: {
      http: {
        type: "string",
        arg: "[HOST:]PORT",
        help:
          "Streamable HTTP at http://HOST:PORT/mcp (HOST defaults to 127.0.0.1; needs --allow-net=HOST)",
      },
      "allow-remote": {
        type: "boolean",
        help: "Allow a HOST that is not a loopback address",
      },
      "no-watch": {
        type: "boolean",
        help: "Do not watch the roots for changes",
      },
      "require-approval": {
        type: "boolean",
        help:
          'Serve only skills approved with "skillscope approve" and unchanged since',
      },
    },
  }],
  async run(values): Promise<number> {
    const http = values.http === undefined
      ? undefined
      : parseListen(String(values.http));
    const set = await openSkillSet(values, { report: true });
    // Loaded on demand: no other command needs the MCP SDK.
    const { McpTransportError, serveMcp } = await import("../mcp/serve.ts");
    const log = (message: string): void =>
      writeErr(`skillscope mcp: ${message}\n`);
    try {
      await serveMcp(set, {
        onLog: log,
        onDiagnostic: (d) => writeErr(`${formatDiagnostic(d)}\n`),
        watch: values["no-watch"] !== true,
        ...(http === undefined ? {} : {
          transport: {
            http: {
              ...http,
              allowRemote: values["allow-remote"] === true,
              onListen: (url: string) => log(`listening on ${url}`),
            },
          },
        }),
      });
    } catch (error) {
      // Already logged as it happened.
      if (error instanceof McpTransportError) return EXIT.failure;
      if (error instanceof RangeError) throw new UsageError(error.message);
      throw error;
    }
    return EXIT.ok;
  },
};

/** `[HOST:]PORT`, `[::1]:PORT` for IPv6. */
function parseListen(text: string): { hostname: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:\[\]]+):)?([0-9]{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (match === null || port > 65535) {
    throw new UsageError(
      `--http expects [HOST:]PORT (for example 8808 or 127.0.0.1:8808), got ${
        JSON.stringify(text)
      }`,
    );
  }
  return {
    hostname: (match[1] ?? "127.0.0.1").replace(/^\[|\]$/g, ""),
    port,
  };
}
