// Copyright 2026 the skillscope authors. MIT license.
/**
 * A discovery that hands each skill on as it is found instead of keeping
 * them (`discover()` with `onSkill`): what `skillscope list --json`
 * writes from, so that memory does not grow with the skills. `discover()`
 * loads this module only when given `onSkill`.
 *
 * @module
 */
import type { SkillMerge } from "../dedup.ts";
import { Deferred } from "../parser_results.ts";
import type { YamlParser } from "../../parse/yaml.ts";
import type { Skill } from "../../shared/types.ts";

/**
 * Hands skills on in order as a scan finds them, for a discovery that
 * streams: each through the merge, the winners to `onSkill`. A deferred
 * skill starts loading the parser, and it and every skill after it wait
 * until the parser is in.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { InOrder } from "./discover_stream.ts";
 * import { SkillMerge } from "../dedup.ts";
 * import { loadYamlParser } from "../../parse/yaml.ts";
 * import type { Skill } from "../../shared/types.ts";
 *
 * const skill = (name: string): Skill => ({
 *   name, description: "d", source: { kind: "embedded", key: `embedded:${name}` }, frontmatter: {},
 * });
 * const names: string[] = [];
 * const inOrder = new InOrder(new SkillMerge({}), (s) => names.push(s.name), loadYamlParser);
 * inOrder.take(skill("a"));
 * inOrder.take(skill("a"));
 * await inOrder.done();
 * assert.deepEqual(names, ["a"]);
 * ```
 */
export class InOrder {
  readonly #merge: SkillMerge;
  readonly #onSkill: (skill: Skill) => void;
  readonly #loadParser: () => Promise<YamlParser | undefined>;
  // Skills wait here only behind a deferred one, until the parser is in.
  readonly #waiting: (Skill | Deferred)[] = [];
  #parser: { value: YamlParser | undefined } | undefined;
  #loading: Promise<void> | undefined;
  // What handing on threw between the scan's steps (a closed stdout, say):
  // thrown into the scan at its next skill, and at the end.
  #failed: { error: unknown } | undefined;

  /**
   * Nothing taken yet.
   *
   * @param merge The discovery's merge.
   * @param onSkill Takes each winner, in order.
   * @param loadParser Loads the full parser (once).
   */
  constructor(
    merge: SkillMerge,
    onSkill: (skill: Skill) => void,
    loadParser: () => Promise<YamlParser | undefined>,
  ) {
    this.#merge = merge;
    this.#onSkill = onSkill;
    this.#loadParser = loadParser;
  }

  /**
   * Takes the next skill a scan found.
   *
   * @param skill The skill, or its deferred entry.
   * @throws What handing on a skill threw before.
   */
  take(skill: Skill | Deferred): void {
    if (this.#failed !== undefined) throw this.#failed.error;
    if (
      this.#waiting.length === 0 &&
      (this.#parser !== undefined || !(skill instanceof Deferred))
    ) {
      return this.#handOn(skill);
    }
    this.#waiting.push(skill);
    this.#loading ??= this.#loadParser().then((value) => {
      this.#parser = { value };
      try {
        this.#drain();
      } catch (error) {
        this.#failed = { error };
      }
    });
  }

  /**
   * Waits for the parser, if a deferred skill asked for it, and hands on
   * every skill still waiting.
   *
   * @throws What handing on a skill threw.
   */
  async done(): Promise<void> {
    await this.#loading;
    if (this.#failed !== undefined) throw this.#failed.error;
    this.#drain();
  }

  #drain(): void {
    let i = 0;
    while (
      i < this.#waiting.length &&
      (this.#parser !== undefined || !(this.#waiting[i] instanceof Deferred))
    ) {
      this.#handOn(this.#waiting[i++]!);
    }
    this.#waiting.splice(0, i);
  }

  #handOn(next: Skill | Deferred): void {
    const skill = next instanceof Deferred
      ? next.load(this.#parser?.value).skill
      : next;
    if (skill !== undefined && this.#merge.take(skill)) this.#onSkill(skill);
  }
}
