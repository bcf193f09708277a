// Copyright 2026 the skillscope authors. MIT license.
/**
 * Bounded answers from an MCP server over Streamable HTTP: the `fetch` given
 * to the SDK's transport stops reading a response body once it passes the
 * byte budget of the request that asked for it, cancels the rest, and
 * answers the request with a JSON-RPC error at once (a streamed answer would
 * otherwise wait for its timeout). Nothing is buffered beyond the budget,
 * whatever the server sends, an endless stream included.
 *
 * A request names its budget with a header that the fetch takes off before
 * the request leaves; a request without one (`initialize`, notifications)
 * gets {@linkcode DEFAULT_RESPONSE_BYTES}, and a stream the client opens
 * with `GET` gets that much per event.
 *
 * @module
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";

/** Budget of an answer to a request that names none, and of each event on a `GET` stream. */
export const DEFAULT_RESPONSE_BYTES = 4 * 1024 * 1024;

/** The request header naming a budget; never sent. */
const BUDGET_HEADER = "x-skillscope-response-budget";

/** JSON-RPC "internal error", for the answer given in the server's place. */
const INTERNAL_ERROR = -32603;

/**
 * Thrown (and given to the SDK as the body's error) when an answer or a
 * request passes its budget.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ResponseBudgetError } from "./response_budget.ts";
 *
 * const error = new ResponseBudgetError("Too much");
 * assert.ok(error instanceof RangeError);
 * assert.equal(error.code, "response-budget-exceeded");
 * ```
 */
export class ResponseBudgetError extends RangeError {
  /** Always `"response-budget-exceeded"`. */
  readonly code = "response-budget-exceeded";

  /**
   * Constructs a new instance.
   *
   * @param message What went past which limit.
   */
  constructor(message: string) {
    super(message);
    this.name = "ResponseBudgetError";
  }
}

/**
 * The budget of the answer to a `resources/read` of a file of `bytes` bytes:
 * as JSON text every byte takes at most six characters (`\u0001`), as a
 * base64 blob less than three; 64 KiB more for the envelope and the framing.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readBudgetFor } from "./response_budget.ts";
 *
 * assert.equal(readBudgetFor(48), 288 + 65536);
 * ```
 *
 * @param bytes The file's size, listed or the most the caller accepts.
 * @returns The budget, in bytes.
 */
export function readBudgetFor(bytes: number): number {
  return 6 * bytes + 64 * 1024;
}

/** A byte allowance shared by the answers to every request that carries it. */
export interface ResponseBudget extends Disposable {
  /** Request headers (SDK request option `headers`) that charge an answer to this budget. */
  readonly headers: Readonly<Record<string, string>>;
  /** Whether an answer went past the budget and was cut. */
  readonly exceeded: boolean;
  /** The budget, in bytes. */
  readonly limit: number;
}

interface Allowance {
  readonly limit: number;
  remaining: number;
  requests: number;
  exceeded: boolean;
}

const tooLarge = (what: string, limit: number): ResponseBudgetError =>
  new ResponseBudgetError(
    `The answer to "${what}" went past ${limit} bytes; the rest was not read`,
  );

/**
 * The budgets of one connection, and the `fetch` that enforces them.
 *
 * @example An answer past its budget is cut
 * ```ts
 * import assert from "node:assert/strict";
 * import { ResponseLimits } from "./response_budget.ts";
 *
 * const limits = new ResponseLimits();
 * const delivered: unknown[] = [];
 * const bounded = limits.fetch(
 *   (message) => delivered.push(message),
 *   () => Promise.resolve(new Response("x".repeat(100))),
 * );
 * using budget = limits.budget(10);
 * const response = await bounded("http://127.0.0.1:8808/mcp", {
 *   method: "POST",
 *   headers: budget.headers,
 *   body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/read" }),
 * });
 * await assert.rejects(response.text(), /went past 10 bytes/);
 * assert.equal(budget.exceeded, true);
 * assert.equal(delivered.length, 1); // the request is answered with an error
 * ```
 */
export class ResponseLimits {
  readonly #budgets = new Map<string, Allowance>();
  #next = 0;

  /**
   * A budget of `bytes` for the answers to the requests that carry its
   * headers; dispose of it when they are done.
   *
   * @param bytes The allowance, all answers together.
   * @param requests The most requests that may carry it.
   * @returns The budget.
   */
  budget(bytes: number, requests: number = Infinity): ResponseBudget {
    const id = String(++this.#next);
    const allowance: Allowance = {
      limit: bytes,
      remaining: bytes,
      requests,
      exceeded: false,
    };
    this.#budgets.set(id, allowance);
    const budgets = this.#budgets;
    return {
      headers: Object.freeze({ [BUDGET_HEADER]: id }),
      get exceeded(): boolean {
        return allowance.exceeded;
      },
      limit: bytes,
      [Symbol.dispose](): void {
        budgets.delete(id);
      },
    };
  }

  /**
   * The `fetch` for the SDK's transport.
   *
   * @param deliver Hands a message to the client as if the server sent it
   *   (the transport's `onmessage`).
   * @param base The fetch to wrap.
   * @returns The bounded fetch.
   */
  fetch(
    deliver: (message: JSONRPCMessage) => void,
    base: typeof fetch = fetch,
  ): typeof fetch {
    return async (input, init): Promise<Response> => {
      const headers = new Headers(init?.headers);
      const id = headers.get(BUDGET_HEADER);
      headers.delete(BUDGET_HEADER);
      const { method, ids } = requestsIn(init?.body);
      const what = method ?? (init?.method ?? "GET").toUpperCase();
      const named = id === null ? undefined : this.#budgets.get(id);
      if (named !== undefined && named.requests-- <= 0) named.exceeded = true;
      if (named?.exceeded) {
        throw new ResponseBudgetError(
          `"${what}" is past the budget of the requests it belongs to`,
        );
      }
      const perEvent = named === undefined && ids.length === 0;
      const allowance = named ?? {
        limit: DEFAULT_RESPONSE_BYTES,
        remaining: DEFAULT_RESPONSE_BYTES,
        requests: Infinity,
        exceeded: false,
      };
      const response = await base(input, { ...init, headers });
      if (response.body === null) return response;
      const overflow = (): ResponseBudgetError => {
        allowance.exceeded = true;
        const error = tooLarge(what, allowance.limit);
        for (const requestId of ids) {
          try {
            deliver({
              jsonrpc: "2.0",
              id: requestId,
              error: { code: INTERNAL_ERROR, message: error.message },
            });
          } catch {
            // The request was answered already.
          }
        }
        return error;
      };
      const declared = Number(response.headers.get("content-length") ?? "");
      if (!perEvent && declared > allowance.remaining) {
        await response.body.cancel().catch(() => {});
        throw overflow();
      }
      return new Response(
        metered(response.body, allowance, perEvent, overflow),
        {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        },
      );
    };
  }
}

/** The method and the request ids of an outgoing JSON-RPC body (one message or a batch). */
function requestsIn(
  body: BodyInit | null | undefined,
): { method: string | undefined; ids: (string | number)[] } {
  if (typeof body !== "string") return { method: undefined, ids: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { method: undefined, ids: [] };
  }
  let method: string | undefined;
  const ids: (string | number)[] = [];
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (typeof message !== "object" || message === null) continue;
    const { id, method: name } = message as { id?: unknown; method?: unknown };
    if (typeof name !== "string") continue;
    method ??= name;
    if (typeof id === "string" || typeof id === "number") ids.push(id);
  }
  return { method, ids };
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * `body`, read only while the allowance lasts: in total, or with `perEvent`
 * between the blank lines that end server-sent events. Past it the body is
 * cancelled and the stream errors with `overflow()`.
 */
function metered(
  body: ReadableStream<Uint8Array>,
  allowance: Allowance,
  perEvent: boolean,
  overflow: () => Error,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let inEvent = 0;
  let lineStart = true;
  let afterCr = false;
  const fits = (chunk: Uint8Array): boolean => {
    if (!perEvent) {
      allowance.remaining -= chunk.byteLength;
      return allowance.remaining >= 0;
    }
    for (const byte of chunk) {
      inEvent++;
      if (byte === CR || (byte === LF && !afterCr)) {
        // An empty line ends the event.
        if (lineStart) inEvent = 0;
        lineStart = true;
      } else if (byte !== LF) {
        lineStart = false;
      }
      afterCr = byte === CR;
      if (inEvent > allowance.limit) return false;
    }
    return true;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller): Promise<void> {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        controller.error(error);
        return;
      }
      if (next.done) {
        controller.close();
        return;
      }
      if (fits(next.value)) {
        controller.enqueue(next.value);
        return;
      }
      await reader.cancel().catch(() => {});
      controller.error(overflow());
    },
    cancel(reason): Promise<void> {
      return reader.cancel(reason);
    },
  });
}
