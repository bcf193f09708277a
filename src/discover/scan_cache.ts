// Copyright 2026 the skillscope authors. MIT license.
/**
 * The scan cache: one entry per directory source, keyed by the canonical
 * root and the scan options, and the discoveries finished from them.
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

/** Most finished discoveries kept per cache. */
const MERGED_PER_CACHE = 32;

/**
 * A cache of scan results. {@linkcode discover} uses one shared cache per
 * process unless given its own (e.g. one per tenant) or `cache: false`.
 * A hit touches no file. A scan holds the skills that need the full YAML
 * parser as deferred entries, so one entry answers every call alike,
 * whichever parser it has.
 *
 * @example One cache per tenant
 * ```ts
 * import { directorySource, discoverSync, SkillCache } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const tenantCache = new SkillCache();
 * const root = await Deno.makeTempDir();
 * for (const name of ["pdf-tools", "sql-review"]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(`${root}/${name}/SKILL.md`, `---\nname: ${name}\ndescription: The ${name}\n---\n`);
 * }
 * const sources = [directorySource(root)];
 * const first = discoverSync({ sources, cache: tenantCache });
 * const again = discoverSync({ sources, cache: tenantCache });
 * assert.equal(first.skills[0], again.skills[0]); // the same frozen object
 * tenantCache.invalidate();
 * ```
 */
export class SkillCache {
  /** Scans by canonical root and scan options, with the agents they were worded for. */
  readonly #scans = new Map<string, { scan: DirectoryScan; readBy: string }>();
  /** The key of each source path and options, to its canonical root's. */
  readonly #aliases = new Map<string, string>();
  #embedded = new WeakMap<EmbeddedSource, Part>();
  /** Finished discoveries by the combination of parts they merged. */
  readonly #finished = new Map<string, Discovery>();
  /** Identity numbers of parts, so a combination of them can key a discovery. */
  readonly #ids = new WeakMap<Part, number>();
  #nextId = 1;

  /**
   * Drops cached scans: of one source (every path naming the same canonical
   * root, any options), or all of them.
   *
   * @param source The source to forget; omitted = everything.
   */
  invalidate(source?: SkillSource): void {
    // A finished discovery may hold any source's skills.
    this.#finished.clear();
    if (source === undefined) {
      this.#scans.clear();
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
      if (alias.startsWith(`${source.path}\0`)) roots.add(rootOf(key));
    }
    for (const key of [...this.#scans.keys()]) {
      if (roots.has(rootOf(key))) this.#scans.delete(key);
    }
    for (const [alias, key] of [...this.#aliases]) {
      if (!this.#scans.has(key)) this.#aliases.delete(alias);
    }
  }

  /** Number of cached directory scans. */
  get size(): number {
    return this.#scans.size;
  }

  /**
   * The cached scan of a directory source, if any.
   *
   * @param source The source.
   * @returns The scan, or `undefined`.
   * @ignore Used by discovery, not by callers.
   */
  scanOf(source: DirectorySource): DirectoryScan | undefined {
    const key = this.#aliases.get(`${source.path}\0${optionsKey(source)}`);
    const entry = key === undefined ? undefined : this.#scans.get(key);
    // The agents only word a warning: a scan worded for others is made again.
    return entry?.readBy === readersOf(source) ? entry.scan : undefined;
  }

  /**
   * Keeps the scan of a directory source under its canonical root.
   *
   * @param source The source.
   * @param scan Its scan.
   * @ignore Used by discovery, not by callers.
   */
  keepScan(source: DirectorySource, scan: DirectoryScan): void {
    const options = optionsKey(source);
    const key = `${scan.canonicalRoot ?? source.path}\0${options}`;
    this.#scans.set(key, { scan, readBy: readersOf(source) });
    this.#aliases.set(`${source.path}\0${options}`, key);
  }

  /**
   * What an embedded source contributes, if cached.
   *
   * @param source The source.
   * @returns Its part, or `undefined`.
   * @ignore Used by discovery, not by callers.
   */
  embeddedOf(source: EmbeddedSource): Part | undefined {
    return this.#embedded.get(source);
  }

  /**
   * Keeps what an embedded source contributes.
   *
   * @param source The source.
   * @param part Its part.
   * @ignore Used by discovery, not by callers.
   */
  keepEmbedded(source: EmbeddedSource, part: Part): void {
    this.#embedded.set(source, part);
  }

  /**
   * The discovery finished before from these parts, if any: a cache hit on
   * every source returns the same frozen discovery without merging.
   *
   * @param parts The parts it merged, in order.
   * @param shape What else shaped it: the parser it had, its filters (JSON).
   * @returns The discovery, or `undefined`.
   * @ignore Used by discovery, not by callers.
   */
  finished(parts: readonly Part[], shape: unknown): Discovery | undefined {
    return this.#finished.get(this.#keyOf(parts, shape));
  }

  /**
   * Keeps a finished discovery (the oldest of {@linkcode MERGED_PER_CACHE}
   * is dropped).
   *
   * @param parts The parts it merged, in order.
   * @param shape What else shaped it.
   * @param discovery The discovery.
   * @ignore Used by discovery, not by callers.
   */
  keepFinished(
    parts: readonly Part[],
    shape: unknown,
    discovery: Discovery,
  ): void {
    if (this.#finished.size >= MERGED_PER_CACHE) {
      this.#finished.delete(this.#finished.keys().next().value!);
    }
    this.#finished.set(this.#keyOf(parts, shape), discovery);
  }

  #keyOf(parts: readonly Part[], shape: unknown): string {
    const ids = parts.map((part) => {
      let id = this.#ids.get(part);
      if (id === undefined) this.#ids.set(part, id = this.#nextId++);
      return id;
    });
    return JSON.stringify([ids, shape]);
  }
}

/**
 * Every scan-shaping option of a source, as a key: the frozen source minus
 * its path and the agents it is read for (which only word a warning), so an
 * option added to `directorySource` cannot be forgotten here.
 */
function optionsKey(source: DirectorySource): string {
  const parts: unknown[] = [];
  const record = source as unknown as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    if (key !== "path" && key !== "readBy") {
      parts.push(key, record[key] ?? null);
    }
  }
  return JSON.stringify(parts);
}

function readersOf(source: DirectorySource): string {
  return source.readBy.join("\0");
}

function rootOf(key: string): string {
  return key.slice(0, key.indexOf("\0"));
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
