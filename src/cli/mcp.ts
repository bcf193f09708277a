// Copyright 2026 the skillscope authors. MIT license.
/**
 * `mcp`: serving the skills over MCP on stdio or Streamable HTTP.
 *
 * @module
 */
import { assertReadPermission, canReadEnv } from "../shared/permissions.ts";
import type { SkillSet } from "../serve/skill_set.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { formatDiagnostic, writeErr } from "./io.ts";
import { ROOTS_GROUP } from "./root_option_defs.ts";
import { approvalOption } from "./approval_option.ts";

/** The environment variable holding the HTTP bearer token. */
const TOKEN_ENV = "SKILLSCOPE_MCP_TOKEN";
/** Largest token file read (bytes). */
const MAX_TOKEN_FILE_BYTES = 4096;

/** The option groups of `mcp`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: {
    http: {
      type: "string",
      arg: "[HOST:]PORT",
      help:
        "Streamable HTTP at http://HOST:PORT/mcp (HOST defaults to 127.0.0.1)",
    },
    "allow-remote": {
      type: "boolean",
      help: "Allow a HOST that is not a loopback address",
    },
    "token-file": {
      type: "string",
      arg: "FILE",
      help:
        `Require "Authorization: Bearer TOKEN" on HTTP, TOKEN being the file's trimmed text (overrides ${TOKEN_ENV})`,
    },
    "no-watch": {
      type: "boolean",
      help: "Do not watch the roots for changes",
    },
    ...approvalOption("Serve"),
  },
}] as const satisfies readonly OptionGroup[];

/** `mcp`. */
export const mcpCommand: CommandOf<typeof GROUPS> = {
  name: "mcp",
  usage:
    "mcp [--root DIR]... [--http [HOST:]PORT [--allow-remote] [--token-file FILE]] [--no-watch]",
  description: `Runs an MCP server with the standard skills extension
(io.modelcontextprotocol/skills: skills/list, skills/get, resources/read and
resources/directory/read on skill://NAME/PATH) and the tools skills_list,
skills_read, skills_read_asset, skills_match and skills_search. It watches the
roots and tells the client when skills change. Diagnostics go to stderr.
Without --http it speaks on stdin/stdout, one JSON-RPC message per line.
On HTTP it also answers GET /.well-known/agent-skills/index.json and the
artifacts that index lists (the served skills, as "skillscope publish"
writes them), behind the same Host, Origin and token checks.

On HTTP there is no authentication unless a token is set: any process on the
machine that can reach the port reads every served skill. With --token-file
FILE or the SKILLSCOPE_MCP_TOKEN environment variable, every request must
carry "Authorization: Bearer TOKEN" and gets 401 otherwise. Connections (128),
requests in flight (64), the time to send headers (10 s) and a request (30 s),
and buffered request bodies (4 MiB each, 20 MiB in all) are bounded.`,
  examples: [
    "skillscope mcp --root ./skills",
    "skillscope mcp --http 8808 --token-file ~/.config/skillscope/mcp-token",
  ],
  groups: GROUPS,
  async run(values): Promise<number> {
    const http = values.http === undefined
      ? undefined
      : parseListen(values.http);
    const token = http === undefined ? undefined : await readToken(values);
    // Loaded on demand (no other command needs the MCP SDK): the SDK is
    // most of the server's start-up. The roots are read once the client's
    // initialize is answered (on a terminal, at once: a person typing the
    // command learns of a missing root without sending anything).
    const { McpTransportError, serveMcp } = await import("../mcp/serve.ts");
    const open = (): Promise<SkillSet> =>
      import("./open_skill_set.ts").then(({ openSkillSet }) =>
        openSkillSet(values, { report: true })
      );
    const set = http === undefined && !Deno.stdin.isTerminal() ? open : open();
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
              ...(token === undefined ? {} : { token }),
              onListen: (url: string) => {
                log(`listening on ${url}`);
                if (token !== undefined) return;
                log(
                  `no authentication: any local process can read the served skills; pass --token-file FILE or set ${TOKEN_ENV}`,
                );
              },
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

/**
 * The bearer token from `--token-file` (read like a state file: a regular
 * file, never through a symlink, size-capped; trimmed) or from
 * `SKILLSCOPE_MCP_TOKEN` when that may be read; `undefined` for none.
 */
async function readToken(
  values: { readonly "token-file": string | undefined },
): Promise<string | undefined> {
  const file = values["token-file"];
  let token: string | undefined;
  let from: string;
  if (file !== undefined) {
    assertReadPermission(file);
    from = `--token-file "${file}"`;
    // Loaded for HTTP only: a stdio server answers sooner without it.
    const { readStateFileSync } = await import("../install/state_file.ts");
    token = readStateFileSync(file, MAX_TOKEN_FILE_BYTES);
    if (token === undefined) {
      throw new UsageError(`The token file "${file}" does not exist`);
    }
  } else {
    from = TOKEN_ENV;
    token = canReadEnv(TOKEN_ENV) ? Deno.env.get(TOKEN_ENV) : undefined;
    if (token === undefined) return undefined;
  }
  token = token.trim();
  if (token === "") throw new UsageError(`The token of ${from} is empty`);
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new UsageError(
      `The token of ${from} must be printable ASCII without spaces`,
    );
  }
  return token;
}

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
