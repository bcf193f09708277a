// Copyright 2026 the skillscope authors. MIT license.
/**
 * Ctrl-C (SIGINT), SIGTERM and SIGHUP during `install` and `update`: instead of the
 * runtime's immediate exit, which would leave the scratch clone, the
 * directory's lock and a running git behind, the operation's signal fires,
 * the installer stops git, cleans up and rejects with `interrupted`, and the
 * command says what was changed and exits 130 (128 + SIGINT, as shells do).
 *
 * @module
 */
import { InstallError } from "../install/errors.ts";
import { writeErr, writeJson } from "./io.ts";

/** The exit code after an interruption. */
export const EXIT_INTERRUPTED = 130;

/**
 * The signals that interrupt an operation (only SIGINT is heard on
 * Windows): a terminal's hang-up is handled as SIGTERM is.
 */
const SIGNALS: readonly Deno.Signal[] = Deno.build.os === "windows"
  ? ["SIGINT"]
  : ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Runs `run` with a signal that SIGINT, SIGTERM or SIGHUP fires; an `interrupted`
 * error becomes one line on stderr (`interrupted; nothing was changed`)
 * and exit 130. A second signal ends the process at once.
 *
 * @example An interruption is one line and exit 130
 * ```ts
 * import assert from "node:assert/strict";
 * import { interruptedError } from "../install/errors.ts";
 * import { EXIT_INTERRUPTED, interruptible } from "./interrupt.ts";
 *
 * const code = await interruptible(() => Promise.reject(interruptedError([], "installed")));
 * assert.equal(code, EXIT_INTERRUPTED);
 * assert.equal(await interruptible(() => Promise.resolve(0)), 0);
 * ```
 *
 * @param run The command's work, given the signal to pass to the installer.
 * @param options `json`: the command was given `--json`, and the
 *   interruption is also written to stdout as its documented
 *   `{"error": {"code": "interrupted", "message": …}}`.
 * @returns The command's exit code, or {@linkcode EXIT_INTERRUPTED}.
 */
export async function interruptible(
  run: (signal: AbortSignal) => Promise<number>,
  options: { json?: boolean } = {},
): Promise<number> {
  const controller = new AbortController();
  const heard = (): void => {
    if (controller.signal.aborted) Deno.exit(EXIT_INTERRUPTED);
    controller.abort();
  };
  for (const signal of SIGNALS) Deno.addSignalListener(signal, heard);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (!(error instanceof InstallError) || error.code !== "interrupted") {
      throw error;
    }
    if (options.json === true) {
      writeJson({ error: { code: error.code, message: error.message } });
    }
    writeErr(`${error.message.replace(/^Interrupted/, "interrupted")}\n`);
    return EXIT_INTERRUPTED;
  } finally {
    for (const signal of SIGNALS) Deno.removeSignalListener(signal, heard);
  }
}
