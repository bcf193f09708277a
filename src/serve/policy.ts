// Copyright 2026 the skillscope authors. MIT license.
/**
 * What the model and the user may see of each skill: the skill's own
 * invocation fields (`disable-model-invocation`, `user-invocable`) and the
 * overrides a host or user sets (by name, glob or path).
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import { globMatches } from "../discover/name_filter.ts";

/**
 * How a skill is listed:
 * - `on`: in the catalog with its description, and in the tools;
 * - `name-only`: in the catalog by name only (no description), and in the tools;
 * - `user-only`: never shown to the model (catalog, tool enums); the user can still activate it;
 * - `off`: disabled: left out of the skill set altogether.
 */
export type ListingMode = "on" | "name-only" | "user-only" | "off";

/** The listing modes. */
const MODES: readonly ListingMode[] = ["on", "name-only", "user-only", "off"];

/**
 * One override: skills it matches get its `mode`.
 *
 * @example Turn skills off by name
 * ```ts
 * import { embeddedSkill, SkillSet, type SkillOverride } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const overrides: SkillOverride[] = [{ match: "legacy-*", mode: "off" }];
 * const set = SkillSet.openSync({
 *   sources: [embeddedSkill({ name: "legacy-pdf", description: "Old PDF tools", content: "# Old\n" })],
 *   overrides,
 * });
 * assert.deepEqual(set.list(), []);
 * ```
 */
export interface SkillOverride {
  /**
   * A skill name, a glob on names (`*`, `?`), or — when it contains a `/` —
   * an absolute path: the skill's directory, its `SKILL.md`, or a directory
   * holding it.
   */
  readonly match: string;
  /** The mode it sets. */
  readonly mode: ListingMode;
  /**
   * Who set it. `"user"` (the default: the host's or the user's own
   * configuration) sets any mode. `"project"` (a file that came with a
   * project, such as a cloned folder's `skillscope.json`) may only hide: it
   * never shows a skill more than its frontmatter and the user's overrides
   * allow (see {@linkcode policyOf}).
   */
  readonly origin?: OverrideOrigin;
}

/**
 * Where an override comes from (see {@linkcode SkillOverride.origin}).
 *
 * @example A project's overrides may hide a skill, never show it
 * ```ts
 * import { discoverSync, embeddedSkill, type OverrideOrigin, parseOverrides, policyOf } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const content = "---\nname: deploy\ndescription: Deploys\ndisable-model-invocation: true\n---\n# Deploy\n";
 * const [skill] = discoverSync({ sources: [embeddedSkill({ name: "deploy", description: "Deploys", content })] }).skills;
 * const origin: OverrideOrigin = "project";
 * const overrides = parseOverrides([{ match: "deploy", mode: "on" }], { origin });
 * assert.equal(policyOf(skill!, overrides).mode, "user-only");
 * ```
 */
export type OverrideOrigin = "user" | "project";

/** How much the model sees in each mode: a project override may only lower it. */
const VISIBILITY: Readonly<Record<ListingMode, number>> = {
  off: 0,
  "user-only": 1,
  "name-only": 2,
  on: 3,
};

/** The effective policy of a skill (see {@linkcode policyOf}). */
export interface SkillPolicy {
  /** How it is listed. */
  readonly mode: ListingMode;
  /** Whether the model sees it (catalog, tool enums): `on` or `name-only`. */
  readonly modelVisible: boolean;
  /** Whether the user may invoke it (`user-invocable` is not false, and not `off`). */
  readonly userInvocable: boolean;
  /** Where the mode comes from: `default`, `disable-model-invocation`, or `override: <match>`. */
  readonly source: string;
}

const DEFAULT_POLICY: SkillPolicy = Object.freeze({
  mode: "on",
  modelVisible: true,
  userInvocable: true,
  source: "default",
});

function matches(override: SkillOverride, skill: Skill): boolean {
  const { match } = override;
  if (match.includes("/") || match.includes("\\")) {
    const path = match.replace(/[\\/]+$/, "");
    return skill.path === path || skill.dir === path ||
      (skill.dir !== undefined &&
        (skill.dir.startsWith(`${path}/`) ||
          skill.dir.startsWith(`${path}\\`)));
  }
  return globMatches(match, skill.name);
}

/** The last override matching `skill` (with `userOnly`, the last not of origin `"project"`). */
function _lastMatch(
  overrides: readonly SkillOverride[],
  skill: Skill,
  userOnly: boolean,
): SkillOverride | undefined {
  for (let i = overrides.length - 1; i >= 0; i--) {
    const override = overrides[i]!;
    if (userOnly && override.origin === "project") continue;
    if (matches(override, skill)) return override;
  }
  return undefined;
}

/**
 * The effective policy of a skill. Precedence: the last override that
 * matches wins; without one, `disable-model-invocation: true` (or Codex's
 * `policy.allow_implicit_invocation: false`) makes it `user-only`; otherwise
 * `on`. An override of origin `"project"` may only lower the mode the skill
 * has without project overrides (its frontmatter, then the user's
 * overrides): it hides, it never un-hides. `user-invocable: false` hides it
 * from the user whatever the mode.
 *
 * @example Usage
 * ```ts
 * import { embeddedSkill, discoverSync, policyOf } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const content = "---\nname: deploy\ndescription: Deploys\ndisable-model-invocation: true\n---\n";
 * const [skill] = discoverSync({ sources: [embeddedSkill({ name: "deploy", content })] }).skills;
 * assert.deepEqual(policyOf(skill!), { mode: "user-only", modelVisible: false, userInvocable: true, source: "disable-model-invocation" });
 * assert.equal(policyOf(skill!, [{ match: "dep*", mode: "on" }]).mode, "on");
 * assert.equal(policyOf(skill!, [{ match: "dep*", mode: "on", origin: "project" }]).mode, "user-only");
 * ```
 *
 * @param skill A skill.
 * @param overrides Overrides, in order (the last match wins).
 * @returns Its policy.
 */
export function policyOf(
  skill: Skill,
  overrides: readonly SkillOverride[] = [],
): SkillPolicy {
  // The common case, without an allocation: no override, no client flag.
  if (
    overrides.length === 0 && skill.disableModelInvocation !== true &&
    skill.allowImplicitInvocation !== false && skill.userInvocable !== false
  ) return DEFAULT_POLICY;
  let mode: ListingMode = "on";
  let source = "default";
  if (skill.disableModelInvocation === true) {
    mode = "user-only";
    source = "disable-model-invocation";
  } else if (skill.allowImplicitInvocation === false) {
    mode = "user-only";
    source = "agents/openai.yaml";
  }
  const last = _lastMatch(overrides, skill, false);
  if (last !== undefined && last.origin === "project") {
    // The ceiling: the mode without project overrides.
    const user = _lastMatch(overrides, skill, true);
    if (user !== undefined) {
      mode = user.mode;
      source = `override: ${user.match}`;
    }
    if (VISIBILITY[last.mode] <= VISIBILITY[mode]) {
      mode = last.mode;
      source = `override: ${last.match}`;
    }
  } else if (last !== undefined) {
    mode = last.mode;
    source = `override: ${last.match}`;
  }
  return {
    mode,
    modelVisible: mode === "on" || mode === "name-only",
    userInvocable: mode !== "off" && skill.userInvocable !== false,
    source,
  };
}

/**
 * Checks overrides read from a file: a list of `{ match, mode }`. Any other
 * key is ignored — an `origin` inside the file included: who wrote the file
 * is the caller's to say, with `options.origin`.
 *
 * @example Usage
 * ```ts
 * import { parseOverrides } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseOverrides([{ match: "pdf-*", mode: "off" }]), [{ match: "pdf-*", mode: "off" }]);
 * assert.deepEqual(
 *   parseOverrides([{ match: "x", mode: "on", origin: "user" }], { origin: "project" }),
 *   [{ match: "x", mode: "on", origin: "project" }],
 * );
 * assert.throws(() => parseOverrides([{ match: "x", mode: "hidden" }]), TypeError);
 * ```
 *
 * @param value The parsed JSON value.
 * @param options `origin`: who set the file's overrides (none: the host's own).
 * @returns The overrides.
 * @throws {TypeError} naming the first entry that is not an override.
 */
export function parseOverrides(
  value: unknown,
  options: { origin?: OverrideOrigin } = {},
): SkillOverride[] {
  if (!Array.isArray(value)) {
    throw new TypeError(`"overrides" must be a list of { match, mode }`);
  }
  return value.map((entry, i) => {
    const e = entry as Record<string, unknown>;
    if (
      typeof e !== "object" || e === null || typeof e.match !== "string" ||
      e.match === "" || !MODES.includes(e.mode as ListingMode)
    ) {
      throw new TypeError(
        `overrides[${i}] must be { "match": NAME|GLOB|PATH, "mode": ${
          MODES.map((m) => `"${m}"`).join(" | ")
        } }`,
      );
    }
    return Object.freeze({
      match: e.match,
      mode: e.mode as ListingMode,
      ...(options.origin === undefined ? {} : { origin: options.origin }),
    });
  });
}
