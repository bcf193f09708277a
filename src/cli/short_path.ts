// Copyright 2026 the skillscope authors. MIT license.
/**
 * Paths as a person reads them on a terminal: relative to the working
 * directory, or from `~`, when that is shorter than the absolute path.
 *
 * @module
 */
import { isAbsolute, relative, SEP as sep } from "../shared/path.ts";
import { homeDirectory } from "../shared/home_directory.ts";
import { grantedEnv } from "../shared/permissions.ts";

let places: { cwd: string; home: string | undefined } | undefined;

/**
 * `path` in its shortest form of three: as given, relative to the working
 * directory (`.agents/skills/x/SKILL.md`, `../home/...`), or from the home
 * directory (`~/.claude/skills/x/SKILL.md`, when `HOME` may be read). A
 * path that is not absolute is returned as it is.
 *
 * @example Usage
 * ```ts
 * import { shortPath } from "./short_path.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(shortPath(`${Deno.cwd()}/skills/a/SKILL.md`), "skills/a/SKILL.md");
 * assert.equal(shortPath("relative/SKILL.md"), "relative/SKILL.md");
 * ```
 *
 * @param path The path.
 * @returns The shortest of its forms.
 */
export function shortPath(path: string): string {
  if (!isAbsolute(path)) return path;
  const { cwd, home } = places ??= { cwd: currentDir(), home: homeDir() };
  let best = path;
  if (cwd !== "") {
    const fromCwd = relative(cwd, path);
    if (fromCwd !== "" && fromCwd.length < best.length) best = fromCwd;
  }
  if (home !== undefined && path.startsWith(`${home}${sep}`)) {
    const fromHome = `~${path.slice(home.length)}`;
    if (fromHome.length < best.length) best = fromHome;
  }
  return best;
}

/**
 * `text` with the absolute paths in it below the working directory or the
 * home directory shortened as {@linkcode shortPath} would (a message that
 * names a second file, such as the skill that shadows another).
 *
 * @example Usage
 * ```ts
 * import { shortPathsIn } from "./short_path.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   shortPathsIn(`Shadowed by ${Deno.cwd()}/skills/a/SKILL.md`),
 *   "Shadowed by skills/a/SKILL.md",
 * );
 * ```
 *
 * @param text The text.
 * @returns The text with shorter paths.
 */
export function shortPathsIn(text: string): string {
  const { cwd, home } = places ??= { cwd: currentDir(), home: homeDir() };
  // The working directory first: it may lie below the home directory.
  for (const [prefix, replacement] of [[cwd, ""], [home, "~/"]] as const) {
    if (prefix === undefined || prefix.length < 2) continue;
    const at = new RegExp(
      `(?<![\\w.~/-])${escapeRegExp(`${prefix}${sep}`)}`,
      "g",
    );
    text = text.replace(at, replacement);
  }
  return text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function currentDir(): string {
  try {
    return Deno.cwd();
  } catch {
    return "";
  }
}

function homeDir(): string | undefined {
  try {
    const home = homeDirectory(grantedEnv)?.replace(/\/+$/, "");
    return home === undefined || home === "" || !isAbsolute(home)
      ? undefined
      : home;
  } catch {
    return undefined;
  }
}
