// Copyright 2026 the skillscope authors. MIT license.
/**
 * The rules every archive entry passes, whatever the format: a plain
 * relative path (no `..`, not absolute, no backslash, no control
 * character), a regular file or a directory (never a symlink, a hard link,
 * a device or a FIFO: the whole archive is refused), each path once, and
 * the skill's file-count and byte caps. Files are collected in memory.
 *
 * @module
 */
import { foldKey } from "../shared/fold_key.ts";
import { truncate } from "../parse/frontmatter.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { WebArtifactError } from "./errors.ts";

/** Longest entry path accepted (characters). */
const MAX_PATH_CHARS = 4096;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The files of an unpacked skill, by normalized relative path.
 *
 * @example Publish files held in memory
 * ```ts
 * import { buildSite, type SkillFiles } from "@skillscope/skills/web";
 * import assert from "node:assert/strict";
 *
 * const md = new TextEncoder().encode("---\nname: hi\ndescription: Says hi\n---\n# Hi\n");
 * const files: SkillFiles = { files: new Map([["SKILL.md", md]]), executable: new Set() };
 * const site = await buildSite([{ name: "hi", description: "Says hi", ...files }]);
 * assert.equal(site.entries[0]?.type, "skill-md");
 * ```
 */
export interface SkillFiles {
  /** Contents by relative path (`/` separators), sorted. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The paths whose entry had an executable bit. */
  readonly executable: ReadonlySet<string>;
}

/**
 * The path of an archive entry, normalized, or `""` for the archive's root
 * directory (`.`, `./`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { entryPath } from "./archive_entry.ts";
 *
 * assert.equal(entryPath("./references/a.md"), "references/a.md");
 * assert.equal(entryPath("./"), "");
 * assert.throws(() => entryPath("../x"), /leaves the skill/);
 * assert.throws(() => entryPath("/etc/passwd"), /absolute/);
 * assert.throws(() => entryPath("a\\..\\..\\x"), /backslash/);
 * ```
 *
 * @param raw The entry's name as stored.
 * @returns The normalized relative path.
 * @throws {WebArtifactError} `web-archive-path`.
 */
export function entryPath(raw: string): string {
  const refuse = (why: string): never => {
    throw new WebArtifactError(
      "web-archive-path",
      `Archive entry ${
        JSON.stringify(truncate(raw, 200))
      } ${why}; the archive was refused`,
      raw,
    );
  };
  if (raw.length > MAX_PATH_CHARS) refuse("is too long");
  if (raw.includes("\\")) refuse("contains a backslash");
  if (CONTROL.test(raw)) refuse("contains a control character");
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw)) {
    refuse("is an absolute path");
  }
  if (raw.split("/").includes("..")) {
    refuse('has a ".." segment: it leaves the skill');
  }
  return normalizeAssetPath(raw) ?? "";
}

/**
 * Collects the entries of one archive within the caps, refusing the whole
 * archive at the first entry that breaks a rule.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ArchiveCollector } from "./archive_entry.ts";
 *
 * const collector = new ArchiveCollector({ maxFiles: 2, maxBytes: 10 });
 * const path = collector.beginFile("./SKILL.md", 3);
 * collector.addFile(path, new Uint8Array(3), false);
 * assert.throws(() => collector.link("evil", "/etc/passwd", "symlink"), /symlink/);
 * assert.deepEqual([...collector.finish().files.keys()], ["SKILL.md"]);
 * ```
 */
export class ArchiveCollector {
  readonly #maxFiles: number;
  readonly #maxBytes: number;
  readonly #files = new Map<string, Uint8Array>();
  readonly #executable = new Set<string>();
  readonly #dirs = new Set<string>();
  #bytes = 0;
  #entries = 0;
  #fileCount = 0;

  /**
   * Constructs a new instance.
   *
   * @param limits Most files, most bytes in all.
   */
  constructor(limits: { maxFiles: number; maxBytes: number }) {
    this.#maxFiles = limits.maxFiles;
    this.#maxBytes = limits.maxBytes;
  }

  /** Bytes still allowed. */
  get remaining(): number {
    return this.#maxBytes - this.#bytes;
  }

  /**
   * Most bytes of archive structure (headers, padding) to accept besides
   * the files, for a reader that counts the unpacked stream.
   *
   * @returns The allowance.
   */
  overhead(): number {
    return (this.#maxFiles * 2 + 16) * 4096;
  }

  /**
   * A directory entry (directories are implied by their files; the entry
   * only counts against the caps).
   *
   * @param raw The entry's name.
   * @throws {WebArtifactError} `web-archive-path`, `web-archive-too-many-files`.
   */
  directory(raw: string): void {
    this.#count(raw);
    const path = entryPath(raw);
    if (path !== "") this.#dirs.add(path);
  }

  /**
   * Checks a file entry before its bytes are read.
   *
   * @param raw The entry's name.
   * @param size Its declared size.
   * @returns The normalized path to pass to {@linkcode ArchiveCollector.prototype.addFile}.
   * @throws {WebArtifactError} `web-archive-path`, `web-archive-duplicate`,
   *   `web-archive-too-many-files`, `web-archive-too-large`.
   */
  beginFile(raw: string, size: number): string {
    this.#count(raw);
    const path = entryPath(raw);
    if (path === "") {
      throw new WebArtifactError(
        "web-archive-path",
        `Archive entry ${
          JSON.stringify(truncate(raw, 200))
        } is a file at the root's own path; the archive was refused`,
        raw,
      );
    }
    if (this.#files.has(path)) {
      throw new WebArtifactError(
        "web-archive-duplicate",
        `The archive holds "${truncate(path, 200)}" twice; it was refused`,
        raw,
      );
    }
    if (++this.#fileCount > this.#maxFiles) {
      throw new WebArtifactError(
        "web-archive-too-many-files",
        `The archive holds more than ${this.#maxFiles} files; it was refused`,
        raw,
      );
    }
    if (!(size >= 0) || size > this.remaining) this.#tooLarge(raw);
    return path;
  }

  /**
   * Adds a file's bytes (after {@linkcode ArchiveCollector.prototype.beginFile}).
   *
   * @param path The path `beginFile` returned.
   * @param bytes The file's bytes.
   * @param executable Whether its entry had an executable bit.
   * @throws {WebArtifactError} `web-archive-too-large`.
   */
  addFile(path: string, bytes: Uint8Array, executable: boolean): void {
    if (bytes.length > this.remaining) this.#tooLarge(path);
    this.#bytes += bytes.length;
    this.#files.set(path, bytes);
    if (executable) this.#executable.add(path);
  }

  /**
   * Refuses the archive for a link entry.
   *
   * @param raw The entry's name.
   * @param target The link's target.
   * @param kind `"symlink"` or `"hard link"`.
   * @throws {WebArtifactError} `web-archive-link`, always.
   */
  link(raw: string, target: string, kind: string): never {
    throw new WebArtifactError(
      "web-archive-link",
      `Archive entry ${JSON.stringify(truncate(raw, 200))} is a ${kind} (to ${
        JSON.stringify(truncate(target, 200))
      }); archives with links are refused`,
      raw,
    );
  }

  /**
   * Refuses the archive for an entry that is neither a file nor a directory.
   *
   * @param raw The entry's name.
   * @param kind What it is (`"character-device"`, `"fifo"`, …).
   * @throws {WebArtifactError} `web-archive-special`, always.
   */
  special(raw: string, kind: string): never {
    throw new WebArtifactError(
      "web-archive-special",
      `Archive entry ${
        JSON.stringify(truncate(raw, 200))
      } is a ${kind}, not a regular file; the archive was refused`,
      raw,
    );
  }

  /**
   * The files, once every entry was added: no file may sit where another
   * entry needs a directory.
   *
   * @returns The files, sorted by path.
   * @throws {WebArtifactError} `web-archive-duplicate`.
   */
  finish(): SkillFiles {
    for (const path of [...this.#files.keys(), ...this.#dirs]) {
      let slash = path.indexOf("/");
      while (slash !== -1) {
        const parent = path.slice(0, slash);
        if (this.#files.has(parent)) this.#conflict(parent, path);
        slash = path.indexOf("/", slash + 1);
      }
      if (this.#dirs.has(path) && this.#files.has(path)) {
        this.#conflict(path, path);
      }
    }
    this.#refuseFoldedTwins();
    const sorted = [...this.#files.keys()].sort();
    return {
      files: new Map(sorted.map((path) => [path, this.#files.get(path)!])),
      executable: new Set(this.#executable),
    };
  }

  // Two paths that are one on macOS or Windows (`README.md`, `readme.md`;
  // `café` composed and decomposed), files and the folders on their way
  // alike: unpacked there, one would overwrite or merge into the other.
  // One pass over a tree of the names seen: each name is folded once, when
  // it is first met below its folder, so the work is linear in the paths'
  // length however deep they nest.
  #refuseFoldedTwins(): void {
    const root: FoldNode = { children: new Map(), folded: new Map() };
    for (const path of [...this.#files.keys(), ...this.#dirs]) {
      let node = root;
      let at = 0;
      while (at <= path.length) {
        const slash = path.indexOf("/", at);
        const end = slash === -1 ? path.length : slash;
        const name = path.slice(at, end);
        let child = node.children.get(name);
        if (child === undefined) {
          const key = foldKey(name);
          const twin = node.folded.get(key);
          if (twin !== undefined) {
            const where = path.slice(0, at);
            throw new WebArtifactError(
              "web-archive-duplicate",
              `The archive holds "${truncate(where + name, 200)}" and "${
                truncate(where + twin, 200)
              }", one path on a case-insensitive or Unicode-normalizing file system (macOS, Windows); it was refused`,
              path,
            );
          }
          child = { children: new Map(), folded: new Map() };
          node.children.set(name, child);
          node.folded.set(key, name);
        }
        node = child;
        if (slash === -1) break;
        at = slash + 1;
      }
    }
  }

  #count(raw: string): void {
    // Directories count too, at twice the file cap: a million empty
    // directory entries cost as much memory as files.
    if (++this.#entries > this.#maxFiles * 2 + 16) {
      throw new WebArtifactError(
        "web-archive-too-many-files",
        `The archive holds more than ${
          this.#maxFiles * 2 + 16
        } entries; it was refused`,
        raw,
      );
    }
  }

  #conflict(path: string, entry: string): never {
    throw new WebArtifactError(
      "web-archive-duplicate",
      `The archive holds "${
        truncate(path, 200)
      }" both as a file and as a directory; it was refused`,
      entry,
    );
  }

  #tooLarge(raw: string): never {
    throw new WebArtifactError(
      "web-archive-too-large",
      `The archive unpacks to more than ${this.#maxBytes} bytes (at ${
        JSON.stringify(truncate(raw, 200))
      }); it was refused`,
      raw,
    );
  }
}

/** A folder of the names an archive holds, for the fold check. */
interface FoldNode {
  /** Each name below it, as written. */
  readonly children: Map<string, FoldNode>;
  /** Each name's fold key, to the name that holds it. */
  readonly folded: Map<string, string>;
}
