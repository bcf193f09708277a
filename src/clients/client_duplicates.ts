// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which copy of one name a client keeps, by the client table's `view` rule
 * `duplicates`: the first in precedence order, the first from the top of the
 * tree down, the last of the highest-precedence scope, or all of them.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";
import type { ClientEntry } from "./clients_table.ts";
import type { ViewRule } from "./client_view_rule.ts";

/** A copy as a client offers it: the skill, its name and its description. */
interface Copy {
  readonly skill: Skill;
  readonly name: string;
  readonly description: string;
}

/**
 * The copies a client keeps of each name, in their order, and those it
 * drops (each with the copy that wins over it).
 *
 * @example Usage
 * ```ts
 * import { keptCopies } from "./client_duplicates.ts";
 * import { clientEntry } from "./client_profile.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const copies = [];
 * for (const n of [1, 2]) {
 *   const root = await Deno.realPath(await Deno.makeTempDir());
 *   await Deno.mkdir(`${root}/a`);
 *   await Deno.writeTextFile(`${root}/a/SKILL.md`, `---\nname: a\ndescription: Copy ${n}.\n---\n`);
 *   const skill = (await discover({ sources: [directorySource(root)] })).skills[0]!;
 *   copies.push({ skill, name: skill.name, description: skill.description });
 * }
 * const { kept, dropped } = keptCopies(copies, clientEntry("claude"), []);
 * assert.deepEqual(kept.map((v) => v.description), ["Copy 1."]);
 * assert.deepEqual(dropped.map((d) => [d.description, d.by.rule]), [["Copy 2.", "duplicates"]]);
 * ```
 *
 * @param loaded The copies the client loads, in precedence order.
 * @param entry The client's table entry.
 * @param roots Its roots, with their scopes (for the depth of a copy).
 * @returns The copies kept, and the copies dropped with the rule.
 */
export function keptCopies<T extends Copy>(
  loaded: readonly T[],
  entry: ClientEntry,
  roots: readonly { readonly path: string; readonly scope: string }[],
): {
  readonly kept: T[];
  readonly dropped: {
    skill: Skill;
    by: ViewRule;
    name: string;
    description: string;
  }[];
} {
  const rules = entry.view ?? {};
  const duplicates = rules.duplicates?.value ?? "first";
  if (duplicates === "all") return { kept: [...loaded], dropped: [] };
  const groups = new Map<string, T[]>();
  for (const v of loaded) {
    const group = groups.get(v.name);
    if (group === undefined) groups.set(v.name, [v]);
    else group.push(v);
  }
  const winners = new Set<T>();
  for (const group of groups.values()) {
    if (duplicates === "first") winners.add(group[0]!);
    else if (duplicates === "top-down") {
      // The highest-precedence scope's copies; of those, the one whose
      // root is nearest the top of the tree (project directories from the
      // git root down), the first found among equals.
      const scope = group[0]!.skill.scope;
      // The depth of the root holding it (a copy loaded on its own has
      // its folder as its source).
      const depth = (v: T) => {
        const dir = v.skill.dir ?? v.skill.source.key;
        const root = roots.filter((r) =>
          dir === r.path || dir.startsWith(`${r.path}/`)
        ).sort((a, b) => b.path.length - a.path.length)[0]?.path ??
          v.skill.source.key;
        return (root.match(/[\\/]/g) ?? []).length;
      };
      const same = group.filter((v) => v.skill.scope === scope);
      const top = Math.min(...same.map(depth));
      winners.add(same.find((v) => depth(v) === top)!);
    } else {
      // The last copy of the highest-precedence scope that has one.
      const scope = group[0]!.skill.scope;
      winners.add(group.filter((v) => v.skill.scope === scope).at(-1)!);
    }
  }
  const kept = loaded.filter((v) => winners.has(v));
  const winnerOf = new Map([...winners].map((w) => [w.name, w]));
  const dropped = [];
  for (const v of loaded) {
    if (winners.has(v)) continue;
    const winner = winnerOf.get(v.name)!;
    dropped.push({
      skill: v.skill,
      name: v.name,
      description: v.description,
      by: {
        rule: "duplicates",
        evidence: rules.duplicates?.source ?? entry.precedence?.source ??
          "the Agent Skills default (the first copy in precedence order)",
        reason: `shadowed by ${winner.skill.path ?? winner.skill.source.key} (${
          duplicates === "first"
            ? "the first"
            : duplicates === "top-down"
            ? "the first from the top of the tree down"
            : "the last"
        } copy of "${v.name}" in its order is kept${
          rules.duplicatesVary?.value === true
            ? `; which copy ${entry.label} keeps varies from run to run: ${rules.duplicatesVary.source}`
            : ""
        })`,
      },
    });
  }
  return { kept, dropped };
}
