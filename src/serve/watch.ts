// Copyright 2026 the skillscope authors. MIT license.
/**
 * Live reload: `Deno.watchFs` on the directory sources, debounced, turned
 * into added / changed / removed skill events.
 *
 * @module
 */
import type { SkillSource } from "../discover/sources.ts";
import type { Skill } from "../shared/types.ts";

/**
 * What {@linkcode watchSkillSet} needs of a skill set: its skills, a way to
 * reload them, and its sources (a `SkillSet` is one).
 */
export interface Watchable {
  /** The current skills. */
  list(): readonly Skill[];
  /** Discovers again and replaces the skills. */
  refresh(): Promise<unknown>;
  /**
   * The sources to watch; with `requireApproval`, a write to any file of a
   * skill reloads (it can end the skill's approval).
   */
  readonly options: {
    readonly sources: readonly SkillSource[];
    readonly requireApproval?: boolean | undefined;
  };
}

/**
 * Options of `SkillSet.watch`.
 *
 * @example Stop watching with a signal
 * ```ts
 * import { directorySource, SkillSet, type WatchOptions } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = await SkillSet.open({ sources: [directorySource(await Deno.makeTempDir())] });
 * const stop = new AbortController();
 * const options: WatchOptions = { debounceMs: 50, maxWaitMs: 500, signal: stop.signal };
 * setTimeout(() => stop.abort(), 200);
 * const seen: string[] = [];
 * for await (const change of set.watch(options)) seen.push(change.name);
 * assert.deepEqual(seen, []); // nothing changed before the signal ended the loop
 * ```
 */
export interface WatchOptions {
  /** Quiet time after the last file event before reloading, in ms. Default 100. */
  debounceMs?: number;
  /**
   * Longest wait after the first event of a burst, in ms: a skill that
   * writes into its own directory without pause cannot hold reloads back
   * for longer than this. Default 1000.
   */
  maxWaitMs?: number;
  /** Stops watching when aborted. */
  signal?: AbortSignal;
}

/**
 * One change seen by `SkillSet.watch`.
 *
 * @example See a skill being added
 * ```ts
 * import { directorySource, type SkillChange, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * const set = await SkillSet.open({ sources: [directorySource(root)], cache: false });
 * const stop = new AbortController();
 * const changes = set.watch({ debounceMs: 50, signal: stop.signal });
 * await new Promise((resolve) => setTimeout(resolve, 100));
 * await Deno.mkdir(`${root}/hi`);
 * await Deno.writeTextFile(`${root}/hi/SKILL.md`, "---\nname: hi\ndescription: Says hi\n---\n");
 * const change: SkillChange | void = (await changes.next()).value;
 * assert.deepEqual([change?.type, change?.name], ["added", "hi"]);
 * stop.abort();
 * ```
 */
export interface SkillChange {
  /** What happened to the skill. */
  readonly type: "added" | "changed" | "removed";
  /** The skill's name. */
  readonly name: string;
  /** The skill now (absent when removed). */
  readonly skill?: Skill;
  /** The skill before (absent when added). */
  readonly previous?: Skill;
}

/**
 * The differences between two skill lists.
 *
 * @param before Skills before.
 * @param after Skills after.
 * @returns The changes, sorted by name.
 */
export function diffSkills(
  before: readonly Skill[],
  after: readonly Skill[],
): SkillChange[] {
  const old = new Map(before.map((s) => [s.name, s]));
  const now = new Map(after.map((s) => [s.name, s]));
  const changes: SkillChange[] = [];
  for (const [name, skill] of now) {
    const previous = old.get(name);
    if (!previous) changes.push({ type: "added", name, skill });
    else if (
      previous !== skill && fingerprint(previous) !== fingerprint(skill)
    ) {
      changes.push({ type: "changed", name, skill, previous });
    }
  }
  for (const [name, previous] of old) {
    if (!now.has(name)) changes.push({ type: "removed", name, previous });
  }
  return changes.sort((
    a,
    b,
  ) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function fingerprint(skill: Skill): string {
  // Every field, so a change that only agents/openai.yaml makes (a display
  // name, an invocation policy) is a change too.
  return JSON.stringify(skill);
}

/**
 * The implementation of `SkillSet.watch`. The file watcher is
 * armed before this returns, so changes made right after are seen.
 *
 * @param set The skill set to reload.
 * @param options Debounce and signal.
 * @returns The changes.
 */
export function watchSkillSet(
  set: Watchable,
  options: WatchOptions = {},
): AsyncIterableIterator<SkillChange> {
  const roots = existingRoots(set);
  if (roots.length === 0 || options.signal?.aborted) {
    return nothing();
  }
  return consume(set, Deno.watchFs(roots, { recursive: true }), options);
}

async function* consume(
  set: Watchable,
  watcher: Deno.FsWatcher,
  options: WatchOptions,
): AsyncIterableIterator<SkillChange> {
  const debounceMs = options.debounceMs ?? 100;
  const maxWaitMs = Math.max(debounceMs, options.maxWaitMs ?? 1000);
  const onAbort = () => watcher.close();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const raw = watcher[Symbol.asyncIterator]();
  const everyFile = set.options.requireApproval === true;
  // Reads (ours included) are not changes, nor is anything that cannot
  // affect discovery (a log file written inside a skill).
  const events = {
    async next(): Promise<IteratorResult<Deno.FsEvent>> {
      for (;;) {
        const result = await raw.next();
        if (result.done || affectsDiscovery(result.value, everyFile)) {
          return result;
        }
      }
    },
  };
  try {
    let pending = events.next();
    for (;;) {
      const first = await pending;
      if (first.done) return;
      // Debounce: wait until no event arrives for debounceMs.
      let ended = false;
      const deadline = Date.now() + maxWaitMs;
      for (;;) {
        pending = events.next();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const quiet = new Promise<"quiet">((resolve) => {
          const wait = Math.min(debounceMs, deadline - Date.now());
          timer = setTimeout(() => resolve("quiet"), Math.max(0, wait));
        });
        const winner = await Promise.race([
          pending.then((r) => (r.done ? "done" : "event")),
          quiet,
        ]);
        clearTimeout(timer);
        if (winner === "event") continue;
        ended = winner === "done";
        break;
      }
      const changes = await reload(set);
      for (const change of changes) yield change;
      if (ended) return;
    }
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    try {
      watcher.close();
    } catch {
      // already closed
    }
  }
}

/**
 * Whether a file event can change what discovery finds: any event on a
 * `SKILL.md` or an `agents/openai.yaml` (Codex's display name and policy),
 * and any event on a path that is not (or no longer) a regular file — a
 * directory appearing, going or being renamed. Writes to other regular files
 * cannot, unless `everyFile` (approvals cover every file).
 */
function affectsDiscovery(event: Deno.FsEvent, everyFile: boolean): boolean {
  if (event.kind === "access") return false;
  if (everyFile) return true;
  for (const path of event.paths) {
    if (SHOWN_FILE.test(path)) return true;
    try {
      if (Deno.lstatSync(path).isFile) continue;
    } catch {
      // gone: it may have been a skill directory
    }
    return true;
  }
  return false;
}

/** The files whose content changes what discovery shows. */
const SHOWN_FILE = /[\\/](?:SKILL\.md|agents[\\/]openai\.yaml)$/;

async function* nothing(): AsyncIterableIterator<SkillChange> {}

async function reload(set: Watchable): Promise<SkillChange[]> {
  const before = set.list();
  await set.refresh();
  return diffSkills(before, set.list());
}

function existingRoots(set: Watchable): string[] {
  const roots: string[] = [];
  for (const source of set.options.sources) {
    if (source.kind !== "directory") continue;
    try {
      if (Deno.statSync(source.path).isDirectory) roots.push(source.path);
    } catch {
      // a missing root is not watched
    }
  }
  return roots;
}
