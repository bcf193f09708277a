// Copyright 2026 the skillscope authors. MIT license.
/**
 * {@linkcode SkillSet}: a discovery kept up to date for a long-running agent.
 *
 * @module
 */
import { defaultSkillCache } from "./cache.ts";
import { discover, type DiscoverOptions, discoverSync } from "./discover.ts";
import type { Diagnostic, Discovery, Shadowed, Skill } from "./types.ts";
import { type SkillChange, type WatchOptions, watchSkillSet } from "./watch.ts";

/**
 * The skills of a list of sources, with lookup by name, refresh and live
 * reload.
 *
 * @example Usage
 * ```ts
 * import { directorySource, SkillSet } from "@skillscope/skills";
 *
 * const set = await SkillSet.open({ sources: [directorySource("./fixtures/skills")] });
 * console.log(set.get("pdf-tools")?.description);
 * ```
 */
export class SkillSet {
  #options: DiscoverOptions;
  #discovery: Discovery;
  #byName: Map<string, Skill>;

  /**
   * Wraps a discovery. Prefer {@linkcode SkillSet.open}.
   *
   * @param options The options the discovery was made with (used by `refresh`).
   * @param discovery The discovery.
   */
  constructor(options: DiscoverOptions, discovery: Discovery) {
    this.#options = options;
    this.#discovery = discovery;
    this.#byName = new Map(discovery.skills.map((s) => [s.name, s]));
  }

  /**
   * Discovers the skills of `options.sources`.
   *
   * @param options Sources, filters, cache.
   * @returns The skill set.
   */
  static async open(options: DiscoverOptions): Promise<SkillSet> {
    return new SkillSet(options, await discover(options));
  }

  /**
   * Synchronous {@linkcode SkillSet.open}.
   *
   * @param options Sources, filters, cache.
   * @returns The skill set.
   */
  static openSync(options: DiscoverOptions): SkillSet {
    return new SkillSet(options, discoverSync(options));
  }

  /** The options the set was opened with. */
  get options(): DiscoverOptions {
    return this.#options;
  }

  /** The current discovery. */
  get discovery(): Discovery {
    return this.#discovery;
  }

  /** Every diagnostic of the current discovery. */
  get diagnostics(): readonly Diagnostic[] {
    return this.#discovery.diagnostics;
  }

  /** Shadowed skills of the current discovery. */
  get shadowed(): readonly Shadowed[] {
    return this.#discovery.shadowed;
  }

  /**
   * The skills, first source first.
   *
   * @returns The skills.
   */
  list(): readonly Skill[] {
    return this.#discovery.skills;
  }

  /**
   * A skill by name.
   *
   * @param name The name.
   * @returns The skill, or `undefined` (also for filtered-out names).
   */
  get(name: string): Skill | undefined {
    return this.#byName.get(name);
  }

  /**
   * Drops the cached scans of this set's sources and discovers again.
   *
   * @returns The new discovery.
   */
  async refresh(): Promise<Discovery> {
    const cache = this.#options.cache === false
      ? undefined
      : this.#options.cache ?? defaultSkillCache;
    for (const source of this.#options.sources) cache?.invalidate(source);
    this.#replace(await discover(this.#options));
    return this.#discovery;
  }

  /**
   * Watches the directory sources with `Deno.watchFs` and yields debounced
   * changes (added, changed, removed skills) after reloading the set. End it
   * with `break`, or with `options.signal`.
   *
   * @example Live reload
   * ```ts ignore
   * for await (const change of set.watch()) console.log(change.type, change.name);
   * ```
   *
   * @param options Debounce interval and abort signal.
   * @returns The changes.
   */
  watch(options: WatchOptions = {}): AsyncIterableIterator<SkillChange> {
    return watchSkillSet(this, options);
  }

  #replace(discovery: Discovery): void {
    this.#discovery = discovery;
    this.#byName = new Map(discovery.skills.map((s) => [s.name, s]));
  }
}
