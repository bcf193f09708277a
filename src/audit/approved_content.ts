// Copyright 2026 the skillscope authors. MIT license.
/**
 * Approval checked where bytes are served. A skill kept by `keepApproved`
 * reads its files through a content that carries the per-file digests that
 * were approved; every read (its `SKILL.md`, a bundled file, the list of its
 * files) compares what it is about to return with them and refuses with
 * `skill-changed-since-approval` when they differ — whether or not anything
 * watched the files.
 *
 * This module holds no hash function: the approvals code hands one in, so a
 * program that never asks for approvals loads no crypto on its read path.
 *
 * @module
 */
import type { ReadCheck } from "../content/disk_content.ts";
import { SkillAccessError } from "../shared/errors.ts";
import type { Skill } from "../shared/types.ts";

/**
 * What was approved for a skill, and how to digest bytes the same way.
 *
 * @example Usage
 * ```ts
 * import { type ApprovedContent, approvalCheck } from "./approved_content.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "a", description: "d", source: { kind: "directory", key: "/s" }, frontmatter: {} };
 * const approved: ApprovedContent = { files: { "SKILL.md": "sha256-2" }, digest: (b) => `sha256-${b.length}`, dir: "/s/a" };
 * assert.throws(() => approvalCheck(skill, approved).bytes("run.sh", new Uint8Array(2)), /not part of what was approved/);
 * ```
 */
export interface ApprovedContent {
  /** Approved digest by relative path (`sha256-<hex>`, or a `symlink:` entry). */
  readonly files: Readonly<Record<string, string>>;
  /** `sha256-<hex>` of bytes, as the approval recorded them. */
  readonly digest: (bytes: Uint8Array) => string;
  /** The skill's directory (to tell a symlink from a file at serve time). */
  readonly dir: string;
}

/**
 * The check every read of an approved skill goes through: bytes must be
 * what was approved (for a symlink: the same target, leading to the same
 * bytes), and a listing must hold no file that was not approved.
 *
 * @example Usage
 * ```ts
 * import { approvalCheck } from "./approved_content.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill: Skill = { name: "a", description: "d", source: { kind: "directory", key: "/s" }, frontmatter: {} };
 * const digest = (b: Uint8Array) => `sha256-${b.length}`;
 * const check = approvalCheck(skill, { files: { "SKILL.md": "sha256-3", "a.md": "y" }, digest, dir: "/nonexistent" });
 * check.bytes("SKILL.md", new Uint8Array(3));
 * assert.throws(
 *   () => check.bytes("SKILL.md", new Uint8Array(4)),
 *   (e: Error & { code?: string }) => e.code === "skill-changed-since-approval",
 * );
 * check.listing(["a.md"]);
 * assert.throws(() => check.listing(["a.md", "new.sh"]), /added after approval/);
 * ```
 *
 * @param skill The skill (for messages).
 * @param approved What was approved.
 * @returns The check.
 */
export function approvalCheck(
  skill: Skill,
  approved: ApprovedContent,
): ReadCheck {
  return {
    bytes(rel, bytes): void {
      const expected = Object.hasOwn(approved.files, rel)
        ? approved.files[rel]
        : undefined;
      if (expected === undefined) {
        throw changed(skill, rel, "it was not part of what was approved");
      }
      const digest = approved.digest(bytes);
      let actual = digest;
      if (expected.startsWith("symlink:")) {
        // Served through a symlink: the link must still name the approved
        // target, and lead to the approved bytes.
        let target: string;
        try {
          target = Deno.readLinkSync(`${approved.dir}/${rel}`);
        } catch {
          throw changed(skill, rel, "it is no longer the approved symlink");
        }
        actual = `symlink:${encodeURIComponent(target)}:${digest}`;
      }
      if (actual !== expected) throw changed(skill, rel, "its content changed");
    },
    listing(files): void {
      for (const rel of files) {
        if (!Object.hasOwn(approved.files, rel)) {
          throw changed(skill, rel, "it was added after approval");
        }
      }
    },
  };
}

function changed(skill: Skill, rel: string, why: string): SkillAccessError {
  return new SkillAccessError(
    "skill-changed-since-approval",
    skill.name,
    `Refusing to serve "${rel}" of "${skill.name}": ${why} (run "skillscope approve ${skill.name}" after reviewing)`,
    rel,
  );
}
