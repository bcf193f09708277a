// Copyright 2026 the skillscope authors. MIT license.
/**
 * The options of a {@linkcode SkillSet} and the discovery they make: consent
 * (approvals) and overrides applied after the sources are read.
 *
 * @module
 */
import type { DiscoverOptions } from "../discover/discover.ts";
import { discover } from "../discover/discover.ts";
import type { Discovery } from "../shared/types.ts";
import { policyOf, type SkillOverride } from "./policy.ts";

/**
 * Options of {@linkcode SkillSet.open}: discovery options, plus consent.
 *
 * @example Usage
 * ```ts
 * import { directorySource, type SkillSetOptions } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const options: SkillSetOptions = { sources: [directorySource("/srv/skills")], requireApproval: true };
 * assert.equal(options.requireApproval, true);
 * ```
 */
export interface SkillSetOptions extends DiscoverOptions {
  /**
   * Serve only approved skills (see `approve` in `@skillscope/skills/audit`):
   * a directory skill must be approved and unchanged since, an embedded one
   * is trusted, a remote one is left out. Each skill left out gets a
   * `skill-unapproved` or `skill-changed-since-approval` warning. The
   * catalog, the tools and the MCP server all see only what is kept.
   */
  requireApproval?: boolean;
  /**
   * Overrides of how skills are listed (see `policyOf`): `off` leaves a
   * skill out of the set, `user-only` keeps it away from the model (catalog
   * and tool enums) while the user can still activate it, `name-only` lists
   * it without its description. The last matching entry wins.
   */
  overrides?: readonly SkillOverride[];
  /**
   * Shapes each discovery before the set holds it, at open and at every
   * refresh (the CLI's `--client X` gives that agent's view here: what it
   * loads, under its names and descriptions). Not with
   * {@linkcode SkillSet.openSync}.
   */
  view?: (found: Discovery) => Promise<Discovery>;
}

/** Discovers, then keeps only approved skills when asked (loading that code only then). */
export async function discoverFor(
  options: SkillSetOptions,
): Promise<Discovery> {
  let discovery = await discover(options);
  if (options.view !== undefined) discovery = await options.view(discovery);
  if (options.requireApproval !== true) return discovery;
  const { keepApproved } = await import("../audit/keep_approved.ts");
  discovery = await keepApproved(discovery);
  return discovery;
}

/** The discovery without the skills an override turns `off`. */
export function withoutDisabled(
  discovery: Discovery,
  overrides: readonly SkillOverride[] | undefined,
): Discovery {
  if (overrides === undefined || overrides.length === 0) return discovery;
  const skills = discovery.skills.filter((s) =>
    policyOf(s, overrides).mode !== "off"
  );
  return skills.length === discovery.skills.length
    ? discovery
    : Object.freeze({ ...discovery, skills: Object.freeze(skills) });
}
