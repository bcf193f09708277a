// Copyright 2026 the skillscope authors. MIT license.
/**
 * Opening a directory source's root before its scan: the permission, what
 * the root is, its real path. What can end a scan (or a whole discovery)
 * before it has looked at any skill is decided here, once.
 *
 * @module
 */
import { InvalidSourceError, PermissionDeniedError } from "../shared/errors.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { kindOf } from "../shared/diagnostics.ts";
import { messageOf } from "../shared/errors.ts";
import type { DirectorySource, SkillSource } from "./sources.ts";
import type { Diagnostic } from "../shared/types.ts";
import type { Deferred } from "./parser_results.ts";
import { MISSING, mtimeOf, stampOf } from "./load_skill.ts";
import type { OpenedRoot } from "./scan_io.ts";

/**
 * Opens a directory source's root: its real path, or `undefined` when the
 * root is skipped (a missing optional root, a denied permission or an
 * invalid root the source skips), with the diagnostic of why in
 * `diagnostics`. Records the root's stamp in `stamps`.
 *
 * @param source The directory source.
 * @param diagnostics Where a skipped root's diagnostic goes.
 * @param stamps Where the root's modification time goes.
 * @returns The root's real path, or `undefined` when it is skipped.
 * @throws {PermissionDeniedError} when read permission is missing and the source says `"throw"`.
 * @throws {InvalidSourceError} when the root is not a directory, unreadable, or missing and `required`.
 */
export function openRoot(
  source: DirectorySource,
  diagnostics: (Diagnostic | Deferred)[],
  stamps: Map<string, number>,
): string | undefined {
  const root = source.path;
  try {
    assertReadPermission(root);
  } catch (error) {
    if (
      error instanceof PermissionDeniedError &&
      source.onPermissionDenied === "skip"
    ) {
      diagnostics.push({
        level: "warning",
        code: "permission-skipped",
        message: `Skipped skill root "${root}": ${error.message}`,
        path: root,
      });
      return undefined;
    }
    throw error;
  }

  try {
    const info = Deno.statSync(root);
    if (!info.isDirectory) {
      throw new InvalidSourceError(
        "not-a-directory",
        root,
        `Skill root "${root}" is not a directory (${
          info.isFile ? "a file" : kindOf(info)
        })`,
      );
    }
    stamps.set(root, mtimeOf(info));
    return Deno.realPathSync(root);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      stamps.set(root, MISSING);
      if (source.required) {
        throw new InvalidSourceError(
          "path-missing",
          root,
          `Skill root "${root}" does not exist`,
        );
      }
      diagnostics.push({
        level: "warning",
        code: "root-missing",
        message: `Skill root "${root}" does not exist`,
        path: root,
      });
      return undefined;
    }
    const invalid = error instanceof InvalidSourceError
      ? error
      : new InvalidSourceError(
        "read-failed",
        root,
        `Skill root "${root}" cannot be read: ${messageOf(error)}`,
      );
    if (source.onInvalidRoot !== "skip") throw invalid;
    // A planted root (a file, a symlink loop) must not hide the others.
    diagnostics.push({
      level: "warning",
      code: "root-invalid",
      message: `${invalid.message} (skipped)`,
      path: root,
    });
    stampOf(root, stamps);
    return undefined;
  }
}

/**
 * Opens the root of every directory source at once, before any is scanned:
 * what can fail the discovery throws here, and each scan then uses what was
 * found (a root that goes away later is a listing that fails, reported).
 *
 * @param sources The sources of a discovery.
 * @returns Each directory source's opened root.
 * @throws {PermissionDeniedError} when a root lacks read permission and its source says `"throw"`.
 * @throws {InvalidSourceError} when a root is not a directory, unreadable, or missing and `required`.
 */
export function openRoots(
  sources: readonly SkillSource[],
): Map<DirectorySource, OpenedRoot> {
  const opened = new Map<DirectorySource, OpenedRoot>();
  for (const source of sources) {
    if (source.kind !== "directory") continue;
    const diagnostics: Diagnostic[] = [];
    const stamps = new Map<string, number>();
    const canonicalRoot = openRoot(source, diagnostics, stamps);
    opened.set(source, { canonicalRoot, diagnostics, stamps });
  }
  return opened;
}
