// Copyright 2026 the skillscope authors. MIT license.
/**
 * What `doctor` says about one agent and one skill: whether the agent sees
 * it and why not, from the agent's profile (its roots, depth, symlink, name,
 * YAML and description rules, precedence and listing budget), `unknown`
 * where a rule it depends on is not known.
 *
 * @module
 */
import type { SettingEntry } from "../clients/client_settings.ts";
import { join, relative } from "../shared/path.ts";
import { type DefaultRoot, defaultRoots } from "../clients/default_roots.ts";
import { rootSources } from "../clients/root_sources.ts";
import { isInside } from "../shared/containment.ts";
import { clientProfile } from "../clients/client_profile.ts";
import { discover } from "../discover/discover.ts";
import type { SkillCache } from "../discover/scan_cache.ts";
import type { SkillSource } from "../discover/sources.ts";
import type { SameSkill } from "../discover/dedup.ts";
import { recordedCopies } from "../install/same_install.ts";
import { policyOf, type SkillOverride } from "../serve/policy.ts";
import { renderCatalogWithReport } from "../serve/catalog.ts";
import type { Diagnostic, DirectorySkill } from "../shared/types.ts";

/** What doctor says about one client. */
export interface Verdict {
  /** The table's name of the client. */
  client: string;
  /** The agent's name as people know it. */
  label: string;
  /** `yes`, `no`, or `unknown` (a rule of that client is not known for sure). */
  sees: "yes" | "no" | "unknown";
  /** Why (empty for a plain yes). */
  reasons: string[];
  /** What stops it, one code for each of the first reasons (none when it sees it). */
  blocking: BlockCode[];
  /** The agent's own setting that stops it (`settings-off`), as written and where. */
  setting?: SettingEntry;
}

/** What stops an agent from seeing a skill (see {@linkcode Verdict.blocking}). */
export type BlockCode =
  | "outside-roots"
  | "too-deep"
  | "symlinked-dir"
  | "symlinked-skill-md"
  | "name-mismatch"
  | "yaml-repair"
  | "no-description"
  | "shadowed"
  | "over-budget"
  | "turned-off"
  | "client-rule"
  | "settings-off";

/** A client's own roots (scanned by its rules), and the shared ones when it is not known whether it reads them. */
export function rootsOfClient(client: string): {
  own: DefaultRoot[];
  shared: DefaultRoot[];
} {
  const own = defaultRoots({ clients: [client], onlyClients: true }).roots;
  const shared = clientProfile(client).readsAgentsDir === "unknown"
    ? defaultRoots({}).roots.filter((r) => !own.some((o) => o.path === r.path))
    : [];
  return { own, shared };
}

/** The sources that scan roots as their clients do. */
export function sourcesOf(roots: readonly DefaultRoot[]): SkillSource[] {
  return rootSources({ roots: [...roots], diagnostics: [] });
}

/** Whether a directory on the way from `root` down to `dir` (itself included) is a symlink. */
function symlinkOnTheWay(root: string, dir: string): boolean {
  const parts = relative(root, dir).split(/[\\/]/).filter((p) => p !== "");
  let path = root;
  for (const part of parts) {
    path = join(path, part);
    try {
      if (Deno.lstatSync(path).isSymlink) return true;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * The verdict of one client on one skill.
 *
 * @param client The client's table name.
 * @param skill The skill.
 * @param diagnostics What loading the skill reported.
 * @param overrides The user's overrides.
 * @param cache One cache for the whole run (shared roots are scanned once).
 * @param same Whether two skills are one (the same real directory, or a
 *   copy a lock records): a copy never shadows itself. One test per run.
 * @returns The verdict.
 */
export async function verdictFor(
  client: string,
  skill: DirectorySkill,
  diagnostics: readonly Diagnostic[],
  overrides: readonly SkillOverride[],
  cache: SkillCache,
  same: SameSkill = recordedCopies(),
): Promise<Verdict> {
  const profile = clientProfile(client);
  const label = profile.label;
  // What stops it, what is not known for sure, and what is worth knowing.
  const reasons: string[] = [];
  const blocking: BlockCode[] = [];
  const block = (code: BlockCode, reason: string): void => {
    blocking.push(code);
    reasons.push(reason);
  };
  const unknowns: string[] = [];
  const notes: string[] = [];
  const { own, shared } = rootsOfClient(client);
  const roots = [...own, ...shared];
  // The deepest root holding the skill.
  const root =
    roots.filter((r) =>
      isInside(r.path, skill.dir, { orEqual: true, resolved: true })
    )
      .sort((a, b) => b.path.length - a.path.length)[0];
  if (root === undefined) {
    block(
      "outside-roots",
      `not in a root ${label} scans (${
        own.map((r) => r.path).join(", ") || "none known"
      })`,
    );
    return { client, label, sees: "no", reasons, blocking };
  }
  if (shared.includes(root)) {
    unknowns.push(`whether ${label} reads .agents/skills is not known`);
  }
  const depth = relative(root.path, skill.dir).split(/[\\/]/).length;
  if (profile.depth === "unknown") {
    if (depth > 1) {
      unknowns.push(
        `${depth} levels below ${root.path}; how deep ${label} looks is not known`,
      );
    }
  } else if (profile.depth !== "any" && depth > profile.depth) {
    block(
      "too-deep",
      `${depth} levels below ${root.path}; ${label} looks ${profile.depth} level${
        profile.depth === 1 ? "" : "s"
      } deep`,
    );
  }
  if (symlinkOnTheWay(root.path, skill.dir)) {
    if (!root.scan.followSymlinks) {
      block(
        "symlinked-dir",
        `it is reached through a symlinked directory, which ${label} does not follow in ${root.path}`,
      );
    } else if (profile.followsSymlinkedDirs === "unknown") {
      unknowns.push(
        `it is reached through a symlinked directory; whether ${label} follows one is not known`,
      );
    }
  }
  let symlinked = false;
  try {
    symlinked = Deno.lstatSync(skill.path).isSymlink;
  } catch {
    symlinked = false;
  }
  if (symlinked) {
    if (profile.followsSymlinkedSkillMd === false) {
      block(
        "symlinked-skill-md",
        `SKILL.md is a symlink, which ${label} does not open`,
      );
    } else if (profile.followsSymlinkedSkillMd === "unknown") {
      unknowns.push(
        `SKILL.md is a symlink; whether ${label} opens one is not known`,
      );
    }
  }
  const dirName = skill.dir.split(/[\\/]/).at(-1)!;
  if (skill.name !== dirName) {
    if (profile.requiresNameMatch === true) {
      block(
        "name-mismatch",
        `its name "${skill.name}" differs from its directory "${dirName}", which ${label} rejects`,
      );
    } else if (profile.requiresNameMatch === "unknown") {
      unknowns.push(
        `its name differs from its directory; whether ${label} accepts that is not known`,
      );
    }
  }
  const repairedYaml = diagnostics.some((d) =>
    d.code === "yaml-invalid" && d.level === "warning"
  );
  if (repairedYaml) {
    if (profile.strictYaml === true) {
      block(
        "yaml-repair",
        `its YAML only parses after a repair ${label} does not make`,
      );
    } else if (profile.strictYaml === "unknown") {
      unknowns.push(
        `its YAML needs a repair; whether ${
          possessive(label)
        } parser makes it is not known`,
      );
    }
  }
  if (diagnostics.some((d) => d.code === "description-from-body")) {
    if (profile.withoutDescription === "first-paragraph") {
      notes.push(
        `it has no description: ${label} uses the first paragraph of its body ("${skill.description}")`,
      );
    } else if (profile.withoutDescription === "skip") {
      block("no-description", `it has no description, which ${label} requires`);
    } else {
      unknowns.push(
        `it has no description; whether ${label} loads it is not known`,
      );
    }
  }
  // Shadowed by another skill of the same name in an earlier root of that
  // client, in the client's own precedence.
  const found = await discover({
    sources: sourcesOf(roots),
    cache,
  });
  const winner = found.skills.find((s) => s.name === skill.name);
  if (
    winner !== undefined && winner.dir !== skill.dir && !same(winner, skill)
  ) {
    block("shadowed", `shadowed by ${winner.path ?? winner.source.key}`);
    if (profile.keepsDuplicateNames === true) {
      notes.push(
        `${label} itself keeps both (it does not drop a skill for its name); skillscope lists only the first`,
      );
    }
  }
  // Over its listing budget: collapsed to its name, or left out.
  if (profile.budget !== "unknown" && reasons.length === 0) {
    const visible = found.skills.filter((s) =>
      policyOf(s, overrides).modelVisible
    );
    const { cuts } = renderCatalogWithReport(visible, {
      budget: profile.budget,
      overrides,
    });
    if (cuts.omittedNames?.includes(skill.name)) {
      block(
        "over-budget",
        `left out of ${
          possessive(label)
        } listing: ${visible.length} skills do not fit its budget`,
      );
    } else if (cuts.nameOnly?.includes(skill.name)) {
      notes.push(
        `listed by name only: ${visible.length} skills do not fit ${
          possessive(label)
        } budget`,
      );
    }
  } else if (profile.budget === "unknown") {
    notes.push(`${possessive(label)} listing budget is not known: not checked`);
  }
  const policy = policyOf(skill, overrides);
  if (policy.mode === "off") {
    block("turned-off", `turned off (${policy.source})`);
  } else if (!policy.modelVisible) {
    notes.push(
      `the model does not see it (${policy.mode}: ${policy.source}); the user can invoke it`,
    );
  }
  return {
    client,
    label,
    sees: reasons.length > 0 ? "no" : unknowns.length > 0 ? "unknown" : "yes",
    reasons: [...reasons, ...unknowns, ...notes],
    blocking,
  };
}

/** `Codex's`, `Deep Agents'`: an agent's name with the possessive ending. */
function possessive(label: string): string {
  return label.endsWith("s") ? `${label}'` : `${label}'s`;
}
