// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading what a skill bundles, on demand: the body of `SKILL.md`, its
 * files (with containment checks) and the list of them.
 *
 * @module
 */
import { join, sep } from "node:path";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { existsSync } from "../shared/fs_checks.ts";
import { embeddedContentOf } from "../discover/embedded_skill.ts";
import { SkillAccessError } from "../shared/errors.ts";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import type { Skill } from "../shared/types.ts";

/** Largest `SKILL.md` whose body is served (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Largest asset served by default (bytes). */
export const MAX_ASSET_BYTES = 1024 * 1024;
/** Most files listed by {@linkcode listResources} by default. */
export const MAX_RESOURCES = 200;

const decoder = new TextDecoder();

/**
 * Reads the Markdown body of a skill (frontmatter stripped) from disk, or
 * from memory for an embedded skill.
 *
 * @param skill The skill.
 * @param options `maxBytes`: the largest SKILL.md read (default 1 MiB).
 * @returns The body.
 * @throws {SkillAccessError} `body-too-large` or `read-failed`.
 * @throws {PermissionDeniedError} when the skill directory may not be read.
 */
export function readBodySync(
  skill: Skill,
  options: { maxBytes?: number } = {},
): string {
  const embedded = embeddedContentOf(skill);
  if (embedded) return embedded.body;
  const path = skill.path!;
  assertReadPermission(path);
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  try {
    // Read from the descriptor that was checked, never more than the cap:
    // a swap to /dev/zero after the check cannot make the read endless.
    const bytes = retryReplaced(() => {
      const info = Deno.statSync(path);
      if (!info.isFile) {
        throw new SkillAccessError(
          "read-failed",
          skill.name,
          `"${path}" is no longer a regular file`,
          path,
        );
      }
      return readCheckedSync(
        path,
        info,
        maxBytes,
        (size) =>
          new SkillAccessError(
            "body-too-large",
            skill.name,
            `SKILL.md of "${skill.name}" is ${size} bytes; the limit is ${maxBytes}`,
            path,
          ),
      );
    });
    const split = splitFrontmatter(decoder.decode(bytes), path);
    return split.text.slice(split.bodyStart);
  } catch (error) {
    throw readFailed(error, skill, path, path);
  }
}

/**
 * Reads the whole `SKILL.md` of a skill on disk from the descriptor that was
 * checked, at most `maxBytes`.
 *
 * @param skill A skill discovered from a directory.
 * @param maxBytes The cap.
 * @returns The bytes.
 * @throws {SkillAccessError} `body-too-large` or `read-failed`.
 */
export function readSkillFileSync(skill: Skill, maxBytes: number): Uint8Array {
  const path = skill.path!;
  try {
    return retryReplaced(() => {
      const info = Deno.statSync(path);
      if (!info.isFile) throw new Error("it is no longer a regular file");
      return readCheckedSync(
        path,
        info,
        maxBytes,
        (size) =>
          new SkillAccessError(
            "body-too-large",
            skill.name,
            `SKILL.md of "${skill.name}" is ${size} bytes; the limit is ${maxBytes}`,
            path,
          ),
      );
    });
  } catch (error) {
    throw readFailed(error, skill, path, path);
  }
}

/** The file at a path was replaced between the check and the open. */
class ChangedError extends Error {
  constructor() {
    super("it changed while being opened");
  }
}

/** Attempts at a read whose file is replaced while it is opened. */
const READ_ATTEMPTS = 3;

/**
 * Runs a checked read again when the file was replaced between its check
 * and its open (an editor saving by rename): every attempt checks afresh,
 * so the result is the old file or the new one, never a mix.
 */
function retryReplaced<T>(read: () => T): T {
  for (let attempt = 1;; attempt++) {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ChangedError) || attempt >= READ_ATTEMPTS) {
        throw error;
      }
    }
  }
}

/**
 * Opens `path`, checks that the opened file is the regular file `info`
 * describes (same device and inode), and reads at most `maxBytes` from that
 * descriptor; a larger file is refused with `tooLarge(size)`.
 */
function readCheckedSync(
  path: string,
  info: Deno.FileInfo,
  maxBytes: number,
  tooLarge: (size: number) => Error,
  after?: (opened: Deno.FileInfo) => void,
): Uint8Array {
  if (info.size > maxBytes) throw tooLarge(info.size);
  const file = Deno.openSync(path, { read: true });
  try {
    const opened = file.statSync();
    if (!opened.isFile || opened.ino !== info.ino || opened.dev !== info.dev) {
      throw new ChangedError();
    }
    after?.(opened);
    if (opened.size > maxBytes) throw tooLarge(opened.size);
    const bytes = new Uint8Array(opened.size + 1);
    let offset = 0;
    while (offset < bytes.length) {
      const n = file.readSync(bytes.subarray(offset));
      if (n === null || n === 0) break;
      offset += n;
    }
    if (offset > maxBytes) throw tooLarge(offset);
    if (offset === bytes.length) {
      // It grew while being read: read on, up to the cap.
      const rest: Uint8Array[] = [bytes];
      let total = offset;
      const chunk = new Uint8Array(64 * 1024);
      for (;;) {
        const n = file.readSync(chunk);
        if (n === null || n === 0) break;
        total += n;
        if (total > maxBytes) throw tooLarge(total);
        rest.push(chunk.slice(0, n));
      }
      const all = new Uint8Array(total);
      let at = 0;
      for (const part of rest) {
        all.set(part, at);
        at += part.length;
      }
      return all;
    }
    return bytes.subarray(0, offset);
  } finally {
    file.close();
  }
}

/**
 * Whether a normalized asset path may be read: no hidden segment (`.git`,
 * `.env`, …) and no `node_modules`, the rule the resource listing follows.
 *
 * @param rel A path from {@linkcode normalizeAssetPath}.
 * @returns `true` when it is servable.
 */
export function isServableAssetPath(rel: string): boolean {
  for (const segment of rel.split("/")) {
    if (segment.startsWith(".") || segment === "node_modules") return false;
  }
  return true;
}

/**
 * Reads a file bundled with a skill. The path must be relative, without
 * `..`, and name no hidden file and no `node_modules` (the listing's rule;
 * `allowHidden` lifts it); its real path must lie inside the skill's real directory (so a
 * symlink pointing outside is refused); it must be a regular file within the
 * size cap.
 *
 * @param skill The skill.
 * @param path The file's path relative to the skill directory.
 * @param options `maxBytes` (default 1 MiB); `allowHidden` to serve hidden
 *   files and `node_modules` too.
 * @returns The file's bytes.
 * @throws {SkillAccessError} `asset-path-invalid`, `asset-outside-skill`, `asset-not-found`,
 *   `asset-not-file`, `asset-too-large`, `no-assets` or `read-failed`.
 * @throws {PermissionDeniedError} when the skill directory may not be read.
 */
export function readAssetSync(
  skill: Skill,
  path: string,
  options: { maxBytes?: number; allowHidden?: boolean } = {},
): Uint8Array {
  const maxBytes = options.maxBytes ?? MAX_ASSET_BYTES;
  const rel = normalizeAssetPath(path);
  if (rel === undefined) {
    throw new SkillAccessError(
      "asset-path-invalid",
      skill.name,
      `Asset path ${
        JSON.stringify(path)
      } of "${skill.name}" must be relative to the skill directory, without ".." segments`,
      path,
    );
  }
  if (options.allowHidden !== true && !isServableAssetPath(rel)) {
    throw new SkillAccessError(
      "asset-path-invalid",
      skill.name,
      `Asset path ${
        JSON.stringify(path)
      } of "${skill.name}" names a hidden file or node_modules, which are never served`,
      path,
    );
  }
  const embedded = embeddedContentOf(skill);
  if (embedded) {
    return embeddedAsset(skill, embedded.assets, rel, path, maxBytes);
  }

  const dir = skill.dir!;
  assertReadPermission(dir);
  const candidate = join(dir, rel);
  let realDir: string;
  try {
    realDir = Deno.realPathSync(dir);
  } catch (error) {
    throw new SkillAccessError(
      "read-failed",
      skill.name,
      `Cannot resolve "${dir}": ${messageOf(error)}`,
      path,
    );
  }
  const inside = (real: string): boolean =>
    real !== realDir &&
    real.startsWith(realDir.endsWith(sep) ? realDir : realDir + sep);
  // Resolves the candidate and requires it inside the skill; returns the
  // real path and what it is now.
  const resolveInside = (): { real: string; info: Deno.FileInfo } => {
    let real: string;
    try {
      real = Deno.realPathSync(candidate);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) {
        throw new SkillAccessError(
          "asset-not-found",
          skill.name,
          `"${skill.name}" has no file "${rel}"`,
          path,
        );
      }
      throw error;
    }
    if (!inside(real)) {
      throw new SkillAccessError(
        "asset-outside-skill",
        skill.name,
        `"${rel}" of "${skill.name}" resolves to "${real}", outside the skill directory "${realDir}"`,
        path,
      );
    }
    return { real, info: Deno.statSync(real) };
  };
  try {
    return retryReplaced(() => readInside(resolveInside));
  } catch (error) {
    throw readFailed(error, skill, candidate, path);
  }

  function readInside(
    resolveInside: () => { real: string; info: Deno.FileInfo },
  ): Uint8Array {
    const { real, info } = resolveInside();
    if (!info.isFile) {
      throw new SkillAccessError(
        "asset-not-file",
        skill.name,
        `"${rel}" of "${skill.name}" is not a regular file`,
        path,
      );
    }
    // Open the resolved path, then check again: the opened file must still
    // be the one the path resolves to inside the skill (a symlink flipped
    // between the check and the open is caught here).
    return readCheckedSync(
      real,
      info,
      maxBytes,
      (size) =>
        new SkillAccessError(
          "asset-too-large",
          skill.name,
          `"${rel}" of "${skill.name}" is ${size} bytes; the limit is ${maxBytes}`,
          path,
        ),
      (opened) => {
        const again = resolveInside();
        if (again.info.ino !== opened.ino || again.info.dev !== opened.dev) {
          // Replaced in between: try afresh (every check again).
          throw new ChangedError();
        }
      },
    );
  }
}

function embeddedAsset(
  skill: Skill,
  assets: ReadonlyMap<string, string | Uint8Array> | undefined,
  rel: string,
  path: string,
  maxBytes: number,
): Uint8Array {
  if (assets === undefined) {
    throw new SkillAccessError(
      "no-assets",
      skill.name,
      `Embedded skill "${skill.name}" was embedded without its files, so "${rel}" cannot be read`,
      path,
    );
  }
  const content = assets.get(rel);
  if (content === undefined) {
    throw new SkillAccessError(
      "asset-not-found",
      skill.name,
      `"${skill.name}" has no file "${rel}"`,
      path,
    );
  }
  const bytes = typeof content === "string"
    ? new TextEncoder().encode(content)
    : content;
  if (bytes.length > maxBytes) {
    throw new SkillAccessError(
      "asset-too-large",
      skill.name,
      `"${rel}" of "${skill.name}" is ${bytes.length} bytes; the limit is ${maxBytes}`,
      path,
    );
  }
  return bytes;
}

/** What {@linkcode listResources} returns. */
export interface SkillResources {
  /** Relative paths of the bundled files (SKILL.md and hidden entries excluded), sorted. */
  readonly files: readonly string[];
  /** True when the listing stopped at its cap. */
  readonly truncated: boolean;
}

/**
 * Lists the files bundled with a skill — never reading them. Hidden entries
 * and `node_modules` are skipped, directory symlinks are not followed, file
 * symlinks resolving outside the skill are left out.
 *
 * @param skill The skill.
 * @param options `max` files listed (default 200), `maxDepth` (default 6).
 * @returns The sorted relative paths and whether the list was cut.
 * @throws {PermissionDeniedError} when the skill directory may not be read.
 */
export function listResourcesSync(
  skill: Skill,
  options: { max?: number; maxDepth?: number } = {},
): SkillResources {
  const max = options.max ?? MAX_RESOURCES;
  const maxDepth = options.maxDepth ?? 6;
  const embedded = embeddedContentOf(skill);
  if (embedded) {
    const all = [...(embedded.assets?.keys() ?? [])].filter((p) =>
      p !== "SKILL.md" && isServableAssetPath(p)
    ).sort(compare);
    return Object.freeze({
      files: Object.freeze(all.slice(0, max)),
      truncated: all.length > max,
    });
  }
  const dir = skill.dir!;
  assertReadPermission(dir);
  let realDir: string;
  try {
    realDir = Deno.realPathSync(dir);
  } catch {
    return Object.freeze({ files: Object.freeze([]), truncated: false });
  }
  const files: string[] = [];
  let truncated = false;
  const walk = (abs: string, rel: string, depth: number): void => {
    let entries: Deno.DirEntry[];
    try {
      entries = Array.from(Deno.readDirSync(abs)).sort((a, b) =>
        compare(a.name, b.name)
      );
    } catch {
      return;
    }
    for (const entry of entries) {
      if (truncated) return;
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      // List exactly what readAsset can serve: a backslash is a separator
      // there, and a name that is not valid UTF-8 arrives here with U+FFFD
      // and cannot be opened by it.
      if (entry.name.includes("\\")) continue;
      if (entry.name.includes("\uFFFD") && !existsSync(join(abs, entry.name))) {
        continue;
      }
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (childRel === "SKILL.md") continue;
      const childAbs = join(abs, entry.name);
      if (entry.isDirectory) {
        if (depth < maxDepth) walk(childAbs, childRel, depth + 1);
        continue;
      }
      if (entry.isSymlink && !isFileInside(childAbs, realDir)) continue;
      if (!entry.isFile && !entry.isSymlink) continue;
      if (files.length >= max) {
        truncated = true;
        return;
      }
      files.push(childRel);
    }
  };
  walk(dir, "", 1);
  return Object.freeze({
    files: Object.freeze(files.sort(compare)),
    truncated,
  });
}

function isFileInside(path: string, realDir: string): boolean {
  try {
    const real = Deno.realPathSync(path);
    return real.startsWith(realDir + sep) && Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `error` itself when it is a SkillAccessError, else `read-failed` naming `target`. */
function readFailed(
  error: unknown,
  skill: Skill,
  target: string,
  path: string,
): SkillAccessError {
  if (error instanceof SkillAccessError) return error;
  return new SkillAccessError(
    "read-failed",
    skill.name,
    `Cannot read "${target}": ${messageOf(error)}`,
    path,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
