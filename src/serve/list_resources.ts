// Copyright 2026 the skillscope authors. MIT license.
/**
 * Listing the files bundled with a skill — never reading them — by the same rule that decides what may be read.
 *
 * @module
 */
import { parentOf, walkSkillTree } from "../shared/skill_tree.ts";
import { embeddedContentOf } from "../discover/embedded_skill.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import type { Skill } from "../shared/types.ts";
import { isServableAssetPath, onDisk } from "./read_skill.ts";
import { assertApprovedListing } from "../audit/approved_content.ts";

/** Most files listed by {@linkcode listResources} by default. */
export const MAX_RESOURCES = 200;

/** How deep {@linkcode listResourcesSync} walks a skill's tree by default. */
export const RESOURCE_DEPTH = 6;

/**
 * What {@linkcode listResources} returns.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, type SkillResources, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Hi", content: "", assets: { "a.md": "A" } })],
 * });
 * const resources: SkillResources = await set.resources("hi");
 * assert.deepEqual(resources, { files: ["a.md"], truncated: false });
 * ```
 */
export interface SkillResources {
  /** Relative paths of the bundled files (SKILL.md and hidden entries excluded), sorted. */
  readonly files: readonly string[];
  /** True when the listing stopped at its cap. */
  readonly truncated: boolean;
  /**
   * Directories holding a name that is not valid UTF-8: what it names can
   * be neither listed nor read. Absent when there is none.
   */
  readonly unreadable?: readonly string[];
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
 * @throws {SkillAccessError} `skill-changed-since-approval` for an approved
 *   skill holding a file that was not approved.
 */
export function listResourcesSync(
  skill: Skill,
  options: { max?: number; maxDepth?: number } = {},
): SkillResources {
  const max = options.max ?? MAX_RESOURCES;
  const maxDepth = options.maxDepth ?? RESOURCE_DEPTH;
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
  const { dir } = onDisk(skill);
  assertReadPermission(dir);
  try {
    Deno.realPathSync(dir);
  } catch {
    return Object.freeze({ files: Object.freeze([]), truncated: false });
  }
  const files: string[] = [];
  const unreadable = new Set<string>();
  let truncated = false;
  for (
    const entry of walkSkillTree(dir, {
      skip: "hidden",
      enter: (e) => e.depth < maxDepth,
      onError: "skip",
    })
  ) {
    // List exactly what readAsset can serve: a backslash is a separator
    // there, and a name that is not valid UTF-8 arrives here with U+FFFD
    // and cannot be opened by it.
    if (entry.name.includes("\\")) continue;
    if (entry.kind === "undecodable") {
      unreadable.add(parentOf(entry));
      continue;
    }
    if (entry.rel === "SKILL.md" || entry.kind === "directory") continue;
    if (entry.kind === "special") continue;
    if (
      entry.kind === "symlink" &&
      !(entry.resolved?.inside === true && entry.resolved.info.isFile)
    ) continue;
    if (files.length >= max) {
      truncated = true;
      break;
    }
    files.push(entry.rel);
  }
  // An approved skill lists only what was approved: a file added since is refused.
  assertApprovedListing(skill, files);
  return Object.freeze({
    files: Object.freeze(files.sort(compare)),
    truncated,
    ...(unreadable.size === 0
      ? {}
      : { unreadable: Object.freeze([...unreadable]) }),
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
