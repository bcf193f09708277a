// Copyright 2026 the skillscope authors. MIT license.
/**
 * `doctor` without a name: the whole setup. The agents found on this
 * machine (or named), the roots they read, and every skill in those roots
 * with the agents that see it and those that do not, with the reason — the
 * skills with a problem first — then each problem with a next step.
 *
 * @module
 */
import { recordedCopies } from "../install/same_install.ts";
import { basename, dirname, join } from "../shared/path.ts";
import { isInside } from "../shared/containment.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import { clientProfile } from "../clients/client_profile.ts";
import {
  CLIENTS,
  type DefaultRoot,
  defaultRoots,
} from "../clients/default_roots.ts";
import { SkillCache } from "../discover/scan_cache.ts";
import { misnamedSkillMd } from "../parse/misnamed_skill_md.ts";
import type { Diagnostic } from "../shared/types.ts";
import { UsageError } from "./errors.ts";
import { withoutPath } from "./io.ts";
import { nextForDiagnostic } from "./doctor_next.ts";
import { type Copy, scanRoot } from "./doctor_copies.ts";
import { checkSkill } from "./doctor_setup_skill.ts";
import { viewVerdict } from "./doctor_view.ts";
import { type ListedView, listedView } from "./agent_views.ts";
import { hasClientView } from "../clients/client_profile.ts";

export type {
  AgentReason,
  SetupAgent,
  SetupChoice,
  SetupProblem,
  SetupReport,
  SetupRoot,
  SetupShadow,
  SetupSkill,
} from "./doctor_report.ts";
import type {
  SetupAgent,
  SetupChoice,
  SetupProblem,
  SetupReport,
  SetupRoot,
  SetupSkill,
} from "./doctor_report.ts";

/**
 * Checks the whole setup: every skill in the roots of the agents chosen.
 *
 * @param choice The agents and overrides.
 * @returns The report.
 * @throws {UsageError} for an agent the table does not know.
 */
export async function setupReport(choice: SetupChoice): Promise<SetupReport> {
  const found = rootsFor(choice.clients);
  const agents: SetupAgent[] = found.agents;
  const names = agents.map((a) => a.client);
  const cache = new SkillCache();
  const same = recordedCopies();
  // Each agent with measured rules answers from its own listing.
  const views = new Map<string, ListedView>();
  for (const client of names.filter(hasClientView)) {
    views.set(client, await listedView(client, choice.overrides));
  }
  const copies: Copy[] = [];
  const skipped = new Map<string, Diagnostic>();
  const roots: SetupRoot[] = [];
  for (const root of found.roots) {
    const exists = isDirectory(root.path);
    let count = 0;
    if (exists) {
      const scanned = await scanRoot(root, cache);
      for (const copy of scanned.copies) {
        count++;
        if (copies.some((c) => c.skill.dir === copy.skill.dir)) continue;
        copies.push(copy);
      }
      for (const d of scanned.diagnostics) {
        if (d.level !== "error" || d.path === undefined) continue;
        if (!/[\\/]skill\.md$/i.test(d.path)) continue;
        if (!skipped.has(d.path)) {
          skipped.set(d.path, d);
          count++;
        }
      }
      for (const d of misnamedBelow(root.path)) {
        if (!skipped.has(d.path!)) {
          skipped.set(d.path!, d);
          count++;
        }
      }
    }
    roots.push({
      path: root.path,
      scope: root.scope,
      clients: root.clients.filter((c) => names.includes(c)),
      exists,
      skills: count,
    });
  }
  const skills: SetupSkill[] = [];
  const problems: SetupProblem[][] = [];
  for (const [name, group] of groupByName(copies)) {
    const checked = await checkSkill(
      name,
      group,
      names,
      choice.overrides,
      cache,
      same,
      views,
    );
    skills.push(checked.skill);
    problems.push(checked.problems);
  }
  for (const d of [...skipped.values()].filter((d) => !loaded(d, copies))) {
    const dir = dirname(d.path!);
    const reason = withoutPath(d.message, d.path);
    // An agent whose measured rules load what discovery skips (Claude Code
    // reads a SKILL.md without frontmatter) sees it.
    const seenBy: string[] = [];
    const notSeenBy: { client: string; reasons: string[] }[] = [];
    for (const client of names) {
      const listed = views.get(client);
      const verdict = listed === undefined ? undefined : viewVerdict(
        client,
        [dir],
        listed,
        { sees: "no", reasons: [reason], blocking: [] },
      );
      if (verdict?.sees === "yes") seenBy.push(client);
      else notSeenBy.push({ client, reasons: [reason] });
    }
    skills.push({
      name: basename(dir),
      scopes: [scopeOf(dir, found.roots) ?? ""].filter((s) => s !== ""),
      dirs: [dir],
      seenBy,
      maybe: [],
      notSeenBy,
      skipped: `${d.code}: ${reason}`,
    });
    const labels = seenBy.map((c) => clientProfile(c).label).join(", ");
    problems.push([{
      level: "error",
      skill: basename(dir),
      path: d.path!,
      message: `${
        seenBy.length === 0 ? "no agent loads it" : `only ${labels} loads it`
      }: ${d.code}${
        d.line === undefined ? "" : ` at line ${d.line}`
      }: ${reason}`,
      next: nextForDiagnostic(d),
    }]);
  }
  // What an agent's measured rules load that is no skill folder (Claude
  // Code's command files, pi's loose Markdown files): rows of their own.
  const extra = new Map<string, { skill: SetupSkill; clients: string[] }>();
  for (const [client, listed] of views) {
    for (const v of listed.view.skills) {
      const path = v.skill.path;
      if (path === undefined || /[\\/]SKILL\.md$/.test(path)) continue;
      const row = extra.get(path) ?? {
        skill: {
          name: v.name,
          scopes: v.skill.scope === undefined ? [] : [v.skill.scope],
          dirs: [path],
          seenBy: [],
          maybe: [],
          notSeenBy: [],
        },
        clients: [],
      };
      if (v.policy.modelVisible) row.clients.push(client);
      extra.set(path, row);
    }
  }
  for (const { skill, clients } of extra.values()) {
    const labels = clients.map((c) => clientProfile(c).label).join(", ");
    skills.push({
      ...skill,
      seenBy: clients,
      notSeenBy: names.filter((c) => !clients.includes(c)).map((client) => ({
        client,
        reasons: [
          `not a skill folder: a file only ${labels || "its agent"} ${
            clients.length > 1 ? "load" : "loads"
          } as a skill`,
        ],
      })),
    });
    problems.push([]);
  }
  const order = skills.map((_, i) => i).sort((a, b) =>
    Number(problems[b]!.length > 0) - Number(problems[a]!.length > 0) ||
    skills[a]!.name.localeCompare(skills[b]!.name)
  );
  const none: SetupProblem[] = agents.length > 0 ? [] : [{
    level: "error",
    message: "No agent found on this machine by its own directory",
    next:
      'name the agents to check with --client NAME ("skillscope help roots" lists them)',
  }];
  return {
    agents,
    roots,
    skills: order.map((i) => skills[i]!),
    problems: [...none, ...order.flatMap((i) => problems[i]!)],
  };
}

/** The agents to check and the roots to read. */
function rootsFor(
  clients: SetupChoice["clients"],
): { agents: SetupAgent[]; roots: DefaultRoot[] } {
  const label = (client: string) => clientProfile(client).label;
  try {
    if (clients === undefined) {
      const found = defaultRoots({ detect: true });
      return {
        agents: found.detected.map((d) => ({
          client: d.client,
          label: label(d.client),
          path: d.path,
        })),
        roots: found.roots,
      };
    }
    const names = clients === "all" ? [...CLIENTS] : clients;
    return {
      agents: names.map((client) => ({ client, label: label(client) })),
      roots: defaultRoots({ clients: names }).roots,
    };
  } catch (error) {
    if (error instanceof TypeError) throw new UsageError(error.message);
    throw error;
  }
}

/** The directories of a root holding a `skill.md` in the wrong case. */
function misnamedBelow(root: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  try {
    for (const entry of Deno.readDirSync(root)) {
      if (!entry.isDirectory || entry.name.startsWith(".")) continue;
      const dir = join(root, entry.name);
      if (isFileSync(join(dir, "SKILL.md"))) continue;
      const found = misnamedSkillMd(dir);
      if (found?.path !== undefined) out.push(found);
    }
  } catch {
    // A root that cannot be listed: the scan reported it.
  }
  return out.sort((a, b) => a.path!.localeCompare(b.path!));
}

/** Whether a diagnostic is about a skill that loaded anyway (from another root). */
function loaded(d: Diagnostic, copies: readonly Copy[]): boolean {
  return copies.some((c) => c.skill.path === d.path);
}

/** The copies of each name, in the order first found. */
function groupByName(copies: readonly Copy[]): Map<string, Copy[]> {
  const groups = new Map<string, Copy[]>();
  for (const copy of copies) {
    const group = groups.get(copy.skill.name) ?? [];
    group.push(copy);
    groups.set(copy.skill.name, group);
  }
  return groups;
}

/** The scope of the deepest root holding `dir`. */
function scopeOf(
  dir: string,
  roots: readonly DefaultRoot[],
): string | undefined {
  return roots.filter((r) =>
    isInside(r.path, dir, { orEqual: true, resolved: true })
  ).sort((a, b) => b.path.length - a.path.length)[0]?.scope;
}

function isDirectory(path: string): boolean {
  if (
    Deno.permissions.querySync({ name: "read", path }).state !== "granted"
  ) return false;
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
