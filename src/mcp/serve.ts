// Copyright 2026 the skillscope authors. MIT license.
/**
 * Running the skills MCP server: on stdio or on Streamable HTTP, with live
 * reload of the skill roots.
 *
 * @module
 */
import { messageOf, PermissionDeniedError } from "../shared/errors.ts";
import type { SkillSet } from "../serve/skill_set.ts";
import { GatedTransport } from "./gated_transport.ts";
import type { McpHttpLimits } from "./http_listener.ts";
import type { McpServerOptions } from "./server.ts";
import {
  LateSkillSource,
  skillscopeServer,
  skillsExtension,
} from "./server_shell.ts";
import { LineTransport, type LineTransportOptions } from "./stdio.ts";

/**
 * Where {@linkcode serveMcp} listens on HTTP.
 *
 * @example Listen on a free port, with a token
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { type McpHttpListen, serveMcp } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = await SkillSet.open({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const stop = new AbortController();
 * const listening = Promise.withResolvers<string>();
 * const http: McpHttpListen = { hostname: "127.0.0.1", port: 0, token: "s3cret", onListen: listening.resolve };
 * const served = serveMcp(set, { transport: { http }, signal: stop.signal });
 * const response = await fetch(await listening.promise, { method: "POST", body: "{}" });
 * assert.equal(response.status, 401);
 * await response.body?.cancel();
 * stop.abort();
 * await served;
 * ```
 */
export interface McpHttpListen {
  /** Interface to bind (default `127.0.0.1`). */
  readonly hostname?: string;
  /** TCP port (`0` picks a free one). */
  readonly port: number;
  /** Allow a host that is not a loopback address (default `false`). */
  readonly allowRemote?: boolean;
  /**
   * A bearer token every request must carry (`Authorization: Bearer TOKEN`;
   * `401` otherwise). Default: none, and then any process that can reach the
   * port reads every served skill.
   */
  readonly token?: string;
  /** Connection, request, deadline and body bounds (default `DEFAULT_MCP_HTTP_LIMITS`). */
  readonly limits?: Partial<McpHttpLimits>;
  /** Called once the server listens, with the URL of the MCP endpoint. */
  readonly onListen?: (url: string) => void;
}

/**
 * Options of {@linkcode serveMcp}.
 *
 * @example Serve over HTTP without live reload
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { serveMcp, type ServeMcpOptions } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = await SkillSet.open({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const stop = new AbortController();
 * const listening = Promise.withResolvers<string>();
 * const options: ServeMcpOptions = {
 *   transport: { http: { port: 0, onListen: listening.resolve } },
 *   watch: false,
 *   signal: stop.signal,
 * };
 * const served = serveMcp(set, options);
 * assert.match(await listening.promise, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
 * stop.abort();
 * await served;
 * ```
 */
export interface ServeMcpOptions extends McpServerOptions {
  /** `"stdio"` (default) or `{ http: … }`. */
  readonly transport?: "stdio" | { readonly http: McpHttpListen };
  /**
   * Watch the directory sources and tell clients when skills change
   * (`notifications/resources/list_changed`, `notifications/tools/list_changed`).
   * Default `true`.
   */
  readonly watch?: boolean;
  /** Ends the server (HTTP) or the watch. */
  readonly signal?: AbortSignal;
  /** Where transport problems are logged (default: stderr). */
  readonly onLog?: (message: string) => void;
  /** Stdio limits (line length, requests in flight, pending output). */
  readonly stdio?: Omit<LineTransportOptions, "onLog">;
}

/**
 * Thrown by {@linkcode serveMcp} when the stdio connection fails (a read or
 * write error, such as the client closing stdout while responses are due).
 *
 * @example Usage
 * ```ts
 * import { McpTransportError } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const error = new McpTransportError("The MCP connection failed: Broken pipe");
 * assert.equal(error.code, "transport-failed");
 * ```
 */
export class McpTransportError extends Error {
  /** Always `"transport-failed"`. */
  readonly code = "transport-failed";

  /**
   * Constructs a new instance.
   *
   * @param message What failed.
   * @param options The underlying error as `cause`.
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "McpTransportError";
  }
}

/**
 * Serves a skill set over MCP until the client goes away (stdio) or
 * `signal` aborts (HTTP). On stdio, stdin ending ends the server normally;
 * a failed read or write rejects, so a CLI can exit non-zero. On HTTP the
 * endpoint is `http://HOST:PORT/mcp`, a non-loopback `hostname` needs
 * `allowRemote`, `Host`/`Origin` are checked against DNS rebinding, a
 * `token` is required when given, and connections, requests, deadlines and
 * buffered bodies are bounded by `limits`.
 * With `watch` (default) the roots are watched and clients are told of
 * every change.
 *
 * Permissions: read for the skill roots; `--allow-net=HOST` for HTTP.
 *
 * @example Serve on Streamable HTTP until aborted
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { serveMcp } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = await SkillSet.open({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const stop = new AbortController();
 * let url = "";
 * const listening = Promise.withResolvers<void>();
 * const served = serveMcp(set, {
 *   signal: stop.signal,
 *   transport: { http: { port: 0, onListen: (u) => { url = u; listening.resolve(); } } },
 * });
 * await listening.promise;
 * assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
 * stop.abort();
 * await served;
 * ```
 *
 * On stdio (what an MCP client configuration runs):
 * `await serveMcp(await SkillSet.open({ sources: defaultSources() }))`.
 *
 * @param skills The skill set, a promise of it, or a function opening it: on
 *   stdio the handshake (`initialize`, `ping`) is answered while it is
 *   opened and every other request waits for it; a function is called once
 *   the client's first message has been answered (on HTTP, at once), so
 *   that opening the set never delays the handshake. A promise that rejects
 *   (a function's, once called) ends the connection and rejects with its
 *   error.
 * @param options Transport, live reload, limits.
 * @returns A promise that settles when serving ends.
 * @throws {RangeError} for a non-loopback host without `allowRemote`.
 * @throws {McpTransportError} when the stdio connection fails, or HTTP cannot listen (the port in use…).
 * @throws {PermissionDeniedError} when HTTP may not listen on the host.
 */
export async function serveMcp(
  skills: SkillSet | Promise<SkillSet> | (() => Promise<SkillSet>),
  options: ServeMcpOptions = {},
): Promise<void> {
  const log = options.onLog ??
    ((message: string) => console.error(`skillscope mcp: ${message}`));
  const transport = options.transport ?? "stdio";
  const stop = new AbortController();
  options.signal?.addEventListener("abort", () => stop.abort(), { once: true });
  let ready: Promise<SkillSet> | undefined;
  let notify: () => void = () => {};
  let watching: Promise<void> = Promise.resolve();
  /**
   * The skill set, opened on the first call (a function that throws, or
   * returns a set itself, works too), its roots then watched. A rejection
   * is handled here at once, and thrown where the set is awaited.
   */
  const opened = (): Promise<SkillSet> => {
    if (ready === undefined) {
      const set = typeof skills === "function"
        ? Promise.resolve().then(skills)
        : Promise.resolve(skills);
      set.catch(() => {});
      ready = set;
      if (options.watch !== false) {
        // A set that fails to open is the run's error, said once, there.
        watching = set.then(
          (it) => watchAndNotify(it, stop.signal, () => notify(), log),
          () => {},
        );
      }
    }
    return ready;
  };
  try {
    if (transport === "stdio") {
      // The handshake is answered by a server that has no handlers yet:
      // the transport holds every other request until the skill set is
      // there and the modules that serve it are loaded, which happens
      // once the client's first message has been dealt with (see
      // gated_transport.ts); a function is called only then.
      const source = new LateSkillSource();
      const server = skillscopeServer(
        skillsExtension(source, options.onDiagnostic),
      );
      const served = Promise.withResolvers<void>();
      const lines = new GatedTransport(
        new LineTransport(
          Deno.stdin.readable,
          Deno.stdout.writable,
          {
            ...options.stdio,
            onLog: log,
          },
        ),
        served.promise,
      );
      const set = typeof skills === "function"
        ? lines.greeted.then(opened)
        : opened();
      const attached = (async (): Promise<void> => {
        await lines.greeted;
        const [{ skillHandlers }, it] = await Promise.all([
          import("./server.ts"),
          set,
        ]);
        const handlers = skillHandlers(it, options);
        source.resolve(handlers.source);
        handlers.attach(server);
      })();
      attached.then(served.resolve, served.reject);
      // A discovery that fails (a promise given: at once), or handlers that
      // cannot be set up, end the connection; the error is thrown below.
      const end = (): void => void lines.close().catch(() => {});
      set.catch(end);
      attached.catch(end);
      let failure: Error | undefined;
      const closed = new Promise<void>((resolve) => {
        server.server.onclose = () => resolve();
        server.server.onerror = (error) => {
          // The first failure says what happened; the sends that fail
          // after it only repeat it.
          if (failure !== undefined) return;
          if (error !== lines.failure) {
            // Not the connection failing (a response to nothing from the
            // client, …): said, and the connection goes on.
            log(error.message);
            return;
          }
          failure = error;
          log(`transport error: ${error.message}`);
        };
      });
      notify = () => {
        void server.server.sendResourceListChanged().catch(() => {});
        void server.server.sendToolListChanged().catch(() => {});
      };
      await server.connect(lines);
      await closed;
      // A discovery that failed is the error of the whole run.
      await set;
      await attached;
      if (failure !== undefined) {
        throw new McpTransportError(
          `The MCP connection failed: ${failure.message}`,
          { cause: failure },
        );
      }
      return;
    }
    const { hostname = "127.0.0.1", port, allowRemote = false, onListen } =
      transport.http;
    // Opened at once: a refusal below still leaves its failure handled.
    const set = opened();
    // Loaded only for HTTP, as its other modules below.
    const { isLoopbackHost } = await import("../shared/host_scope.ts");
    if (!isLoopbackHost(hostname) && !allowRemote) {
      throw new RangeError(
        `Refusing to serve MCP on "${hostname}", which is not a loopback address: anyone who can reach it could read the skills. Pass --allow-remote (allowRemote: true) to do it anyway`,
      );
    }
    const status = await Deno.permissions.query({
      name: "net",
      host: hostname,
    });
    if (status.state !== "granted") {
      throw new PermissionDeniedError(
        "net",
        hostname,
        `--allow-net=${hostname}`,
      );
    }
    // Loaded only for HTTP: a stdio server answers sooner without them.
    const { isWellKnownPath, mcpHttpHandler } = await import("./http.ts");
    const { DEFAULT_MCP_HTTP_LIMITS, listenHttp } = await import(
      "./http_listener.ts"
    );
    const { DigestCache } = await import("./skill_files.ts");
    const handler = mcpHttpHandler(await set, {
      ...options,
      digests: options.digests ?? new DigestCache(),
      ...(transport.http.token === undefined
        ? {}
        : { token: transport.http.token }),
      ...(allowRemote && !isLoopbackHost(hostname)
        ? { allowedHosts: [hostname, "localhost", "127.0.0.1", "[::1]"] }
        : {}),
    });
    notify = handler.notifyChanged;
    const listening = listenHttp((request) => {
      const path = new URL(request.url).pathname;
      if (path !== "/mcp" && !isWellKnownPath(path)) {
        return Promise.resolve(
          new Response("Not found: the MCP endpoint is /mcp\n", {
            status: 404,
          }),
        );
      }
      return handler.fetch(request);
    }, {
      hostname,
      port,
      signal: stop.signal,
      limits: { ...DEFAULT_MCP_HTTP_LIMITS, ...transport.http.limits },
      onListen: (addr) => {
        const host = addr.hostname.includes(":")
          ? `[${addr.hostname}]`
          : addr.hostname;
        onListen?.(`http://${host}:${addr.port}/mcp`);
      },
    });
    await listening.catch((error: unknown) => {
      // Logged as the stdio transport's failures are, then thrown.
      const failure = listenFailure(error, hostname, port);
      log(failure.message);
      throw failure;
    });
    await handler.close();
  } finally {
    stop.abort();
    await watching;
  }
}

/** Why the HTTP listener failed, as an error with a stable code, naming the address. */
function listenFailure(
  error: unknown,
  hostname: string,
  port: number,
): McpTransportError {
  const code = (error as { code?: unknown } | null)?.code;
  const address = `${
    hostname.includes(":") ? `[${hostname}]` : hostname
  }:${port}`;
  const why = code === "EADDRINUSE"
    ? "the port is already in use; choose another port"
    : code === "EACCES"
    ? "the system does not allow listening on this port; choose a port above 1023"
    : code === "EADDRNOTAVAIL"
    ? "this machine has no such address"
    : messageOf(error);
  return new McpTransportError(`Cannot serve MCP on ${address}: ${why}`, {
    cause: error,
  });
}

async function watchAndNotify(
  set: SkillSet,
  signal: AbortSignal,
  notify: () => void,
  log: (message: string) => void,
): Promise<void> {
  if (!set.options.sources.some((s) => s.kind === "directory")) return;
  try {
    for await (const _change of set.watch({ signal })) notify();
  } catch (error) {
    if (signal.aborted) return;
    log(
      `live reload stopped: ${messageOf(error)}`,
    );
  }
}
