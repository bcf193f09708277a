// Copyright 2026 the skillscope authors. MIT license.
/**
 * The per-process scan cache: one entry per directory source, keyed by the
 * canonical root and the scan options. A hit touches no file. A scan holds
 * the skills that need the full YAML parser as deferred entries, so one
 * entry answers every call alike, whichever parser it has.
 *
 * @module
 */
import type { Part } from "./parser_results.ts";
import type { Discovery } from "../shared/types.ts";
import type { DirectoryScan } from "./scan.ts";
import type {
  DirectorySource,
  EmbeddedSource,
  SkillSource,
} from "./sources.ts";

/**
 * Every scan-shaping option of a source, as a key: the frozen source minus
 * its path, so an option added to `directorySource` cannot be forgotten here.
 */
function optionsKey(source: DirectorySource): string {
  const parts: unknown[] = [];
  const record = source as unknown as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    if (key !== "path") parts.push(key, record[key] ?? null);
  }
  return JSON.stringify(parts);
}

interface Store {
  entries: Map<string, DirectoryScan>;
  aliases: Map<string, string>;
  embedded: WeakMap<EmbeddedSource, Part>;
  /** Finished discoveries by the combination of scans they merged. */
  merged: Map<string, Discovery>;
}

/** Most finished discoveries kept per cache. */
const MERGED_PER_CACHE = 32;

// Entries are reachable only from this module: the public class exposes
// nothing but invalidation.
const stores = new WeakMap<SkillCache, Store>();

function storeOf(cache: SkillCache): Store {
  return stores.get(cache)!;
}

/**
 * A cache of scan results. {@linkcode discover} uses one shared cache per
 * process unless given its own (e.g. one per tenant) or `cache: false`.
 *
 * @example One cache per tenant
 * ```ts
 * import { directorySource, discoverSync, SkillCache } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const tenantCache = new SkillCache();
 * const root = await Deno.makeTempDir();
 * for (const [name, description, extra] of [
 *   ["pdf-tools", "Fill and read PDF forms", ""],
 *   ["sql-review", "Review SQL migrations", "globs: ['db/**']\n"],
 * ]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(
 *     `${root}/${name}/SKILL.md`,
 *     `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`,
 *   );
 * }
 * const sources = [directorySource(root)];
 * const first = discoverSync({ sources, cache: tenantCache });
 * const again = discoverSync({ sources, cache: tenantCache });
 * assert.equal(first.skills[0], again.skills[0]); // the same frozen object
 * tenantCache.invalidate();
 * ```
 */
export class SkillCache {
  /** Creates an empty cache. */
  constructor() {
    stores.set(this, {
      entries: new Map(),
      aliases: new Map(),
      embedded: new WeakMap(),
      merged: new Map(),
    });
  }

  /**
   * Drops cached scans: of one source (every path naming the same canonical
   * root, any options), or all of them.
   *
   * @param source The source to forget; omitted = everything.
   */
  invalidate(source?: SkillSource): void {
    const store = storeOf(this);
    // A finished discovery may hold any source's skills.
    store.merged.clear();
    if (source === undefined) {
      store.entries.clear();
      store.aliases.clear();
      store.embedded = new WeakMap();
      return;
    }
    if (source.kind === "embedded") {
      store.embedded.delete(source);
      return;
    }
    if (source.kind !== "directory") return;
    const roots = new Set<string>([source.path]);
    for (const [alias, key] of store.aliases) {
      if (alias.startsWith(`${source.path}\0`)) {
        roots.add(key.slice(0, key.indexOf("\0")));
      }
    }
    for (const key of [...store.entries.keys()]) {
      if (roots.has(key.slice(0, key.indexOf("\0")))) store.entries.delete(key);
    }
    for (const [alias, key] of [...store.aliases]) {
      if (!store.entries.has(key)) store.aliases.delete(alias);
    }
  }

  /** Number of cached directory scans. */
  get size(): number {
    return storeOf(this).entries.size;
  }
}

/**
 * The cached scan of a directory source, if any.
 *
 * @param cache The cache.
 * @param source The source.
 * @returns The scan, or `undefined`.
 */
export function getCachedScan(
  cache: SkillCache,
  source: DirectorySource,
): DirectoryScan | undefined {
  const store = storeOf(cache);
  const key = store.aliases.get(`${source.path}\0${optionsKey(source)}`);
  return key === undefined ? undefined : store.entries.get(key);
}

/**
 * Stores the scan of a directory source under its canonical root.
 *
 * @param cache The cache.
 * @param source The source.
 * @param scan Its scan.
 */
export function setCachedScan(
  cache: SkillCache,
  source: DirectorySource,
  scan: DirectoryScan,
): void {
  const store = storeOf(cache);
  const options = optionsKey(source);
  const key = `${scan.canonicalRoot ?? source.path}\0${options}`;
  store.entries.set(key, scan);
  store.aliases.set(`${source.path}\0${options}`, key);
}

/**
 * The finished discovery cached for a combination of scans, if any: a cache
 * hit on every source returns the same frozen discovery without merging.
 *
 * @param cache The cache.
 * @param key The combination (scan identities and filters).
 * @returns The discovery, or `undefined`.
 */
export function getMergedDiscovery(
  cache: SkillCache,
  key: string,
): Discovery | undefined {
  return storeOf(cache).merged.get(key);
}

/**
 * Keeps a finished discovery for a combination of scans (the oldest of
 * {@linkcode MERGED_PER_CACHE} is dropped).
 *
 * @param cache The cache.
 * @param key The combination.
 * @param discovery The discovery.
 */
export function setMergedDiscovery(
  cache: SkillCache,
  key: string,
  discovery: Discovery,
): void {
  const merged = storeOf(cache).merged;
  if (merged.size >= MERGED_PER_CACHE) {
    merged.delete(merged.keys().next().value!);
  }
  merged.set(key, discovery);
}

/**
 * What an embedded source contributes, if cached.
 *
 * @param cache The cache.
 * @param source The source.
 * @returns Its part, or `undefined`.
 */
export function getCachedEmbedded(
  cache: SkillCache,
  source: EmbeddedSource,
): Part | undefined {
  return storeOf(cache).embedded.get(source);
}

/**
 * Stores what an embedded source contributes.
 *
 * @param cache The cache.
 * @param source The source.
 * @param loaded Its part.
 */
export function setCachedEmbedded(
  cache: SkillCache,
  source: EmbeddedSource,
  loaded: Part,
): void {
  storeOf(cache).embedded.set(source, loaded);
}

/**
 * The cache {@linkcode discover} uses when no other is given.
 *
 * @example Drop everything cached in this process
 * ```ts
 * import { defaultSkillCache, SkillCache } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.ok(defaultSkillCache instanceof SkillCache);
 * defaultSkillCache.invalidate();
 * ```
 */
export const defaultSkillCache: SkillCache = new SkillCache();
