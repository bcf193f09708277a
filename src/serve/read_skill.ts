// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading what a skill bundles, on demand: the body of `SKILL.md`, its
 * files (with containment checks) and the list of them.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { embeddedContentOf } from "../discover/embedded_skill.ts";
import { messageOf, SkillAccessError } from "../shared/errors.ts";
import { escapeTerminal } from "../shared/escape.ts";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import type { DirectorySkill, Skill } from "../shared/types.ts";
import { isDirectorySkill, isEmbeddedSkill } from "../discover/build_skill.ts";
import { assertApprovedBytes } from "../audit/approved_content.ts";
import {
  readCheckedSync,
  readInsideSync,
  retryReplaced,
} from "../shared/checked_read.ts";
import { NotRegularFileError } from "../shared/open_file.ts";
import { ContainmentError } from "../shared/containment.ts";

/** Largest `SKILL.md` whose body is served (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Largest asset served by default (bytes). */
export const MAX_ASSET_BYTES = 1024 * 1024;

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
  if (isEmbeddedSkill(skill)) return skill.body;
  const path = onDisk(skill).path;
  assertReadPermission(path);
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  // Read from the descriptor that was checked, never more than the cap:
  // a swap to /dev/zero after the check cannot make the read endless.
  const bytes = readSkillFileSync(skill, maxBytes);
  try {
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
  const { path } = onDisk(skill);
  try {
    const bytes = retryReplaced(() => {
      const info = Deno.statSync(path);
      if (!info.isFile) {
        throw new SkillAccessError(
          "read-failed",
          skill.name,
          `"${escapeTerminal(path)}" is no longer a regular file`,
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
            `SKILL.md of "${
              escapeTerminal(skill.name)
            }" is ${size} bytes; the limit is ${maxBytes}`,
            path,
          ),
      );
    });
    // An approved skill serves only the bytes that were approved.
    assertApprovedBytes(skill, "SKILL.md", bytes);
    return bytes;
  } catch (error) {
    throw readFailed(error, skill, path, path);
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
      `Asset path ${JSON.stringify(path)} of "${
        escapeTerminal(skill.name)
      }" must be relative to the skill directory, without ".." segments`,
      path,
    );
  }
  if (options.allowHidden !== true && !isServableAssetPath(rel)) {
    throw new SkillAccessError(
      "asset-path-invalid",
      skill.name,
      `Asset path ${JSON.stringify(path)} of "${
        escapeTerminal(skill.name)
      }" names a hidden file or node_modules, which are never served`,
      path,
    );
  }
  const embedded = embeddedContentOf(skill);
  if (embedded) {
    return embeddedAsset(skill, embedded.assets, rel, path, maxBytes);
  }

  const { dir } = onDisk(skill);
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
  try {
    // The real path must lie inside the skill's real directory, the opened
    // file must be the one it resolves to (a symlink flipped in between is
    // caught), and the read never blocks and is capped.
    const bytes = readInsideSync(realDir, candidate, {
      maxBytes,
      tooLarge: (size) =>
        new SkillAccessError(
          "asset-too-large",
          skill.name,
          `"${escapeTerminal(rel)}" of "${
            escapeTerminal(skill.name)
          }" is ${size} bytes; the limit is ${maxBytes}`,
          path,
        ),
    });
    assertApprovedBytes(skill, rel, bytes);
    return bytes;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new SkillAccessError(
        "asset-not-found",
        skill.name,
        `"${escapeTerminal(skill.name)}" has no file "${escapeTerminal(rel)}"`,
        path,
      );
    }
    if (error instanceof ContainmentError) {
      throw new SkillAccessError(
        "asset-outside-skill",
        skill.name,
        `"${escapeTerminal(rel)}" of "${
          escapeTerminal(skill.name)
        }" resolves to "${error.resolved}", outside the skill directory "${realDir}"`,
        path,
      );
    }
    if (error instanceof NotRegularFileError) {
      throw new SkillAccessError(
        "asset-not-file",
        skill.name,
        `"${escapeTerminal(rel)}" of "${
          escapeTerminal(skill.name)
        }" is not a regular file`,
        path,
      );
    }
    throw readFailed(error, skill, candidate, path);
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
      `Embedded skill "${
        escapeTerminal(skill.name)
      }" was embedded without its files, so "${
        escapeTerminal(rel)
      }" cannot be read`,
      path,
    );
  }
  const content = assets.get(rel);
  if (content === undefined) {
    throw new SkillAccessError(
      "asset-not-found",
      skill.name,
      `"${escapeTerminal(skill.name)}" has no file "${escapeTerminal(rel)}"`,
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
      `"${escapeTerminal(rel)}" of "${
        escapeTerminal(skill.name)
      }" is ${bytes.length} bytes; the limit is ${maxBytes}`,
      path,
    );
  }
  return bytes;
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

/**
 * The skill as one on disk; a skill from elsewhere (or a copy that lost its
 * in-memory content) is refused with `read-failed` naming it.
 */
export function onDisk(skill: Skill): DirectorySkill {
  if (isDirectorySkill(skill)) return skill;
  throw new SkillAccessError(
    "read-failed",
    skill.name,
    `"${
      escapeTerminal(skill.name)
    }" (${skill.source.kind}: ${skill.source.key}) has no files on disk to read`,
  );
}
