// Copyright 2026 the skillscope authors. MIT license.
/**
 * The caps of the well-known subsystem: the index (bytes, entries), one
 * skill (files and bytes, the install caps; requests), the time of one
 * download and the deadline of one operation.
 *
 * @module
 */
import {
  MAX_INSTALL_BYTES,
  MAX_INSTALL_FILES,
} from "../shared/install_limits.ts";
import {
  DEFAULT_COMMAND_DEADLINE_MS,
  DEFAULT_DEADLINE_MS,
} from "./deadline.ts";
import { DEFAULT_TIMEOUT_MS } from "./fetch.ts";

/** Largest index accepted (bytes). */
export const MAX_INDEX_BYTES = 8 * 1024 * 1024;

/** Most index entries read; the rest are left out with a warning. */
export const MAX_INDEX_ENTRIES = 10_000;

/**
 * Most files of one v0.1 skill, each its own request: far below the file
 * cap, so a site cannot make one skill cost thousands of requests.
 */
export const MAX_FILE_REQUESTS = 256;

/**
 * Caps of a well-known read; every field is optional, defaults apply.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { type WebLimits, webLimits } from "./limits.ts";
 *
 * const options: WebLimits = { maxBytes: 1024 * 1024 };
 * assert.equal(webLimits(options).maxFiles, 10_000);
 * ```
 */
export interface WebLimits {
  /** Most files in one skill (default 10 000, as for install). */
  readonly maxFiles?: number | undefined;
  /** Most bytes of one skill, and of one download (default 200 MiB). */
  readonly maxBytes?: number | undefined;
  /** Largest index (default 8 MiB). */
  readonly maxIndexBytes?: number | undefined;
  /** Most index entries read (default 10 000). */
  readonly maxIndexEntries?: number | undefined;
  /** Longest one download may take (ms, default 30 000). */
  readonly timeoutMs?: number | undefined;
  /**
   * Longest one operation may take, every request of it included: reading
   * an index (and resolving the hosts it names), or fetching one skill
   * (ms, default 120 000).
   */
  readonly deadlineMs?: number | undefined;
  /** Most files of one v0.1 skill, one request each (default 256). */
  readonly maxFileRequests?: number | undefined;
  /**
   * Longest one command over many skills (`check`, `update`, `restore`)
   * may spend on websites, every index read and download of it included
   * (ms, default 600 000): a lock naming many slow sites cannot hold it for
   * their count times `deadlineMs`.
   */
  readonly commandDeadlineMs?: number | undefined;
}

/**
 * {@linkcode WebLimits} with every default applied.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { webLimits } from "./limits.ts";
 *
 * assert.equal(webLimits().maxIndexEntries, 10_000);
 * ```
 *
 * @param limits The caps given.
 * @returns Every cap.
 */
export function webLimits(limits: WebLimits = {}): Required<
  { [K in keyof WebLimits]: number }
> {
  return {
    maxFiles: limits.maxFiles ?? MAX_INSTALL_FILES,
    maxBytes: limits.maxBytes ?? MAX_INSTALL_BYTES,
    maxIndexBytes: limits.maxIndexBytes ?? MAX_INDEX_BYTES,
    maxIndexEntries: limits.maxIndexEntries ?? MAX_INDEX_ENTRIES,
    timeoutMs: limits.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    deadlineMs: limits.deadlineMs ?? DEFAULT_DEADLINE_MS,
    maxFileRequests: limits.maxFileRequests ?? MAX_FILE_REQUESTS,
    commandDeadlineMs: limits.commandDeadlineMs ?? DEFAULT_COMMAND_DEADLINE_MS,
  };
}
