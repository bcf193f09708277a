// Copyright 2026 the skillscope authors. MIT license.
/**
 * The skills of a discovery by name, as a {@linkcode SkillSet} looks them
 * up: by their identity (NFC/NFD or full-width twins are one name), with a
 * `skill-not-found` error that names close matches.
 *
 * @module
 */
import { skillIdentity } from "../discover/dedup.ts";
import { SkillAccessError } from "../shared/errors.ts";
import { escapeTerminal } from "../shared/escape.ts";
import type { Skill } from "../shared/types.ts";

/**
 * Skills by name.
 *
 * @example Usage
 * ```ts
 * import { SkillIndex } from "./skill_index.ts";
 * import type { Skill } from "../shared/types.ts";
 * import assert from "node:assert/strict";
 *
 * const index = new SkillIndex([{ name: "pdf-tools" } as Skill]);
 * assert.equal(index.get("pdf-tools")?.name, "pdf-tools");
 * assert.throws(() => index.require("pdf"), /did you mean "pdf-tools"\?/);
 * ```
 */
export class SkillIndex {
  #byName: Map<string, Skill>;

  /**
   * Indexes skills by their identity; the first of a name wins.
   *
   * @param skills The skills.
   */
  constructor(skills: readonly Skill[]) {
    this.#byName = new Map(skills.map((s) => [skillIdentity(s.name), s]));
  }

  /**
   * A skill by name.
   *
   * @param name The name.
   * @returns The skill, or `undefined`.
   */
  get(name: string): Skill | undefined {
    return this.#byName.get(skillIdentity(name));
  }

  /**
   * A skill by name, or a `skill-not-found` error listing close names.
   *
   * @param name The name.
   * @returns The skill.
   * @throws {SkillAccessError} `skill-not-found`.
   */
  require(name: string): Skill {
    const skill = this.#byName.get(skillIdentity(name));
    if (skill) return skill;
    const known = [...this.#byName.keys()];
    const close = known.filter((k) => k.includes(name) || name.includes(k))
      .slice(0, 5);
    throw new SkillAccessError(
      "skill-not-found",
      name,
      // Names come from skill files and callers: one line whatever they hold.
      `No skill named "${escapeTerminal(name)}"${
        close.length > 0
          ? `; did you mean ${
            close.map((c) => `"${escapeTerminal(c)}"`).join(", ")
          }?`
          : ""
      }`,
    );
  }
}
