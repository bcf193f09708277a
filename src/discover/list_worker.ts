// Copyright 2026 the skillscope authors. MIT license.
/**
 * Lists a large directory on a worker thread. Deno's `readDir` yields each
 * entry through an async generator, which for 100,000 entries cost about
 * three times `readDirSync` (310–370 ms against 85–130 ms); a worker runs
 * `readDirSync` off the event loop and hands the entries back as a few
 * strings, each decoded in its own turn of the event loop.
 *
 * @module
 */

/** Entries per message from the worker: each is decoded in its own turn of the event loop. */
const CHUNK = 4096;

/**
 * What the worker runs: it lists the directory it is sent with
 * `readDirSync` and answers with strings of up to `CHUNK` entries, an entry
 * per NUL-separated field (a type letter, then the name: NUL cannot occur in
 * a file name), then `true`; or with `false` when the listing failed (the
 * caller then lists the directory itself, to report the real error).
 */
const WORKER_SOURCE = `self.onmessage = (event) => {
  let chunks = [];
  try {
    let parts = [];
    for (const entry of Deno.readDirSync(event.data)) {
      parts.push((entry.isDirectory ? "d" : entry.isSymlink ? "l" : entry.isFile ? "f" : "o") + entry.name);
      if (parts.length === ${CHUNK}) {
        chunks.push(parts.join("\\0"));
        parts = [];
      }
    }
    if (parts.length > 0) chunks.push(parts.join("\\0"));
  } catch {
    self.postMessage(false);
    return;
  }
  for (const chunk of chunks) self.postMessage(chunk);
  self.postMessage(true);
};`;

const WORKER_URL = `data:text/javascript,${encodeURIComponent(WORKER_SOURCE)}`;

/**
 * The entries of a worker's answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { entriesOf } from "./list_worker.ts";
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
 * Listing workers that may run at once: each is a thread with its own heap,
 * so many concurrent scans of large directories do not start one each.
 */
export const MAX_LISTING_WORKERS = 2;

let running = 0;

/**
 * How many listing workers run now (for tests of the bound).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { listingWorkers } from "./list_worker.ts";
 *
 * assert.equal(listingWorkers(), 0);
 * ```
 *
 * @returns The count.
 */
export function listingWorkers(): number {
  return running;
}

/**
 * Lists a directory with `readDirSync` on a worker thread, which inherits
 * this process's permissions. Where {@linkcode MAX_LISTING_WORKERS} already
 * run, a worker cannot be started, or the listing fails there, the directory
 * is listed with the async `readDir` on this thread (so an error is the
 * real one).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { listOnWorker } from "./list_worker.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/pdf-tools`);
 * const [entry] = await listOnWorker(dir);
 * assert.equal(entry!.name, "pdf-tools");
 * assert.equal(entry!.isDirectory, true);
 * ```
 *
 * @param dir The directory.
 * @returns Its entries.
 */
export async function listOnWorker(dir: string): Promise<Deno.DirEntry[]> {
  if (running < MAX_LISTING_WORKERS) {
    running++;
    try {
      const entries = await listedByWorker(dir);
      if (entries !== undefined) return entries;
    } finally {
      running--;
    }
  }
  return await Array.fromAsync(Deno.readDir(dir));
}

/** The entries a new worker lists, or `undefined` where it could not. */
async function listedByWorker(
  dir: string,
): Promise<Deno.DirEntry[] | undefined> {
  let worker: Worker | undefined;
  try {
    // Starting a worker holds this thread for about 10 ms: in a turn of
    // its own, not after the scan's slice.
    await new Promise<void>((resolve) => setImmediate(resolve));
    // A data: URL, not a blob: one: a compiled binary loads only the
    // former (denoland/deno#29962).
    worker = new Worker(WORKER_URL, { type: "module" });
    const started = worker;
    const chunks: string[] = [];
    const listed = await new Promise<boolean>((resolve) => {
      started.onmessage = (event: MessageEvent<string | boolean>) => {
        if (typeof event.data === "string") chunks.push(event.data);
        else resolve(event.data === true);
      };
      started.onmessageerror = () => resolve(false);
      started.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        resolve(false);
      };
      started.postMessage(dir);
    });
    if (!listed) return undefined;
    started.terminate();
    worker = undefined;
    // The answers arrive together: decoding one chunk per macrotask turn
    // lets timers and I/O run between them.
    const entries: Deno.DirEntry[] = [];
    for (const chunk of chunks) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (const entry of entriesOf(chunk)) entries.push(entry);
    }
    return entries;
  } catch {
    // No worker here, or it failed to start.
    return undefined;
  } finally {
    worker?.terminate();
  }
}
