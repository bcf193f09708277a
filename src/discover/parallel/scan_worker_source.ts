// Copyright 2026 the skillscope authors. MIT license.
/**
 * The source of the scan's worker thread (see `scan_worker.ts`), as text: a
 * worker is started from a `data:` URL, which a compiled binary and a
 * package loaded from a registry both can start, with no module graph of
 * its own.
 *
 * @module
 */

/** Entries per listing answer: each is decoded in its own turn of the event loop. */
export const LIST_CHUNK = 4096;

/**
 * The control words of a read-ahead session's shared buffer: the next
 * unclaimed batch, the batch the scan is on (those before it are done
 * with), a stop flag, then per slot the batch it holds (-1: none yet).
 */
export const CONTROL = { NEXT: 0, CONSUMED: 1, STOP: 2, READY: 3 } as const;

/**
 * What the worker runs. Two requests:
 *
 * - `{ kind: "list", dir }`: lists `dir` with `readDirSync` and answers
 *   with strings of up to {@linkcode LIST_CHUNK} entries, an entry per
 *   NUL-separated field (a type letter, then the name: NUL cannot occur in
 *   a file name), then `true`; or with `false` when the listing failed (the
 *   caller then lists the directory itself, to report the real error).
 * - `{ kind: "read", prefix, names, suffix, batch, window, head, idleMs, shared }`:
 *   a read-ahead session. It claims the next batch, reads each file's head
 *   as the scan's fast read does (a `stat` that must show a regular file,
 *   an open with `O_NONBLOCK`, one read of at most `head` bytes, a close)
 *   into the batch's slot (batch mod window), packed, with each item's
 *   start, length (`-1`: left to the scan) and modification time; marks the
 *   slot and posts the batch number. It claims a batch only while it is
 *   less than the window ahead of the scan, so it never overwrites a slot
 *   the scan reads. The session ends when told, when every batch is
 *   claimed, or when the scan has not moved for `idleMs` (a scan given up),
 *   and then posts `{ ended: true }`.
 */
export const SCAN_WORKER_SOURCE = `let fs;
let flags = 0;
const listDir = (dir) => {
  const chunks = [];
  try {
    let parts = [];
    for (const entry of Deno.readDirSync(dir)) {
      parts.push((entry.isDirectory ? "d" : entry.isSymlink ? "l" : entry.isFile ? "f" : "o") + entry.name);
      if (parts.length === ${LIST_CHUNK}) {
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
};
const readHeads = ({ prefix, names, suffix, batch, window, head, idleMs, shared }) => {
  if (fs === undefined) {
    fs = process.getBuiltinModule("node:fs");
    flags = (fs.constants.O_RDONLY ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
  }
  const control = new Int32Array(shared.control);
  const starts = new Int32Array(shared.starts);
  const lengths = new Int32Array(shared.lengths);
  const mtimes = new Float64Array(shared.mtimes);
  const bytes = new Uint8Array(shared.bytes);
  const batches = Math.ceil(names.length / batch);
  let idleSince = 0;
  for (;;) {
    if (Atomics.load(control, ${CONTROL.STOP}) !== 0) return;
    const b = Atomics.load(control, ${CONTROL.NEXT});
    if (b >= batches) return;
    const consumed = Atomics.load(control, ${CONTROL.CONSUMED});
    if (b - consumed >= window) {
      if (idleSince === 0) idleSince = Date.now();
      else if (Date.now() - idleSince > idleMs) return;
      Atomics.wait(control, ${CONTROL.CONSUMED}, consumed, 100);
      continue;
    }
    idleSince = 0;
    if (Atomics.compareExchange(control, ${CONTROL.NEXT}, b, b + 1) !== b) continue;
    const slot = b % window;
    const from = b * batch;
    const to = Math.min(names.length, from + batch);
    const base = slot * batch * head;
    let used = 0;
    // The whole slot: nothing of the batch it held before survives.
    lengths.fill(-1, slot * batch, (slot + 1) * batch);
    for (let i = from; i < to; i++) {
      const item = slot * batch + i - from;
      try {
        const file = prefix + names[i] + suffix;
        const info = Deno.statSync(file);
        if (!info.isFile) continue;
        const fd = fs.openSync(file, flags);
        let n;
        try {
          n = fs.readSync(fd, bytes, base + used, head, null);
        } finally {
          fs.closeSync(fd);
        }
        starts[item] = base + used;
        lengths[item] = n;
        mtimes[item] = info.mtime?.getTime() ?? -1;
        used += n;
      } catch {
        // left to the scan, which reports what is wrong
      }
    }
    Atomics.store(control, ${CONTROL.READY} + slot, b);
    self.postMessage(b);
  }
};
self.onmessage = (event) => {
  const request = event.data;
  if (request.kind === "list") listDir(request.dir);
  else if (request.kind === "read") {
    readHeads(request);
    // Every batch claimed has been posted: what has not come will not.
    self.postMessage({ ended: true });
  }
};`;
