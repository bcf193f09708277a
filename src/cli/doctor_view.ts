// Copyright 2026 the skillscope authors. MIT license.
/**
 * `doctor` for an agent with measured view rules: the verdict is read off
 * exactly the listing `list --client X` shows (the same roots, discovery and
 * client view), so the two cannot disagree. `yes` when the folder is offered
 * to the model; otherwise `no`, naming the rule and its evidence (a view
 * rule of the client table, or why the folder is not among what the client
 * loads).
 *
 * @module
 */
import { resolve } from "../shared/path.ts";
import type { Skill } from "../shared/types.ts";
import type { ViewRule } from "../clients/client_view.ts";
import { clientEntry } from "../clients/client_profile.ts";
import type { CopyVerdict } from "./doctor_copies.ts";
import type { ListedView } from "./agent_views.ts";

/** Whether a skill is the one in a folder (by its path, else by its real path). */
function inFolder(
  skill: Skill,
  dir: string,
  real: string | undefined,
): boolean {
  if (skill.dir === undefined) return false;
  if (resolve(skill.dir) === dir) return true;
  if (real === undefined) return false;
  try {
    return Deno.realPathSync(skill.dir) === real;
  } catch {
    return false;
  }
}

function realOf(dir: string): string | undefined {
  try {
    return Deno.realPathSync(dir);
  } catch {
    return undefined;
  }
}

function because(rule: ViewRule): string {
  return `${rule.reason} (rule ${rule.rule}; ${rule.evidence})`;
}

/**
 * The verdict of a client with measured view rules on a skill folder (see
 * the module doc).
 *
 * @param client The client's table name.
 * @param dirs The skill's folder, and any other copy doctor weighs.
 * @param listed The view (`listedView` in `agent_views.ts`).
 * @param scan What the client's scan rules say (`doctor`'s verdict from the
 *   roots, depth, symlink and name rules): its reasons explain a folder the
 *   view does not hold, and its notes go with a yes.
 * @returns The verdict, with the name the client offers it under.
 */
export function viewVerdict(
  client: string,
  dirs: readonly string[],
  listed: ListedView,
  scan?: Pick<CopyVerdict, "sees" | "reasons" | "blocking">,
): CopyVerdict & { name?: string; description?: string } {
  const explain = scan === undefined || scan.sees === "yes" ? [] : scan.reasons;
  // What the scan rules noted about a skill the client offers (which copy,
  // a budget), without what the view decides itself (the model's view).
  const notes = scan?.sees === "yes"
    ? scan.reasons.filter((r) => !r.startsWith("the model does not see it"))
    : [];
  const label = clientEntry(client).label;
  const { view } = listed;
  // An exact path first: a link and its target are two folders to a client.
  const folders = dirs.map((d) => resolve(d));
  const exact = (s: Skill) => folders.some((d) => inFolder(s, d, undefined));
  const byReal = (s: Skill) =>
    folders.some((d) => inFolder(s, d, realOf(d) ?? d));
  for (const match of [exact, byReal]) {
    const shown = view.skills.find((v) => match(v.skill));
    if (shown !== undefined) {
      const dir = shown.skill.dir ?? folders[0]!;
      if (shown.policy.modelVisible) {
        return {
          client,
          label,
          sees: "yes",
          reasons: [
            ...notes,
            `offered as "${shown.name}": "${shown.description}"`,
            ...shown.rendered.map(because),
          ],
          blocking: [],
          dir,
          name: shown.name,
          description: shown.description,
        };
      }
      return {
        client,
        label,
        sees: "no",
        reasons: [
          `loaded as "${shown.name}" but not offered to the model: ${
            shown.hiddenBy === undefined ? "hidden" : because(shown.hiddenBy)
          }`,
        ],
        blocking: ["turned-off"],
        dir,
        name: shown.name,
        description: shown.description,
      };
    }
    const dropped = view.dropped.find((d) => match(d.skill));
    if (dropped !== undefined) {
      return {
        client,
        label,
        sees: "no",
        reasons: [`${label} does not load it: ${because(dropped.by)}`],
        blocking: [
          dropped.by.rule === "duplicates"
            ? "shadowed"
            : dropped.by.rule === "settings"
            ? "settings-off"
            : "client-rule",
        ],
        dir: dropped.skill.dir ?? folders[0]!,
        ...(dropped.by.setting === undefined
          ? {}
          : { setting: dropped.by.setting }),
        ...(dropped.name === undefined ? {} : { name: dropped.name }),
        ...(dropped.description === undefined
          ? {}
          : { description: dropped.description }),
      };
    }
  }
  // Not among what it loads: say why, as far as it is known.
  const skipped = listed.diagnostics.filter((d) =>
    d.path !== undefined &&
    folders.some((f) => resolve(d.path!).startsWith(`${f}/`)) &&
    d.level === "error"
  ).map((d) => `${d.code}: ${d.message}`);
  return {
    client,
    label,
    sees: "no",
    reasons: [
      ...explain,
      `not among the skills ${label} loads from its roots${
        skipped.length > 0 ? ` (skipped: ${skipped.join("; ")})` : ""
      }`,
    ],
    blocking: scan === undefined
      ? ["outside-roots"]
      : scan.sees === "no"
      ? scan.blocking
      : [],
    dir: folders[0]!,
  };
}
