// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which agents see each skill of a discovery over the default roots: the
 * clients that read the skill's root and look as deep as it sits there,
 * together with those that see a copy of it reported as the same skill
 * (`same: true` in `shadowed`), less those that rank the scope of a
 * clashing skill of the same name higher (Claude Code prefers a personal
 * skill to a project one). Path work over the roots already worked out:
 * nothing is read.
 *
 * @module
 */
import type { Discovery, Skill } from "../shared/types.ts";
import {
  clientProfile,
  CLIENTS,
  DEFAULT_PRECEDENCE,
} from "./client_profile.ts";
import type { DefaultRoot } from "./default_roots.ts";
import { dirname, SEP } from "../shared/path.ts";

/**
 * The agents that see each skill (table names, in table order; the shared
 * `.agents/skills` convention is not an agent and is left out). A skill
 * outside every root (a `--root` of its own) has none.
 *
 * @example Usage
 * ```ts
 * import { discoverSync, defaultSources } from "@skillscope/skills";
 * import { defaultRoots } from "./default_roots.ts";
 * import { skillAgents } from "./skill_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.mkdir(`${home}/.codex/skills/pdf`, { recursive: true });
 * await Deno.writeTextFile(`${home}/.codex/skills/pdf/SKILL.md`, "---\nname: pdf\ndescription: PDFs\n---\n");
 * const options = { home, cwd: home, ancestors: false, clients: ["codex", "cursor"] };
 * const found = discoverSync({ sources: defaultSources(options), cache: false });
 * const agents = skillAgents(found, defaultRoots(options).roots);
 * assert.deepEqual(agents.get(found.skills[0]!), ["codex", "cursor"]);
 * ```
 *
 * @param found The discovery.
 * @param roots The default roots it was made from.
 * @returns The agents of each skill of `found.skills`.
 */
export function skillAgents(
  found: Discovery,
  roots: readonly DefaultRoot[],
): Map<Skill, string[]> {
  // Deepest first: a root inside another (Codex's .system) claims its skills.
  const byDepth = [...roots].sort((a, b) => b.path.length - a.path.length);
  const seers = (dir: string | undefined): string[] => {
    if (dir === undefined) return [];
    for (const root of byDepth) {
      if (!dir.startsWith(root.path + SEP)) continue;
      const depth = dir.slice(root.path.length + 1).split(SEP).length;
      return root.clients.filter((client) => {
        const scan = root.scans[client] ?? root.scan;
        return client !== "agents" &&
          depth <= (scan.recursive ? scan.maxDepth : 1);
      });
    }
    return [];
  };
  const scopeOf = (dir: string): string | undefined =>
    byDepth.find((root) => dir.startsWith(root.path + SEP))?.scope;
  const result = new Map<Skill, Set<string>>();
  const byPath = new Map<string, Skill>();
  for (const skill of found.skills) {
    result.set(skill, new Set(seers(skill.dir)));
    if (skill.path !== undefined) byPath.set(skill.path, skill);
  }
  for (const report of found.shadowed) {
    const winner = byPath.get(report.winner);
    if (winner === undefined) continue;
    const seen = result.get(winner)!;
    const loserDir = dirname(report.loser);
    if (report.same === true) {
      for (const client of seers(loserDir)) seen.add(client);
      continue;
    }
    // A clash: an agent that reads both and ranks the loser's scope higher
    // sees the loser instead.
    const loserScope = scopeOf(loserDir);
    for (const client of seers(loserDir)) {
      if (
        seen.has(client) && loserScope !== undefined &&
        rank(client, loserScope) < rank(client, winner.scope)
      ) seen.delete(client);
    }
  }
  const order = (name: string): number => CLIENTS.indexOf(name as never);
  return new Map(
    [...result].map(([skill, set]) => [
      skill,
      [...set].sort((a, b) => order(a) - order(b)),
    ]),
  );
}

/** Where a scope comes in an agent's precedence (unknown: the Agent Skills default). */
function rank(client: string, scope: string | undefined): number {
  const precedence = clientProfile(client).precedence;
  const order: readonly string[] = precedence === "unknown"
    ? DEFAULT_PRECEDENCE
    : precedence;
  const at = scope === undefined ? -1 : order.indexOf(scope);
  return at === -1 ? order.length : at;
}
