// Copyright 2026 the skillscope authors. MIT license.
/**
 * The project's one path module: `join`, `resolve`, `relative`, `dirname`,
 * `basename`, `isAbsolute` and `fromFileUrl` for the platform's paths, and
 * the POSIX and Windows flavours they choose from. It replaces `node:` path
 * imports because importing any `node:` module starts Deno's Node
 * compatibility layer, which every importer pays for at start-up. Each
 * function returns what Node's path module returns for the same input (a
 * property test checks this against its `posix` and `win32` flavours).
 *
 * @module
 */

import type { PathFlavour } from "./path_common.ts";
import { posix } from "./path_posix.ts";
import { win32 } from "./path_win32.ts";

export type { PathFlavour } from "./path_common.ts";
export { posix } from "./path_posix.ts";
export { win32 } from "./path_win32.ts";

const flavour: PathFlavour = Deno.build.os === "windows" ? win32 : posix;

/**
 * The platform's path separator.
 */
export const SEP: "/" | "\\" = flavour.sep;

/**
 * Joins path segments and normalizes the result, as Node's `path.join`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { join } from "./path.ts";
 *
 * assert.equal(join("/skills", "pdf", "../SKILL.md"), "/skills/SKILL.md");
 * ```
 *
 * @param parts The segments.
 * @returns The joined path.
 */
export function join(...parts: string[]): string {
  return flavour.join(...parts);
}

/**
 * An absolute, normalized path, as Node's `path.resolve`. Reads the current
 * directory only when no part is absolute.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolve } from "./path.ts";
 *
 * assert.equal(resolve("/skills/pdf", "../docx"), "/skills/docx");
 * ```
 *
 * @param parts The segments, resolved right to left.
 * @returns The absolute path.
 */
export function resolve(...parts: string[]): string {
  return flavour.resolve(() => Deno.cwd(), ...parts);
}

/**
 * The parent directory of `path`, as Node's `path.dirname`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { dirname } from "./path.ts";
 *
 * assert.equal(dirname("/skills/pdf/SKILL.md"), "/skills/pdf");
 * ```
 *
 * @param path A path.
 * @returns Its directory.
 */
export function dirname(path: string): string {
  return flavour.dirname(path);
}

/**
 * The last segment of `path`, as Node's `path.basename`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { basename } from "./path.ts";
 *
 * assert.equal(basename("/skills/pdf/"), "pdf");
 * ```
 *
 * @param path A path.
 * @returns Its last segment.
 */
export function basename(path: string): string {
  return flavour.basename(path);
}

/**
 * Whether `path` is absolute, as Node's `path.isAbsolute`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isAbsolute } from "./path.ts";
 *
 * assert.equal(isAbsolute("/skills/pdf"), true);
 * assert.equal(isAbsolute("skills/pdf"), false);
 * ```
 *
 * @param path A path.
 * @returns Whether it starts at a root.
 */
export function isAbsolute(path: string): boolean {
  return flavour.isAbsolute(path);
}

/**
 * The path that leads from `from` to `to`, as Node's `path.relative`: both
 * are resolved first (reading the current directory only for a relative
 * one); `""` when they are the same. On Windows names compare without case,
 * and a path on another drive or server is returned whole.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { relative, SEP } from "./path.ts";
 *
 * assert.equal(relative("/skills/pdf", "/skills/docx/SKILL.md"), `..${SEP}docx${SEP}SKILL.md`);
 * assert.equal(relative("/skills", "/skills"), "");
 * ```
 *
 * @param from The starting directory.
 * @param to The destination.
 * @returns The relative path.
 */
export function relative(from: string, to: string): string {
  return flavour.relative(() => Deno.cwd(), from, to);
}

/**
 * The path of a `file:` URL, as `node:url`'s `fileURLToPath`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fromFileUrl } from "./path.ts";
 *
 * assert.equal(fromFileUrl(new URL("file:///skills/a%20b")), "/skills/a b");
 * ```
 *
 * @param url A `file:` URL.
 * @returns The path.
 * @throws {TypeError} when `url` is not a `file:` URL.
 */
export function fromFileUrl(url: URL): string {
  if (url.protocol !== "file:") {
    throw new TypeError(`Not a file: URL: ${url.href}`);
  }
  if (
    /%2f/i.test(url.pathname) ||
    (flavour === win32 && /%5c/i.test(url.pathname))
  ) {
    throw new TypeError(
      `File URL path must not include an encoded separator: ${url.href}`,
    );
  }
  const path = decodeURIComponent(url.pathname);
  if (flavour === posix) {
    if (url.hostname !== "" && url.hostname !== "localhost") {
      throw new TypeError(
        `File URL host must be "localhost" or empty: ${url.href}`,
      );
    }
    return path;
  }
  const local = path.replace(/^\/([A-Za-z]:)/, "$1").replaceAll("/", "\\");
  return url.hostname === "" ? local : `\\\\${url.hostname}${local}`;
}
