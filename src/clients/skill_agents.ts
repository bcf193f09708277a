// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which agents see each skill of a listing: the clients whose own view of
 * their roots (`client_view.ts`, the rules measured on each binary) loads
 * it. A skill is matched by its `SKILL.md` path, or through a copy the
 * listing reports as the same skill (`same: true` in `shadowed`: a symlink
 * or a copy install recorded); a copy the client prefers to it (Claude
 * Code ranks a personal skill above a project one) means that client sees
 * the other copy, not this one. Nothing is read: the views are already
 * made.
 *
 * @module
 */
import type { Discovery, Skill } from "../shared/types.ts";
import { CLIENTS } from "./client_profile.ts";
import type { ClientView } from "./client_view.ts";

/**
 * The agents that see each skill of `found` (table names, in table order).
 * A skill no view loads (a `--root` of its own, a file the agents refuse)
 * has none.
 *
 * @example Usage
 * ```ts
 * import { discover, directorySource } from "@skillscope/skills";
 * import { clientView } from "./client_view.ts";
 * import { skillAgents } from "./skill_agents.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/pdf`);
 * // Codex refuses a SKILL.md that starts with a byte-order mark; Claude Code reads it.
 * await Deno.writeTextFile(`${root}/pdf/SKILL.md`, "\uFEFF---\nname: pdf\ndescription: PDFs\n---\n");
 * const found = await discover({ sources: [directorySource(root)] });
 * const views = [
 *   { name: "claude", view: await clientView("claude", found) },
 *   { name: "codex", view: await clientView("codex", found) },
 * ];
 * assert.deepEqual(skillAgents(found, views).get(found.skills[0]!), ["claude"]);
 * ```
 *
 * @param found The listing shown.
 * @param views Each agent's table name and its view of its own roots.
 * @returns The agents of each skill of `found.skills`.
 */
export function skillAgents(
  found: Pick<Discovery, "skills" | "shadowed">,
  views: readonly { readonly name: string; readonly view: ClientView }[],
): Map<Skill, string[]> {
  const byPath = new Map<string, Skill>();
  for (const skill of found.skills) {
    if (skill.path !== undefined) byPath.set(skill.path, skill);
  }
  // A copy reported as the same skill stands for the copy shown.
  for (const report of found.shadowed) {
    const winner = byPath.get(report.winner);
    if (report.same === true && winner !== undefined) {
      byPath.set(report.loser, winner);
    }
  }
  const result = new Map<Skill, Set<string>>(
    found.skills.map((skill) => [skill, new Set<string>()]),
  );
  for (const { name, view } of views) {
    for (const viewed of view.skills) {
      const path = viewed.skill.path;
      const shown = path === undefined ? undefined : byPath.get(path);
      if (shown !== undefined) result.get(shown)!.add(name);
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
