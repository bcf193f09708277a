// Copyright 2026 the skillscope authors. MIT license.
/**
 * The skill directories below a folder, as `validate` and `audit` take a
 * folder of skills: every directory holding a `SKILL.md` at any depth (up to
 * 6), whether it loads or not — a skill whose frontmatter is broken is still
 * one to validate or audit.
 *
 * @module
 */
import { dirname } from "../shared/path.ts";
import { discover } from "../discover/discover.ts";
import { directorySource } from "../discover/sources.ts";
import { isDirectorySkill } from "../parse/build_skill.ts";
import type { Diagnostic } from "../shared/types.ts";

/**
 * Every directory below `root` holding a `SKILL.md`, sorted, with the
 * diagnostics of looking for them.
 *
 * @param root A folder of skills.
 * @returns The directories (loaded or not) and the discovery's diagnostics.
 */
export async function skillDirsBelow(
  root: string,
): Promise<{ dirs: string[]; diagnostics: readonly Diagnostic[] }> {
  const found = await discover({
    sources: [directorySource(root, { recursive: true })],
    cache: false,
  });
  const dirs = new Set(found.skills.filter(isDirectorySkill).map((s) => s.dir));
  // A skill that failed to load (or was shadowed) is still on disk.
  for (const d of found.diagnostics) {
    if (d.path?.endsWith("SKILL.md")) dirs.add(dirname(d.path));
  }
  return { dirs: [...dirs].sort(), diagnostics: found.diagnostics };
}
