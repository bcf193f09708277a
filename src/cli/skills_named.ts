// Copyright 2026 the skillscope authors. MIT license.
/**
 * The skill directories a command's arguments name: paths, or names in the roots.
 *
 * @module
 */
import { dirname, join, resolve } from "../shared/path.ts";
import { discover } from "../discover/discover.ts";
import { isDirectorySkill } from "../parse/build_skill.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import type { Discovery } from "../shared/types.ts";
import { UsageError } from "./errors.ts";
import { skillDirsBelow } from "./skill_dirs.ts";
import { field, formatDiagnostic, writeErr } from "./io.ts";
import { discoverOptionsFrom } from "./root_options.ts";
import type { RootValues } from "./root_option_defs.ts";

/**
 * The skill directories the arguments name: paths (a skill, or a folder of
 * skills, broken ones included) or names in the roots; none = every skill
 * in the roots. With `unique`, a name more than one skill in the roots
 * carries (one shadowing the others) is refused: a path must say which.
 */
export async function skillsNamed(
  values: RootValues,
  positionals: readonly string[],
  options: { unique?: boolean } = {},
): Promise<string[]> {
  const found: string[] = [];
  const byName: string[] = [];
  for (const arg of positionals) {
    const path = resolve(arg);
    let isDir = false;
    try {
      isDir = Deno.statSync(path).isDirectory;
    } catch {
      isDir = false;
    }
    if (!isDir) {
      if (arg.includes("/") || arg.includes("\\")) {
        throw new UsageError(`${arg} is not a directory`);
      }
      byName.push(arg);
      continue;
    }
    if (isFileSync(join(path, "SKILL.md"))) {
      found.push(path);
      continue;
    }
    const below = await skillDirsBelow(path);
    for (const d of below.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
    for (const dir of below.dirs) found.push(dir); // no spread: ~120k items throw
  }
  if (byName.length > 0 || positionals.length === 0) {
    const discovery = await discover(await discoverOptionsFrom(values));
    const skills = discovery.skills.filter(isDirectorySkill);
    if (positionals.length === 0) { for (const s of skills) found.push(s.dir); }
    for (const name of byName) {
      const skill = skills.find((s) => s.name === name);
      if (skill === undefined) {
        throw new UsageError(
          `No skill named "${name}" in the roots (and no directory of that name)`,
        );
      }
      if (options.unique) assertUnique(name, skill.dir, discovery.shadowed);
      found.push(skill.dir);
    }
  }
  return found;
}

/** Refuses a name that skills in several roots carry. */
function assertUnique(
  name: string,
  dir: string,
  shadowed: Discovery["shadowed"],
): void {
  const others = shadowed.filter((s) => s.name === name).map((s) =>
    s.loser.endsWith("SKILL.md") ? dirname(s.loser) : s.loser
  );
  if (others.length === 0) return;
  throw new UsageError(
    `Several skills are named "${field(name)}": ${field(dir)} (found first), ${
      others.map(field).join(", ")
    } (shadowed); pass the directory of the one to approve`,
  );
}
