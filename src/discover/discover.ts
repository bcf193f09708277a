// Copyright 2026 the skillscope authors. MIT license.
/**
 * Discovery over an ordered list of sources, in two drivers written out
 * like std's `walk` and `walkSync`: gather each source's part (scanned or
 * cached, never with the full YAML parser), then the one finish step
 * (deferred skills loaded with the call's parser, filter, deduplicate,
 * freeze). Each step is a generator of pauses; {@linkcode discoverSync}
 * drains them at once, {@linkcode discover} runs them in slices between
 * event-loop turns.
 *
 * @module
 */
import { defaultSkillCache, type SkillCache } from "./scan_cache.ts";
import { type SameSkill, SkillMerge } from "./dedup.ts";
import { collect, listRemotes } from "./collect.ts";
import { LARGE_DIR_BYTES, listNow } from "./scan_step.ts";
import type { Pause, ScanIo } from "./scan_io.ts";
import { finish, hasDeferred } from "./parser_results.ts";
import {
  checkYamlParser,
  loadYamlParser,
  type YamlParser,
} from "../parse/yaml.ts";
import type { NamedFiles, ReadAhead } from "./parallel/read_ahead.ts";
import type { ScanThread } from "./parallel/scan_worker.ts";
import type { SkillSource } from "./sources.ts";
import type {
  Diagnostic,
  Discovery,
  Shadowed,
  Skill,
} from "../shared/types.ts";

/**
 * Options of {@linkcode discover} and {@linkcode discoverSync}.
 *
 * @example Hand each skill on instead of keeping them
 * ```ts
 * import { type DiscoverOptions, discover, embeddedSkill } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const names: string[] = [];
 * const options: DiscoverOptions = {
 *   sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" }), embeddedSkill({ name: "bye", description: "Says bye", content: "" })],
 *   exclude: ["b*"],
 *   onSkill: (skill) => names.push(skill.name),
 * };
 * assert.deepEqual((await discover(options)).skills, []);
 * assert.deepEqual(names, ["hi"]);
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
   * For `discover()`: read the `SKILL.md` heads of a large flat root (one
   * listed off the event loop, of 2048 skills or more) ahead on a worker
   * thread while this one parses. About a fifth faster at 50,000 skills on
   * two cores, for a few MiB more memory; but the event loop then sees
   * longer pauses (its collections get less help from the busy second
   * core), so it is for programs that wait for the result, like the CLI,
   * not for servers. Default `false`; `discoverSync()` ignores it.
   */
  readAhead?: boolean;
  /**
   * Makes the test that tells a later skill of a name that is the winner
   * seen again (for the CLI: a copy `install` recorded): reported in
   * `shadowed` with `same: true`, without a `skill-shadowed` warning.
   * Called once per discovery, so what the test caches lives for one
   * discovery; results made with it are not kept in the merged cache.
   */
  sameSkill?: () => SameSkill;
  /**
   * For `discover()`: hands each skill on as it is found, in the order the
   * result would hold them, instead of keeping them (the result's `skills`
   * is then empty): what `skillscope list --json` writes from, so memory
   * does not grow with the skills. Skills of a flat root are handed on
   * while its scan goes on, a recursive root's once it is sorted. The cache
   * is not used, and of each winner only where it is is kept (unless
   * `sameSkill` reads more of it). `discoverSync()` ignores it.
   */
  onSkill?: (skill: Skill) => void;
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
 * for (const name of ["pdf-tools", "sql-review"]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(`${root}/${name}/SKILL.md`, `---\nname: ${name}\ndescription: The ${name}\n---\n`);
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
  const {
    sources,
    include = [],
    exclude = [],
    cache = defaultSkillCache,
    revalidate = "none",
    yamlParser,
    sameSkill,
  } = options;
  checkYamlParser(yamlParser);
  const store = cache === false ? undefined : cache;
  const parts = drain(
    collect(sources, { cache: store, revalidate, io: LIST_NOW }),
  );
  return drain(finish(parts, {
    parser: yamlParser,
    merge: new SkillMerge({ include, exclude, sameSkill: sameSkill?.() }),
    streamed: false,
    ...memo(store, sameSkill, [include, exclude]),
  }));
}

/** The synchronous driver's I/O: every directory listed at once. */
const LIST_NOW: ScanIo = { list: listNow };

/** Runs a generator of pauses to its end at once (it never pauses on a promise: its lister lists at once). */
function drain<T>(steps: Generator<Pause, T, unknown>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Finds the skills of every source, in order. The work is done in slices of
 * a few milliseconds so the event loop keeps running; a large directory is
 * listed (and, with `readAhead`, its heads read) on a worker. With
 * `onSkill`, every root is opened first, so what fails the discovery throws
 * before the first skill is handed on.
 *
 * @example Usage
 * ```ts
 * import { directorySource, discover } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const name of ["pdf-tools", "sql-review"]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(`${root}/${name}/SKILL.md`, `---\nname: ${name}\ndescription: The ${name}\n---\n`);
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
  const {
    sources,
    include = [],
    exclude = [],
    cache = defaultSkillCache,
    revalidate = "none",
    readAhead = false,
    sameSkill,
    onSkill,
  } = options;
  const store = cache === false || onSkill !== undefined ? undefined : cache;
  const same = sameSkill?.();
  const merge = new SkillMerge({
    include,
    exclude,
    sameSkill: same,
    // A streaming discovery keeps no skill: of a winner, only where it is.
    placeOnly: onSkill !== undefined &&
      (same === undefined || same.reads === "place"),
  });
  let loading: Promise<YamlParser | undefined> | undefined;
  const loadParser = () => loading ??= loadYamlParser().catch(() => undefined);
  // Streaming machinery, loaded only when asked for.
  const inOrder = onSkill === undefined
    ? undefined
    : new (await import("./parallel/discover_stream.ts")).InOrder(
      merge,
      onSkill,
      loadParser,
    );

  const remote = await listRemotes(sources);
  const io = new OffLoop(readAhead);
  let parts;
  try {
    parts = await inSlices(collect(sources, {
      cache: store,
      revalidate,
      io,
      remote,
      onSkill: inOrder === undefined ? undefined : (s) => inOrder.take(s),
    }));
  } finally {
    await io.close();
  }
  await inOrder?.done();
  const parser = parts.some(hasDeferred) ? await loadParser() : undefined;
  return await inSlices(finish(parts, {
    parser,
    merge,
    streamed: inOrder !== undefined,
    ...memo(store, sameSkill, [include, exclude]),
  }));
}

/**
 * The async driver's I/O: a directory listed at once, unless it is large
 * (see {@linkcode LARGE_DIR_BYTES}): then on a worker thread, whose module
 * is loaded then; with `readAhead`, a large flat root's heads read ahead on
 * a worker too. A small discovery never loads `parallel/`.
 */
class OffLoop implements ScanIo {
  #thread: Promise<ScanThread | undefined> | undefined;
  readonly readAhead?: (
    files: NamedFiles,
  ) => Promise<ReadAhead | undefined> | undefined;

  constructor(readAhead: boolean) {
    // Only once a listing needed a worker: the root is large.
    if (readAhead) {
      this.readAhead = (files) =>
        this.#thread?.then((t) => t?.readAhead(files));
    }
  }

  list(dir: string): Deno.DirEntry[] | Promise<Deno.DirEntry[]> {
    if (Deno.statSync(dir).size < LARGE_DIR_BYTES) return listNow(dir);
    this.#thread ??= import("./parallel/scan_worker.ts").then(
      (worker) => new worker.ScanThread(),
      () => undefined, // no worker module here: listed on this thread
    );
    return this.#thread.then((thread) =>
      thread?.list(dir) ?? Array.fromAsync(Deno.readDir(dir))
    );
  }

  /** Stops the worker, if one was started. */
  async close(): Promise<void> {
    (await this.#thread)?.close();
  }
}

/** Longest stretch of synchronous work before `discover()` yields to the event loop. */
const SLICE_MS = 5;

/**
 * Runs a generator of pauses in slices of about {@linkcode SLICE_MS}, giving
 * the event loop a turn between them and waiting where it pauses on a
 * promise.
 */
async function inSlices<T>(steps: Generator<Pause, T, unknown>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (next.value !== undefined) {
      await next.value;
      sliceStart = performance.now();
    } else if (performance.now() - sliceStart > SLICE_MS) {
      // A macrotask turn, where timers and I/O run: a zero timeout would
      // be clamped to several milliseconds once timeouts nest.
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/** Where a finished discovery is kept: not with a `sameSkill` test, whose answers live for one call. */
function memo(
  store: SkillCache | undefined,
  sameSkill: (() => SameSkill) | undefined,
  filters: unknown,
): { cache?: { store: SkillCache; filters: unknown } } {
  return store === undefined || sameSkill !== undefined
    ? {}
    : { cache: { store, filters } };
}

/** What {@linkcode streamDiscovery} returns once every skill is handed on. */
export interface StreamedDiscovery {
  /** Every diagnostic, as {@linkcode discover} reports them. */
  readonly diagnostics: readonly Diagnostic[];
  /** Every shadowed skill, as {@linkcode discover} reports them. */
  readonly shadowed: readonly Shadowed[];
}

/**
 * Finds the skills of every source, as {@linkcode discover} does, and hands
 * each on to `onSkill` in the order `discover()` would return them; keeps
 * none (see `DiscoverOptions.onSkill`).
 *
 * @example Usage
 * ```ts
 * import { streamDiscovery } from "./discover.ts";
 * import { directorySource } from "./sources.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/pdf`);
 * await Deno.writeTextFile(`${root}/pdf/SKILL.md`, "---\nname: pdf\ndescription: Fill PDF forms\n---\n");
 * const names: string[] = [];
 * const { diagnostics } = await streamDiscovery(
 *   { sources: [directorySource(root)] },
 *   (skill) => names.push(skill.name),
 * );
 * assert.deepEqual(names, ["pdf"]);
 * assert.deepEqual(diagnostics, []);
 * ```
 *
 * @param options Sources, filters, `sameSkill`, `readAhead`.
 * @param onSkill Takes each skill, in order.
 * @returns The diagnostics and shadow reports (frozen).
 * @throws {PermissionDeniedError} when a root lacks read permission.
 * @throws {InvalidSourceError} when a root is not a directory, unreadable, or required and missing.
 */
export async function streamDiscovery(
  options: DiscoverOptions,
  onSkill: (skill: Skill) => void,
): Promise<StreamedDiscovery> {
  const { diagnostics, shadowed } = await discover({ ...options, onSkill });
  return Object.freeze({ diagnostics, shadowed });
}
