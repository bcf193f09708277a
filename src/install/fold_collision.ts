// Copyright 2026 the skillscope authors. MIT license.
/**
 * Names that are different strings but the same file on some file systems:
 * macOS (APFS, HFS+) and Windows (NTFS) compare names without case, and
 * APFS and HFS+ compare Unicode-equivalent names (`"café"` composed and
 * decomposed) as one. On such a disk, installing `readme.md` beside
 * `README.md`, or the skill `ς-x` beside `σ-x`, would write over the other
 * one while `skills.lock` records both. Install refuses such pairs on every
 * system, so what a skill directory holds does not depend on the disk it is
 * installed on.
 *
 * @module
 */
import { escapeTerminal } from "../shared/escape.ts";
import { foldKey } from "../shared/fold_key.ts";
import { InstallError } from "./errors.ts";

/**
 * Remembers the paths of one skill as they are copied and refuses a path
 * that is another path already seen on a case-insensitive or
 * normalization-insensitive file system.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { FoldedPaths } from "./fold_collision.ts";
 *
 * const paths = new FoldedPaths("the skill");
 * paths.add("README.md");
 * paths.add("docs/a.md");
 * assert.throws(() => paths.add("readme.md"), /"readme\.md" and "README\.md"/);
 * ```
 */
export class FoldedPaths {
  #seen = new Map<string, string>();
  #what: string;

  /**
   * Constructs a new instance.
   *
   * @param what How a refusal names the skill (`the skill "pdf" from URL`).
   */
  constructor(what: string) {
    this.#what = what;
  }

  /**
   * Adds a path of the skill.
   *
   * @param rel The path, relative to the skill directory.
   * @throws {InstallError} `unsafe-file` when another path added before is
   *   the same file on such a file system.
   */
  add(rel: string): void {
    const key = foldKey(rel);
    const before = this.#seen.get(key);
    if (before !== undefined && before !== rel) {
      throw new InstallError(
        "unsafe-file",
        escapeTerminal(
          `Refusing to install ${this.#what}: "${rel}" and "${before}"${
            composedApart(rel, before)
          } are the same file on a case-insensitive or Unicode-normalizing file system (macOS, Windows), so one would overwrite the other`,
        ),
      );
    }
    this.#seen.set(key, rel);
  }
}

/**
 * Refuses to install `name` into `dir` when the skills directory already
 * holds another entry, or `skills.lock` another skill, that is the same
 * directory on a case-insensitive or normalization-insensitive file system
 * (what such a disk would do: write the new skill over the other one).
 * `--force` replaces a skill of the same name, never one of another name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertNoFoldedTwin } from "./fold_collision.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/σ-x`);
 * assertNoFoldedTwin(dir, "σ-x", []);
 * assert.throws(() => assertNoFoldedTwin(dir, "ς-x", []), /"σ-x"/);
 * ```
 *
 * @param dir The skills directory.
 * @param name The skill's name (its directory name).
 * @param locked The names recorded in `skills.lock`.
 * @throws {InstallError} `clash` naming the other entry.
 */
export function assertNoFoldedTwin(
  dir: string,
  name: string,
  locked: Iterable<string>,
): void {
  const key = foldKey(name);
  const twin = (other: string) => other !== name && foldKey(other) === key;
  let found = [...locked].find(twin);
  if (found === undefined) {
    try {
      for (const entry of Deno.readDirSync(dir)) {
        if (twin(entry.name)) {
          found = entry.name;
          break;
        }
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  if (found === undefined) return;
  throw new InstallError(
    "clash",
    escapeTerminal(
      `Refusing to install "${name}": the skills directory already holds "${found}"${
        composedApart(name, found)
      }, which is the same directory on a case-insensitive or Unicode-normalizing file system (macOS, Windows); remove "${found}" first to replace it`,
    ),
  );
}

/** A note telling two names apart that print the same. */
function composedApart(a: string, b: string): string {
  return a.normalize("NFC") === b.normalize("NFC")
    ? " (one name composed, the other decomposed, in Unicode)"
    : "";
}
