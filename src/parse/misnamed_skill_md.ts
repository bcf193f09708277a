// Copyright 2026 the skillscope authors. MIT license.
/**
 * A skill file named in the wrong case (`skill.md`, `Skill.md`): agents load
 * only `SKILL.md`, so such a skill stays unloaded, and `validate` (and
 * `doctor`) name the file and say to rename it. On a case-insensitive file
 * system the file is `SKILL.md` to every agent, and nothing is reported.
 *
 * @module
 */
import { basename, dirname, join } from "../shared/path.ts";
import type { Diagnostic } from "../shared/types.ts";

/**
 * Whether `file` (a `skill.md` in some case) is what `SKILL.md` in its
 * directory opens: the same file on a case-insensitive file system.
 *
 * @param file The file.
 * @returns `true` when `SKILL.md` names it.
 */
export function opensAsSkillMd(file: string): boolean {
  if (basename(file) === "SKILL.md") return true;
  try {
    const named = Deno.statSync(file);
    const upper = Deno.statSync(join(dirname(file), "SKILL.md"));
    return named.dev === upper.dev && named.ino === upper.ino &&
      named.ino !== null;
  } catch {
    return false;
  }
}

/**
 * The `skill-md-missing` error for a directory without `SKILL.md` that holds
 * the file in another case, naming that file; `undefined` when there is
 * none (or the directory cannot be listed).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { misnamedSkillMd } from "./misnamed_skill_md.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/skill.md`, "---\nname: x\ndescription: y\n---\n");
 * const found = misnamedSkillMd(dir);
 * assert.equal(found?.code, "skill-md-missing");
 * assert.equal(found?.path, `${dir}/skill.md`);
 * assert.match(found!.message, /rename it to SKILL\.md/);
 * ```
 *
 * @param dir A directory with no `SKILL.md`.
 * @returns The diagnostic, or `undefined`.
 */
export function misnamedSkillMd(dir: string): Diagnostic | undefined {
  let found: string | undefined;
  try {
    for (const entry of Deno.readDirSync(dir)) {
      if (
        entry.name !== "SKILL.md" && entry.name.toLowerCase() === "skill.md" &&
        (found === undefined || entry.name < found)
      ) found = entry.name;
    }
  } catch {
    return undefined;
  }
  return found === undefined ? undefined : misnamedDiagnostic(join(dir, found));
}

/**
 * The `skill-md-missing` error for `file`, a `skill.md` in another case
 * than `SKILL.md`: the path is the file, the message says to rename it.
 *
 * @param file The misnamed file.
 * @returns The diagnostic.
 */
export function misnamedDiagnostic(file: string): Diagnostic {
  return {
    level: "error",
    code: "skill-md-missing",
    message: `No SKILL.md in "${dirname(file)}": the file is named "${
      basename(file)
    }", which agents do not load; rename it to SKILL.md`,
    path: file,
  };
}
