// Copyright 2026 the skillscope authors. MIT license.
/**
 * `sync [FILE]`: the catalog written between marker comments in a file that
 * agents without native skills read (`AGENTS.md` by default); everything
 * else in the file is kept byte for byte (see `sync_block.ts`).
 *
 * @module
 */
import { dirname, join, relative, resolve } from "../shared/path.ts";
import { isInside } from "../shared/containment.ts";
import { readCheckedSync, retryReplaced } from "../shared/checked_read.ts";
import { ChangedError } from "../shared/open_file.ts";
import { writeViaTempSync } from "../shared/atomic_write.ts";
import type { Skill } from "../shared/types.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { CliError, EXIT } from "./errors.ts";
import { writeErr } from "./io.ts";
import { ROOTS_GROUP } from "./root_option_defs.ts";
import { openSkillSet } from "./open_skill_set.ts";
import {
  catalogOptions,
  catalogSettings,
  renderCatalogFor,
} from "./catalog_options.ts";
import { spliceCatalog, SYNC_END, SYNC_START } from "./sync_block.ts";

export { SYNC_END, SYNC_START } from "./sync_block.ts";

/** Largest file `sync` rewrites (bytes). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

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

/**
 * Reads the file to update, as bytes (empty when it does not exist): a
 * regular file only, never a symlink, capped, read from the descriptor
 * whose type and size were checked (a FIFO swapped in is refused, not
 * waited on).
 */
function readTarget(path: string): Uint8Array {
  const tooLarge = (size: number) =>
    new CliError(
      `${path} is ${size} bytes; sync rewrites files of at most ${MAX_FILE_BYTES}`,
    );
  try {
    return retryReplaced(() => {
      const info = Deno.lstatSync(path);
      if (info.isSymlink) {
        // A cloned project's AGENTS.md -> ~/.bashrc must not be written through.
        throw new CliError(
          `${path} is a symlink; name the file it leads to (nothing was written)`,
        );
      }
      if (!info.isFile) {
        throw new CliError(
          `${path} is not a regular file; nothing was written`,
        );
      }
      return readCheckedSync(path, info, MAX_FILE_BYTES, tooLarge);
    });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return new Uint8Array();
    if (error instanceof ChangedError) {
      throw new CliError(
        `${path} kept changing while it was read; nothing was written`,
      );
    }
    throw error;
  }
}

/** Whether two byte arrays hold the same bytes. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
outside the markers is kept byte for byte; a file without them gets a
"## Skills" section at the end. No skill's text can open or close an HTML
comment in the block. Paths inside FILE's folder are written
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
    const after = spliceCatalog(before, catalog, { path, skills });
    const quiet = values.quiet === true;
    if (skills.length === 0 && !quiet) {
      writeErr(
        `warning: no skills found${
          named ? "" : ` in ${dirname(path)}`
        }, so the catalog in ${path} says so (a skill is a directory holding a SKILL.md, in .agents/skills or a --root DIR)\n`,
      );
    }
    if (values.check === true) {
      if (sameBytes(after, before)) {
        if (!quiet) writeErr(`${path} is up to date\n`);
        return EXIT.ok;
      }
      writeErr(`${path} is out of date: run "skillscope sync" to update it\n`);
      return EXIT.failure;
    }
    if (sameBytes(after, before)) {
      if (!quiet) writeErr(`${path} is up to date\n`);
      return EXIT.ok;
    }
    // Written beside the file, then renamed over it: never half a file.
    const temp = join(
      dirname(path),
      `.${relative(dirname(path), path)}.${crypto.randomUUID()}.tmp`,
    );
    writeViaTempSync(temp, path, after, { keepMode: true });
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
