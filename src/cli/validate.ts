// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope validate PATH… [--strict] [--json]`.
 *
 * @module
 */
import { validateSkillDir } from "../parse/validate.ts";
import type { Diagnostic } from "../shared/types.ts";
import { jsonOption } from "./root_option_defs.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import {
  field,
  formatDiagnostic,
  writeErr,
  writeJson,
  writeOut,
} from "./io.ts";
import { basename, dirname, join, resolve } from "../shared/path.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import { skillDirsBelow } from "./skill_dirs.ts";
import { discover } from "../discover/discover.ts";
import { isDirectorySkill } from "../parse/build_skill.ts";

/** One entry of `validate --json`. */
interface ValidateEntry {
  path: string;
  valid: boolean;
  diagnostics: Diagnostic[];
}

/** The option groups of `validate`. */
const GROUPS = [{
  title: "Options",
  options: {
    lenient: {
      type: "boolean",
      help:
        "Only what a loader would refuse is an error; the rest are warnings, and other agents' fields pass",
    },
    strict: {
      type: "boolean",
      help: "Every rule is an error (the default)",
    },
    "allow-field": {
      type: "string",
      multiple: true,
      arg: "NAME",
      help:
        "Accept this field outside the specification (globs, paths, disable-model-invocation, …)",
    },
    quiet: {
      type: "boolean",
      short: "q",
      help: "Print only the skills with errors, and no summary",
    },
    ...jsonOption('Print [{ "path", "valid", "diagnostics" }]'),
  },
}] as const satisfies readonly OptionGroup[];

/** The `validate` command. */
export const validateCommand: CommandOf<typeof GROUPS> = {
  name: "validate",
  usage: "validate [PATH...] [--lenient] [--allow-field NAME]... [--json]",
  description:
    `A linter for skills: validates each PATH, a skill directory, its SKILL.md,
or a directory of skills, against the specification. Without PATH, the
skills "skillscope list" shows (the default roots, with the agents found on
this machine), those it skips included. Strict by default, as
the reference validator: every rule is an error. Only the head of SKILL.md
is read. Ends with a summary on stderr.`,
  examples: [
    "skillscope validate",
    "skillscope validate ./skills",
    "skillscope validate ./my-skill --allow-field globs",
    "skillscope validate --lenient ./skills --json",
  ],
  groups: GROUPS,
  footer:
    "Exit codes: 0 all valid, 1 any invalid, 2 usage, 3 missing permission.",
  async run(values, positionals): Promise<number> {
    if (values.lenient === true && values.strict === true) {
      throw new UsageError("Use --lenient or --strict, not both");
    }
    // No PATH: what "skillscope list" shows, from the default roots.
    const listed = positionals.length === 0 ? await listedSkills() : undefined;
    if (listed !== undefined && listed.dirs.length === 0) {
      if (values.quiet !== true) writeErr(listed.none);
      return EXIT.ok;
    }
    const strict = values.lenient !== true;
    const allowFields = values["allow-field"] ?? [];
    const entries: ValidateEntry[] = [];
    for (const path of listed?.dirs ?? await expandPaths(positionals)) {
      const diagnostics = await validateSkillDir(path, {
        strict,
        ...(allowFields.length === 0 ? {} : { allowFields }),
      });
      entries.push({
        path,
        valid: !diagnostics.some((d) => d.level === "error"),
        diagnostics,
      });
    }
    if (values.json === true) {
      writeJson(entries);
    } else {
      const lines: string[] = [];
      for (const entry of entries) {
        const shown = values.quiet === true
          ? entry.diagnostics.filter((d) => d.level === "error")
          : entry.diagnostics;
        if (values.quiet === true && entry.valid) continue;
        lines.push(`${entry.valid ? "ok" : "invalid"}  ${field(entry.path)}`);
        for (const d of shown) lines.push(`  ${formatDiagnostic(d)}`);
      }
      if (lines.length > 0) writeOut(`${lines.join("\n")}\n`);
      if (values.quiet !== true) writeErr(summary(entries));
    }
    return entries.every((e) => e.valid) ? EXIT.ok : EXIT.failure;
  },
};

/**
 * The skills the arguments name: a skill directory or its SKILL.md as is; a
 * directory without SKILL.md is a directory of skills (each directory below
 * it holding one, any depth up to 6). A skill named twice (`dir`, `dir/`,
 * `dir/SKILL.md`, or inside a folder also named) is checked once, where it
 * is named first.
 */
async function expandPaths(paths: readonly string[]): Promise<string[]> {
  const all: string[] = [];
  for (const path of paths) {
    for (const one of await expandPath(path)) all.push(one);
  }
  const seen = new Set<string>();
  return all.filter((path) => {
    const key = skillKey(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The skill directory a path names (a `SKILL.md` stands for its directory). */
function skillKey(path: string): string {
  const absolute = resolve(path);
  const dir = basename(absolute).toLowerCase() === "skill.md" &&
      isFileSync(absolute)
    ? dirname(absolute)
    : absolute;
  try {
    return Deno.realPathSync(dir); // a symlink to a skill named too is that skill
  } catch {
    return dir;
  }
}

/** The skills one argument names (see {@linkcode expandPaths}). */
async function expandPath(path: string): Promise<string[]> {
  let isDir = false;
  try {
    isDir = Deno.statSync(path).isDirectory;
  } catch {
    isDir = false; // validateSkillDir reports it
  }
  if (!isDir || isFileSync(join(path, "SKILL.md"))) return [path];
  // A skill that failed to load is validated too, so its problem shows.
  const { dirs, diagnostics } = await skillDirsBelow(path);
  // A directory that cannot be named cannot be validated: it is said.
  for (const d of diagnostics) {
    if (d.code === "undecodable-name") writeErr(`${formatDiagnostic(d)}\n`);
  }
  return dirs.length === 0 ? [path] : dirs; // none: reported as skill-md-missing
}

/**
 * The skill directories of the default roots, as `list` reads them (the
 * agents found on this machine): those that load and those skipped, each
 * once; with the message for none.
 */
async function listedSkills(): Promise<{ dirs: string[]; none: string }> {
  // The agents' roots load only here: validating a named directory never
  // reads the client table.
  const [{ defaultRootsFrom }, { rootSources }] = await Promise.all([
    import("./client_options.ts"),
    import("../clients/root_sources.ts"),
  ]);
  const defaults = defaultRootsFrom({
    client: undefined,
    "no-project": undefined,
  });
  const found = await discover({ sources: rootSources(defaults) });
  const dirs = found.skills.filter(isDirectorySkill).map((s) => s.dir);
  for (const d of found.diagnostics) {
    if (d.level === "error" && d.path?.endsWith("SKILL.md")) {
      dirs.push(dirname(d.path));
    }
  }
  for (const s of found.shadowed) dirs.push(dirname(s.loser));
  const seen = new Set<string>();
  const once = dirs.filter((dir) => {
    const key = skillKey(dir);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    dirs: once,
    none:
      `No skills in the default roots ("skillscope roots" lists them): name a PATH to validate\n`,
  };
}

/**
 * The last line of a run: problems found, skills checked, then apart from
 * the skills the paths missing and the directories with no SKILL.md (an
 * empty one is not a skill).
 */
function summary(entries: readonly ValidateEntry[]): string {
  const plural = (n: number, word: string) =>
    `${n} ${word}${n === 1 ? "" : "s"}`;
  const has = (e: ValidateEntry, code: string) =>
    e.diagnostics.some((d) => d.code === code);
  const missing = entries.filter((e) => has(e, "path-missing")).length;
  const noSkill = entries.filter((e) => has(e, "skill-md-missing")).length;
  const skills = entries.filter((e) =>
    !has(e, "path-missing") && !has(e, "skill-md-missing")
  );
  const problems = skills.reduce((n, e) => n + e.diagnostics.length, 0);
  const withProblems = skills.filter((e) => e.diagnostics.length > 0).length;
  const found = problems === 0
    ? `Checked ${plural(skills.length, "skill")}`
    : `Found ${plural(problems, "problem")} in ${
      plural(withProblems, "skill")
    } (checked ${skills.length})`;
  const apart = [
    ...missing === 0 ? [] : [
      `${plural(missing, "path")} ${missing === 1 ? "does" : "do"} not exist`,
    ],
    ...noSkill === 0 ? [] : [
      `${noSkill} ${
        noSkill === 1 ? "directory has" : "directories have"
      } no SKILL.md`,
    ],
  ];
  return `${[found, ...apart].join("; ")}\n`;
}
