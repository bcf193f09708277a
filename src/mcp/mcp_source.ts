// Copyright 2026 the skillscope authors. MIT license.
/**
 * `mcpSource()`: skills read from an MCP server through the standard skills
 * extension, listed at discovery, fetched file by file when read, and
 * verified against the server's manifest.
 *
 * @module
 */
import {
  attachRemoteContent,
  type RemoteListing,
  type RemoteSource,
} from "../content/remote_content.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import {
  type Connection,
  type McpHttpTarget,
  type McpStdioTarget,
  open,
  redact,
} from "./mcp_connection.ts";
import { remoteContent, toSkill } from "./remote_skill.ts";
import { ResponseBudgetError } from "./response_budget.ts";

/** Most bytes of a server's `skills/list` answers, all pages together. */
const LIST_BYTES = 32 * 1024 * 1024;

/**
 * Options of {@linkcode mcpSource}.
 *
 * @example Usage
 * ```ts
 * import { type McpSourceOptions, mcpSource } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const options: McpSourceOptions = { scope: "team", timeoutMs: 5_000 };
 * await using source = mcpSource({ url: "http://127.0.0.1:8808/mcp" }, options);
 * assert.equal(source.kind, "remote");
 * ```
 */
export interface McpSourceOptions {
  /** Scope label of the skills (default `"mcp"`). */
  readonly scope?: string;
  /** Longest wait for one request (ms, default 30 000). */
  readonly timeoutMs?: number;
}

/**
 * A {@linkcode RemoteSource} backed by an MCP server; close it when done.
 *
 * @example Usage
 * ```ts
 * import { type McpSource, mcpSource } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const source: McpSource = mcpSource({ url: "http://127.0.0.1:8808/mcp" });
 * assert.equal(source.key, "mcp+http://127.0.0.1:8808/mcp");
 * await source.close(); // nothing was opened yet
 * ```
 */
export interface McpSource extends RemoteSource {
  /** Ends the connection (and the server process, for stdio). */
  close(): Promise<void>;
  /** Same as {@linkcode McpSource.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A skill source that reads the skills an MCP server offers through the
 * `io.modelcontextprotocol/skills` extension. Discovery lists them
 * (`skills/list`, metadata only); a file is fetched only when it is read,
 * and its size and SHA-256 digest are checked against the server's
 * manifest, and `SKILL.md`'s frontmatter against the listing. A mismatch is
 * a `remote-verification-failed` error and the skill's content is not
 * served from then on. Each skill's `source.key` names the server and the
 * skill URI, so a server's skills never pass for local ones.
 *
 * Whatever a server answers stays bounded: over HTTP an answer is read only
 * up to what the request can need (a file of the listed size, 32 MiB for
 * the whole listing, 4 MiB otherwise) and the rest is cancelled; the walk of
 * a `"dynamic"` skill's directory stops at 512 directories, 6 levels, 512
 * requests, 8 MiB and one request timeout in all, and follows only URIs
 * below the skill's own directory.
 *
 * Permissions: `--allow-net=HOST` for an HTTP server, `--allow-run=COMMAND`
 * for a stdio server; only when the source is used.
 *
 * @example Read the skills another server offers
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { mcpSource, serveMcp } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * // A server to read from (any server with the skills extension will do).
 * const served = await SkillSet.open({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const stop = new AbortController();
 * const listening = Promise.withResolvers<string>();
 * const server = serveMcp(served, {
 *   signal: stop.signal,
 *   transport: { http: { port: 0, onListen: listening.resolve } },
 * });
 *
 * await using remote = mcpSource({ url: await listening.promise });
 * const set = await SkillSet.open({ sources: [remote] });
 * assert.equal(set.require("hi").source.kind, "remote");
 * assert.equal(await set.read("hi"), "# Hi\n"); // fetched now, digest checked
 * await remote.close();
 * stop.abort();
 * await server;
 * ```
 *
 * @param target An HTTP URL or a command to run.
 * @param options Scope label, request timeout.
 * @returns The source.
 */
export function mcpSource(
  target: McpHttpTarget | McpStdioTarget,
  options: McpSourceOptions = {},
): McpSource {
  const key = "url" in target
    ? `mcp+${redact(new URL(target.url))}`
    : `mcp+stdio:${[target.command, ...(target.args ?? [])].join(" ")}`;
  const timeout = options.timeoutMs ?? 30_000;
  const scope = options.scope ?? "mcp";
  let connection: Promise<Connection> | undefined;

  const connect = (): Promise<Connection> => {
    connection ??= open(target, timeout).catch((error) => {
      connection = undefined;
      throw error;
    });
    return connection;
  };

  const close = async (): Promise<void> => {
    const current = connection;
    connection = undefined;
    if (current === undefined) return;
    const open = await current.catch(() => undefined);
    await open?.stop();
  };

  return {
    kind: "remote",
    key,
    async list(): Promise<RemoteListing> {
      const { skills: client, limits } = await connect();
      const diagnostics: Diagnostic[] = [];
      if (!client.supported) {
        diagnostics.push({
          level: "warning",
          code: "remote-no-skills",
          message:
            `${key} does not offer the io.modelcontextprotocol/skills extension`,
          path: key,
        });
        return { skills: [], diagnostics };
      }
      using budget = limits.budget(LIST_BYTES);
      const listing = await client.list({}, {
        timeout,
        headers: budget.headers,
      }).catch((error) => {
        throw budget.exceeded
          ? new ResponseBudgetError(
            `${key} answered "skills/list" with more than ${LIST_BYTES} bytes; the listing was not read`,
          )
          : error;
      });
      for (const invalid of listing.invalid) {
        diagnostics.push({
          level: "error",
          code: "remote-entry-invalid",
          message: `${key} listed an invalid skill entry${
            invalid.uri === undefined ? "" : ` ${invalid.uri}`
          }: ${invalid.reason}`,
          path: key,
        });
      }
      const skills: Skill[] = [];
      for (const entry of listing.skills) {
        const skill = toSkill(entry, key, scope, diagnostics);
        if (skill === undefined) continue;
        attachRemoteContent(
          skill,
          remoteContent(skill, entry, key, connect, timeout),
        );
        skills.push(skill);
      }
      return { skills, diagnostics };
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
