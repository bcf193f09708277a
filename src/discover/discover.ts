// Copyright 2026 the skillscope authors. MIT license.
/**
 * Discovery over an ordered list of sources: gather each source's part
 * (scanned or cached, never with the full YAML parser), load the deferred
 * skills with the call's parser, filter, deduplicate. Each step is a
 * generator of pauses; {@linkcode discoverSync} drains them at once,
 * {@linkcode discover} runs them in slices between event-loop turns.
 *
 * @module
 */
import {
  getMergedDiscovery,
  setMergedDiscovery,
  type SkillCache,
} from "./scan_cache.ts";
import type { SameSkill } from "./dedup.ts";
import { SkillMerge } from "./merge.ts";
import { cacheOf, collect, listRemotes } from "./collect.ts";
import { listNow, listOffLoop } from "./scan_step.ts";
import { ScanThread } from "./parallel/scan_worker.ts";
import type { Pause, ScanIo } from "./scan_io.ts";
import type { RemoteListing, RemoteSource } from "./remote_source.ts";
import { inSyncCall, loadYamlParser, type YamlParser } from "../parse/yaml.ts";
import {
  type FinishedPart,
  finishParts,
  hasDeferred,
  type Part,
} from "./parser_results.ts";
import type { SkillSource } from "./sources.ts";
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
  const parts = inSyncCall(
    null,
    () => drain(collect(options, NO_REMOTES, SYNC)),
  );
  return inSyncCall(options.yamlParser, () => drain(finish(parts, options)));
}

const NO_REMOTES: ReadonlyMap<RemoteSource, RemoteListing> = new Map();
const SYNC: ScanIo = { list: listNow };

/** Runs a generator of pauses to its end at once (it never pauses on a promise: its lister lists at once). */
function drain<T>(steps: Generator<Pause, T, unknown>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

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
  // Loading starts at the first deferred skill, while the scan goes on.
  let loading: Promise<YamlParser | undefined> | undefined;
  const loadParser = () => loading ??= loadYamlParser().catch(() => undefined);
  const parts = await collectInSlices(options, { onDeferred: loadParser });
  const parser = parts.some(hasDeferred) ? await loadParser() : undefined;
  return await inSlices(parser, finish(parts, options));
}

/**
 * The part of every source, as {@linkcode discover} gathers them: remote
 * sources listed first, then each source in slices between event-loop
 * turns, large directories listed (and, with `readAhead`, their heads read)
 * on a worker.
 *
 * @param options The discovery's options.
 * @param io What the driver adds: told of each deferred skill, and where a
 *   streaming driver takes the skills of flat roots.
 * @returns The parts, in source order.
 */
export async function collectInSlices(
  options: DiscoverOptions,
  io: Pick<ScanIo, "onDeferred" | "emit" | "opened">,
): Promise<Part[]> {
  const remote = await listRemotes(options);
  const thread = new ScanThread();
  try {
    return await inSlices(
      null,
      collect(options, remote, {
        ...io,
        list: (dir) => listOffLoop(dir, thread),
        readAhead: options.readAhead === true
          ? (files) => thread.readAhead(files)
          : undefined,
      }),
    );
  } finally {
    thread.close();
  }
}

/** Longest stretch of synchronous work before `discover()` yields to the event loop. */
const SLICE_MS = 5;

/**
 * Runs a generator of pauses in slices of about {@linkcode SLICE_MS}, giving
 * the event loop a turn between them and waiting where it pauses on a
 * promise; each step runs with the given YAML parser.
 */
async function inSlices<T>(
  parser: YamlParser | null | undefined,
  steps: Generator<Pause, T, unknown>,
): Promise<T> {
  const step = () => steps.next();
  let sliceStart = performance.now();
  for (;;) {
    const next = inSyncCall(parser, step);
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

/** Loads the deferred skills with the running parser, then filters and deduplicates. */
function* finish(
  collected: readonly Part[],
  options: DiscoverOptions,
): Generator<Pause, Discovery, unknown> {
  const parts: FinishedPart[] = yield* finishParts(collected);
  const cache = cacheOf(options);
  const key = cache && options.sameSkill === undefined &&
    JSON.stringify([
      parts.map(idOf),
      options.include ?? [],
      options.exclude ?? [],
    ]);
  const hit = cache && key && getMergedDiscovery(cache, key);
  if (hit) return hit;

  const merge = new SkillMerge({
    include: options.include,
    exclude: options.exclude,
    sameSkill: options.sameSkill?.(),
  });
  const skills: Skill[] = [];
  const diagnostics: Diagnostic[] = [];
  let count = 0;
  for (const part of parts) {
    for (const skill of part.skills) {
      if ((++count & 2047) === 0) yield;
      if (merge.take(skill)) skills.push(skill);
    }
    for (const d of part.diagnostics) if (merge.keeps(d)) diagnostics.push(d);
  }
  // One by one: push(...list) throws past ~120k items (one per shadowed skill).
  for (const d of merge.warnings) diagnostics.push(d);
  const discovery: Discovery = Object.freeze({
    skills: Object.freeze(skills),
    diagnostics: Object.freeze(diagnostics.map((d) => Object.freeze(d))),
    shadowed: Object.freeze(merge.shadowed),
  });
  if (cache && key) setMergedDiscovery(cache, key, discovery);
  return discovery;
}
