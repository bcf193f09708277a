// Copyright 2026 the skillscope authors. MIT license.
/**
 * The cross-process lock of a skills directory (`.skillscope-lock`): one
 * install, update or remove at a time.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { InstallError, throwIfInterrupted } from "./errors.ts";
import { MAX_PROCESS_LOCK_BYTES, readStateFileSync } from "./state_file.ts";

/** The cross-process lock's name (hidden, so never discovered). */
export const PROCESS_LOCK = ".skillscope-lock";

/**
 * Options of {@linkcode acquireLock}.
 *
 * @example Usage
 * ```ts
 * import { type LockOptions, verify } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const options: LockOptions = { timeoutMs: 1_000 };
 * assert.equal((await verify(await Deno.makeTempDir(), options)).ok, true);
 * ```
 */
export interface LockOptions {
  /** Give up after this long (ms). Default 30 000. */
  timeoutMs?: number;
  /**
   * A lock not refreshed for this long (ms) is taken over: its holder died.
   * Holders refresh it every third of this. Default 30 000.
   */
  staleMs?: number;
  /** Stops the wait for another process's lock (Ctrl-C). */
  signal?: AbortSignal;
}

/** A held lock. */
export interface LockHandle {
  /** Marks the lock as still in use (call during long synchronous work). */
  touch(): void;
  /** Releases the lock. */
  release(): void;
}

/**
 * Takes the skills directory's cross-process lock: a file created with
 * exclusive create, refreshed while held. A lock whose holder is gone — no
 * `/proc/<pid>` where that can be checked, or not refreshed for `staleMs` —
 * is taken over.
 *
 * @param dir The skills directory.
 * @param options Timeout and staleness.
 * @returns The held lock.
 * @throws {InstallError} `locked` when the lock stays held past the
 *   timeout; `interrupted` when `signal` fires while waiting.
 */
export async function acquireLock(
  dir: string,
  options: LockOptions = {},
): Promise<LockHandle> {
  const path = join(dir, PROCESS_LOCK);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 30_000;
  const token = JSON.stringify({
    pid: Deno.pid,
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
  });
  const started = Date.now();
  const encoded = new TextEncoder().encode(token);
  for (let attempt = 0;; attempt++) {
    let file: Deno.FsFile | undefined;
    try {
      file = Deno.openSync(path, { write: true, createNew: true });
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    }
    if (file !== undefined) {
      try {
        let offset = 0;
        while (offset < encoded.length) {
          offset += file.writeSync(encoded.subarray(offset));
        }
      } catch (error) {
        // A full disk: never leave a half-written lock behind.
        file.close();
        try {
          Deno.removeSync(path);
        } catch {
          // nothing more to do
        }
        throw new InstallError(
          "io-failed",
          `Cannot write the lock file ${path}: ${(error as Error).message}`,
          { cause: error },
        );
      }
      file.close();
      return held(path, token, staleMs);
    }
    const holder = readHolder(path);
    if (holder !== undefined && isStale(path, holder.pid, staleMs)) {
      let removed = false;
      try {
        if (readHolder(path)?.raw === holder.raw) {
          Deno.removeSync(path);
          removed = true;
        }
      } catch {
        // read-only directory, or someone else took it over: wait below
      }
      if (removed) continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new InstallError(
        "locked",
        `${dir} is locked by process ${
          holder !== undefined && holder.pid > 0 ? holder.pid : "?"
        } (${path}); try again, or remove that file if no install is running`,
      );
    }
    throwIfInterrupted(options.signal);
    await pause(
      Math.min(200, 10 + attempt * 10) + Math.random() * 20,
      options.signal,
    );
    throwIfInterrupted(options.signal);
  }
}

/** Waits `ms`, or until `signal` fires. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

function held(path: string, token: string, staleMs: number): LockHandle {
  let last = Date.now();
  const touch = (): void => {
    const now = Date.now();
    if (now - last < 250) return;
    last = now;
    try {
      Deno.utimeSync(path, new Date(now), new Date(now));
    } catch {
      // released or taken over
    }
  };
  const timer = setInterval(touch, Math.max(100, Math.floor(staleMs / 3)));
  Deno.unrefTimer(timer);
  return {
    touch,
    release(): void {
      clearInterval(timer);
      try {
        if (readHolder(path)?.raw === token) Deno.removeSync(path);
      } catch {
        // already gone
      }
    },
  };
}

/**
 * The current holder, or `undefined` when the lock is gone. A lock file that
 * is not a regular file (a planted symlink to a device, a FIFO) is never
 * read: it is an error that names the file.
 */
function readHolder(path: string): { pid: number; raw: string } | undefined {
  let raw: string | undefined;
  try {
    raw = readStateFileSync(path, MAX_PROCESS_LOCK_BYTES);
  } catch (error) {
    let regular: boolean;
    try {
      regular = Deno.lstatSync(path).isFile; // false for a symlink
    } catch {
      return undefined; // gone meanwhile: try again
    }
    if (regular) return { pid: -1, raw: "" }; // oversized garbage: judge by age
    throw new InstallError(
      "locked",
      `${path} is not a lock file skillscope wrote (${
        (error as Error).message
      }); remove it if no install is running`,
    );
  }
  if (raw === undefined) return undefined; // released meanwhile: try again
  try {
    const pid = Number(JSON.parse(raw).pid);
    return { pid: Number.isInteger(pid) ? pid : -1, raw };
  } catch {
    return { pid: -1, raw }; // being written right now, or garbage: judge by age
  }
}

function isStale(path: string, pid: number, staleMs: number): boolean {
  if (pid > 0 && pid !== Deno.pid && Deno.build.os === "linux") {
    const proc = `/proc/${pid}`;
    if (
      Deno.permissions.querySync({ name: "read", path: proc }).state ===
        "granted"
    ) {
      try {
        Deno.statSync(proc);
        return false; // alive
      } catch (error) {
        // Only "no such process" proves it dead; anything else (Deno may refuse
        // /proc without --allow-all) falls back to the lock's age.
        if (error instanceof Deno.errors.NotFound) return true;
      }
    }
  }
  try {
    const mtime = Deno.statSync(path).mtime?.getTime() ?? Date.now();
    return Date.now() - mtime > staleMs;
  } catch {
    return false;
  }
}
