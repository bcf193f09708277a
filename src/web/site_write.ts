// Copyright 2026 the skillscope authors. MIT license.
/**
 * Writing a built site into a directory: every file through a temporary
 * file beside it and a rename (a reader sees the old file or the new one,
 * never half of one), every directory created inside the output and
 * checked (a symlink in the output that leads out is refused before
 * anything is written through it), and a file that already holds the same
 * bytes left untouched (so re-publishing unchanged skills changes nothing,
 * not even a modification time).
 *
 * @module
 */
import { writeViaTempSync } from "../shared/atomic_write.ts";
import { readInsideSync } from "../shared/checked_read.ts";
import { makeDirsInside } from "../shared/containment.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import { basename, dirname, join, resolve } from "../shared/path.ts";
import { entryPath } from "./archive_entry.ts";
import { WebArtifactError } from "./errors.ts";

/**
 * What {@linkcode writeSite} did.
 *
 * @example Writing the same site again changes nothing
 * ```ts
 * import { buildSite, type SiteWrite, writeSite } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const site = await buildSite([{ name: "hi", description: "Says hi", files: new Map([["SKILL.md", md]]) }]);
 * const out = await Deno.makeTempDir();
 * writeSite(out, site.files);
 * const again: SiteWrite = writeSite(out, site.files);
 * assert.deepEqual(again.written, []);
 * assert.equal(again.unchanged.length, site.files.size);
 * ```
 */
export interface SiteWrite {
  /** Files written (new or changed), relative to the output. */
  readonly written: readonly string[];
  /** Files that already held these bytes. */
  readonly unchanged: readonly string[];
}

/**
 * Writes `files` (relative path → bytes, in that order) below `out`,
 * creating it when missing. Nothing is written outside `out`'s real path:
 * each file's directory is created component by component inside it (see
 * `makeDirsInside`), and each file is renamed into that checked directory,
 * replacing whatever entry had its name (a symlink is replaced, never
 * written through).
 *
 * @example Write twice, change nothing the second time
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeSite } from "./site_write.ts";
 *
 * const out = await Deno.makeTempDir();
 * const files = new Map([["a/b.txt", new TextEncoder().encode("hi\n")]]);
 * assert.deepEqual(writeSite(out, files).written, ["a/b.txt"]);
 * assert.deepEqual(writeSite(out, files).unchanged, ["a/b.txt"]);
 * assert.equal(await Deno.readTextFile(`${out}/a/b.txt`), "hi\n");
 * ```
 *
 * @param out The output directory.
 * @param files The files by normalized relative path.
 * @returns What was written and what was already there.
 * @throws {PermissionDeniedError} naming `--allow-write=OUT` (or `--allow-read=OUT`).
 * @throws {ContainmentError} when a directory of the output leads outside it.
 * @throws {WebArtifactError} `web-archive-path` for a path that is not a normalized relative path.
 */
export function writeSite(
  out: string,
  files: ReadonlyMap<string, Uint8Array>,
): SiteWrite {
  const absolute = resolve(out);
  assertSitePermissions(absolute);
  Deno.mkdirSync(absolute, { recursive: true });
  const root = Deno.realPathSync(absolute);
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const [rel, bytes] of files) {
    if (rel === "" || entryPath(rel) !== rel) {
      throw new WebArtifactError(
        "web-archive-path",
        `Cannot write ${JSON.stringify(rel)}: not a normalized relative path`,
        rel,
      );
    }
    const parent = dirname(rel);
    const dir = makeDirsInside(root, parent === "." ? "" : parent, {
      orEqual: true,
      label: "The output path",
    });
    const target = join(dir, basename(rel));
    if (holds(root, target, bytes)) {
      unchanged.push(rel);
      continue;
    }
    writeViaTempSync(
      join(dir, `.${basename(rel)}.${crypto.randomUUID()}.tmp`),
      target,
      bytes,
    );
    written.push(rel);
  }
  return { written, unchanged };
}

/**
 * Throws unless the site directory may be written: write permission for
 * it, and read permission for it and each directory above it (the
 * containment checks resolve every component of the path, symlinks
 * included, from the file-system root).
 *
 * @example Usage
 * ```ts
 * import { assertSitePermissions } from "./site_write.ts";
 *
 * assertSitePermissions(await Deno.makeTempDir()); // granted in the tests
 * ```
 *
 * @param out The site directory.
 * @throws {PermissionDeniedError} naming `--allow-write=OUT` or `--allow-read=DIR`.
 */
export function assertSitePermissions(out: string): void {
  const absolute = resolve(out);
  const denied = (name: "read" | "write", path: string): boolean =>
    Deno.permissions.querySync({ name, path }).state !== "granted";
  if (denied("write", absolute)) {
    throw new PermissionDeniedError(
      "write",
      absolute,
      `--allow-write=${absolute}`,
    );
  }
  const above: string[] = [];
  for (let dir = absolute;; dir = dirname(dir)) {
    above.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  const missing = above.find((dir) => denied("read", dir));
  if (missing !== undefined) {
    throw new PermissionDeniedError("read", missing, `--allow-read=${missing}`);
  }
}

/** Whether `target` is a regular file inside `root` holding exactly `bytes`. */
function holds(root: string, target: string, bytes: Uint8Array): boolean {
  try {
    const info = Deno.lstatSync(target);
    if (!info.isFile || info.size !== bytes.length) return false;
    const current = readInsideSync(root, target, {
      maxBytes: bytes.length,
      tooLarge: () => new RangeError("changed"),
    });
    return current.length === bytes.length &&
      current.every((b, i) => b === bytes[i]);
  } catch {
    return false;
  }
}
