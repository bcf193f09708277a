// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `SKILL.md` that `resources/read` serves, kept between requests by the
 * identity its content gives it: the file's for a skill on disk (one `stat`
 * per read instead of opening and reading it again), the content's own for
 * a skill in memory. An approved skill's `SKILL.md` is never kept: its
 * identity is not trusted, so each of its reads is checked against its
 * approval.
 *
 * @module
 */
import type { LocalContent } from "../content/skill_content.ts";
import type { Skill } from "../shared/types.ts";
import { utf8Text } from "../shared/utf8_text.ts";
import { localContentOf, readSkillFile } from "./skill_files.ts";

/**
 * A served `SKILL.md`: its text when its bytes are valid UTF-8 without NUL,
 * else the bytes (served as a blob). Only one of the two is kept.
 */
export type ServedFile = string | Uint8Array;

/** Largest `SKILL.md` kept (bytes); a larger one is read on every request. */
const MAX_KEPT_FILE = 1024 * 1024;

/**
 * The `SKILL.md` files served, by path and file identity (device, inode,
 * size and times, through symlinks): a file whose identity is too recent to
 * be trusted, or that changed while it was read, is not kept. What is kept
 * is counted as memory holds it, keys included, up to `maxBytes`.
 *
 * @example A second read of the same skill reads nothing
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { SkillMdCache } from "./skill_md_cache.ts";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const cache = new SkillMdCache();
 * assert.match(String(cache.read(set.require("hi"))), /# Hi/);
 * cache.read(set.require("hi"));
 * assert.equal(cache.reads, 1);
 * ```
 */
export class SkillMdCache {
  #byIdentity = new Map<string, ServedFile>();
  #kept = 0;
  #maxBytes: number;
  #reads = 0;

  /**
   * Constructs a new instance.
   *
   * @param maxBytes Most bytes kept for files on disk; past it the cache starts again.
   */
  constructor(maxBytes = 32 * 1024 * 1024) {
    this.#maxBytes = maxBytes;
  }

  /**
   * How many times a `SKILL.md` was read (a cache hit reads none).
   *
   * @returns The count.
   */
  get reads(): number {
    return this.#reads;
  }

  /**
   * The `SKILL.md` a skill is served as (see `readSkillFile`).
   *
   * @param skill A skill on disk or embedded.
   * @param local Its content.
   * @returns Its text, or its bytes when they are not text.
   * @throws {SkillAccessError} as `readSkillFile`.
   */
  read(skill: Skill, local: LocalContent = localContentOf(skill)): ServedFile {
    const before = local.identity("SKILL.md");
    const trusted = before !== undefined && !before.racy &&
      before.size <= MAX_KEPT_FILE;
    const hit = trusted ? this.#byIdentity.get(before.key) : undefined;
    if (hit !== undefined) return hit;
    const served = this.#load(skill, local);
    // Kept only when nothing changed while it was read.
    if (trusted && local.identity("SKILL.md")?.key === before.key) {
      const held = _heldBytes(before.key, before.size, served);
      if (this.#kept + held > this.#maxBytes) {
        this.#byIdentity.clear();
        this.#kept = 0;
      }
      this.#byIdentity.set(before.key, served);
      this.#kept += held;
    }
    return served;
  }

  #load(skill: Skill, local: LocalContent): ServedFile {
    const bytes = readSkillFile(skill, "SKILL.md", local);
    this.#reads++;
    return utf8Text(bytes) ?? bytes;
  }
}

/** Bytes of memory an entry holds at most, its key included. */
function _heldBytes(key: string, size: number, served: ServedFile): number {
  // An all-ASCII string (as many characters as the file has bytes) takes
  // a byte a character; any other is counted at two, as one with a
  // character past Latin-1 takes.
  const held = typeof served !== "string"
    ? served.byteLength
    : served.length === size
    ? size
    : 2 * served.length;
  return held + 2 * key.length;
}
