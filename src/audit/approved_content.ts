// Copyright 2026 the skillscope authors. MIT license.
/**
 * Approval checked where bytes are served. A skill kept by `keepApproved`
 * carries the per-file digests that were approved; every read of such a
 * skill (its `SKILL.md`, a bundled file, the list of its files) compares what
 * it is about to return with them and refuses with
 * `skill-changed-since-approval` when they differ — whether or not anything
 * watched the files.
 *
 * This module holds no hash function: the approvals code hands one in, so a
 * program that never asks for approvals loads no crypto on its read path.
 *
 * @module
 */
import { SkillAccessError } from "../shared/errors.ts";
import type { Skill } from "../shared/types.ts";

/** What was approved for a skill, and how to digest bytes the same way. */
export interface ApprovedContent {
  /** Approved digest by relative path (`sha256-<hex>`, or a `symlink:` entry). */
  readonly files: Readonly<Record<string, string>>;
  /** `sha256-<hex>` of bytes, as the approval recorded them. */
  readonly digest: (bytes: Uint8Array) => string;
  /** The skill's directory (to tell a symlink from a file at serve time). */
  readonly dir: string;
}

const approved = new WeakMap<Skill, ApprovedContent>();

/**
 * Binds an approval to a skill object, so that its reads are checked.
 *
 * @example Usage
 * ```ts
 * import { approvedContentOf, bindApproval } from "./approved_content.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "a", description: "d", source: { kind: "directory", key: "/s" }, frontmatter: {} };
 * bindApproval(skill, { files: {}, digest: () => "", dir: "/s/a" });
 * assert.equal(approvedContentOf(skill)?.dir, "/s/a");
 * ```
 *
 * @param skill The skill (a copy made for the approved set).
 * @param content What was approved.
 */
export function bindApproval(skill: Skill, content: ApprovedContent): void {
  approved.set(skill, content);
}

/**
 * The approval bound to a skill, if any.
 *
 * @example Usage
 * ```ts
 * import { approvedContentOf } from "./approved_content.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "a", description: "d", source: { kind: "directory", key: "/s" }, frontmatter: {} };
 * assert.equal(approvedContentOf(skill), undefined);
 * ```
 *
 * @param skill The skill.
 * @returns What was approved, or `undefined` for a skill served without approval.
 */
export function approvedContentOf(skill: Skill): ApprovedContent | undefined {
  return approved.get(skill);
}

/**
 * Refuses to serve `bytes` as the file `rel` of an approved skill unless
 * they are what was approved (for a symlink: the same target, leading to the
 * same bytes). Does nothing for a skill served without approval.
 *
 * @example Usage
 * ```ts
 * import { assertApprovedBytes, bindApproval } from "./approved_content.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "a", description: "d", source: { kind: "directory", key: "/s" }, frontmatter: {} };
 * const digest = (b: Uint8Array) => `sha256-${b.length}`;
 * bindApproval(skill, { files: { "SKILL.md": "sha256-3" }, digest, dir: "/nonexistent" });
 * assertApprovedBytes(skill, "SKILL.md", new Uint8Array(3));
 * assert.throws(
 *   () => assertApprovedBytes(skill, "SKILL.md", new Uint8Array(4)),
 *   (e: Error & { code?: string }) => e.code === "skill-changed-since-approval",
 * );
 * ```
 *
 * @param skill The skill.
 * @param rel The file's relative path (`/` separators).
 * @param bytes The bytes about to be returned.
 * @throws {SkillAccessError} `skill-changed-since-approval`.
 */
export function assertApprovedBytes(
  skill: Skill,
  rel: string,
  bytes: Uint8Array,
): void {
  const content = approved.get(skill);
  if (content === undefined) return;
  const expected = Object.hasOwn(content.files, rel)
    ? content.files[rel]
    : undefined;
  if (expected === undefined) {
    throw changed(skill, rel, "it was not part of what was approved");
  }
  const digest = content.digest(bytes);
  let actual = digest;
  if (expected.startsWith("symlink:")) {
    // Served through a symlink: the link must still name the approved
    // target, and lead to the approved bytes.
    let target: string;
    try {
      target = Deno.readLinkSync(`${content.dir}/${rel}`);
    } catch {
      throw changed(skill, rel, "it is no longer the approved symlink");
    }
    actual = `symlink:${encodeURIComponent(target)}:${digest}`;
  }
  if (actual !== expected) throw changed(skill, rel, "its content changed");
}

/**
 * Refuses a listing of an approved skill's files that differs from the
 * approved set (a file added, or one removed). Does nothing for a skill
 * served without approval.
 *
 * @example Usage
 * ```ts
 * import { assertApprovedListing, bindApproval } from "./approved_content.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "a", description: "d", source: { kind: "directory", key: "/s" }, frontmatter: {} };
 * bindApproval(skill, { files: { "SKILL.md": "x", "a.md": "y" }, digest: () => "", dir: "/s/a" });
 * assertApprovedListing(skill, ["a.md"]);
 * assert.throws(() => assertApprovedListing(skill, ["a.md", "new.sh"]));
 * ```
 *
 * @param skill The skill.
 * @param files The relative paths about to be listed.
 * @throws {SkillAccessError} `skill-changed-since-approval`.
 */
export function assertApprovedListing(
  skill: Skill,
  files: readonly string[],
): void {
  const content = approved.get(skill);
  if (content === undefined) return;
  for (const rel of files) {
    if (!Object.hasOwn(content.files, rel)) {
      throw changed(skill, rel, "it was added after approval");
    }
  }
}

function changed(skill: Skill, rel: string, why: string): SkillAccessError {
  return new SkillAccessError(
    "skill-changed-since-approval",
    skill.name,
    `Refusing to serve "${rel}" of "${skill.name}": ${why} (run "skillscope approve ${skill.name}" after reviewing)`,
    rel,
  );
}
