// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading `SKILL.md` heads ahead of the scan, on a worker thread
 * (`scan_worker.ts` starts it; asked for with `readAhead`). In a large flat root the file operations (a `stat`,
 * then an open, a read and a close per skill) cost as much as parsing what
 * they read; the worker does them for batches of skills while this thread
 * parses the batches before.
 *
 * The worker does exactly what the scan's fast read does (a `stat` that
 * must show a regular file, an open that never blocks, one read of at most
 * {@linkcode HEAD_BYTES}, a close) and hands back the bytes and the
 * modification time; anything else (no `SKILL.md`, not a regular file, an
 * error) it leaves to the scan, which reads that skill itself the usual way.
 *
 * Work is shared through one counter: the next batch nobody has claimed.
 * The scan claims a batch when it reaches one the worker has not, so it
 * never waits for a worker that has not started; it waits only for a batch
 * the worker is reading. The heads go through a shared buffer of
 * {@linkcode READ_AHEAD_WINDOW} slots, and the worker stays less than that
 * many batches ahead of the scan: memory is bounded, and nothing is
 * allocated per batch.
 *
 * @module
 */
import { HEAD_BYTES } from "../../parse/frontmatter.ts";
import { CONTROL } from "./scan_worker_source.ts";

const { NEXT, CONSUMED, STOP, READY } = CONTROL;

/** Skills per batch a worker reads and hands over at once. */
export const READ_AHEAD_BATCH = 128;

/** Batches a worker may read ahead of the scan. */
export const READ_AHEAD_WINDOW = 16;

/** How long a session waits for a scan that does not move before it ends (ms). */
export const READ_AHEAD_IDLE_MS = 30_000;

/**
 * A head the worker read: the bytes and the file's modification time (ms,
 * `-1` unknown). The bytes are a view of the shared buffer, valid until the
 * next {@linkcode ReadAhead.wait}: copy them before then.
 */
export interface HeadRead {
  /** The first bytes of the file, as the scan's fast read reads them. */
  readonly bytes: Uint8Array;
  /** Its modification time at the worker's `stat`. */
  readonly mtime: number;
}

/** Files named `prefix + name + suffix`, one per name, in the order they will be asked for. */
export interface NamedFiles {
  /** What each path starts with (a directory and its separator). */
  readonly prefix: string;
  /** The names. */
  readonly names: readonly string[];
  /** What each path ends with (a separator and `SKILL.md`). */
  readonly suffix: string;
}

/** The views of the shared buffers. */
interface Shared {
  readonly control: Int32Array;
  readonly starts: Int32Array;
  readonly lengths: Int32Array;
  readonly mtimes: Float64Array;
  readonly bytes: Uint8Array;
}

let handed = 0;

/**
 * How many heads read-ahead sessions have handed to scans in this process
 * (for tests: it shows the worker did the reading).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { headsReadAhead } from "./read_ahead.ts";
 *
 * assert.equal(headsReadAhead(), 0);
 * ```
 *
 * @returns The count.
 */
export function headsReadAhead(): number {
  return handed;
}

/** How a read-ahead talks to the worker it runs on. */
export interface WorkerChannel {
  /** Sends the worker a request. */
  post(message: unknown): void;
  /** Sets what receives the worker's answers, and what is told if it fails. */
  receive(onMessage: (data: unknown) => void, onFail: () => void): void;
  /** The session is over: the worker may take other requests. */
  release(): void;
}

/**
 * The heads of `SKILL.md` files, read ahead on a worker: one session, on a
 * worker that runs the scan worker's source. Ask for the items in order:
 * {@linkcode ReadAhead.wait} first (a promise to pause on while the worker
 * reads that item's batch), then {@linkcode ReadAhead.take}.
 * {@linkcode ReadAhead.close} ends the session.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScanThread } from "./scan_worker.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const names: string[] = [];
 * for (let i = 0; i < 300; i++) {
 *   await Deno.mkdir(`${dir}/s${i}`);
 *   await Deno.writeTextFile(`${dir}/s${i}/SKILL.md`, `---\nname: s${i}\n---\n`);
 *   names.push(`s${i}`);
 * }
 * const thread = new ScanThread();
 * try {
 *   await thread.list(dir); // starts the worker
 *   const ahead = (await thread.readAhead({ prefix: `${dir}/`, names, suffix: "/SKILL.md" }))!;
 *   for (let i = 0; i < names.length; i++) {
 *     await ahead.wait(i);
 *     const head = ahead.take(i);
 *     if (head === undefined) continue; // the caller reads this one itself
 *     assert.equal(new TextDecoder().decode(head.bytes), `---\nname: s${i}\n---\n`);
 *   }
 *   ahead.close();
 * } finally {
 *   thread.close();
 * }
 * ```
 */
export class ReadAhead {
  readonly #count: number;
  readonly #shared: Shared;
  readonly #channel: WorkerChannel;
  /** Batches handed over and not yet passed, by number. */
  readonly #arrived = new Set<number>();
  readonly #waiting = new Map<number, () => void>();
  #current = -1;
  #own = false;
  #dead = false;
  #closed = false;

  /**
   * Starts a session reading the heads of `files` on the worker behind
   * `channel`.
   *
   * @param channel The worker.
   * @param files The files: `prefix + name + suffix` for each name.
   * @param idleMs How long the worker waits for a scan that does not move
   *   before it ends the session ({@linkcode READ_AHEAD_IDLE_MS}).
   */
  constructor(
    channel: WorkerChannel,
    files: NamedFiles,
    idleMs: number = READ_AHEAD_IDLE_MS,
  ) {
    this.#count = files.names.length;
    this.#channel = channel;
    const items = READ_AHEAD_WINDOW * READ_AHEAD_BATCH;
    const buffers = {
      control: new SharedArrayBuffer(4 * (READY + READ_AHEAD_WINDOW)),
      starts: new SharedArrayBuffer(4 * items),
      lengths: new SharedArrayBuffer(4 * items),
      mtimes: new SharedArrayBuffer(8 * items),
      // Untouched pages cost no memory: a batch of small heads touches a few.
      bytes: new SharedArrayBuffer(items * HEAD_BYTES),
    };
    const shared: Shared = {
      control: new Int32Array(buffers.control),
      starts: new Int32Array(buffers.starts),
      lengths: new Int32Array(buffers.lengths),
      mtimes: new Float64Array(buffers.mtimes),
      bytes: new Uint8Array(buffers.bytes),
    };
    shared.control.fill(-1, READY);
    this.#shared = shared;
    channel.receive((data) => {
      if (typeof data === "object" && data !== null && "ended" in data) {
        // Every batch the worker claimed has come: the rest is the scan's.
        this.#fail();
        return;
      }
      if (typeof data !== "number") return;
      const slot = data % READ_AHEAD_WINDOW;
      // Reading the mark orders what the worker wrote before it; a number
      // left from an earlier session does not match it.
      if (Atomics.load(shared.control, READY + slot) !== data) return;
      if (data >= this.#current) this.#arrived.add(data);
      this.#wake(data);
    }, () => this.#fail());
    channel.post({
      kind: "read",
      ...files,
      batch: READ_AHEAD_BATCH,
      window: READ_AHEAD_WINDOW,
      head: HEAD_BYTES,
      idleMs,
      shared: buffers,
    });
  }

  /**
   * Makes item `index` the current one (items are asked for in order) and
   * says whether to wait for it: a promise while the worker is reading its
   * batch, else `undefined` (it is here, or the caller reads it itself).
   *
   * @param index The item's position in the names given to `start`.
   * @returns A promise to wait on, or `undefined`.
   */
  wait(index: number): Promise<void> | undefined {
    if (!(index >= 0 && index < this.#count)) return undefined;
    const batch = Math.floor(index / READ_AHEAD_BATCH);
    if (batch !== this.#current) this.#moveTo(batch);
    if (this.#own || this.#dead || this.#arrived.has(batch)) return undefined;
    return new Promise<void>((resolve) => this.#waiting.set(batch, resolve));
  }

  /**
   * The head of item `index`, once {@linkcode ReadAhead.wait} has been
   * asked for it: `undefined` when the caller must read it itself.
   *
   * @param index The item's position.
   * @returns The bytes (a view, valid until the next `wait`) and the
   *   modification time, or `undefined`.
   */
  take(index: number): HeadRead | undefined {
    if (!(index >= 0 && index < this.#count)) return undefined;
    const batch = Math.floor(index / READ_AHEAD_BATCH);
    if (batch !== this.#current || !this.#arrived.has(batch)) return undefined;
    const item = (batch % READ_AHEAD_WINDOW) * READ_AHEAD_BATCH +
      index % READ_AHEAD_BATCH;
    const { starts, lengths, mtimes, bytes } = this.#shared;
    const length = lengths[item]!;
    if (length < 0) return undefined;
    const start = starts[item]!;
    handed++;
    return {
      bytes: bytes.subarray(start, start + length),
      mtime: mtimes[item]!,
    };
  }

  /** Ends the session and lets go of what it read (once; later calls do nothing). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#dead = true;
    Atomics.store(this.#shared.control, STOP, 1);
    Atomics.notify(this.#shared.control, CONSUMED);
    this.#channel.release();
    this.#arrived.clear();
    this.#wakeAll();
  }

  /**
   * The scan moves to `batch`: the worker may reuse the slots of the ones
   * before, and `batch` is claimed for the scan unless the worker has it.
   */
  #moveTo(batch: number): void {
    for (const b of this.#arrived) if (b < batch) this.#arrived.delete(b);
    this.#current = batch;
    const { control } = this.#shared;
    Atomics.store(control, CONSUMED, batch);
    Atomics.notify(control, CONSUMED);
    // Batches skipped over (none of their items asked for) are claimed
    // with this one: the worker must not be waited for on a batch it will
    // never claim.
    this.#own = false;
    for (;;) {
      const next = Atomics.load(control, NEXT);
      if (next > batch) break; // the worker has it
      if (Atomics.compareExchange(control, NEXT, next, batch + 1) === next) {
        this.#own = true;
        break;
      }
    }
  }

  #wake(batch: number): void {
    const resolve = this.#waiting.get(batch);
    if (resolve === undefined) return;
    this.#waiting.delete(batch);
    resolve();
  }

  #wakeAll(): void {
    for (const resolve of this.#waiting.values()) resolve();
    this.#waiting.clear();
  }

  /** The worker failed: everything not handed over is the scan's to read. */
  #fail(): void {
    this.#dead = true;
    this.#wakeAll();
  }
}
