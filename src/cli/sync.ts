// Copyright 2026 the skillscope authors. MIT license.
/**
 * `sync [FILE]`: the catalog written between marker comments in a file that
 * agents without native skills read (`AGENTS.md` by default); everything
 * else in the file is kept byte for byte.
 *
 * @module
 */
import { dirname, join, relative, resolve } from "../shared/path.ts";
import { isInside } from "../shared/containment.ts";
import type { Skill } from "../shared/types.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { CliError, EXIT } from "./errors.ts";
import { writeErr } from "./io.ts";
import { ROOTS_GROUP } from "./root_options.ts";
import { openSkillSet } from "./open_skill_set.ts";
import {
  catalogOptions,
  catalogSettings,
  renderCatalogFor,
} from "./catalog_options.ts";

/** The comment that opens the generated block. */
export const SYNC_START = "<!-- skillscope:skills:start -->";
/** The comment that closes it. */
export const SYNC_END = "<!-- skillscope:skills:end -->";
/** Largest file `sync` rewrites (bytes). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

const PREFACE =
  "When a task matches one of these skills, read its SKILL.md (the file after its description) and follow it. This list is written by `skillscope sync`; edit outside the markers.";

/**
 * The file's text with the block between the markers replaced (or a
 * `## Skills` section with the block appended when there is none).
 *
 * @param file The file's current text ("" for a new file).
 * @param catalog The catalog text.
 * @param path The file, for errors.
 * @returns The new text.
 * @throws {CliError} when the markers are unbalanced.
 */
export function withCatalog(
  file: string,
  catalog: string,
  path: string,
): string {
  const eol = file.includes("\r\n") ? "\r\n" : "\n";
  const body = [
    SYNC_START,
    PREFACE,
    "",
    catalog === "" ? "No skills found." : catalog,
    SYNC_END,
  ].join("\n").replaceAll("\n", eol);
  const start = file.indexOf(SYNC_START);
  const end = file.indexOf(SYNC_END);
  const again = (marker: string, from: number) =>
    from !== -1 && file.indexOf(marker, from + marker.length) !== -1;
  if (
    (start === -1) !== (end === -1) || (start !== -1 && end < start) ||
    again(SYNC_START, start) || again(SYNC_END, end)
  ) {
    throw new CliError(
      `${path} has unbalanced ${SYNC_START} / ${SYNC_END} markers; fix them by hand, nothing was written`,
    );
  }
  if (start !== -1) {
    return file.slice(0, start) + body + file.slice(end + SYNC_END.length);
  }
  const separator = file === ""
    ? ""
    : file.endsWith(`${eol}${eol}`)
    ? ""
    : file.endsWith(eol)
    ? eol
    : `${eol}${eol}`;
  return `${file}${separator}## Skills${eol}${eol}${body}${eol}`;
}

/** The skills with their paths relative to `dir` when they lie inside it. */
function relativeTo(dir: string, skills: readonly Skill[]): Skill[] {
  return skills.map((skill) =>
    skill.path !== undefined && isInside(dir, skill.path)
      ? Object.freeze({
        ...skill,
        path: relative(dir, skill.path).split("\\").join("/"),
      })
      : skill
  );
}

/** Reads the file to update: "" when it does not exist; regular files only, capped. */
function readTarget(path: string): string {
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return "";
    throw error;
  }
  if (info.isSymlink) {
    // A cloned project's AGENTS.md -> ~/.bashrc must not be written through.
    throw new CliError(
      `${path} is a symlink; name the file it leads to (nothing was written)`,
    );
  }
  if (!info.isFile) {
    throw new CliError(`${path} is not a regular file; nothing was written`);
  }
  if (info.size > MAX_FILE_BYTES) {
    throw new CliError(
      `${path} is ${info.size} bytes; sync rewrites files of at most ${MAX_FILE_BYTES}`,
    );
  }
  return new TextDecoder().decode(Deno.readFileSync(path));
}

/** The option groups of `sync`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: {
    check: {
      type: "boolean",
      help: "Exit 1 when FILE is out of date; write nothing",
    },
    ...catalogOptions("markdown"),
  },
}] as const satisfies readonly OptionGroup[];

/** `sync [FILE]`. */
export const syncCommand: CommandOf<typeof GROUPS> = {
  name: "sync",
  usage: "sync [FILE] [--check] [--format F] [--max-chars N]",
  description:
    `Writes the catalog into FILE (default AGENTS.md) between the markers
${SYNC_START}
${SYNC_END}
for agents that read instructions but have no skills of their own.
Without --root or --client it lists the skills of FILE's folder only (not
the user's own), so the file is the same on every machine. Everything
outside the markers is kept; a file without them gets a "## Skills"
section at the end. Paths inside FILE's folder are written
relative to it. A second run changes no byte. --check exits 1 when FILE is
out of date and writes nothing (for CI).`,
  examples: [
    "skillscope sync",
    "skillscope sync CLAUDE.md --max-chars 4000",
    "skillscope sync --check",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    if (positionals.length > 1) {
      throw new CliError("Name one file to write the catalog into", EXIT.usage);
    }
    const path = resolve(positionals[0] ?? "AGENTS.md");
    const settings = catalogSettings(values, "markdown"); // before the scan
    const set = await openSkillSet(values, { report: true });
    // A file meant to be committed lists the project's skills: without
    // --root or --client, skills outside FILE's folder (the user's own, an
    // installed agent's) are left out, so the file is the same on every
    // machine.
    const named = values.root !== undefined || values.client !== undefined;
    const skills = named
      ? set.list()
      : set.list().filter((s) =>
        s.path !== undefined && isInside(dirname(path), s.path)
      );
    const catalog = renderCatalogFor(set, settings, {
      quiet: values.quiet === true,
      skills: relativeTo(dirname(path), skills),
    });
    const before = readTarget(path);
    const after = withCatalog(before, catalog, path);
    const quiet = values.quiet === true;
    if (skills.length === 0 && !quiet) {
      writeErr(
        `warning: no skills found${
          named ? "" : ` in ${dirname(path)}`
        }, so the catalog in ${path} says so (a skill is a directory holding a SKILL.md, in .agents/skills or a --root DIR)\n`,
      );
    }
    if (values.check === true) {
      if (after === before) {
        if (!quiet) writeErr(`${path} is up to date\n`);
        return EXIT.ok;
      }
      writeErr(`${path} is out of date: run "skillscope sync" to update it\n`);
      return EXIT.failure;
    }
    if (after === before) {
      if (!quiet) writeErr(`${path} is up to date\n`);
      return EXIT.ok;
    }
    // Written beside the file, then renamed over it: never half a file.
    const temp = join(
      dirname(path),
      `.${relative(dirname(path), path)}.${crypto.randomUUID()}.tmp`,
    );
    Deno.writeTextFileSync(temp, after, { createNew: true });
    try {
      Deno.renameSync(temp, path);
    } catch (error) {
      Deno.removeSync(temp);
      throw error;
    }
    if (!quiet) {
      writeErr(
        `Wrote ${skills.length} skill${
          skills.length === 1 ? "" : "s"
        } into ${path}\nNext: commit it; "skillscope sync --check" in CI keeps it current\n`,
      );
    }
    return EXIT.ok;
  },
};
