// Copyright 2026 the skillscope authors. MIT license.
/**
 * Opening a file that must be a regular file, in a way that can never block:
 * `open(2)` with `O_NONBLOCK` (a FIFO swapped in after the caller's type
 * check opens at once instead of waiting for a writer), then `fstat` of the
 * descriptor, which must be a regular file (and, when asked, the very file
 * the caller checked) before anything is read from it.
 *
 * `Deno.openSync` takes no open flags, so the open goes through `node:fs`.
 * That module is loaded on the first open, not when this module loads
 * (`process.getBuiltinModule`): loading it starts Deno's Node compatibility
 * layer, about 12 ms, which a program that never opens a skill file on disk
 * (embedded skills only) does not pay.
 *
 * `O_NOFOLLOW` is passed where a symlink is never wanted, but only as a
 * first line: Deno honours it only with every permission granted (with a
 * scoped `--allow-read` the final symlink is followed). The identity check
 * (`expect`) is what callers rely on.
 *
 * @module
 */
import type * as NodeFs from "node:fs";
import { kindOf } from "./diagnostics.ts";

/**
 * Thrown when the file at a path was replaced between the caller's check
 * and the open: the opened file is not the one the check saw.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ChangedError } from "./open_file.ts";
 *
 * const error = new ChangedError();
 * assert.equal(error.code, "file-changed");
 * assert.equal(error.message, "it changed while being opened");
 * ```
 */
export class ChangedError extends Error {
  /** Stable code. */
  readonly code = "file-changed";

  /** Constructs a new instance. */
  constructor() {
    super("it changed while being opened");
    this.name = "ChangedError";
  }
}

/**
 * Thrown when the opened descriptor is not a regular file (a FIFO, a
 * device, a directory, a socket): nothing was read from it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { NotRegularFileError } from "./open_file.ts";
 *
 * const error = new NotRegularFileError("/s/SKILL.md", "a FIFO");
 * assert.equal(error.code, "not-regular-file");
 * assert.equal(error.message, '"/s/SKILL.md" is not a regular file (a FIFO)');
 * ```
 */
export class NotRegularFileError extends Error {
  /** Stable code. */
  readonly code = "not-regular-file";
  /** The path that was opened. */
  readonly path: string;
  /** What it is, e.g. `"a FIFO"`. */
  readonly kind: string;

  /**
   * Constructs a new instance.
   *
   * @param path The path that was opened.
   * @param kind What it turned out to be, e.g. `"a FIFO"`.
   */
  constructor(path: string, kind: string) {
    super(`"${path}" is not a regular file (${kind})`);
    this.name = "NotRegularFileError";
    this.path = path;
    this.kind = kind;
  }
}

/** A regular file opened for reading by {@linkcode openRegularFileSync}. */
export interface RegularFile extends Disposable {
  /** Its size when it was opened (bytes). */
  readonly size: number;
  /** The descriptor's stat, as `Deno.statSync` would report it. */
  info(): Deno.FileInfo;
  /**
   * Reads into `buffer[offset, offset + length)`.
   *
   * @returns The number of bytes read, `0` at the end of the file.
   */
  readSync(buffer: Uint8Array, offset?: number, length?: number): number;
  /** Closes the descriptor (once; later calls do nothing). */
  close(): void;
}

/** What {@linkcode openRegularFileSync} checks besides the file type. */
export interface OpenRegularFileOptions {
  /**
   * The stat the caller checked: the opened file must be that file (same
   * device and inode), or {@linkcode ChangedError} is thrown.
   */
  readonly expect?: Deno.FileInfo;
  /** Refuse a symlink as the last component (`O_NOFOLLOW`; see the module doc). */
  readonly noFollow?: boolean;
}

let nodeFs: typeof NodeFs | undefined;
let readFlags = 0;
let noFollowFlag = 0;

/** `node:fs`, loaded on first use, and the open flags. */
function fs(): typeof NodeFs {
  if (nodeFs === undefined) {
    const loaded = globalThis.process.getBuiltinModule("node:fs");
    const { O_RDONLY, O_NONBLOCK, O_NOFOLLOW } = loaded.constants;
    // Windows has neither flag, and no FIFOs to open.
    readFlags = (O_RDONLY ?? 0) | (O_NONBLOCK ?? 0);
    noFollowFlag = O_NOFOLLOW ?? 0;
    nodeFs = loaded;
  }
  return nodeFs;
}

/**
 * Opens `path` for reading without ever blocking and checks the descriptor:
 * it must be a regular file, and with `expect` the file the caller checked.
 * A FIFO (or device) swapped in after the caller's check is closed unread.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { NotRegularFileError, openRegularFileSync } from "./open_file.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.txt`, "hello");
 * using file = openRegularFileSync(`${dir}/a.txt`);
 * const bytes = new Uint8Array(file.size);
 * assert.equal(file.readSync(bytes), 5);
 * assert.equal(new TextDecoder().decode(bytes), "hello");
 * assert.throws(() => openRegularFileSync(dir), NotRegularFileError);
 * ```
 *
 * @param path The file.
 * @param options `expect`: the stat the opened file must match; `noFollow`.
 * @returns The open file; close it (or `using`).
 * @throws {NotRegularFileError} when the descriptor is not a regular file.
 * @throws {ChangedError} when it is not the file `expect` describes.
 * @throws {Deno.errors.NotFound} and the other `Deno.errors` for a failed open.
 */
export function openRegularFileSync(
  path: string,
  options: OpenRegularFileOptions = {},
): RegularFile {
  const node = fs();
  let fd: number;
  try {
    fd = node.openSync(
      path,
      options.noFollow === true ? readFlags | noFollowFlag : readFlags,
    );
  } catch (error) {
    throw denoError(error);
  }
  let stats: NodeFs.Stats;
  try {
    stats = node.fstatSync(fd);
  } catch (error) {
    node.closeSync(fd);
    throw denoError(error);
  }
  if (!stats.isFile()) {
    node.closeSync(fd);
    throw new NotRegularFileError(path, kindOf(fileInfoOf(stats)));
  }
  const expect = options.expect;
  if (
    expect !== undefined &&
    (stats.ino !== (expect.ino ?? 0) || stats.dev !== expect.dev)
  ) {
    node.closeSync(fd);
    throw new ChangedError();
  }
  return new OpenFile(node, fd, stats);
}

/**
 * Reads the start of `path` into `buffer[0, length)` with one open, one read
 * and one close: opened without ever blocking, like
 * {@linkcode openRegularFileSync}, but with no check of the descriptor. For
 * a hot path that trusts the bytes only when they parse as it expects and
 * otherwise reads again through {@linkcode openRegularFileSync}: whatever
 * the path turned out to be, the read is bounded and never waits.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readStartUncheckedSync } from "./open_file.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.txt`, "hello");
 * const bytes = new Uint8Array(16);
 * assert.equal(readStartUncheckedSync(`${dir}/a.txt`, bytes, 16), 5);
 * assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), "hello");
 * ```
 *
 * @param path The file.
 * @param buffer Where the bytes go.
 * @param length At most this many bytes are read.
 * @returns The number of bytes read (fewer than `length` at the end of a regular file).
 * @throws {Deno.errors.NotFound} and the other `Deno.errors` for a failed open or read.
 */
export function readStartUncheckedSync(
  path: string,
  buffer: Uint8Array,
  length: number,
): number {
  const node = fs();
  let fd: number;
  try {
    fd = node.openSync(path, readFlags);
  } catch (error) {
    throw denoError(error);
  }
  try {
    return node.readSync(fd, buffer, 0, length, null);
  } catch (error) {
    throw denoError(error);
  } finally {
    node.closeSync(fd);
  }
}

class OpenFile implements RegularFile {
  readonly size: number;
  #node: typeof NodeFs;
  #fd: number;
  #stats: NodeFs.Stats;
  #open = true;

  constructor(node: typeof NodeFs, fd: number, stats: NodeFs.Stats) {
    this.#node = node;
    this.#fd = fd;
    this.#stats = stats;
    this.size = stats.size;
  }

  info(): Deno.FileInfo {
    return fileInfoOf(this.#stats);
  }

  readSync(buffer: Uint8Array, offset = 0, length?: number): number {
    try {
      return this.#node.readSync(
        this.#fd,
        buffer,
        offset,
        length ?? buffer.length - offset,
        null,
      );
    } catch (error) {
      throw denoError(error);
    }
  }

  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#node.closeSync(this.#fd);
  }

  [Symbol.dispose](): void {
    this.close();
  }
}

/** A `node:fs` stat as the `Deno.FileInfo` `Deno.statSync` returns. */
function fileInfoOf(stats: NodeFs.Stats): Deno.FileInfo {
  return {
    isFile: stats.isFile(),
    isDirectory: stats.isDirectory(),
    isSymlink: stats.isSymbolicLink(),
    size: stats.size,
    mtime: stats.mtime,
    atime: stats.atime,
    birthtime: stats.birthtime,
    ctime: stats.ctime,
    dev: stats.dev,
    ino: stats.ino,
    mode: stats.mode,
    nlink: stats.nlink,
    uid: stats.uid,
    gid: stats.gid,
    rdev: stats.rdev,
    blksize: stats.blksize,
    blocks: stats.blocks,
    isBlockDevice: stats.isBlockDevice(),
    isCharDevice: stats.isCharacterDevice(),
    isFifo: stats.isFIFO(),
    isSocket: stats.isSocket(),
  };
}

/** `Deno.errors` classes for the `node:fs` error codes callers tell apart. */
const DENO_ERRORS: Readonly<Record<string, new (message: string) => Error>> = {
  ENOENT: Deno.errors.NotFound,
  EACCES: Deno.errors.PermissionDenied,
  EPERM: Deno.errors.PermissionDenied,
  ENOTDIR: Deno.errors.NotADirectory,
  EISDIR: Deno.errors.IsADirectory,
  ELOOP: Deno.errors.FilesystemLoop,
  EBUSY: Deno.errors.Busy,
};

/**
 * A `node:fs` error as the `Deno.errors` error `Deno.openSync` throws, so
 * callers keep telling "not found" from the rest; anything else unchanged.
 */
function denoError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const Class = typeof code === "string" ? DENO_ERRORS[code] : undefined;
  if (Class === undefined || !(error instanceof Error)) return error;
  // "ENOENT: no such file or directory, open '/x'" → "No such file or directory, open '/x'"
  const text = error.message.replace(/^[A-Z]+: /, "");
  const denoStyle = new Class(text.charAt(0).toUpperCase() + text.slice(1));
  denoStyle.cause = error;
  return denoStyle;
}
