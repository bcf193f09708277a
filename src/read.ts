// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading what a skill bundles, on demand: the body of `SKILL.md`, its
 * files (with containment checks) and the list of them.
 *
 * @module
 */
import { join, sep } from "node:path";
import { normalizeAssetPath } from "./asset_path.ts";
import { embeddedContentOf } from "./embedded.ts";
import { SkillAccessError, SkillParseError } from "./errors.ts";
import { splitFrontmatter } from "./frontmatter.ts";
import { assertReadPermission } from "./permissions.ts";
import type { Skill } from "./types.ts";

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
    const info = Deno.statSync(path);
    if (!info.isFile) {
      throw new SkillAccessError(
        "read-failed",
        skill.name,
        `"${path}" is no longer a regular file`,
        path,
      );
    }
    if (info.size > maxBytes) {
      throw new SkillAccessError(
        "body-too-large",
        skill.name,
        `SKILL.md of "${skill.name}" is ${info.size} bytes; the limit is ${maxBytes}`,
        path,
      );
    }
    const split = splitFrontmatter(
      decoder.decode(Deno.readFileSync(path)),
      path,
    );
    return split.text.slice(split.bodyStart);
  } catch (error) {
    if (error instanceof SkillAccessError) throw error;
    const reason = error instanceof SkillParseError || error instanceof Error
      ? error.message
      : String(error);
    throw new SkillAccessError(
      "read-failed",
      skill.name,
      `Cannot read "${path}": ${reason}`,
      path,
    );
  }
}

/**
 * Reads a file bundled with a skill. The path must be relative, without
 * `..`; its real path must lie inside the skill's real directory (so a
 * symlink pointing outside is refused); it must be a regular file within the
 * size cap.
 *
 * @param skill The skill.
 * @param path The file's path relative to the skill directory.
 * @param options `maxBytes` (default 1 MiB).
 * @returns The file's bytes.
 * @throws {SkillAccessError} `asset-path-invalid`, `asset-outside-skill`, `asset-not-found`,
 *   `asset-not-file`, `asset-too-large`, `no-assets` or `read-failed`.
 * @throws {PermissionDeniedError} when the skill directory may not be read.
 */
export function readAssetSync(
  skill: Skill,
  path: string,
  options: { maxBytes?: number } = {},
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
  const embedded = embeddedContentOf(skill);
  if (embedded) {
    return embeddedAsset(skill, embedded.assets, rel, path, maxBytes);
  }

  const dir = skill.dir!;
  assertReadPermission(dir);
  const candidate = join(dir, rel);
  let realDir: string;
  let real: string;
  try {
    realDir = Deno.realPathSync(dir);
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
    throw new SkillAccessError(
      "read-failed",
      skill.name,
      `Cannot resolve "${candidate}": ${messageOf(error)}`,
      path,
    );
  }
  if (
    real !== realDir &&
    !real.startsWith(realDir.endsWith(sep) ? realDir : realDir + sep)
  ) {
    throw new SkillAccessError(
      "asset-outside-skill",
      skill.name,
      `"${rel}" of "${skill.name}" resolves to "${real}", outside the skill directory "${realDir}"`,
      path,
    );
  }
  let file: Deno.FsFile | undefined;
  try {
    const info = Deno.statSync(candidate);
    if (!info.isFile) {
      throw new SkillAccessError(
        "asset-not-file",
        skill.name,
        `"${rel}" of "${skill.name}" is not a regular file`,
        path,
      );
    }
    if (info.size > maxBytes) {
      throw new SkillAccessError(
        "asset-too-large",
        skill.name,
        `"${rel}" of "${skill.name}" is ${info.size} bytes; the limit is ${maxBytes}`,
        path,
      );
    }
    file = Deno.openSync(candidate, { read: true });
    const opened = file.statSync();
    // The file opened must be the one checked (no swap in between).
    if (opened.ino !== info.ino || opened.dev !== info.dev || !opened.isFile) {
      throw new SkillAccessError(
        "read-failed",
        skill.name,
        `"${rel}" of "${skill.name}" changed while being read`,
        path,
      );
    }
    const bytes = new Uint8Array(Math.min(opened.size, maxBytes));
    let offset = 0;
    while (offset < bytes.length) {
      const n = file.readSync(bytes.subarray(offset));
      if (n === null || n === 0) break;
      offset += n;
    }
    return bytes.subarray(0, offset);
  } catch (error) {
    if (error instanceof SkillAccessError) throw error;
    throw new SkillAccessError(
      "read-failed",
      skill.name,
      `Cannot read "${candidate}": ${messageOf(error)}`,
      path,
    );
  } finally {
    file?.close();
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
      p !== "SKILL.md"
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
