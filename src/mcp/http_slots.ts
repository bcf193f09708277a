// Copyright 2026 the skillscope authors. MIT license.
/**
 * The slots of the MCP HTTP listener: requests in flight, large request
 * bodies, and large answers waiting for their clients.
 *
 * @module
 */
import type { ServerResponse } from "node:http";

/** What the requests in flight of one listener hold. */
export interface Slots {
  requests: number;
  large: number;
  answers: number;
}

/**
 * Takes a large-answer slot for `res` (released once it is taken by the
 * client, or gone; cut off past the request deadline): `false` when all
 * are held. An answer held for a client that never reads stays in memory,
 * so their number is what bounds that memory.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { EventEmitter } from "node:events";
 * import type { ServerResponse } from "node:http";
 * import { DEFAULT_MCP_HTTP_LIMITS } from "./http_listener.ts";
 * import { takeAnswer } from "./http_slots.ts";
 *
 * const slots = { requests: 0, large: 0, answers: 0 };
 * const limits = { ...DEFAULT_MCP_HTTP_LIMITS, largeAnswers: 1 };
 * const res = Object.assign(new EventEmitter(), { destroy() {} }) as unknown as ServerResponse;
 * assert.equal(takeAnswer(res, limits, slots), true);
 * assert.equal(takeAnswer(res, limits, slots), false);
 * res.emit("finish");
 * assert.equal(slots.answers, 0);
 * ```
 *
 * @param res The response.
 * @param limits `largeAnswers` and `requestTimeoutMs`.
 * @param slots The listener's slots.
 * @returns Whether a slot was taken.
 */
export function takeAnswer(
  res: ServerResponse,
  limits: { readonly largeAnswers: number; readonly requestTimeoutMs: number },
  slots: Slots,
): boolean {
  if (slots.answers >= limits.largeAnswers) return false;
  slots.answers++;
  const deadline = setTimeout(() => res.destroy(), limits.requestTimeoutMs);
  Deno.unrefTimer(deadline);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    clearTimeout(deadline);
    slots.answers--;
  };
  res.once("finish", release);
  res.once("close", release);
  return true;
}
