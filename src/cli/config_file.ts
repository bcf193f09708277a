// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading the config file: `./skillscope.json` comes with the project, so a
 * cloned repository decides what it is (a FIFO that never opens for
 * writing, a symlink to `/dev/zero` or to a file elsewhere on the machine,
 * a gigantic file). It is read through the checked reader: its real path
 * must stay inside the project, it must be a regular file within
 * {@linkcode MAX_CONFIG_BYTES}, opened without blocking and read from the
 * descriptor that was checked. A `--config FILE` is the user's own and may
 * lead anywhere, but is read the same way otherwise.
 *
 * @module
 */
import { readInsideSync, readRegularSync } from "../shared/checked_read.ts";
import { ContainmentError } from "../shared/containment.ts";
import { ChangedError, NotRegularFileError } from "../shared/open_file.ts";
import { dirname } from "../shared/path.ts";
import { CliError } from "./errors.ts";

/** Largest config file read (bytes). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** Thrown by the reader for a file over {@linkcode MAX_CONFIG_BYTES}. */
class ConfigTooLarge extends RangeError {
  readonly code = "config-too-large";
  readonly size: number;

  constructor(size: number) {
    super(`It is ${size} bytes or more; the limit is ${MAX_CONFIG_BYTES}`);
    this.name = "ConfigTooLarge";
    this.size = size;
  }
}

/**
 * The text of a config file.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readConfigText } from "./config_file.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.writeTextFile(`${dir}/skillscope.json`, '{"overrides":[]}');
 * assert.equal(readConfigText(`${dir}/skillscope.json`, { explicit: false }), '{"overrides":[]}');
 * assert.equal(readConfigText(`${dir}/none.json`, { explicit: false }), undefined);
 * await Deno.symlink("/dev/zero", `${dir}/zero.json`);
 * assert.throws(
 *   () => readConfigText(`${dir}/zero.json`, { explicit: false }),
 *   /leads outside the project/,
 * );
 * ```
 *
 * @param file The file's absolute path; without `explicit`, a file in the
 *   project directory (its parent).
 * @param options `explicit`: the user named it (`--config FILE`).
 * @returns Its text, or `undefined` for a project file that does not exist
 *   or may not be read.
 * @throws {CliError} when it cannot be read, is not a regular file, is over
 *   the cap or (a project file) leads outside the project.
 */
export function readConfigText(
  file: string,
  options: { readonly explicit: boolean },
): string | undefined {
  const read = { maxBytes: MAX_CONFIG_BYTES, tooLarge: tooLargeError };
  try {
    const bytes = options.explicit
      ? readRegularSync(file, read)
      : readInsideSync(Deno.realPathSync(dirname(file)), file, read);
    return new TextDecoder().decode(bytes);
  } catch (error) {
    if (!options.explicit && absent(error)) return undefined;
    throw configError(file, error);
  }
}

function tooLargeError(size: number): Error {
  return new ConfigTooLarge(size);
}

/** A missing project config, or one this process may not read, is none. */
function absent(error: unknown): boolean {
  return error instanceof Deno.errors.NotFound ||
    error instanceof Deno.errors.NotCapable;
}

function configError(file: string, error: unknown): CliError {
  const notRead = "it was not read";
  if (error instanceof ContainmentError) {
    return new CliError(
      error.resolved === undefined
        ? `"${file}" cannot be resolved inside the project "${error.root}"; ${notRead}`
        : `"${file}" leads outside the project "${error.root}" (to "${error.resolved}"); ${notRead}`,
    );
  }
  if (error instanceof NotRegularFileError) {
    return new CliError(
      `"${file}" is not a regular file (${error.kind}); ${notRead}`,
    );
  }
  if (error instanceof ConfigTooLarge) {
    return new CliError(
      `"${file}" is ${error.size} bytes or more; the limit is ${MAX_CONFIG_BYTES}, so ${notRead}`,
    );
  }
  if (error instanceof ChangedError) {
    return new CliError(`"${file}" kept changing while it was opened`);
  }
  return new CliError(
    `Cannot read "${file}": ${error instanceof Error ? error.message : error}`,
  );
}
