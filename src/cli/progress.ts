// Copyright 2026 the skillscope authors. MIT license.
/**
 * Progress of long work (a clone, a fetch, hashing a big tree, checking
 * many skills) on stderr: one line with a spinner, redrawn in place and
 * cleared when the work ends, only when stderr is a terminal (the spinner
 * coloured unless colour is off). Off a terminal nothing is written, so
 * logs and pipes see only results.
 *
 * @module
 */
import { painter } from "./colour.ts";
import { field, writeBytes } from "./io.ts";

/** A progress line, or nothing off a terminal. */
export interface Progress {
  /** The callback the install operations take (`undefined` off a terminal). */
  readonly onProgress: ((message: string) => void) | undefined;
  /** Clears the line; call it before printing results (and on failure). */
  done(): void;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const encoder = new TextEncoder();
const CLEAR = "\r\x1b[K";

/**
 * Starts a progress line on stderr when it is a terminal.
 *
 * @example Usage
 * ```ts
 * import { startProgress } from "./progress.ts";
 * import assert from "node:assert/strict";
 *
 * const progress = startProgress();
 * progress.onProgress?.("Fetching…");
 * progress.done();
 * assert.equal(typeof progress.done, "function");
 * ```
 *
 * @returns The progress line.
 */
export function startProgress(): Progress {
  if (!Deno.stderr.isTerminal()) {
    return { onProgress: undefined, done: () => {} };
  }
  let message = "";
  let frame = 0;
  let shown = false;
  const paint = painter("stderr");
  const draw = (): void => {
    if (message === "") return;
    const width = columns() - 3;
    const text = field(message);
    const line = `${paint(FRAMES[frame++ % FRAMES.length]!, "note")} ${
      text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text
    }`;
    write(`${CLEAR}${line}`);
    shown = true;
  };
  const timer = setInterval(draw, 100);
  Deno.unrefTimer(timer);
  return {
    onProgress: (next) => {
      message = next;
      draw();
    },
    done: () => {
      clearInterval(timer);
      if (shown) write(CLEAR);
      shown = false;
      message = "";
    },
  };
}

function columns(): number {
  try {
    return Deno.consoleSize().columns || 80;
  } catch {
    return 80;
  }
}

function write(text: string): void {
  try {
    writeBytes(Deno.stderr, encoder.encode(text));
  } catch {
    // a progress line is never worth failing for
  }
}
