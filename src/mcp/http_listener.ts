// Copyright 2026 the skillscope authors. MIT license.
/**
 * The HTTP/1.1 listener behind `serveMcp({ transport: { http } })`, bounded
 * against clients that hold connections and memory: a cap on open
 * connections and on requests in flight, deadlines for the headers and for
 * the whole request, and a budget for the request bodies buffered at once.
 *
 * `Deno.serve` offers none of these knobs (no header or body deadline, no
 * connection cap), so the listener is `node:http`, whose Deno implementation
 * parses with llhttp and enforces `headersTimeout`, `requestTimeout` and
 * `maxConnections` itself; requests and responses are handed to a
 * web-standard `fetch` handler.
 *
 * @module
 */
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { nextTick } from "node:process";
import { concatBytes } from "../shared/concat_bytes.ts";
import { type Slots, takeAnswer } from "./http_slots.ts";

/**
 * Bounds of the MCP HTTP listener. The request bodies received at once are
 * at most `maxRequests × smallBodyBytes + largeBodies × maxBodyBytes`
 * (20 MiB by default).
 *
 * @example Refuse a large request body
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { type McpHttpLimits, serveMcp } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = await SkillSet.open({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const stop = new AbortController();
 * const listening = Promise.withResolvers<string>();
 * const limits: Partial<McpHttpLimits> = { maxBodyBytes: 1024, maxConnections: 8 };
 * const served = serveMcp(set, {
 *   transport: { http: { port: 0, limits, onListen: listening.resolve } },
 *   signal: stop.signal,
 * });
 * const response = await fetch(await listening.promise, {
 *   method: "POST",
 *   headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
 *   body: JSON.stringify({ padding: "x".repeat(4096) }),
 * });
 * assert.equal(response.status, 413);
 * await response.body?.cancel();
 * stop.abort();
 * await served;
 * ```
 */
export interface McpHttpLimits {
  /** Open connections; more are closed as they are accepted. */
  readonly maxConnections: number;
  /** Requests in flight (a response still being sent counts); more get `503`. */
  readonly maxRequests: number;
  /** Deadline for the request line and headers, from the connection's first byte (`408`, then closed). */
  readonly headersTimeoutMs: number;
  /** Deadline for the whole request, headers and body (`408`, then closed). */
  readonly requestTimeoutMs: number;
  /** Largest request body (`413`). */
  readonly maxBodyBytes: number;
  /** A body up to this size needs no large-body slot. */
  readonly smallBodyBytes: number;
  /** Requests with a body over `smallBodyBytes` at once; more get `503`. */
  readonly largeBodies: number;
  /** An answer up to this size needs no large-answer slot. */
  readonly smallAnswerBytes: number;
  /**
   * Answers over `smallAnswerBytes` not yet taken by their clients at once;
   * one more is refused with `503` (or cut off once started), and a large
   * answer not taken within `requestTimeoutMs` is cut off.
   */
  readonly largeAnswers: number;
}

/**
 * The default {@linkcode McpHttpLimits}: 128 connections, 64 requests in
 * flight, 10 s for the headers, 30 s for a request, bodies up to 4 MiB of
 * which 4 over 64 KiB at a time, and 4 answers over 1 MiB waiting for their
 * clients at a time.
 */
export const DEFAULT_MCP_HTTP_LIMITS: McpHttpLimits = Object.freeze({
  maxConnections: 128,
  maxRequests: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxBodyBytes: 4 * 1024 * 1024,
  smallBodyBytes: 64 * 1024,
  largeBodies: 4,
  smallAnswerBytes: 1024 * 1024,
  largeAnswers: 4,
});

/** Where and how {@linkcode listenHttp} listens. */
export interface ListenHttpOptions {
  /** Interface to bind. */
  readonly hostname: string;
  /** TCP port (`0` picks a free one). */
  readonly port: number;
  /** Closes the listener and every connection. */
  readonly signal: AbortSignal;
  /** The bounds. */
  readonly limits: McpHttpLimits;
  /** Called once listening, with the bound address. */
  readonly onListen: (address: { hostname: string; port: number }) => void;
}

/**
 * Serves `fetch` on HTTP/1.1 within `limits` until `signal` aborts. Each
 * request's `signal` aborts when its exchange is over (delivered or cut
 * off). A connection whose request body was not read to the end (an early
 * answer such as `401` or `503`) is closed after the response.
 *
 * @param fetch The web-standard handler.
 * @param options Address, signal, bounds.
 * @returns A promise that settles once the listener is closed.
 */
export function listenHttp(
  fetch: (request: Request) => Promise<Response>,
  options: ListenHttpOptions,
): Promise<void> {
  const { limits, signal } = options;
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // How often the deadlines are checked (Node's default is 30 s).
    connectionsCheckingInterval: 1000,
  });
  server.maxConnections = limits.maxConnections;
  const slots: Slots = { requests: 0, large: 0, answers: 0 };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    _serve(req, res, fetch, limits, slots).catch(() => res.destroy());
  });
  const { promise, resolve, reject } = Promise.withResolvers<void>();
  server.once("error", reject);
  server.listen(options.port, options.hostname, () => {
    const address = server.address() as AddressInfo;
    options.onListen({ hostname: address.address, port: address.port });
  });
  const close = (): void => {
    server.close(() => resolve());
    server.closeAllConnections();
  };
  if (signal.aborted) close();
  else signal.addEventListener("abort", close, { once: true });
  return promise;
}

async function _serve(
  req: IncomingMessage,
  res: ServerResponse,
  fetch: (request: Request) => Promise<Response>,
  limits: McpHttpLimits,
  slots: Slots,
): Promise<void> {
  let large = false;
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    slots.requests--;
    if (large) slots.large--;
  };
  slots.requests++;
  res.once("close", release);
  const declared = Number(req.headers["content-length"] ?? 0);
  if (slots.requests > limits.maxRequests) {
    return _refuse(res, 503, "Too many requests in flight");
  }
  if (declared > limits.maxBodyBytes) {
    return _refuse(res, 413, "The request body is too large");
  }
  const takeLarge = (): boolean => {
    if (large) return true;
    if (slots.large >= limits.largeBodies) return false;
    slots.large++;
    return (large = true);
  };
  if (declared > limits.smallBodyBytes && !takeLarge()) {
    return _refuse(res, 503, "Too many large requests in flight");
  }
  const done = new AbortController();
  res.once("close", () => done.abort(EXCHANGE_OVER));
  let body: BodyInit | null | undefined = null;
  if (req.method !== "GET" && req.method !== "HEAD") {
    // A body that announces a small length is read whole first (it fits
    // the small bodies' share of the budget); any other is streamed.
    const small = req.headers["content-length"] !== undefined &&
      req.headers["transfer-encoding"] === undefined &&
      declared <= limits.smallBodyBytes;
    body = small ? await _wholeBody(req) : _body(req, limits, takeLarge);
    if (body === undefined) return void res.destroy();
  }
  let response: Response;
  try {
    response = await fetch(
      new Request(_url(req), {
        method: req.method ?? "GET",
        headers: _headers(req),
        body,
        signal: done.signal,
      }),
    );
  } catch {
    return _refuse(res, 500, "Internal server error");
  }
  // The body has been read or never will be: its budget is free again.
  if (large) {
    slots.large--;
    large = false;
  }
  await _send(req, res, response, limits, slots);
}

/** The request's URL: its target against the Host it names. */
function _url(req: IncomingMessage): string {
  const host = req.headers.host ?? "localhost";
  try {
    return new URL(req.url ?? "/", `http://${host}`).href;
  } catch {
    return new URL(req.url ?? "/", "http://localhost").href;
  }
}

function _headers(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header the Fetch API refuses is left out.
    }
  }
  return headers;
}

/** The reason a request's signal aborts with once its exchange is over (made once: an abort without one builds an exception each time). */
const EXCHANGE_OVER = new DOMException("The exchange is over", "AbortError");

/** A body of a declared length, read to its end; `undefined` when the request broke off first. */
function _wholeBody(
  req: IncomingMessage,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    req.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    req.once(
      "end",
      () => resolve(concatBytes(chunks) as Uint8Array<ArrayBuffer>),
    );
    // After "end" these change nothing.
    req.once("error", () => resolve(undefined));
    req.once("close", () => resolve(undefined));
  });
}

/**
 * The request body as a pull stream (nothing is buffered ahead of the
 * reader), cut off past `maxBodyBytes`, or past `smallBodyBytes` without a
 * large-body slot (a chunked body announces no length).
 */
function _body(
  req: IncomingMessage,
  limits: McpHttpLimits,
  takeLarge: () => boolean,
): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let received = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller): Promise<void> {
      const { value, done } = await chunks.next();
      if (done) return controller.close();
      received += value.byteLength;
      if (
        received > limits.maxBodyBytes ||
        (received > limits.smallBodyBytes && !takeLarge())
      ) {
        req.socket.destroy();
        return controller.error(
          new RangeError("The request body is over the server's budget"),
        );
      }
      controller.enqueue(value);
    },
    async cancel(): Promise<void> {
      await chunks.return?.();
    },
  }, { highWaterMark: 0 });
}

/** What {@linkcode _settled} gives for a promise still pending. */
const PENDING: unique symbol = Symbol("pending");
const PENDING_NOW: Promise<typeof PENDING> = Promise.resolve(PENDING);

/** `promise`'s value once it settles within the jobs already queued, else {@linkcode PENDING}. */
function _settled<T>(promise: Promise<T>): Promise<T | typeof PENDING> {
  return new Promise((resolve, reject) => {
    promise.then(resolve, reject);
    nextTick(() => resolve(PENDING));
  });
}

/**
 * Writes `response` to `res`, honouring back-pressure; stops when the client
 * goes. The headers go out with the first chunk and the last chunk with the
 * end, so an answer ready at once is one write; a chunk not ready at once
 * lets out what came before it, so a stream is never held back.
 */
async function _send(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  limits: McpHttpLimits,
  slots: Slots,
): Promise<void> {
  if (res.destroyed) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.setHeader(name, value);
  if (!req.complete) res.setHeader("connection", "close");
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  let onClose = (): void => {};
  const gone = new Promise<void>((resolve) => onClose = resolve);
  // Removed once the answer is handed over: a response waits on its
  // connection until every answer before it is taken, and the listener
  // would hold this answer's body in memory all that time.
  const closed = (): void => {
    onClose();
    void reader.cancel().catch(() => {});
  };
  res.once("close", closed);
  try {
    const first = reader.read();
    let chunk = await _settled(first);
    if (chunk === PENDING) {
      res.flushHeaders();
      chunk = await first;
    }
    let sent = 0;
    let holdsAnswer = false;
    while (!chunk.done && !res.destroyed) {
      sent += chunk.value.length;
      if (sent > limits.smallAnswerBytes && !holdsAnswer) {
        if (!takeAnswer(res, limits, slots)) {
          void reader.cancel().catch(() => {});
          return _refuse(res, 503, "Too many large answers waiting to be read");
        }
        holdsAnswer = true;
      }
      const following = reader.read();
      const next = await Promise.race([following, PENDING_NOW]);
      if (next !== PENDING && next.done) {
        res.end(chunk.value);
        return;
      }
      if (!res.write(chunk.value)) {
        await Promise.race([
          new Promise<void>((resolve) => res.once("drain", resolve)),
          gone,
        ]);
      }
      chunk = next === PENDING ? await following : next;
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    res.off("close", closed);
  }
}

/** Answers early, without reading the body, and closes the connection. */
function _refuse(
  res: ServerResponse,
  status: number,
  message: string,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "connection": "close",
    ...(status === 503 ? { "retry-after": "1" } : {}),
  });
  // With `connection: close`, the socket is closed once this is written,
  // whatever of the body is still on its way.
  res.end(`${message}\n`);
}
