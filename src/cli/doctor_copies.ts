// Copyright 2026 the skillscope authors. MIT license.
/**
 * The copies of one skill name `doctor` weighs together: a skill reached
 * through `.claude/skills/NAME` and a `.agents/skills/NAME` link to it is
 * one skill, seen by an agent when the agent sees either copy. Each agent's
 * answer names the copy it sees, and a copy never shadows itself (same real
 * directory, or a copy a `skills.lock` records).
 *
 * @module
 */
import { basename, dirname } from "../shared/path.ts";
import { isInside } from "../shared/containment.ts";
import type { DefaultRoot } from "../clients/default_roots.ts";
import { discover } from "../discover/discover.ts";
import { isDirectorySkill } from "../parse/build_skill.ts";
import type { SkillCache } from "../discover/scan_cache.ts";
import type { SameSkill } from "../discover/dedup.ts";
import { type LockEntry, readLockfileSync } from "../install/lockfile.ts";
import type { SkillOverride } from "../serve/policy.ts";
import type { Diagnostic, DirectorySkill } from "../shared/types.ts";
import { sourcesOf, type Verdict, verdictFor } from "./doctor_verdict.ts";

/** One skill directory found in a root, with what loading it reported. */
export interface Copy {
  /** The skill. */
  readonly skill: DirectorySkill;
  /** The scope of the root it was found in (none for a path outside them). */
  readonly scope: string | undefined;
  /** What loading it reported (about files inside its directory). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Every skill of one root, as any agent reading it could find it (a
 * symlinked SKILL.md or a skill without description too: the verdicts then
 * say which agents skip it).
 *
 * @param root The root.
 * @param cache One cache for the whole run.
 * @returns Its copies and every diagnostic of the scan.
 */
export async function scanRoot(
  root: DefaultRoot,
  cache: SkillCache,
): Promise<{ copies: Copy[]; diagnostics: readonly Diagnostic[] }> {
  const found = await discover({
    sources: sourcesOf([{
      ...root,
      scan: {
        ...root.scan,
        descriptionFallback: true,
        followSymlinkedSkillMd: true,
      },
    }]),
    cache,
  });
  const copies = found.skills.filter(isDirectorySkill).map((skill) => ({
    skill,
    scope: root.scope,
    diagnostics: found.diagnostics.filter((d) =>
      d.path !== undefined &&
      isInside(skill.dir, d.path, { orEqual: true, resolved: true })
    ),
  }));
  return { copies, diagnostics: found.diagnostics };
}

/**
 * The copies of every root, in the roots' order, each directory once.
 *
 * @example Usage
 * ```ts
 * import { copiesIn } from "./doctor_copies.ts";
 * import { SkillCache } from "../discover/scan_cache.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual((await copiesIn([], new SkillCache())).copies, []);
 * ```
 *
 * @param roots The roots.
 * @param cache One cache for the whole run.
 * @returns The copies and the diagnostics of every scan.
 */
export async function copiesIn(
  roots: readonly DefaultRoot[],
  cache: SkillCache,
): Promise<{ copies: Copy[]; diagnostics: Diagnostic[] }> {
  const copies: Copy[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const root of roots) {
    const scanned = await scanRoot(root, cache);
    diagnostics.push(...scanned.diagnostics);
    for (const copy of scanned.copies) {
      if (!copies.some((c) => c.skill.dir === copy.skill.dir)) {
        copies.push(copy);
      }
    }
  }
  return { copies, diagnostics };
}

/** A verdict on a name: the copy it is about. */
export interface CopyVerdict extends Verdict {
  /** The directory of the copy the agent sees (or of the one that says most about why not). */
  dir: string;
}

/**
 * What one agent says about a skill with several copies: `yes` when it
 * sees any of them (naming which), else `unknown` when it may see one,
 * else the `no` of a copy in a root it reads. With several copies, a yes
 * names the copy, and another skill of the name it hides is said too.
 *
 * @example Usage
 * ```ts
 * import { verdictOver } from "./doctor_copies.ts";
 * import { recordedCopies } from "../install/same_install.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import { isDirectorySkill } from "../parse/build_skill.ts";
 * import { SkillCache } from "../discover/scan_cache.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${dir}/pdf`);
 * await Deno.writeTextFile(`${dir}/pdf/SKILL.md`, "---\nname: pdf\ndescription: d\n---\n");
 * const found = await discover({ sources: [directorySource(dir)], cache: false });
 * const copies = found.skills.filter(isDirectorySkill)
 *   .map((skill) => ({ skill, scope: undefined, diagnostics: [] }));
 * const { verdict } = await verdictOver("claude", copies, [], new SkillCache(), recordedCopies());
 * assert.equal(verdict.sees, "no");
 * assert.equal(verdict.dir, `${dir}/pdf`);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param client The agent's table name.
 * @param copies The copies (at least one).
 * @param overrides The user's overrides.
 * @param cache One cache for the whole run.
 * @param same The same-skill test of the run.
 * @returns The verdict and, per copy, the agent's verdict on it.
 */
export async function verdictOver(
  client: string,
  copies: readonly Copy[],
  overrides: readonly SkillOverride[],
  cache: SkillCache,
  same: SameSkill,
): Promise<{ verdict: CopyVerdict; each: [Copy, Verdict][] }> {
  const each: [Copy, Verdict][] = [];
  for (const copy of copies) {
    each.push([
      copy,
      await verdictFor(
        client,
        copy.skill,
        copy.diagnostics,
        overrides,
        cache,
        same,
      ),
    ]);
  }
  const [copy, verdict] = each.find(([, v]) => v.sees === "yes") ??
    each.find(([, v]) => v.sees === "unknown") ??
    each.find(([, v]) => v.blocking[0] !== "outside-roots") ?? each[0]!;
  const reasons = [...verdict.reasons];
  if (verdict.sees !== "no" && copies.length > 1) {
    reasons.unshift(
      `${verdict.sees === "yes" ? "sees" : "may see"} ${copy.skill.dir}`,
    );
    for (const [other, v] of each) {
      if (v.blocking[0] !== "shadowed") continue;
      reasons.push(`it hides another skill of this name, ${other.skill.dir}`);
    }
  }
  return { verdict: { ...verdict, reasons, dir: copy.skill.dir }, each };
}

/**
 * The `skills.lock` entry of an installed copy: in the lock beside its
 * directory, or beside the directory it is a link to. Read as install reads
 * it; a lock that does not load, or is not granted, records nothing.
 *
 * @example Usage
 * ```ts
 * import { lockEntryOf } from "./doctor_copies.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * assert.equal(lockEntryOf(`${dir}/pdf`), undefined);
 * await Deno.remove(dir);
 * ```
 *
 * @param dir The copy's directory.
 * @returns The entry and its name, or `undefined` when skillscope did not install it.
 */
export function lockEntryOf(
  dir: string,
): { name: string; entry: LockEntry } | undefined {
  const places = [dir];
  try {
    const real = Deno.realPathSync(dir);
    if (real !== dir) places.push(real);
  } catch {
    // Not there: only the path itself.
  }
  for (const place of places) {
    const skillsDir = dirname(place);
    if (
      Deno.permissions.querySync({ name: "read", path: skillsDir }).state !==
        "granted"
    ) continue;
    try {
      const skills = readLockfileSync(skillsDir).skills;
      const name = basename(place);
      if (Object.hasOwn(skills, name)) return { name, entry: skills[name]! };
    } catch {
      // A lock that does not load records nothing (verify reports it).
    }
  }
  return undefined;
}
