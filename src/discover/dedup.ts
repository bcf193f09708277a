// Copyright 2026 the skillscope authors. MIT license.
/**
 * Merging the skills of a discovery's sources, one at a time in precedence
 * order: the name filter, then deduplication — the first skill of a name
 * wins; every loser is reported, and warned about unless it is the same
 * skill seen again (see {@linkcode SameSkill}) — and the diagnostics of the
 * skills the filter removed left out.
 *
 * @module
 */
import { buildSkill } from "../parse/build_skill.ts";
import { nameFilter } from "./name_filter.ts";
import type { Diagnostic, Shadowed, Skill } from "../shared/types.ts";

/** Where a skill is, for shadow reports: its SKILL.md path, or its source's key. */
function skillLocation(skill: Skill): string {
  return skill.path ?? skill.source.key;
}

// deno-lint-ignore no-control-regex -- ASCII test
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The identity of a skill name: its NFKC normal form, the form the
 * specification's reference validator compares. Dedup, shadowing and lookup
 * by name all use it, so NFC/NFD (or full-width) twins are one skill: the
 * first wins and the other is reported as shadowed. ASCII names are their
 * own identity.
 *
 * @example Usage
 * ```ts
 * import { skillIdentity } from "./dedup.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(skillIdentity("caf\u00e9"), skillIdentity("cafe\u0301"));
 * ```
 *
 * @param name A skill name.
 * @returns Its identity.
 */
export function skillIdentity(name: string): string {
  return ASCII.test(name) ? name : name.normalize("NFKC");
}

/**
 * Whether a later skill of a name is the winner seen again rather than a
 * clash: for the CLI, a symlink to the same directory or a copy recorded in
 * `skills.lock` beside it with the same content. Such a loser is reported
 * with `same: true` and not warned about.
 *
 * @example Usage
 * ```ts
 * import { directorySource, discoverSync, type SameSkill } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/pdf`);
 * await Deno.writeTextFile(`${root}/pdf/SKILL.md`, "---\nname: pdf\ndescription: Fill PDF forms\n---\n");
 * const sameSkill = (): SameSkill => (winner, loser) => winner.description === loser.description;
 * const sources = [directorySource(root, { scope: "project" }), directorySource(root, { scope: "user" })];
 * const { shadowed, diagnostics } = discoverSync({ sources, sameSkill });
 * assert.equal(shadowed[0]?.same, true);
 * assert.deepEqual(diagnostics, []);
 * ```
 */
export type SameSkill = ((winner: Skill, loser: Skill) => boolean) & {
  /**
   * `"place"` when the test reads only where the winner is (its name, paths,
   * scope and source), never its fields: a streamed listing then keeps only
   * that of each winner. Without it the whole winner is kept.
   */
  readonly reads?: "place" | undefined;
};

/** What {@linkcode SkillMerge} is given. */
export interface MergeOptions {
  /** Whole-name patterns a skill must match; empty = all. */
  readonly include?: readonly string[] | undefined;
  /** Whole-name patterns that remove a skill. */
  readonly exclude?: readonly string[] | undefined;
  /** Tells a loser that is the winner seen again. */
  readonly sameSkill?: SameSkill | undefined;
  /**
   * Remember only where each winner is (its name, paths, scope and
   * source), not its fields: a streaming discovery, which keeps no skill,
   * sets it unless `sameSkill` reads more of the winner.
   */
  readonly placeOnly?: boolean | undefined;
}

/**
 * The merge of a discovery's skills, taken one at a time in precedence
 * order: the filter, then the first skill of each name (compared by
 * {@linkcode skillIdentity}) wins, and every later one is reported as
 * shadowed.
 *
 * @example Usage
 * ```ts
 * import { SkillMerge } from "./dedup.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const skill = (name: string, dir: string): Skill => ({
 *   name, description: "d", path: `${dir}/SKILL.md`, dir,
 *   source: { kind: "directory", key: dir }, frontmatter: {},
 * });
 * const merge = new SkillMerge({ exclude: ["test-*"] });
 * assert.equal(merge.take(skill("pdf", "/a/pdf")), true);
 * assert.equal(merge.take(skill("pdf", "/b/pdf")), false);
 * assert.equal(merge.take(skill("test-x", "/a/test-x")), false);
 * assert.equal(merge.keeps({ level: "error", code: "yaml-invalid", message: "Invalid YAML", path: "/a/test-x/SKILL.md" }), false);
 * assert.equal(merge.shadowed[0]?.winner, "/a/pdf/SKILL.md");
 * assert.equal(merge.warnings[0]?.code, "skill-shadowed");
 * ```
 */
export class SkillMerge {
  /** One report per shadowed skill, in order. */
  readonly shadowed: Shadowed[] = [];
  /** One `skill-shadowed` warning per clash, reported after the sources' diagnostics. */
  readonly warnings: Diagnostic[] = [];
  readonly #keep: (name: string) => boolean;
  readonly #sameSkill: SameSkill | undefined;
  readonly #placeOnly: boolean;
  readonly #winners = new Map<string, Skill>();
  // The files of skills filtered out: their diagnostics go with them.
  readonly #dropped = new Set<string>();

  /**
   * A merge with nothing taken yet.
   *
   * @param options The filter, the test for a winner seen again, and
   *   whether to remember only where a winner is.
   */
  constructor(options: MergeOptions) {
    this.#keep = nameFilter(options.include, options.exclude);
    this.#sameSkill = options.sameSkill;
    this.#placeOnly = options.placeOnly ?? false;
  }

  /**
   * Takes the next skill.
   *
   * @param skill The skill.
   * @returns `true` when it is one of the discovery's skills: it passes the
   *   filter and is the first of its name.
   */
  take(skill: Skill): boolean {
    if (!this.#keep(skill.name)) {
      if (skill.path !== undefined) this.#dropped.add(skill.path);
      return false;
    }
    const key = skillIdentity(skill.name);
    const winner = this.#winners.get(key);
    if (winner === undefined) {
      this.#winners.set(key, this.#placeOnly ? placeOf(skill) : skill);
      return true;
    }
    const same = this.#sameSkill?.(winner, skill) === true;
    const report: Shadowed = Object.freeze({
      name: skill.name,
      winner: skillLocation(winner),
      loser: skillLocation(skill),
      ...(same ? { same } : {}),
    });
    this.shadowed.push(report);
    // The same skill seen by another agent (a recorded copy): no clash.
    // Overriding a bundled default is intended: reported, not warned about.
    if (same || skill.source.overridable === true) return false;
    this.warnings.push({
      level: "warning",
      code: "skill-shadowed",
      message:
        `Skill "${skill.name}" at ${report.loser} is shadowed by ${report.winner}`,
      ...(skill.path === undefined ? {} : { path: skill.path }),
    });
    return false;
  }

  /**
   * Whether a source's diagnostic is reported: not when it is about a skill
   * the filter removed (taken before).
   *
   * @param diagnostic The diagnostic.
   * @returns `true` when it is reported.
   */
  keeps(diagnostic: Diagnostic): boolean {
    return diagnostic.path === undefined ||
      !this.#dropped.has(diagnostic.path);
  }
}

// What is remembered of a winner in a streaming discovery: where it is, for
// its losers' reports and the sameSkill test, not its fields.
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
