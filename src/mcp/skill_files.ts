// Copyright 2026 the skillscope authors. MIT license.
/**
 * The files of a skill as the MCP skills extension serves them: the exact
 * `SKILL.md` bytes, every servable bundled file, and a manifest of SHA-256
 * digests and sizes cached by file identity.
 *
 * @module
 */
import { sha256Hex } from "../shared/sha256.ts";
import { SkillAccessError } from "../shared/errors.ts";
import { escapeTerminal } from "../shared/escape.ts";
import { contentOf } from "../content/content_of.ts";
import type { LocalContent } from "../content/skill_content.ts";
import { jsonFrontmatter, servedSkillMd } from "./served_skill_md.ts";
import type { Skill } from "../shared/types.ts";
import { isCurrent, type TreeStamp } from "../shared/tree_stamp.ts";

/** Most files one skill may have and still get a manifest (the extension's limit). */
export const MAX_SKILL_FILES = 512;
/** Most bytes one skill may have and still get a manifest (the extension's limit, 16 MiB). */
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;
/** Most files a directory listing of a `"dynamic"` skill walks. */
const MAX_LISTED_FILES = 10_000;
/** Deepest directory walked inside a skill. */
const MAX_DEPTH = 32;
/** A listing checked this recently is served without checking its files again. */
const RECHECK_MS = 50;

/**
 * One file of a skill in a manifest.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { DigestCache, type ManifestFile } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const manifest = new DigestCache().manifest(set.require("hi"));
 * const files: readonly ManifestFile[] = manifest.kind === "files" ? manifest.files : [];
 * assert.deepEqual(files.map((f) => f.path), ["SKILL.md"]);
 * ```
 */
export interface ManifestFile {
  /** Normalized relative path (`SKILL.md`, `references/guide.md`). */
  readonly path: string;
  /** Length of the raw bytes. */
  readonly size: number;
  /** `sha256:<64 lowercase hex>` of the raw bytes. */
  readonly digest: string;
}

/**
 * The files of a skill with their digests, or why it is served as `"dynamic"`.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { DigestCache, type SkillManifest } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const manifest: SkillManifest = new DigestCache().manifest(set.require("hi"));
 * assert.equal(manifest.kind, "files");
 * ```
 */
export type SkillManifest =
  | { readonly kind: "files"; readonly files: readonly ManifestFile[] }
  | { readonly kind: "dynamic"; readonly reason: string };

/**
 * The content of a skill held here (on disk or in memory), which a server
 * reads synchronously; a skill read from elsewhere is refused.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { localContentOf } from "./skill_files.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * assert.equal(localContentOf(set.require("hi")).listFiles().files.length, 0);
 * ```
 *
 * @param skill The skill.
 * @returns Its content.
 * @throws {SkillAccessError} `read-failed` for a skill read from elsewhere.
 */
export function localContentOf(skill: Skill): LocalContent {
  const { local } = contentOf(skill);
  if (local !== undefined) return local;
  throw new SkillAccessError(
    "read-failed",
    skill.name,
    `"${
      escapeTerminal(skill.name)
    }" (${skill.source.kind}: ${skill.source.key}) is read from elsewhere, not served from here`,
  );
}

/**
 * Every servable file of a skill, `SKILL.md` first, then the bundled files
 * sorted: hidden entries and `node_modules` are never served, symlinks that
 * leave the skill are left out (the rule of `readAsset`).
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { localContentOf, skillFilePaths } from "./skill_files.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Hi", content: "", assets: { "b.md": "B", "a.md": "A" } })],
 * });
 * const { paths } = skillFilePaths(localContentOf(set.require("hi")));
 * assert.deepEqual(paths, ["SKILL.md", "a.md", "b.md"]);
 * ```
 *
 * @param local The skill's content.
 * @param max Most bundled files listed.
 * @returns The paths and whether the walk stopped at `max`.
 */
export function skillFilePaths(
  local: LocalContent,
  max: number = MAX_LISTED_FILES,
): { paths: string[]; truncated: boolean } {
  const listed = local.listFiles({ max, maxDepth: MAX_DEPTH });
  return { paths: ["SKILL.md", ...listed.files], truncated: listed.truncated };
}

/**
 * Reads one served file of a skill: `SKILL.md` as {@linkcode servedSkillMd}
 * makes it, any other path through `readAsset`'s containment checks.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { readSkillFile } from "./skill_files.ts";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Hi", content: "# Hi\n", assets: { "a.md": "A" } })],
 * });
 * assert.equal(new TextDecoder().decode(readSkillFile(set.require("hi"), "a.md")), "A");
 * ```
 *
 * @param skill The skill.
 * @param path A normalized relative path.
 * @param local The skill's content.
 * @returns The bytes.
 * @throws {SkillAccessError} as `readAsset`.
 */
export function readSkillFile(
  skill: Skill,
  path: string,
  local: LocalContent = localContentOf(skill),
): Uint8Array {
  return path === "SKILL.md"
    ? servedSkillMd(skill, local, MAX_SKILL_BYTES).bytes
    : local.readFile(path, { maxBytes: MAX_SKILL_BYTES });
}

/**
 * Digests of skill files, cached by the identity their content gives them
 * (path, device, inode, size and change times on disk; the content itself
 * in memory), so listing a large skill set does not hash it again on every
 * request; and what a skill is listed with (see
 * {@linkcode DigestCache.listing}).
 *
 * @example A second listing reads nothing
 * ```ts
 * import { embeddedSkill, SkillSet } from "@skillscope/skills";
 * import { DigestCache } from "@skillscope/skills/mcp";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })],
 * });
 * const cache = new DigestCache();
 * const manifest = cache.manifest(set.require("hi"));
 * assert.ok(manifest.kind === "files");
 * assert.match(manifest.files[0]!.digest, /^sha256:[0-9a-f]{64}$/);
 * cache.manifest(set.require("hi"));
 * assert.equal(cache.hashed, 1);
 * ```
 */
export class DigestCache {
  #byIdentity = new Map<string, string>();
  #listings = new WeakMap<
    Skill,
    {
      stamp: TreeStamp | "constant";
      listing: ReturnType<DigestCache["listing"]>;
      /** When the stamp was last found current (`performance.now()`). */
      checked: number;
    }
  >();
  #frontmatter = new Map<string, Readonly<Record<string, unknown>>>();
  #max: number;
  #hashed = 0;
  #rendered = 0;

  /**
   * Constructs a new instance.
   *
   * @param max Most digests kept for files on disk.
   */
  constructor(max = 200_000) {
    this.#max = max;
  }

  /**
   * How many files this cache has read and hashed (a cache hit reads none).
   *
   * @returns The count.
   */
  get hashed(): number {
    return this.#hashed;
  }

  /**
   * How many `SKILL.md` files this cache has read to render the
   * frontmatter they are listed with (a cache hit reads none).
   * @returns The count.
   */
  get rendered(): number {
    return this.#rendered;
  }

  /**
   * What `skills/list` shows of a skill: the frontmatter of the `SKILL.md`
   * it is served as, in plain JSON (dates become ISO strings), and its
   * {@linkcode DigestCache.manifest}. Kept per skill while every directory
   * and entry of its tree keeps its identity (one `stat` each, no read),
   * and the frontmatter by the identity of `SKILL.md` too, so a reloaded
   * set reads no unchanged `SKILL.md` again. An approved skill's frontmatter
   * is read once per skill object, through the approval check, never taken
   * from another skill's.
   *
   * @param skill The skill.
   * @returns Its frontmatter and manifest (the same objects while unchanged).
   * @throws {SkillAccessError} when a file cannot be read (or differs from
   *   its approval).
   */
  listing(skill: Skill): {
    readonly frontmatter: Readonly<Record<string, unknown>>;
    readonly manifest: SkillManifest;
  } {
    const cached = this.#listings.get(skill);
    const now = performance.now();
    if (cached !== undefined) {
      // Within moments of a check, the files are not looked at again.
      if (cached.stamp === "constant" || now - cached.checked < RECHECK_MS) {
        return cached.listing;
      }
      if (isCurrent(cached.stamp)) {
        cached.checked = now;
        return cached.listing;
      }
    }
    const local = localContentOf(skill);
    // Stamped before anything is read, checked again after: a change made
    // meanwhile is never cached.
    const stamp = local.stamp({
      maxDepth: MAX_DEPTH,
      maxEntries: 2 * MAX_SKILL_FILES,
    });
    const listing = {
      frontmatter: this.#frontmatterOf(skill, local),
      manifest: this.#manifest(skill, local),
    };
    if (stamp === "constant" || (stamp !== undefined && isCurrent(stamp))) {
      this.#listings.set(skill, { stamp, listing, checked: now });
    }
    return listing;
  }

  #frontmatterOf(
    skill: Skill,
    local: LocalContent,
  ): Readonly<Record<string, unknown>> {
    // An identity not to be trusted (an approved skill's, a recent file's)
    // neither takes nor gives another skill's frontmatter of the same file.
    const before = local.identity("SKILL.md");
    const trusted = before !== undefined && !before.racy;
    const hit = trusted ? this.#frontmatter.get(before.key) : undefined;
    if (hit !== undefined) return hit;
    this.#rendered++;
    const frontmatter = jsonFrontmatter(
      servedSkillMd(skill, local, MAX_SKILL_BYTES).frontmatter(),
    );
    if (trusted && local.identity("SKILL.md")?.key === before.key) {
      if (this.#frontmatter.size >= this.#max) this.#frontmatter.clear();
      this.#frontmatter.set(before.key, frontmatter);
    }
    return frontmatter;
  }

  /**
   * The manifest of a skill, or `"dynamic"` with the reason when it has more
   * than {@linkcode MAX_SKILL_FILES} files or {@linkcode MAX_SKILL_BYTES}
   * bytes.
   *
   * @param skill The skill.
   * @returns The manifest.
   * @throws {SkillAccessError} when a listed file cannot be read.
   */
  manifest(skill: Skill): SkillManifest {
    return this.#manifest(skill, localContentOf(skill));
  }

  #manifest(skill: Skill, local: LocalContent): SkillManifest {
    const { paths, truncated } = skillFilePaths(local, MAX_SKILL_FILES);
    if (truncated || paths.length > MAX_SKILL_FILES) {
      return {
        kind: "dynamic",
        reason: `it has more than ${MAX_SKILL_FILES} files`,
      };
    }
    // Sizes first, from stat (or memory): a skill past the byte limit is
    // "dynamic" before any of its files is read.
    const identities = paths.map((path) => local.identity(path));
    let total = 0;
    for (const identity of identities) {
      total += identity?.size ?? 0;
      if (total > MAX_SKILL_BYTES) {
        return {
          kind: "dynamic",
          reason: `its files hold more than ${MAX_SKILL_BYTES} bytes`,
        };
      }
    }
    // A file changed within the last moments may change again within the
    // same clock tick: its identity is not trusted, neither way.
    const files = paths.map((path, i) =>
      this.#file(
        skill,
        local,
        path,
        identities[i]?.racy === false ? identities[i]!.key : undefined,
      )
    );
    return { kind: "files", files };
  }

  #file(
    skill: Skill,
    local: LocalContent,
    path: string,
    identity: string | undefined,
  ): ManifestFile {
    const cached = identity === undefined
      ? undefined
      : this.#byIdentity.get(identity);
    if (cached !== undefined) {
      const [size, digest] = cached.split(" ") as [string, string];
      return { path, size: Number(size), digest };
    }
    const bytes = readSkillFile(skill, path, local);
    this.#hashed++;
    const digest = `sha256:${sha256Hex(bytes)}`;
    if (identity !== undefined) {
      if (this.#byIdentity.size >= this.#max) this.#byIdentity.clear();
      this.#byIdentity.set(identity, `${bytes.length} ${digest}`);
    }
    return { path, size: bytes.length, digest };
  }
}
