// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading a file from the descriptor that was checked (never blocking on
 * the open, same device and inode, capped, retried when replaced): the
 * serving side's name for `src/shared/checked_read.ts`, where discovery
 * reads through the same code.
 *
 * @module
 */
export { readCheckedSync, retryReplaced } from "../shared/checked_read.ts";
export { ChangedError, NotRegularFileError } from "../shared/open_file.ts";
