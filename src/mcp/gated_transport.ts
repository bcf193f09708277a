// Copyright 2026 the skillscope authors. MIT license.
/**
 * A transport that lets the MCP handshake through while the skills are still
 * being discovered: `initialize`, `ping`, and every notification and
 * response go to the server at once; every other request waits, in order,
 * until the skill set is ready (and is dropped if it never is: the
 * connection then ends). A client that starts a server answers its user sooner,
 * and no handler ever sees a set that is not there yet. Its `greeted`
 * promise says when the client's first message has been dealt with (its
 * answer sent, or held back), so that what serves the rest may load after
 * the handshake instead of delaying it.
 *
 * @module
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";

/** What may be answered before the skills are discovered. */
const HANDSHAKE: ReadonlySet<string> = new Set(["initialize", "ping"]);

/**
 * Wraps a transport (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { GatedTransport } from "./gated_transport.ts";
 * import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
 * import assert from "node:assert/strict";
 *
 * const inner: Transport = { start: async () => {}, send: async () => {}, close: async () => {} };
 * const ready = Promise.withResolvers<void>();
 * const gated = new GatedTransport(inner, ready.promise);
 * const seen: string[] = [];
 * gated.onmessage = (m: JSONRPCMessage) => seen.push("method" in m ? m.method : "?");
 * await gated.start();
 * inner.onmessage!({ jsonrpc: "2.0", id: 1, method: "tools/list" });
 * inner.onmessage!({ jsonrpc: "2.0", id: 2, method: "initialize", params: {} } as JSONRPCMessage);
 * assert.deepEqual(seen, ["initialize"]);
 * ready.resolve();
 * await ready.promise;
 * await Promise.resolve();
 * assert.deepEqual(seen, ["initialize", "tools/list"]);
 * ```
 */
export class GatedTransport implements Transport {
  /** Set by the server: where messages go. */
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set by the server: the connection ended. */
  onclose?: () => void;
  /** Set by the server: the connection failed. */
  onerror?: (error: Error) => void;
  /**
   * Settles once the client's first message has been dealt with: let
   * through, a request has had its answer sent (a notification needs
   * none); held back, it waits. Or once the connection ended.
   */
  readonly greeted: Promise<void>;
  #failure: Error | undefined;
  readonly #inner: Transport;
  /** Held messages; `undefined` once let through; `false` once dropped. */
  #held: JSONRPCMessage[] | undefined | false = [];
  readonly #greet = Promise.withResolvers<void>();
  #first = true;

  /**
   * Constructs a new instance.
   *
   * @param inner The transport to the client.
   * @param ready Settles when the skill set is ready. A failure is the
   *   caller's to report, and to end the connection for: the held requests,
   *   and every later one but the handshake, are dropped.
   */
  constructor(inner: Transport, ready: Promise<unknown>) {
    this.#inner = inner;
    this.greeted = this.#greet.promise;
    inner.onmessage = (message) => {
      const method = "method" in message ? message.method : undefined;
      const first = this.#first;
      this.#first = false;
      // Only requests wait (as many as the transport lets be in flight): a
      // notification or a response needs no handler of the set, and holding
      // them would let a client grow the queue without bound.
      const request = method !== undefined && "id" in message;
      if (
        this.#held === undefined || !request || HANDSHAKE.has(method)
      ) {
        this.onmessage?.(message);
        // A first notification (or a stray response) gets no answer.
        if (first && !request) this.#greet.resolve();
      } else {
        if (this.#held !== false) this.#held.push(message);
        if (first) this.#greet.resolve();
      }
    };
    inner.onclose = () => {
      this.#greet.resolve();
      this.onclose?.();
    };
    inner.onerror = (error) => {
      this.#failure ??= error;
      this.onerror?.(error);
    };
    const release = (): void => {
      const held = this.#held || [];
      this.#held = undefined;
      for (const message of held) this.onmessage?.(message);
    };
    ready.then(release, () => {
      this.#held = false;
    });
  }

  /**
   * The first failure of the connection itself (a read or a write), as
   * opposed to the errors the server reports of what it was sent.
   *
   * @returns The error, or `undefined`.
   */
  get failure(): Error | undefined {
    return this.#failure;
  }

  /**
   * Starts the inner transport.
   *
   * @returns When it has started.
   */
  start(): Promise<void> {
    return this.#inner.start();
  }

  /**
   * Sends a message to the client.
   *
   * @param message The message.
   * @returns When it is written.
   */
  async send(message: JSONRPCMessage): Promise<void> {
    try {
      await this.#inner.send(message);
    } finally {
      this.#greet.resolve();
    }
  }

  /**
   * Closes the connection.
   *
   * @returns When it is closed.
   */
  close(): Promise<void> {
    this.#greet.resolve();
    return this.#inner.close();
  }
}
