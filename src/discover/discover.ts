// Copyright 2026 the skillscope authors. MIT license.
/**
 * Discovery over an ordered list of sources: scan (or hit the cache), filter,
 * deduplicate.
 *
 * @module
 */
import {
  defaultSkillCache,
  getCachedEmbedded,
  getCachedScan,
  getMergedDiscovery,
  setCachedEmbedded,
  setCachedScan,
  setMergedDiscovery,
  type SkillCache,
} from "./scan_cache.ts";
import { dedupeSteps, type SameSkill } from "./dedup.ts";
import { loadEmbedded } from "./embedded_skill.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import { nameFilter } from "./name_filter.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { needsYamlParser } from "../shared/diagnostics.ts";
import { type DirectoryScan, scanDirectory } from "./scan.ts";
import {
  LOAD_YAML,
  replyAsync,
  replySync,
  type ScanReply,
  type ScanStep,
} from "./scan_step.ts";
import type { RemoteListing, RemoteSource } from "./remote_source.ts";
import {
  currentYamlParser,
  fullParseCount,
  inSyncCall,
  type YamlParser,
} from "../parse/yaml.ts";
import { loadParser, markFullParse, usable } from "./parser_results.ts";
import type { DirectorySource, SkillSource } from "./sources.ts";
import type { Diagnostic, Discovery, Skill } from "../shared/types.ts";

/**
 * Options of {@linkcode discover} and {@linkcode discoverSync}.
 *
 * @example Usage
 * ```ts
 * import { type DiscoverOptions, discoverSync, embeddedSkill } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const options: DiscoverOptions = {
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" }), embeddedSkill({ name: "bye", description: "Says bye", content: "" })],
 *   exclude: ["b*"],
 * };
 * assert.deepEqual(discoverSync(options).skills.map((s) => s.name), ["hi"]);
 * ```
 */
export interface DiscoverOptions {
  /** Sources in precedence order: on a name clash the earlier one wins. */
  sources: readonly SkillSource[];
  /** Whole-name patterns (`*`, `?`) a skill must match; empty = all. */
  include?: readonly string[];
  /** Whole-name patterns that remove a skill; exclude wins over include. */
  exclude?: readonly string[];
  /** The scan cache: the process-wide one by default, your own, or `false` for none. */
  cache?: SkillCache | false;
  /**
   * `"stat"`: before using a cached scan, compare the modification times of
   * every directory and SKILL.md it looked at, and rescan on a change.
   * `"none"` (default): a cache hit touches no file.
   */
  revalidate?: "none" | "stat";
  /**
   * The full YAML parser, for {@linkcode discoverSync} (the value
   * `await loadYamlParser()` resolves to): without it, a skill whose
   * frontmatter is beyond the fast subset gets `yaml-parser-not-loaded`,
   * whatever else the process has loaded. `discover()` loads it itself.
   */
  yamlParser?: YamlParser;
  /**
   * Makes the test that tells a later skill of a name that is the winner
   * seen again (for the CLI: a copy `install` recorded): reported in
   * `shadowed` with `same: true`, without a `skill-shadowed` warning.
   * Called once per discovery, so what the test caches lives for one
   * discovery; results made with it are not kept in the merged cache.
   */
  sameSkill?: () => SameSkill;
}

/**
 * Finds the skills of every source, in order, synchronously. One bad skill
 * never hides the others: it is skipped with a diagnostic.
 *
 * @example Usage
 * ```ts
 * import { directorySource, discoverSync } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
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
 * const { skills, diagnostics } = discoverSync({
 *   sources: [directorySource(root)],
 *   exclude: ["sql-*"],
 * });
 * assert.deepEqual(skills.map((s) => s.name), ["pdf-tools"]);
 * assert.deepEqual(diagnostics, []);
 * ```
 *
 * @param options Sources, filters, cache.
 * @returns Skills, diagnostics and shadow reports (frozen).
 * @throws {PermissionDeniedError} when a root lacks read permission.
 * @throws {InvalidSourceError} when a root is not a directory, unreadable, or required and missing.
 */
export function discoverSync(options: DiscoverOptions): Discovery {
  return inSyncCall(options.yamlParser, () => {
    const steps = discoverSteps(options, new Map());
    let reply: ScanReply;
    for (;;) {
      const next = steps.next(reply);
      if (next.done) return next.value;
      reply = replySync(next.value);
    }
  });
}

/** Longest stretch of synchronous work before `discover()` yields to the event loop. */
const SLICE_MS = 8;

/**
 * Finds the skills of every source, in order. The work is done in slices of
 * a few milliseconds so the event loop keeps running.
 *
 * @example Usage
 * ```ts
 * import { directorySource, discover } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
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
 * const { skills, shadowed } = await discover({
 *   sources: [
 *     directorySource(root, { scope: "project" }),
 *     directorySource(root, { scope: "user" }),
 *   ],
 * });
 * assert.equal(skills.length, 2);
 * assert.equal(skills[0]!.scope, "project");
 * assert.equal(shadowed.length, 2); // the same skills again, from the second root
 * ```
 *
 * @param options Sources, filters, cache.
 * @returns Skills, diagnostics and shadow reports (frozen).
 * @throws {PermissionDeniedError} when a root lacks read permission.
 * @throws {InvalidSourceError} when a root is not a directory, unreadable, or required and missing.
 */
export async function discover(options: DiscoverOptions): Promise<Discovery> {
  const steps = discoverSteps(options, await listRemotes(options));
  let sliceStart = performance.now();
  let reply: ScanReply;
  // Loaded already (by anyone): an async call may use it from the start.
  let parser = options.yamlParser ?? currentYamlParser();
  for (;;) {
    const next = inSyncCall(parser, () => steps.next(reply));
    if (next.done) return next.value;
    if (next.value === LOAD_YAML) {
      ({ parser, reply } = await loadParser());
      continue;
    }
    // A directory is read off the event loop; only its entries come back.
    if (next.value !== undefined) {
      reply = await replyAsync(next.value);
      sliceStart = performance.now();
      continue;
    }
    reply = undefined;
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
  }
}

/**
 * {@linkcode discoverSync}'s speed for a program with no event loop to keep
 * responsive (the CLI): every step is answered synchronously, except loading
 * the full YAML parser when a frontmatter needs it, and listing remote
 * sources.
 *
 * @param options Sources, filters, cache.
 * @returns Skills, diagnostics and shadow reports (frozen).
 */
export async function discoverUninterrupted(
  options: DiscoverOptions,
): Promise<Discovery> {
  const steps = discoverSteps(options, await listRemotes(options));
  let reply: ScanReply;
  // Loaded already (by anyone): an async call may use it from the start.
  let parser = options.yamlParser ?? currentYamlParser();
  for (;;) {
    const next = inSyncCall(parser, () => steps.next(reply));
    if (next.done) return next.value;
    if (next.value === LOAD_YAML) ({ parser, reply } = await loadParser());
    else reply = replySync(next.value);
  }
}

/** Lists every remote source at once; one that fails is a diagnostic, never the end of discovery. */
async function listRemotes(
  options: DiscoverOptions,
): Promise<Map<RemoteSource, RemoteListing>> {
  const remote = new Map<RemoteSource, RemoteListing>();
  await Promise.all(
    options.sources.map(async (source) => {
      if (source.kind !== "remote") return;
      remote.set(source, await listRemote(source));
    }),
  );
  return remote;
}

// Identity numbers of scan results, so a combination of them can key a memo.
const ids = new WeakMap<object, number>();
let nextId = 1;
function idOf(value: object): number {
  let id = ids.get(value);
  if (id === undefined) {
    id = nextId++;
    ids.set(value, id);
  }
  return id;
}

async function listRemote(source: RemoteSource): Promise<RemoteListing> {
  try {
    return await source.list();
  } catch (error) {
    if (error instanceof PermissionDeniedError) throw error;
    return {
      skills: [],
      diagnostics: [{
        level: "error",
        code: "remote-source-failed",
        message: `Cannot list the skills of ${source.key}: ${
          error instanceof Error ? error.message : String(error)
        }`,
        path: source.key,
      }],
    };
  }
}

function* discoverSteps(
  options: DiscoverOptions,
  remote: ReadonlyMap<RemoteSource, RemoteListing>,
): Generator<ScanStep, Discovery, ScanReply> {
  const cache = options.cache === false
    ? undefined
    : options.cache ?? defaultSkillCache;
  const parts: {
    diagnostics: readonly Diagnostic[];
    skills: readonly Skill[];
  }[] = [];
  const keys: number[] = [];
  for (const source of options.sources) {
    if (source.kind === "notice") {
      parts.push({ diagnostics: source.diagnostics, skills: [] });
      keys.push(idOf(source));
    } else if (source.kind === "remote") {
      const listing = remote.get(source) ?? {
        skills: [],
        diagnostics: [{
          level: "warning",
          code: "remote-source-async-only",
          message:
            `${source.key} is read over the network: use discover() or SkillSet.open(), not the synchronous forms`,
          path: source.key,
        }],
      };
      parts.push(listing);
      keys.push(idOf(listing));
    } else if (source.kind === "embedded") {
      let loaded = usable(cache && getCachedEmbedded(cache, source));
      if (!loaded) {
        const parses = fullParseCount();
        loaded = loadEmbedded(source);
        if (needsYamlParser(loaded.diagnostics)) {
          const reply = yield LOAD_YAML;
          if (!(reply instanceof Error)) loaded = loadEmbedded(source);
        }
        markFullParse(loaded, parses);
        // A result made without the full parser is not the final word.
        if (cache && !needsYamlParser(loaded.diagnostics)) {
          setCachedEmbedded(cache, source, loaded);
        }
      }
      parts.push({
        diagnostics: loaded.diagnostics,
        skills: loaded.skill ? [loaded.skill] : [],
      });
      keys.push(idOf(loaded));
    } else {
      const scan = yield* scanWithCache(
        source,
        cache,
        options.revalidate ?? "none",
      );
      parts.push(scan);
      keys.push(idOf(scan));
    }
  }
  const key = cache && options.sameSkill === undefined &&
    JSON.stringify([keys, options.include ?? [], options.exclude ?? []]);
  const hit = cache && key && getMergedDiscovery(cache, key);
  if (hit) return hit;

  const keep = nameFilter(options.include, options.exclude);
  const collected: Skill[] = [];
  const diagnostics: Diagnostic[] = [];
  // The files of skills filtered out: their diagnostics go with them.
  const dropped = new Set<string>();
  let count = 0;
  for (const part of parts) {
    for (const skill of part.skills) {
      if ((++count & 4095) === 0) yield;
      if (keep(skill.name)) collected.push(skill);
      else if (skill.path !== undefined) dropped.add(skill.path);
    }
    for (const d of part.diagnostics) {
      if (d.path === undefined || !dropped.has(d.path)) diagnostics.push(d);
    }
  }
  const deduped = yield* dedupeSteps(collected, options.sameSkill?.());
  // One by one: push(...list) throws past ~120k items (one per shadowed skill).
  for (const d of deduped.diagnostics) diagnostics.push(d);
  const discovery: Discovery = Object.freeze({
    skills: Object.freeze(deduped.skills),
    diagnostics: Object.freeze(diagnostics.map((d) => Object.freeze(d))),
    shadowed: Object.freeze(deduped.shadowed),
  });
  if (cache && key) setMergedDiscovery(cache, key, discovery);
  return discovery;
}

function* scanWithCache(
  source: DirectorySource,
  cache: SkillCache | undefined,
  revalidate: "none" | "stat",
): Generator<ScanStep, DirectoryScan, ScanReply> {
  const cached = usable(cache && getCachedScan(cache, source));
  if (cached) {
    // Permission can be revoked at run time: a hit must not bypass it.
    try {
      assertReadPermission(source.path);
    } catch (error) {
      if (
        error instanceof PermissionDeniedError &&
        source.onPermissionDenied === "skip"
      ) {
        return yield* scanDirectory(source);
      }
      throw error;
    }
    if (revalidate === "none" || (cached.stamped && isFresh(cached))) {
      return cached;
    }
  }
  const parses = fullParseCount();
  const scan = yield* scanDirectory(source, { stamps: revalidate === "stat" });
  markFullParse(scan, parses);
  if (
    cache &&
    !scan.diagnostics.some((d) => d.code === "permission-skipped") &&
    !needsYamlParser(scan.diagnostics)
  ) {
    setCachedScan(cache, source, scan);
  }
  return scan;
}

function isFresh(scan: DirectoryScan): boolean {
  for (const [path, stamp] of scan.stamps) {
    let now: number;
    try {
      now = Deno.statSync(path).mtime?.getTime() ?? -1;
    } catch {
      now = -2;
    }
    if (now !== stamp) return false;
  }
  return true;
}
