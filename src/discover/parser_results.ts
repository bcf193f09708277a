// Copyright 2026 the skillscope authors. MIT license.
/**
 * The finish step every discovery ends with: the skills that need the full
 * YAML parser loaded with the call's parser, then the name filter and
 * deduplication, then the frozen result.
 *
 * A scan never uses the full parser: such a skill is a {@linkcode Deferred}
 * entry in its place among the skills and the diagnostics, so a scan (and
 * the cache holding it) is the same whatever the process has loaded. Each
 * discovery finishes the deferred entries with the parser its call has:
 * none for a synchronous call not given `yamlParser`, which reports
 * `yaml-parser-not-loaded`.
 *
 * @module
 */
import type { YamlParser } from "../parse/yaml.ts";
import type { Loaded } from "../parse/build_skill.ts";
import type { SkillMerge } from "./dedup.ts";
import type { Diagnostic, Discovery, Skill } from "../shared/types.ts";

/**
 * A skill left for the discovery to load again, in its place, with the
 * parser its call has. Loaded once per parser (none, or the full one), so
 * a cached scan's skills stay the same objects from call to call.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { Deferred } from "./parser_results.ts";
 * import { loadYamlParser } from "../parse/yaml.ts";
 *
 * const deferred = new Deferred((parser) => ({
 *   skill: undefined,
 *   diagnostics: parser === undefined
 *     ? [{ level: "error", code: "yaml-parser-not-loaded", message: "Needs the parser" }]
 *     : [],
 *   needsParser: parser === undefined,
 * }));
 * assert.equal(deferred.load(undefined).needsParser, true);
 * assert.equal(deferred.load(await loadYamlParser()).needsParser, false);
 * ```
 */
export class Deferred {
  readonly #load: (parser: YamlParser | undefined) => Loaded;
  readonly #loaded: [Loaded?, Loaded?] = [];

  /**
   * Wraps the load of one skill.
   *
   * @param load Loads it with the given parser.
   */
  constructor(load: (parser: YamlParser | undefined) => Loaded) {
    this.#load = load;
  }

  /**
   * The skill, loaded with `parser` (once per parser).
   *
   * @param parser The full parser, or none.
   * @returns The skill and its diagnostics.
   */
  load(parser: YamlParser | undefined): Loaded {
    const slot = parser === undefined ? 0 : 1;
    return this.#loaded[slot] ??= this.#load(parser);
  }
}

/** What one source contributes: skills in order, diagnostics in report order; a deferred skill is in both. */
export interface Part {
  readonly skills: readonly (Skill | Deferred)[];
  readonly diagnostics: readonly (Diagnostic | Deferred)[];
}

/** Whether a part holds a deferred skill (it must be finished with a parser). */
export function hasDeferred(part: Part): boolean {
  return part.diagnostics.some((d) => d instanceof Deferred);
}

/** What {@linkcode finish} is given besides the parts. */
/** Where finished discoveries are kept: a `SkillCache`'s part. */
export interface FinishedDiscoveries {
  /** The discovery finished before from these parts, if any. */
  finished(parts: readonly Part[], shape: unknown): Discovery | undefined;
  /** Keeps a finished discovery. */
  keepFinished(
    parts: readonly Part[],
    shape: unknown,
    discovery: Discovery,
  ): void;
}

export interface FinishOptions {
  /** The full parser, or none. */
  readonly parser: YamlParser | undefined;
  /** The filter and deduplication, with what was taken so far. */
  readonly merge: SkillMerge;
  /** The skills were handed on already, in order (a streaming discovery): only the reports are made. */
  readonly streamed: boolean;
  /** Where the finished discovery is kept, with its filters (not with a `sameSkill` test). */
  readonly cache?: {
    readonly store: FinishedDiscoveries;
    readonly filters: unknown;
  };
}

/**
 * The one finish step: loads the deferred skills of every part in their
 * places, merges the skills in order (see {@linkcode SkillMerge}), keeps
 * the diagnostics not about a skill the filter removed, then the shadow
 * warnings, and freezes the whole. Pauses every few thousand skills.
 *
 * @param parts The parts of one discovery, in source order.
 * @param options The parser, the merge, and the cache.
 * @returns The discovery (as the generator's return value).
 */
export function* finish(
  parts: readonly Part[],
  options: FinishOptions,
): Generator<undefined, Discovery, unknown> {
  const { parser, merge, streamed, cache } = options;
  const shape = [parser !== undefined, cache?.filters];
  const hit = cache?.store.finished(parts, shape);
  if (hit !== undefined) return hit;

  const skills: Skill[] = [];
  const diagnostics: Diagnostic[] = [];
  let count = 0;
  for (const part of parts) {
    for (let i = 0; !streamed && i < part.skills.length; i++) {
      const entry = part.skills[i]!;
      const skill = entry instanceof Deferred
        ? entry.load(parser).skill
        : entry;
      if (skill !== undefined && merge.take(skill)) skills.push(skill);
      if ((++count & 2047) === 0) yield;
    }
    for (const d of part.diagnostics) {
      if (!(d instanceof Deferred)) {
        if (merge.keeps(d)) diagnostics.push(Object.freeze(d));
        continue;
      }
      for (const x of d.load(parser).diagnostics) {
        if (merge.keeps(x)) diagnostics.push(Object.freeze(x));
      }
      yield;
    }
  }
  // One by one: push(...list) throws past ~120k items (one per shadowed skill).
  for (const d of merge.warnings) diagnostics.push(Object.freeze(d));
  const discovery: Discovery = Object.freeze({
    skills: Object.freeze(skills),
    diagnostics: Object.freeze(diagnostics),
    shadowed: Object.freeze(merge.shadowed),
  });
  cache?.store.keepFinished(parts, shape, discovery);
  return discovery;
}
