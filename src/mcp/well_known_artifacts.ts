// Copyright 2026 the skillscope authors. MIT license.
/**
 * The artifacts of the MCP server's well-known index, built one skill at a
 * time when first needed: packing a skill gives its digest, which the
 * index keeps (a few bytes per skill) while the packed bytes stay only
 * within a byte budget ({@linkcode MAX_PACKED_BYTES}); an artifact evicted
 * is packed again when asked for, and must give the same digest.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import { ByteBudgetCache } from "../web/byte_budget_cache.ts";
import { buildArtifact } from "../web/pack.ts";
import { TaskLimit } from "../web/task_limit.ts";
import { readSkillFile } from "./skill_files.ts";

/**
 * Most bytes of packed artifacts one MCP HTTP server keeps in memory (32
 * MiB); the least recently served go first.
 */
export const MAX_PACKED_BYTES = 32 * 1024 * 1024;

/**
 * A skill to pack: its files, their modes, and a key that changes with any
 * of them (name, description, the files' digests).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import type { PackSource } from "./well_known_artifacts.ts";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const source: PackSource = { skill: set.require("hi"), key: "hi 1", paths: ["SKILL.md"], executable: new Set() };
 * assert.equal(source.paths.length, 1);
 * ```
 */
export interface PackSource {
  /** The skill. */
  readonly skill: Skill;
  /** Changes with the skill's name, description, files and modes. */
  readonly key: string;
  /** Its servable files, `SKILL.md` among them. */
  readonly paths: readonly string[];
  /** The files packed with mode 0755. */
  readonly executable: ReadonlySet<string>;
}

/**
 * What the index says of a packed artifact (its bytes are not held here).
 */
export interface PackedEntry {
  /** `"skill-md"` or `"archive"`. */
  readonly type: "skill-md" | "archive";
  /** `SKILL.md` or `NAME.tar.gz`. */
  readonly fileName: string;
  /** `sha256:<hex>` of the artifact. */
  readonly digest: string;
  /** Its length in bytes. */
  readonly size: number;
}

/**
 * Packs skills for the well-known index one at a time, keeping each
 * artifact's digest and size by the skill's key and its bytes within a
 * byte budget.
 *
 * @example The index needs the digest; the bytes are packed again when evicted
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { WellKnownArtifacts } from "./well_known_artifacts.ts";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const source = { skill: set.require("hi"), key: "hi 1", paths: ["SKILL.md"], executable: new Set<string>() };
 * const artifacts = new WellKnownArtifacts(0); // keeps no bytes at all
 * const entry = await artifacts.entry(source);
 * assert.equal(entry.type, "skill-md");
 * const packed = await artifacts.artifact(source);
 * assert.equal(packed.bytes.length, entry.size);
 * assert.equal(artifacts.packed, 2);
 * ```
 */
export class WellKnownArtifacts {
  readonly #entries = new Map<string, PackedEntry>();
  readonly #bytes: ByteBudgetCache<string, Uint8Array>;
  readonly #pending = new Map<
    string,
    Promise<{ entry: PackedEntry; bytes: Uint8Array }>
  >();
  // One skill's files and artifact in memory at a time.
  readonly #builds = new TaskLimit(1);
  #packed = 0;

  /**
   * Constructs a new instance.
   *
   * @param maxBytes Most bytes of packed artifacts kept.
   */
  constructor(maxBytes: number = MAX_PACKED_BYTES) {
    this.#bytes = new ByteBudgetCache(maxBytes);
  }

  /**
   * How many artifacts were packed (a skill evicted and asked for again
   * counts twice).
   *
   * @returns The count.
   */
  get packed(): number {
    return this.#packed;
  }

  /**
   * What the index lists for `source`, packing it when its key is new.
   *
   * @param source The skill.
   * @returns Its artifact's type, name, digest and size.
   * @throws {SkillAccessError} when a file cannot be read.
   * @throws {WebArtifactError} when the files cannot be packed.
   */
  async entry(source: PackSource): Promise<PackedEntry> {
    return this.#entries.get(source.key) ?? (await this.#pack(source)).entry;
  }

  /**
   * The artifact of `source`: from the budget, else packed again (and
   * refused unless it has the digest the index gave).
   *
   * @param source The skill.
   * @returns The entry and the bytes.
   * @throws {SkillAccessError} when a file cannot be read.
   * @throws {WebArtifactError} when the files cannot be packed.
   * @throws {Error} when packing again gives another digest.
   */
  async artifact(
    source: PackSource,
  ): Promise<{ entry: PackedEntry; bytes: Uint8Array }> {
    const known = this.#entries.get(source.key);
    const bytes = this.#bytes.get(source.key);
    if (known !== undefined && bytes !== undefined) {
      return { entry: known, bytes };
    }
    const packed = await this.#pack(source);
    if (known !== undefined && packed.entry.digest !== known.digest) {
      throw new Error(
        `Packing "${source.skill.name}" again gave ${packed.entry.digest}, not the ${known.digest} of the index`,
      );
    }
    return packed;
  }

  /**
   * Forgets the entries of every key but `keys` (skills changed or gone).
   *
   * @param keys The keys still served.
   */
  retain(keys: Iterable<string>): void {
    const kept = new Set(keys);
    for (const key of [...this.#entries.keys()]) {
      if (kept.has(key)) continue;
      this.#entries.delete(key);
      this.#bytes.delete(key);
    }
  }

  #pack(
    source: PackSource,
  ): Promise<{ entry: PackedEntry; bytes: Uint8Array }> {
    let pending = this.#pending.get(source.key);
    if (pending === undefined) {
      pending = this.#builds.run(async () => {
        const files = new Map(
          [...source.paths].sort().map((
            p,
          ) => [p, readSkillFile(source.skill, p)]),
        );
        const artifact = await buildArtifact(source.skill.name, files, {
          executable: source.executable,
        });
        this.#packed++;
        const entry: PackedEntry = {
          type: artifact.type,
          fileName: artifact.fileName,
          digest: artifact.digest,
          size: artifact.bytes.length,
        };
        if (!this.#entries.has(source.key)) {
          this.#entries.set(source.key, entry);
        }
        this.#bytes.set(source.key, artifact.bytes, artifact.bytes.length);
        return { entry, bytes: artifact.bytes };
      });
      const started = pending;
      this.#pending.set(source.key, started);
      started.then(() => {}, () => {}).finally(() => {
        if (this.#pending.get(source.key) === started) {
          this.#pending.delete(source.key);
        }
      });
    }
    return pending;
  }
}
