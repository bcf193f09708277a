// Copyright 2026 the skillscope authors. MIT license.
/**
 * The per-process scan cache: one entry per directory source, keyed by the
 * canonical root and the scan options. A hit touches no file.
 *
 * @module
 */
import type { LoadedEmbedded } from "./embedded.ts";
import type { DirectoryScan } from "./scan.ts";
import type { DirectorySource, EmbeddedSource, SkillSource } from "./sources.ts";

function optionsKey(source: DirectorySource): string {
  return JSON.stringify([
    source.recursive,
    source.maxDepth,
    source.maxDirs,
    source.followSymlinks,
    source.scope ?? null,
    source.required,
  ]);
}

/**
 * A cache of scan results. {@linkcode discover} uses one shared cache per
 * process unless given its own (e.g. one per tenant) or `cache: false`.
 *
 * @example One cache per tenant
 * ```ts
 * import { directorySource, discoverSync, SkillCache } from "@skillscope/skills";
 *
 * const tenantCache = new SkillCache();
 * const sources = [directorySource("./fixtures/skills")];
 * const first = discoverSync({ sources, cache: tenantCache });
 * const again = discoverSync({ sources, cache: tenantCache });
 * console.log(first.skills[0] === again.skills[0]); // true: the same frozen object
 * tenantCache.invalidate();
 * ```
 */
export class SkillCache {
  #entries = new Map<string, DirectoryScan>();
  #aliases = new Map<string, string>();
  #embedded = new WeakMap<EmbeddedSource, LoadedEmbedded>();

  /**
   * The cached scan of a directory source, if any.
   *
   * @param source The source.
   * @returns The scan, or `undefined`.
   */
  getDirectory(source: DirectorySource): DirectoryScan | undefined {
    const key = this.#aliases.get(`${source.path}\0${optionsKey(source)}`);
    return key === undefined ? undefined : this.#entries.get(key);
  }

  /**
   * Stores the scan of a directory source.
   *
   * @param source The source.
   * @param scan Its scan.
   */
  setDirectory(source: DirectorySource, scan: DirectoryScan): void {
    const options = optionsKey(source);
    const key = `${scan.canonicalRoot ?? source.path}\0${options}`;
    this.#entries.set(key, scan);
    this.#aliases.set(`${source.path}\0${options}`, key);
  }

  /**
   * The loaded form of an embedded source, if cached.
   *
   * @param source The source.
   * @returns The loaded skill, or `undefined`.
   */
  getEmbedded(source: EmbeddedSource): LoadedEmbedded | undefined {
    return this.#embedded.get(source);
  }

  /**
   * Stores the loaded form of an embedded source.
   *
   * @param source The source.
   * @param loaded Its loaded form.
   */
  setEmbedded(source: EmbeddedSource, loaded: LoadedEmbedded): void {
    this.#embedded.set(source, loaded);
  }

  /**
   * Drops cached scans: of one source (every path naming the same canonical
   * root, any options), or all of them.
   *
   * @param source The source to forget; omitted = everything.
   */
  invalidate(source?: SkillSource): void {
    if (source === undefined) {
      this.#entries.clear();
      this.#aliases.clear();
      this.#embedded = new WeakMap();
      return;
    }
    if (source.kind === "embedded") {
      this.#embedded.delete(source);
      return;
    }
    if (source.kind !== "directory") return;
    const roots = new Set<string>([source.path]);
    for (const [alias, key] of this.#aliases) {
      if (alias.startsWith(`${source.path}\0`)) roots.add(key.slice(0, key.indexOf("\0")));
    }
    for (const key of [...this.#entries.keys()]) {
      if (roots.has(key.slice(0, key.indexOf("\0")))) this.#entries.delete(key);
    }
    for (const [alias, key] of [...this.#aliases]) {
      if (!this.#entries.has(key)) this.#aliases.delete(alias);
    }
  }

  /** Number of cached directory scans. */
  get size(): number {
    return this.#entries.size;
  }
}

/**
 * The cache {@linkcode discover} uses when no other is given.
 *
 * @example Drop everything cached in this process
 * ```ts
 * import { defaultSkillCache } from "@skillscope/skills";
 *
 * defaultSkillCache.invalidate();
 * ```
 */
export const defaultSkillCache: SkillCache = new SkillCache();
