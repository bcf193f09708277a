// Copyright 2026 the skillscope authors. MIT license.
/**
 * What each agent with measured rules does with what install just put in
 * its roots: its view of them (`list --client X`'s) either loads the skill
 * or names the rule that refuses it (Codex and a byte-order mark, a name
 * over 64 characters, …), so install does not say "seen by Codex" about a
 * skill Codex will skip.
 *
 * @module
 */
import { hasClientView } from "../clients/client_profile.ts";
import { clientEntry } from "../clients/client_profile.ts";
import type { InstallResult } from "../install/mod.ts";
import type { SkillOverride } from "../serve/policy.ts";
import { viewVerdict } from "./doctor_view.ts";
import { listedView } from "./agent_views.ts";

/** An agent that will not load an installed skill, and why. */
export interface Refusal {
  /** The skill's name. */
  readonly name: string;
  /** The agent's name as people know it. */
  readonly label: string;
  /** Why, with the rule and its evidence. */
  readonly reason: string;
}

/**
 * The agents that see each result after their views are read, and the
 * refusals.
 *
 * @param results What install put in place.
 * @param seen The agents reading each result's directories.
 * @param overrides The user's overrides.
 * @returns The agents that load each result, and those that refuse one.
 */
export async function seenThroughViews(
  results: readonly InstallResult[],
  seen: (result: InstallResult) => string[],
  overrides: readonly SkillOverride[],
): Promise<{
  readonly seen: (result: InstallResult) => string[];
  readonly refusals: readonly Refusal[];
}> {
  // By directory: the report writes copies of the results.
  const refused = new Map<string, Set<string>>();
  const refusals: Refusal[] = [];
  const clients = [...new Set(results.flatMap(seen))].filter(hasClientView);
  for (const client of clients) {
    const listed = await listedView(client, overrides);
    for (const result of results) {
      if (!seen(result).includes(client)) continue;
      const verdict = viewVerdict(
        client,
        [result.dir, ...(result.targets ?? [])],
        listed,
      );
      // Loaded but kept from the model is still there for the user.
      if (verdict.sees === "yes" || verdict.blocking[0] === "turned-off") {
        continue;
      }
      const set = refused.get(result.dir) ?? new Set<string>();
      set.add(client);
      refused.set(result.dir, set);
      refusals.push({
        name: result.name,
        label: clientEntry(client).label,
        reason: (verdict.reasons[0] ?? "not among the skills it loads")
          .replace(/^.*? does not load it: /, ""),
      });
    }
  }
  return {
    seen: (result) => {
      const out = refused.get(result.dir);
      return out === undefined
        ? seen(result)
        : seen(result).filter((c) => !out.has(c));
    },
    refusals,
  };
}
