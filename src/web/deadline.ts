// Copyright 2026 the skillscope authors. MIT license.
/**
 * One deadline over a whole operation on a website (an index read and the
 * downloads of one skill), given to every request as its signal: however
 * many requests there are, and however slowly each one trickles, the
 * operation ends when the deadline passes.
 *
 * @module
 */
import { WebFetchError } from "./errors.ts";

/** Longest one operation on a website may take, every request included (ms). */
export const DEFAULT_DEADLINE_MS = 120_000;

/**
 * The default deadline of a command over many skills (`check`, `update`,
 * `restore`): every web request of it shares it (ms).
 */
export const DEFAULT_COMMAND_DEADLINE_MS = 600_000;

/**
 * A deadline: `signal` aborts when it passes (with a `web-timeout`
 * {@linkcode WebFetchError} as its reason) or when the signal it was made
 * from aborts (with that signal's reason). Disposing of it clears its timer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { webDeadline } from "./deadline.ts";
 *
 * using deadline = webDeadline(60_000, 'Installing "pdf" from "https://example.com/"');
 * assert.equal(deadline.signal.aborted, false);
 * ```
 */
export interface WebDeadline extends Disposable {
  /** Aborts when the deadline passes or the operation is cancelled. */
  readonly signal: AbortSignal;
}

/**
 * Starts a deadline of `ms` over what `what` describes (for the message),
 * tied to `signal` when there is one.
 *
 * @example Stop a slow operation
 * ```ts
 * import assert from "node:assert/strict";
 * import { webDeadline } from "./deadline.ts";
 *
 * using deadline = webDeadline(10, 'Reading "https://example.com/"');
 * await new Promise((resolve) => setTimeout(resolve, 30));
 * assert.match(String(deadline.signal.reason), /took longer than 10 ms/);
 * ```
 *
 * @param ms How long the operation may take.
 * @param what What the operation is, for the message (`Installing "x" from "URL"`).
 * @param signal The caller's signal (cancellation), if any.
 * @returns The deadline; dispose of it when the operation ends.
 */
export function webDeadline(
  ms: number,
  what: string,
  signal?: AbortSignal,
): WebDeadline {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new WebFetchError(
        "web-timeout",
        "",
        `${what} took longer than ${ms} ms, its deadline; stopped`,
      ),
    );
  }, ms);
  // Never what keeps the process alive.
  Deno.unrefTimer(timer);
  const stop = (): void => controller.abort(signal?.reason);
  if (signal?.aborted) stop();
  else signal?.addEventListener("abort", stop, { once: true });
  return {
    signal: controller.signal,
    [Symbol.dispose](): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
    },
  };
}
