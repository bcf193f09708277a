// Copyright 2026 the skillscope authors. MIT license.
/**
 * A discovery that hands each skill on as it is found, in the order
 * {@linkcode discover} returns them, instead of keeping them all: what
 * `skillscope list --json` writes from, so that memory does not grow with
 * the skills and the collections do not copy them. Skills of a flat root
 * are handed on while the scan goes on; a recursive root's once it is
 * sorted.
 *
 * @module
 */
import { collectInSlices, type DiscoverOptions } from "../discover.ts";
import { buildSkill } from "../build_skill.ts";
import { SkillMerge } from "../merge.ts";
import { Deferred } from "../parser_results.ts";
import { openRoots } from "../scan_root.ts";
import {
  inSyncCall,
  loadYamlParser,
  type YamlParser,
} from "../../parse/yaml.ts";
import type { Diagnostic, Shadowed, Skill } from "../../shared/types.ts";

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
 * none. Never uses the cache. Every root is opened first ({@linkcode openRoots}),
 * so what fails a discovery (a root that is missing, not a directory, or not
 * granted) throws before the first skill is handed on; a root that goes away
 * later is a listing that fails, reported. Of each winner only its name,
 * paths, scope and source are kept, unless a `sameSkill` test reads more of
 * it (see {@linkcode SameSkill}): then the winner itself.
 *
 * @example Usage
 * ```ts
 * import { streamDiscovery } from "./discover_stream.ts";
 * import { directorySource } from "../sources.ts";
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
  // What can fail the discovery fails it here, before the first skill.
  const opened = openRoots(options.sources);
  const sameSkill = options.sameSkill?.();
  const merge = new SkillMerge({
    include: options.include,
    exclude: options.exclude,
    sameSkill,
    // Only where each winner is, unless the same-skill test reads more of it
    // (then it gets the winner itself, as through discover()).
    keepWinner: sameSkill === undefined || sameSkill.reads === "place"
      ? placeOf
      : undefined,
  });
  // Skills wait here only behind a deferred one, until the parser is in.
  const waiting: (Skill | Deferred)[] = [];
  // The diagnostics of the skills loaded with the parser, for the report.
  const loaded = new Map<Deferred, readonly Diagnostic[]>();
  let parser: YamlParser | undefined;
  let loading: Promise<void> | undefined;
  let parserIn = false;
  const hand = (skill: Skill): void => {
    if (merge.take(skill)) onSkill(skill);
  };
  const handOn = (next: Skill | Deferred): void => {
    if (!(next instanceof Deferred)) return hand(next);
    const result = inSyncCall(parser, () => next.load());
    loaded.set(next, result.diagnostics);
    if (result.skill !== undefined) hand(result.skill);
  };
  const drain = (): void => {
    let i = 0;
    while (
      i < waiting.length && (parserIn || !(waiting[i] instanceof Deferred))
    ) {
      handOn(waiting[i++]!);
    }
    waiting.splice(0, i);
  };
  // What handing on threw between the scan's steps (a closed stdout, say):
  // thrown into the scan at its next skill, and at the end.
  let failed: { error: unknown } | undefined;
  const loadParser = (): void => {
    loading ??= loadYamlParser().then((p) => {
      parser = p;
    }, () => {}).then(() => {
      parserIn = true;
      try {
        drain();
      } catch (error) {
        failed = { error };
      }
    });
  };
  const parts = await collectInSlices(
    { ...options, cache: false },
    {
      onDeferred: loadParser,
      opened,
      emit: (skill) => {
        if (failed !== undefined) throw failed.error;
        if (waiting.length > 0 || (!parserIn && skill instanceof Deferred)) {
          waiting.push(skill);
        } else handOn(skill);
      },
    },
  );
  if (loading !== undefined) await loading;
  if (failed !== undefined) throw failed.error;
  drain();
  const diagnostics: Diagnostic[] = [];
  for (const part of parts) {
    for (const d of part.diagnostics) {
      if (!(d instanceof Deferred)) {
        if (merge.keeps(d)) diagnostics.push(Object.freeze(d));
        continue;
      }
      const found = loaded.get(d) ??
        inSyncCall(parser, () => d.load()).diagnostics;
      for (const x of found) {
        if (merge.keeps(x)) diagnostics.push(Object.freeze(x));
      }
    }
  }
  for (const d of merge.warnings) diagnostics.push(Object.freeze(d));
  return Object.freeze({
    diagnostics: Object.freeze(diagnostics),
    shadowed: Object.freeze(merge.shadowed),
  });
}

// What is remembered of a winner: where it is, for its losers' reports and
// the sameSkill test, not its fields.
const NO_FIELDS: Readonly<Record<string, unknown>> = Object.freeze({});
function placeOf(skill: Skill): Skill {
  return buildSkill({ name: skill.name, description: "" }, NO_FIELDS, {
    fallbackName: skill.name,
    path: skill.path,
    dir: skill.dir,
    source: skill.source,
    scope: skill.scope,
  });
}
