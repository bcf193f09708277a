// Copyright 2026 the skillscope authors. MIT license.
/**
 * A newline-delimited JSON-RPC transport over byte streams (stdin/stdout)
 * that answers malformed input as JSON-RPC asks (`-32700`, `-32600`), caps
 * the length of a line, and applies backpressure: it stops reading while
 * too many requests are in flight or too much output is waiting.
 *
 * @module
 */
import { concatBytes } from "../shared/concat_bytes.ts";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { parseJSONRPCMessage } from "@modelcontextprotocol/server";

/**
 * Longest line read (bytes, 4 MiB by default): a longer one is answered `-32600` and skipped.
 */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;
/**
 * Most requests in flight before reading pauses (default).
 */
export const MAX_IN_FLIGHT = 32;
/**
 * Most response bytes waiting to be written before reading pauses (default 8 MiB).
 */
export const MAX_PENDING_OUTPUT_BYTES = 8 * 1024 * 1024;

/**
 * Options of {@linkcode LineTransport}.
 *
 * @example Tighter caps on stdio
 * ```ts
 * import { defaultSources, SkillSet } from "@skillscope/skills";
 * import { type LineTransportOptions, serveMcp } from "@skillscope/skills/mcp";
 *
 * // What an MCP client's configuration runs: serve on stdin/stdout until it closes.
 * async function serveOnStdio(): Promise<void> {
 *   const stdio: LineTransportOptions = { maxLineBytes: 1024 * 1024, maxInFlight: 8 };
 *   await serveMcp(await SkillSet.open({ sources: defaultSources() }), { stdio });
 * }
 * if (import.meta.main && Deno.args.includes("--stdio")) await serveOnStdio();
 * ```
 */
export interface LineTransportOptions {
  /** Longest line (default {@linkcode MAX_LINE_BYTES}). */
  readonly maxLineBytes?: number;
  /** Most requests in flight (default {@linkcode MAX_IN_FLIGHT}). */
  readonly maxInFlight?: number;
  /** Most output bytes waiting (default {@linkcode MAX_PENDING_OUTPUT_BYTES}). */
  readonly maxPendingOutputBytes?: number;
  /** Where problems with the input are logged (default: dropped). */
  readonly onLog?: (message: string) => void;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * An MCP `Transport` over a readable and a writable byte stream, one JSON
 * message per line.
 *
 * - A line that is not JSON gets `-32700` (Parse error); a batch (array), a
 *   message that is not a valid JSON-RPC request, notification or response,
 *   and `params: null` get `-32600` (Invalid Request) — each with the
 *   request's `id` when it has one, else `null`; the server goes on.
 * - A line longer than `maxLineBytes` is skipped up to its newline and
 *   answered `-32600`.
 * - Reading waits while `maxInFlight` requests are unanswered or more than
 *   `maxPendingOutputBytes` of output is waiting, so a client that reads
 *   slowly cannot make the server buffer without bound.
 * - A failed read or write ends the transport with `onerror` then `onclose`.
 *
 * @example Usage
 * ```ts ignore
 * import { LineTransport } from "@skillscope/skills/mcp";
 *
 * await server.connect(new LineTransport(Deno.stdin.readable, Deno.stdout.writable));
 * ```
 */
export class LineTransport implements Transport {
  /** Called with each message that arrives. */
  onmessage?: (message: JSONRPCMessage) => void;
  /** Called once when the transport ends. */
  onclose?: () => void;
  /** Called when reading or writing fails. */
  onerror?: (error: Error) => void;

  #readable: ReadableStream<Uint8Array>;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #maxLine: number;
  #maxInFlight: number;
  #maxPending: number;
  #log: (message: string) => void;
  #inFlight = new Set<string | number>();
  #pendingBytes = 0;
  #wake: (() => void) | undefined;
  #closed = false;
  #failed: Error | undefined;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #writes: Promise<void> = Promise.resolve();

  /**
   * Constructs a new instance.
   *
   * @param readable Where messages come from (e.g. `Deno.stdin.readable`).
   * @param writable Where messages go (e.g. `Deno.stdout.writable`).
   * @param options Limits and logging.
   */
  constructor(
    readable: ReadableStream<Uint8Array>,
    writable: WritableStream<Uint8Array>,
    options: LineTransportOptions = {},
  ) {
    this.#readable = readable;
    this.#writer = writable.getWriter();
    // A failed write is reported through send(); the writer's own closed
    // promise rejects as well and must not become an unhandled rejection.
    this.#writer.closed.catch(() => {});
    this.#maxLine = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.#maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
    this.#maxPending = options.maxPendingOutputBytes ??
      MAX_PENDING_OUTPUT_BYTES;
    this.#log = options.onLog ?? (() => {});
  }

  /**
   * Starts reading in the background.
   *
   * @returns A promise that settles once reading has started.
   */
  start(): Promise<void> {
    this.#reader = this.#readable.getReader();
    this.#readLoop().catch((error) => this.#fail(error));
    return Promise.resolve();
  }

  /**
   * Writes one message as a line; resolves once it has been written.
   *
   * @param message The message.
   * @returns A promise that settles when the line is written.
   */
  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("transport closed"));
    const bytes = encoder.encode(`${JSON.stringify(message)}\n`);
    if ("id" in message && ("result" in message || "error" in message)) {
      this.#inFlight.delete(message.id as string | number);
    }
    this.#pendingBytes += bytes.length;
    const write = this.#writes.then(() => {
      if (this.#failed !== undefined) throw this.#failed;
      return this.#writer.write(bytes);
    }).finally(
      () => {
        this.#pendingBytes -= bytes.length;
        this.#wakeUp();
      },
    );
    this.#writes = write.catch(() => {});
    // A failed write ends the transport (onerror, then onclose); the
    // promise still settles normally so no caller is left with a rejection
    // it does not handle.
    return write.catch((error) => this.#fail(error));
  }

  /**
   * Stops reading and writing.
   *
   * @returns A promise that settles when the transport is closed.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#wakeUp();
    await this.#reader?.cancel().catch(() => {});
    await this.#writes;
    await this.#writer.close().catch(() => {});
    this.onclose?.();
  }

  #fail(error: unknown): void {
    if (this.#failed !== undefined) return;
    this.#failed = error instanceof Error ? error : new Error(String(error));
    this.onerror?.(this.#failed);
    void this.close();
  }

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  async #readLoop(): Promise<void> {
    const reader = this.#reader!;
    let parts: Uint8Array[] = [];
    let length = 0;
    let skipping = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done || this.#closed) break;
      let start = 0;
      for (;;) {
        const newline = value.indexOf(10, start);
        const end = newline === -1 ? value.length : newline;
        if (!skipping) {
          if (length + (end - start) > this.#maxLine) {
            skipping = true;
            parts = [];
            length = 0;
            this.#log(
              `a message longer than ${this.#maxLine} bytes was skipped`,
            );
            await this.#reply(
              null,
              -32600,
              `Invalid Request: the message is longer than ${this.#maxLine} bytes`,
            );
          } else {
            parts.push(value.subarray(start, end));
            length += end - start;
          }
        }
        if (newline === -1) break;
        if (!skipping) await this.#line(concatBytes(parts));
        parts = [];
        length = 0;
        skipping = false;
        start = newline + 1;
        if (this.#closed) return;
      }
    }
    if (!skipping && length > 0) await this.#line(concatBytes(parts));
    // End of input: answer what is in flight, then end.
    while (this.#inFlight.size > 0 && !this.#closed) await this.#wait();
    await this.close();
  }

  /** Waits until a response is written or the transport closes. */
  #wait(): Promise<void> {
    return new Promise((resolve) => this.#wake = resolve);
  }

  async #line(bytes: Uint8Array): Promise<void> {
    const text = decoder.decode(bytes).replace(/\r$/, "");
    if (text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.#log("a message that is not JSON was answered -32700");
      await this.#reply(null, -32700, "Parse error: the message is not JSON");
      return;
    }
    const id = idOf(value);
    if (Array.isArray(value)) {
      await this.#reply(
        null,
        -32600,
        "Invalid Request: batches are not supported",
      );
      return;
    }
    if (
      value !== null && typeof value === "object" &&
      "params" in value &&
      (value.params === null || typeof value.params !== "object")
    ) {
      await this.#reply(
        id,
        -32600,
        "Invalid Request: params must be an object",
      );
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      await this.#reply(
        id,
        -32600,
        "Invalid Request: not a JSON-RPC 2.0 message",
      );
      return;
    }
    if (
      "method" in message && !("id" in message) &&
      message.method === "notifications/cancelled"
    ) {
      // A cancelled request is not answered (the SDK drops its response):
      // it stops counting as in flight, or reading and the end of input
      // would wait for it forever.
      const cancelled = (message.params as { requestId?: unknown } | undefined)
        ?.requestId;
      if (
        (typeof cancelled === "string" || typeof cancelled === "number") &&
        this.#inFlight.delete(cancelled)
      ) this.#wakeUp();
    }
    if ("method" in message && "id" in message) {
      while (
        !this.#closed &&
        (this.#inFlight.size >= this.#maxInFlight ||
          this.#pendingBytes > this.#maxPending)
      ) {
        await this.#wait();
      }
      this.#inFlight.add(message.id);
    }
    this.onmessage?.(message);
    while (!this.#closed && this.#pendingBytes > this.#maxPending) {
      await this.#wait();
    }
  }

  async #reply(
    id: string | number | null,
    code: number,
    message: string,
  ): Promise<void> {
    await this.send(
      {
        jsonrpc: "2.0",
        id,
        error: { code, message },
      } as unknown as JSONRPCMessage,
    ).catch(() => {});
  }
}

function idOf(value: unknown): string | number | null {
  if (value === null || typeof value !== "object" || !("id" in value)) {
    return null;
  }
  const id = (value as { id: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
