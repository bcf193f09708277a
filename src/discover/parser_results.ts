// Copyright 2026 the skillscope authors. MIT license.
/**
 * Skills that need the full YAML parser. A scan never uses it: such a skill
 * is a {@linkcode Deferred} entry in its place among the skills and the
 * diagnostics, so a scan (and the cache holding it) is the same whatever the
 * process has loaded. Each discovery finishes the deferred entries with the
 * parser its call has: none for a synchronous call not given `yamlParser`,
 * which reports `yaml-parser-not-loaded`.
 *
 * @module
 */
import { yamlParserLoaded } from "../parse/yaml.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";

/** One skill, loaded: the skill (or none) and what to report, in order. */
export interface Loaded {
  readonly skill: Skill | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** Its frontmatter (or metadata file) needs the full YAML parser, which was not in scope. */
  readonly needsParser: boolean;
}

/**
 * A skill left for the discovery to load again, in its place, with the
 * parser its call has.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { Deferred, finishParts } from "./parser_results.ts";
 *
 * const diagnostics = [{ level: "error", code: "yaml-parser-not-loaded", message: "Needs the parser" } as const];
 * const deferred = new Deferred(() => ({ skill: undefined, diagnostics, needsParser: true }));
 * const steps = finishParts([{ skills: [deferred], diagnostics: [deferred] }]);
 * let next = steps.next();
 * while (!next.done) next = steps.next();
 * assert.deepEqual(next.value, [{ skills: [], diagnostics }]);
 * ```
 */
export class Deferred {
  /**
   * Wraps the load of one skill.
   *
   * @param load Loads it with the parser in scope.
   */
  constructor(readonly load: () => Loaded) {}
}

/** What one source contributes: skills in order, diagnostics in report order; a deferred skill is in both. */
export interface Part {
  readonly skills: readonly (Skill | Deferred)[];
  readonly diagnostics: readonly (Diagnostic | Deferred)[];
}

/** A part with its deferred skills loaded. */
export interface FinishedPart {
  readonly skills: readonly Skill[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Whether a part holds a deferred skill.
 *
 * @param part The part.
 * @returns `true` when it must be finished with a parser.
 */
export function hasDeferred(part: Part): boolean {
  return part.diagnostics.some((d) => d instanceof Deferred);
}

// Finished parts, [without the full parser, with it]: a part is finished
// once per parser, so its skills stay the same objects from call to call.
const finished = new WeakMap<Part, [FinishedPart?, FinishedPart?]>();

/**
 * Loads the deferred skills of every part, in their places, with the parser
 * in scope; pauses after each.
 *
 * @param parts The parts of one discovery.
 * @returns The finished parts (as the generator's return value); a part
 *   without deferred skills as it is.
 */
export function* finishParts(
  parts: readonly Part[],
): Generator<undefined, FinishedPart[], unknown> {
  const slot = yamlParserLoaded() ? 1 : 0;
  const result: FinishedPart[] = [];
  for (const part of parts) {
    if (!hasDeferred(part)) {
      result.push(part as FinishedPart);
      continue;
    }
    const memo = finished.get(part) ?? [];
    if (memo[slot] === undefined) {
      const loaded = new Map<Deferred, Loaded>();
      const diagnostics: Diagnostic[] = [];
      for (const d of part.diagnostics) {
        if (!(d instanceof Deferred)) {
          diagnostics.push(d);
          continue;
        }
        loaded.set(d, d.load());
        for (const x of loaded.get(d)!.diagnostics) diagnostics.push(x);
        yield;
      }
      const skills: Skill[] = [];
      for (const s of part.skills) {
        const skill = s instanceof Deferred ? loaded.get(s)!.skill : s;
        if (skill !== undefined) skills.push(skill);
      }
      memo[slot] = { skills, diagnostics };
      finished.set(part, memo);
    }
    result.push(memo[slot]!);
  }
  return result;
}
