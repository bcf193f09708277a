// Copyright 2026 the skillscope authors. MIT license.
/**
 * The whole-setup `doctor` for one skill name: what each agent says about
 * its copies, and its problems — a frontmatter that needs a repair or a
 * placeholder description (once per real file), an agent that sees no
 * copy, and a copy another skill of the name shadows for an agent.
 *
 * @module
 */
import type { Diagnostic } from "../shared/types.ts";
import type { SkillCache } from "../discover/scan_cache.ts";
import { clientProfile } from "../clients/client_profile.ts";
import type { SkillOverride } from "../serve/policy.ts";
import { onePerFile } from "./io.ts";
import {
  nextForBlock,
  nextForDiagnostic,
  nextForInstalled,
  nextForPlaceholder,
} from "./doctor_next.ts";
import { type Copy, lockEntryOf, verdictOver } from "./doctor_copies.ts";
import { viewVerdict } from "./doctor_view.ts";
import type { ListedView } from "./agent_views.ts";
import type { SameSkill } from "../discover/dedup.ts";
import type {
  AgentReason,
  SetupProblem,
  SetupShadow,
  SetupSkill,
} from "./doctor_report.ts";

/**
 * What each agent says about one skill's copies, and its problems.
 *
 * @param name The skill's name.
 * @param group Its copies, in the roots' order.
 * @param agents The agents checked (table names).
 * @param overrides The user's overrides.
 * @param cache One cache for the whole run.
 * @param same The same-skill test of the run.
 * @param views The view of each agent with measured rules (`list --client X`'s):
 *   its verdict is what that listing shows.
 * @returns The skill's row and its problems.
 */
export async function checkSkill(
  name: string,
  group: readonly Copy[],
  agents: readonly string[],
  overrides: readonly SkillOverride[],
  cache: SkillCache,
  same: SameSkill,
  views: ReadonlyMap<string, ListedView>,
): Promise<{ skill: SetupSkill; problems: SetupProblem[] }> {
  const seenBy: string[] = [];
  const maybe: AgentReason[] = [];
  const notSeenBy: AgentReason[] = [];
  const problems: SetupProblem[] = [...fileProblems(name, group)];
  // A copy another skill of the name shadows: one problem per pair, naming
  // the agents for which it is so.
  const shadows = new Map<string, { winner: string; clients: string[] }>();
  for (const client of agents) {
    const scanned = await verdictOver(client, group, overrides, cache, same);
    const each = scanned.each;
    const listed = views.get(client);
    // Measured rules: exactly what `list --client` shows decides.
    const verdict = listed === undefined ? scanned.verdict : viewVerdict(
      client,
      group.map((c) => c.skill.dir),
      listed,
      scanned.verdict,
    );
    if (verdict.sees === "yes") {
      seenBy.push(client);
      for (const [loser, v] of each) {
        if (v.blocking[0] !== "shadowed") continue;
        const key = `${loser.skill.dir}\0${verdict.dir}`;
        const shadow = shadows.get(key) ?? {
          winner: verdict.dir,
          clients: [],
        };
        shadow.clients.push(client);
        shadows.set(key, shadow);
      }
      continue;
    }
    if (verdict.sees === "unknown") {
      maybe.push({ client, reasons: verdict.reasons });
      continue;
    }
    const copy = group.find((c) => c.skill.dir === verdict.dir) ?? group[0]!;
    // The roots are listed above the skills: not again in every reason.
    const reasons = verdict.reasons.map((r, i) =>
      verdict.blocking[i] === "outside-roots" ? r.replace(/ \([^)]*\)$/, "") : r
    );
    notSeenBy.push({ client, reasons });
    const code = verdict.blocking[0];
    if (code === undefined) continue;
    problems.push({
      level: "error",
      skill: name,
      client,
      path: copy.skill.dir,
      message: `${verdict.label} does not see it: ${reasons[0]}`,
      next: (code === "yaml-repair" ? installedNext(copy) : undefined) ??
        nextForBlock(
          code,
          client,
          { ...copy.skill, scope: copy.scope },
          verdict.reasons[0]!,
          verdict.setting,
        ),
    });
  }
  const shadowed: SetupShadow[] = [];
  for (const [key, { winner, clients }] of shadows) {
    const loser = group.find((c) => `${c.skill.dir}\0${winner}` === key)!;
    const kept = group.find((c) => c.skill.dir === winner)!;
    shadowed.push({ dir: loser.skill.dir, by: winner, clients });
    const labels = clients.map((c) => clientProfile(c).label).join(", ");
    const flag = loser.scope === "user"
      ? " --global"
      : loser.scope === "project"
      ? " --project"
      : undefined;
    problems.push({
      level: "warning",
      skill: name,
      clients,
      path: loser.skill.dir,
      message: `${labels} ${clients.length === 1 ? "reads" : "read"} the ${
        kept.scope ?? ""
      } copy ${winner}; the ${
        loser.scope ?? ""
      } copy ${loser.skill.dir} is shadowed`.replaceAll("  ", " "),
      next: flag === undefined
        ? nextForBlock("shadowed", clients[0]!, {
          ...loser.skill,
          scope: loser.scope,
        }, `shadowed by ${winner}`)
        : `skillscope remove ${name}${flag}`,
    });
  }
  return {
    skill: {
      name,
      scopes: [
        ...new Set(
          group.flatMap((c) => c.scope === undefined ? [] : [c.scope]),
        ),
      ],
      dirs: group.map((c) => c.skill.dir),
      seenBy,
      maybe,
      notSeenBy,
      ...(shadowed.length === 0 ? {} : { shadowed }),
    },
    problems,
  };
}

/**
 * The problems in a skill's files, once per real file: a frontmatter that
 * parses only after the colon repair, a description init left as a TODO.
 */
function fileProblems(name: string, group: readonly Copy[]): SetupProblem[] {
  const copyOf = new Map<Diagnostic, Copy>();
  for (const copy of group) {
    for (const d of copy.diagnostics) copyOf.set(d, copy);
  }
  const problems: SetupProblem[] = [];
  for (const d of onePerFile(group.flatMap((c) => c.diagnostics))) {
    const copy = copyOf.get(d)!;
    if (d.code === "yaml-invalid" && d.level === "warning") {
      problems.push({
        level: "error",
        skill: name,
        path: d.path ?? copy.skill.path,
        message:
          `its frontmatter parses only after quoting a value that holds ": "${
            d.line === undefined ? "" : ` (line ${d.line})`
          }; strict parsers reject it`,
        next: installedNext(copy) ?? nextForDiagnostic(d),
      });
    } else if (d.code === "description-placeholder") {
      const file = d.path ?? copy.skill.path;
      problems.push({
        level: "warning",
        skill: name,
        path: file,
        message:
          "its description is still the placeholder init wrote: agents read only the description to choose it",
        next: installedNext(copy) ?? nextForPlaceholder(file, d.line),
      });
    }
  }
  return problems;
}

/** For a copy skillscope installed: fix it at its source, then update. */
function installedNext(copy: Copy): string | undefined {
  const installed = lockEntryOf(copy.skill.dir);
  return installed === undefined
    ? undefined
    : nextForInstalled(installed.name, installed.entry, copy.scope);
}
