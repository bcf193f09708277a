// Copyright 2026 the skillscope authors. MIT license.
/**
 * The worker threads an async scan lists large directories on and reads
 * `SKILL.md` heads ahead on: one at a time per `discover()` call, each
 * started for its request and stopped after it.
 *
 * - Listing: Deno's `readDir` yields each entry through an async
 *   generator, which for 100,000 entries cost about three times
 *   `readDirSync` (310–370 ms against 85–130 ms); the worker runs
 *   `readDirSync` and hands the entries back as a few strings, each decoded
 *   in its own turn of the event loop.
 * - Reading ahead (`read_ahead.ts`): once a listing has needed a worker, a
 *   worker of its own does the file operations of each skill of a large
 *   flat root while this thread parses.
 *
 * The worker inherits this process's permissions. Where it cannot start,
 * fails, or {@linkcode MAX_SCAN_WORKERS} already run, the scan does the
 * same work on this thread (listing with the async `readDir`, so an error
 * is the real one).
 *
 * @module
 */
import {
  type NamedFiles,
  ReadAhead,
  type WorkerChannel,
} from "./read_ahead.ts";
import { SCAN_WORKER_SOURCE } from "./scan_worker_source.ts";

// A data: URL, not a blob: one: a compiled binary loads only the former
// (denoland/deno#29962).
const WORKER_URL = `data:text/javascript,${
  encodeURIComponent(SCAN_WORKER_SOURCE)
}`;

/**
 * The entries of a worker's listing answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { entriesOf } from "./scan_worker.ts";
 *
 * const [dir, link] = entriesOf("dskills\0lnotes");
 * assert.deepEqual(dir, { name: "skills", isFile: false, isDirectory: true, isSymlink: false });
 * assert.equal(link!.isSymlink, true);
 * ```
 *
 * @param answer NUL-separated fields of a type letter and a name (not empty).
 * @returns The entries.
 */
export function entriesOf(answer: string): Deno.DirEntry[] {
  const fields = answer.split("\0");
  const entries: Deno.DirEntry[] = new Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const type = field.charCodeAt(0);
    entries[i] = {
      name: field.slice(1),
      isFile: type === 102, // f
      isDirectory: type === 100, // d
      isSymlink: type === 108, // l
    };
  }
  return entries;
}

/**
 * Scan workers that may run at once: each is a thread with its own heap,
 * so many concurrent scans of large directories do not start one each.
 */
export const MAX_SCAN_WORKERS = 2;

/**
 * How many scan workers run now (for tests of the bound).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { scanWorkers } from "./scan_worker.ts";
 *
 * assert.equal(scanWorkers(), 0);
 * ```
 *
 * @returns The count.
 */
export function scanWorkers(): number {
  return ScanThread.running;
}

/**
 * One scan's worker threads: one for each large listing, stopped after it,
 * and, once a listing has needed one, one for each read-ahead session,
 * stopped when the session ends. One request runs at a time;
 * {@linkcode ScanThread.close} stops whatever runs and starts no more.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScanThread } from "./scan_worker.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/pdf-tools`);
 * const thread = new ScanThread();
 * try {
 *   const [entry] = await thread.list(dir);
 *   assert.equal(entry!.name, "pdf-tools");
 *   assert.equal(entry!.isDirectory, true);
 * } finally {
 *   thread.close();
 * }
 * ```
 */
export class ScanThread {
  /** Workers running now, of every scan: the bound is per process. */
  static #running = 0;

  /** How many scan workers run now, in this process. */
  static get running(): number {
    return ScanThread.#running;
  }
  /** The worker of the request that runs, if any. */
  #worker: Worker | undefined;
  /** Set once no worker is to be used: one could not start, failed, or this was closed. */
  #done = false;
  /** A request or read-ahead session runs (its worker may still be starting). */
  #busy = false;
  /** A listing ran on a worker: the scan has a large directory. */
  #listedOnWorker = false;
  #onMessage: ((data: unknown) => void) | undefined;
  #onFail: (() => void) | undefined;

  /**
   * Lists `dir` on a worker started for it, or with the async `readDir` on
   * this thread where none can start or it fails.
   *
   * @param dir The directory.
   * @returns Its entries.
   * @throws {Deno.errors.NotFound} and the other errors listing it gives.
   */
  async list(dir: string): Promise<Deno.DirEntry[]> {
    if (!this.#busy) {
      this.#busy = true;
      try {
        const worker = await this.#start();
        const entries = worker === undefined
          ? undefined
          : await this.#listOn(worker, dir);
        if (entries !== undefined) {
          this.#listedOnWorker = true;
          return entries;
        }
      } finally {
        // Stopped at once: kept, it would hold the listing's garbage (34 MiB
        // of peak memory for 50,000 entries) and one of the workers allowed.
        this.#stop();
        this.#busy = false;
      }
    }
    return await Array.fromAsync(Deno.readDir(dir));
  }

  /**
   * Starts reading the heads of `files` ahead on a worker of its own, once
   * a listing of this scan has run on a worker (a large directory).
   * `undefined` where none has, or a request runs; else a promise of the
   * session (or of `undefined`, where the worker cannot start), settled in
   * a later turn of the event loop: starting a worker holds this thread for
   * 10-20 ms, in a turn of its own. The worker stops when the session ends.
   *
   * @param files The files: `prefix + name + suffix` for each name.
   * @returns The session, a promise of it, or `undefined`.
   */
  readAhead(
    files: NamedFiles,
  ): Promise<ReadAhead | undefined> | undefined {
    if (
      !this.#listedOnWorker || this.#busy || this.#done ||
      files.names.length === 0
    ) {
      return undefined;
    }
    this.#busy = true;
    return this.#readAheadOn(files);
  }

  /** A session on a new worker. */
  async #readAheadOn(files: NamedFiles): Promise<ReadAhead | undefined> {
    const worker = await this.#start();
    if (worker === undefined) {
      this.#busy = false;
      return undefined;
    }
    const channel: WorkerChannel = {
      post: (message) => worker.postMessage(message),
      receive: (onMessage, onFail) => {
        this.#onMessage = onMessage;
        this.#onFail = onFail;
      },
      release: () => {
        this.#onMessage = undefined;
        this.#onFail = undefined;
        this.#stop();
        this.#busy = false;
      },
    };
    return new ReadAhead(channel, files);
  }

  /**
   * Stops the worker that runs and starts no more (later listings run on
   * this thread); a read-ahead session still open goes on without it, its
   * scan reading the rest.
   */
  close(): void {
    const onFail = this.#onFail;
    this.#done = true;
    this.#stop();
    onFail?.();
  }

  /** A new worker, started in a turn of its own; `undefined` where none can start. */
  async #start(): Promise<Worker | undefined> {
    if (this.#done || ScanThread.#running >= MAX_SCAN_WORKERS) return undefined;
    // Starting a worker holds this thread for 10-20 ms: in a turn of its own.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.#done || ScanThread.#running >= MAX_SCAN_WORKERS) return undefined;
    let worker: Worker;
    try {
      worker = new Worker(WORKER_URL, { type: "module" });
    } catch {
      this.#done = true; // no workers here
      return undefined;
    }
    ScanThread.#running++;
    worker.onmessage = (event: MessageEvent<unknown>) => {
      this.#onMessage?.(event.data);
    };
    const fail = () => {
      const onFail = this.#onFail;
      this.#done = true;
      this.#stop();
      onFail?.();
    };
    worker.onmessageerror = fail;
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      fail();
    };
    this.#worker = worker;
    return worker;
  }

  /** Terminates the worker, if one runs. */
  #stop(): void {
    if (this.#worker === undefined) return;
    this.#worker.terminate();
    this.#worker = undefined;
    ScanThread.#running--;
  }

  /** The entries `worker` lists, or `undefined` where it could not. */
  async #listOn(
    worker: Worker,
    dir: string,
  ): Promise<Deno.DirEntry[] | undefined> {
    const chunks: string[] = [];
    const listed = await new Promise<boolean>((resolve) => {
      this.#onMessage = (data) => {
        if (typeof data === "string") chunks.push(data);
        else if (typeof data === "boolean") resolve(data);
      };
      this.#onFail = () => resolve(false);
      worker.postMessage({ kind: "list", dir });
    });
    this.#onMessage = undefined;
    this.#onFail = undefined;
    if (!listed) return undefined;
    // The answers arrive together: decoding one chunk per macrotask turn
    // lets timers and I/O run between them.
    const entries: Deno.DirEntry[] = [];
    for (const chunk of chunks) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (const entry of entriesOf(chunk)) entries.push(entry);
    }
    return entries;
  }
}

/**
 * Lists a directory on a worker thread of its own, stopped after: what a
 * scan's {@linkcode ScanThread.list} does, for one listing.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { listOnWorker } from "./scan_worker.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/pdf-tools`);
 * const [entry] = await listOnWorker(dir);
 * assert.equal(entry!.name, "pdf-tools");
 * ```
 *
 * @param dir The directory.
 * @returns Its entries.
 * @throws {Deno.errors.NotFound} and the other errors listing it gives.
 */
export async function listOnWorker(dir: string): Promise<Deno.DirEntry[]> {
  const thread = new ScanThread();
  try {
    return await thread.list(dir);
  } finally {
    thread.close();
  }
}
