// Copyright 2026 the skillscope authors. MIT license.
/**
 * What pi's own settings do to the skills it offers (see
 * `../client_settings.ts`), as measured on pi 0.73.1: the `skills` array of
 * `~/.pi/agent/settings.json` (`$PI_CODING_AGENT_DIR/settings.json` when
 * set) and of `<cwd>/.pi/settings.json` (the legacy
 * `{"customDirectories": [...]}` object is read as that array).
 *
 * - A plain entry (no `*` or `?`, no prefix) adds a folder, scanned as pi
 *   scans its roots (any depth), or one `SKILL.md`; `~` is the home, a
 *   relative path is below the settings file's own directory (the agent
 *   directory, or the project's `.pi`).
 * - `!glob` turns off what it matches: the path relative to that
 *   directory, the file name (`SKILL.md`, so `!*` matches every skill) and
 *   the absolute path, and for a `SKILL.md` its folder's relative path,
 *   name and absolute path, never the frontmatter name (`minimatch`'s rules:
 *   `pi_glob.ts`).
 * - `+path` turns a skill back on and `-path` off, by exact path (relative
 *   or absolute, the file or its folder); `-` wins over `+`, `+` over `!`.
 * - An unprefixed entry with `*` or `?` keeps, of the skills the plain
 *   entries of that file add, only those it matches; it does nothing to the
 *   skills pi finds in its own roots.
 *
 * The user file speaks of the user's skills (`~/.pi/agent/skills`,
 * `~/.agents/skills` and the folders it adds), the project file of the
 * project's; a skill a file's plain entries add is that file's, whatever
 * its folder. Not modelled: a plain entry that is a Markdown file other
 * than `SKILL.md`, `packages`, and the command line (`--skill`,
 * `--no-skills`).
 *
 * @module
 */
import {
  basename,
  dirname,
  isAbsolute,
  join,
  relative,
  resolve,
  SEP,
} from "../../shared/path.ts";
import { isDirectorySync, isFileSync } from "../../shared/fs_checks.ts";
import type { Skill } from "../../shared/types.ts";
import { ANY_DEPTH_BOUND } from "../client_profile.ts";
import type {
  ClientSettings,
  SettingsContext,
  SettingsReader,
  SettingsRoot,
  SettingsRule,
} from "../client_settings.ts";
import { boundedSettings, readSettingsText } from "./settings_file.ts";

/** One of pi's settings files and its `skills` entries. */
interface PiFile {
  readonly scope: "project" | "user";
  /** The file. */
  readonly path: string;
  /** The directory its relative paths and patterns are below. */
  readonly base: string;
  readonly entries: readonly string[];
  /** Its plain entries that exist: a folder, or one `SKILL.md`. */
  readonly paths: readonly { readonly path: string; readonly file: boolean }[];
}

/**
 * pi's settings reader.
 *
 * @example Usage
 * ```ts
 * import { piSettings } from "./pi_settings.ts";
 * import { decidingRule } from "../client_settings.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${home}/extra/added`, { recursive: true });
 * await Deno.writeTextFile(`${home}/extra/added/SKILL.md`, "---\nname: added\ndescription: Added.\n---\n");
 * await Deno.mkdir(`${home}/.pi/agent`, { recursive: true });
 * await Deno.writeTextFile(`${home}/.pi/agent/settings.json`, '{"skills": ["~/extra", "!old-*"]}');
 * const context = { home, cwd: undefined, projectRoot: undefined, env: () => undefined };
 * assert.deepEqual(piSettings.roots!(context).map((r) => r.path), [`${home}/extra`]);
 * const dir = `${home}/.pi/agent/skills/old-pdf`;
 * const skill = { name: "pdf", description: "PDF.", dir, path: `${dir}/SKILL.md`, scope: "user", source: { kind: "directory" as const, key: dir }, frontmatter: {} };
 * const settings = await piSettings.rules!(context);
 * assert.equal(decidingRule(settings, skill, "pdf")?.entry, "!old-*");
 * ```
 */
export const piSettings: SettingsReader = {
  reads:
    "`~/.pi/agent/settings.json` (`$PI_CODING_AGENT_DIR/settings.json`) and `<cwd>/.pi/settings.json`: `skills` (folders and `SKILL.md` files it adds, `!glob`, `+path` and `-path` patterns, include globs; the legacy `{customDirectories}` object)",
  evidence: "pi 0.73.1 binary, agree scenario " + [
    "user-excludes",
    "project-excludes",
    "exclude-folder-not-name",
    "exclude-dot-segments",
    "force-include-exclude",
    "paths-add",
    "include-globs",
    "legacy-object",
    "env-agent-dir",
    "skill-commands-no-effect",
  ].map((c) => `pi/settings/${c}`).join(", "),
  roots: piRoots,
  // The glob matcher loads only when rules are asked for (a view), not
  // with the default roots every listing computes.
  rules: async (context) => piRules(context, await import("./pi_glob.ts")),
};

/** The folders pi's settings add: the project file's first. */
function piRoots(context: SettingsContext): SettingsRoot[] {
  return piFiles(context).flatMap((file) =>
    file.paths.map((entry): SettingsRoot => {
      const folder = entry.file ? dirname(entry.path) : entry.path;
      return {
        path: folder,
        scope: file.scope,
        // A folder with a SKILL.md of its own is that one skill to pi.
        maxDepth: entry.file || isFileSync(join(folder, "SKILL.md"))
          ? 0
          : ANY_DEPTH_BOUND,
        from: `${file.path} (skills)`,
      };
    })
  );
}

/** pi's rules: each file's patterns, for the skills that are that file's. */
function piRules(
  context: SettingsContext,
  { piGlob, piGlobBudget }: typeof import("./pi_glob.ts"),
): ClientSettings {
  const files = piFiles(context);
  const owner = ownerOf(files);
  const rules: SettingsRule[] = [];
  for (const file of files) {
    const from = `${file.path} (skills)`;
    const patterns = file.entries.filter(isPattern);
    // One budget for the file's patterns: a hostile one cannot make them slow.
    const budget = piGlobBudget();
    const tried = new WeakMap<Skill, ReturnType<typeof candidates>>();
    const candidatesOf = (skill: Skill): ReturnType<typeof candidates> => {
      let known = tried.get(skill);
      if (known === undefined) {
        tried.set(skill, known = candidates(skill, file.base));
      }
      return known;
    };
    const mine = (skill: Skill): boolean => owner(skill)?.file === file;
    const includes = patterns.filter((p) => !/^[!+-]/.test(p));
    if (includes.length > 0) {
      const globs = includes.map((p) => piGlob(p, budget));
      rules.push({
        from,
        file: file.path,
        entry: `${includes.join(", ")} (matches none)`,
        action: "off",
        matches: (skill) => {
          const of = owner(skill);
          if (of?.file !== file || !of.added) return false;
          const { globs: paths } = candidatesOf(skill);
          return !globs.some((glob) => paths.some(glob));
        },
      });
    }
    const add = (prefix: string, action: SettingsRule["action"]): void => {
      for (const entry of patterns.filter((p) => p.startsWith(prefix))) {
        const pattern = entry.slice(1);
        const glob = prefix === "!" ? piGlob(pattern, budget) : undefined;
        const exact = pattern.startsWith("./") ? pattern.slice(2) : pattern;
        rules.push({
          from,
          file: file.path,
          entry,
          action,
          matches: (skill) => {
            if (!mine(skill)) return false;
            const { globs, exacts } = candidatesOf(skill);
            return glob === undefined
              ? exacts.includes(exact)
              : globs.some(glob);
          },
        });
      }
    };
    add("!", "off");
    add("+", "on");
    add("-", "off");
  }
  return { rules };
}

/**
 * Which file a skill is pi's under: the file whose plain entries add it
 * (the project's first), else the file of its scope.
 */
function ownerOf(
  files: readonly PiFile[],
): (skill: Skill) => { file: PiFile; added: boolean } | undefined {
  // Once per skill: every rule of every file asks.
  const known = new WeakMap<
    Skill,
    { file: PiFile; added: boolean } | undefined
  >();
  return (skill) => {
    if (known.has(skill)) return known.get(skill);
    const found = findOwner(skill);
    known.set(skill, found);
    return found;
  };
  function findOwner(
    skill: Skill,
  ): { file: PiFile; added: boolean } | undefined {
    const path = skill.path;
    if (path === undefined) return undefined;
    for (const file of files) {
      for (const entry of file.paths) {
        if (
          entry.file ? path === entry.path : path.startsWith(entry.path + SEP)
        ) {
          return { file, added: true };
        }
      }
    }
    const file = files.find((f) => f.scope === skill.scope);
    return file === undefined ? undefined : { file, added: false };
  }
}

/**
 * What pi's patterns are tried against for a skill: globs against its
 * path relative to the settings directory, its file name and its absolute
 * path (and for a `SKILL.md` its folder's relative path, name and absolute
 * path); exact paths against the relative and absolute ones.
 */
function candidates(
  skill: Skill,
  base: string,
): { globs: string[]; exacts: string[] } {
  const posix = (p: string): string => p.split(SEP).join("/");
  const path = skill.path!;
  const rel = posix(relative(base, path));
  const abs = posix(path);
  if (basename(path) !== "SKILL.md") {
    return { globs: [rel, basename(path), abs], exacts: [rel, abs] };
  }
  const folder = dirname(path);
  const folderRel = posix(relative(base, folder));
  const folderAbs = posix(folder);
  return {
    globs: [rel, "SKILL.md", abs, folderRel, basename(folder), folderAbs],
    exacts: [rel, abs, folderRel, folderAbs],
  };
}

/** pi's own test of a pattern entry: a prefix, or a `*` or `?`. */
function isPattern(entry: string): boolean {
  return /^[!+-]/.test(entry) || entry.includes("*") || entry.includes("?");
}

/** pi's settings files that hold a `skills` list: the project's first. */
function piFiles(context: SettingsContext): PiFile[] {
  const out: PiFile[] = [];
  if (context.cwd !== undefined) {
    const base = join(context.cwd, ".pi");
    const file = piFile("project", join(base, "settings.json"), base, context);
    if (file !== undefined) out.push(file);
  }
  const agent = agentDir(context);
  if (agent !== undefined) {
    const file = piFile("user", join(agent, "settings.json"), agent, context);
    if (file !== undefined) out.push(file);
  }
  return out;
}

/** One settings file, when it is valid JSON with a `skills` list. */
function piFile(
  scope: PiFile["scope"],
  path: string,
  base: string,
  context: SettingsContext,
): PiFile | undefined {
  const text = readSettingsText(path);
  if (text === undefined) return undefined;
  let settings: unknown;
  try {
    // A project's settings may be hostile: bounded before they are read.
    settings = boundedSettings(JSON.parse(text));
  } catch {
    return undefined;
  }
  const entries = skillsEntries(settings);
  if (entries.length === 0) return undefined;
  const paths: { path: string; file: boolean }[] = [];
  for (const entry of entries) {
    if (isPattern(entry)) continue;
    const target = fromBase(entry, base, context.home);
    if (target === undefined || !readable(target)) continue;
    if (isDirectorySync(target)) paths.push({ path: target, file: false });
    else if (isFileSync(target) && basename(target) === "SKILL.md") {
      paths.push({ path: target, file: true });
    }
  }
  return { scope, path, base, entries, paths };
}

/** The `skills` strings of a settings object (the legacy object's `customDirectories`). */
function skillsEntries(settings: unknown): string[] {
  if (typeof settings !== "object" || settings === null) return [];
  let skills = (settings as Record<string, unknown>).skills;
  if (typeof skills === "object" && skills !== null && !Array.isArray(skills)) {
    skills = (skills as Record<string, unknown>).customDirectories;
  }
  return Array.isArray(skills)
    ? skills.filter((s): s is string => typeof s === "string")
    : [];
}

/** A plain entry's path, as pi resolves it (`~`, `~/x`, else below `base`). */
function fromBase(
  entry: string,
  base: string,
  home: string | undefined,
): string | undefined {
  const trimmed = entry.trim();
  if (trimmed.startsWith("~")) {
    if (home === undefined) return undefined;
    return trimmed === "~"
      ? home
      : join(home, trimmed.slice(trimmed.startsWith("~/") ? 2 : 1));
  }
  return resolve(base, trimmed);
}

/** pi's agent directory: `$PI_CODING_AGENT_DIR` (`~` expanded), else `~/.pi/agent`. */
function agentDir(context: SettingsContext): string | undefined {
  const set = context.env("PI_CODING_AGENT_DIR");
  if (set !== undefined) {
    if (set === "~" || set.startsWith("~/")) {
      return context.home === undefined
        ? undefined
        : resolve(context.home + set.slice(1));
    }
    return isAbsolute(set) ? set : resolve(set);
  }
  return context.home === undefined
    ? undefined
    : join(context.home, ".pi", "agent");
}

/** Whether `--allow-read` covers a path. */
function readable(path: string): boolean {
  return Deno.permissions.querySync({ name: "read", path }).state === "granted";
}
