// Copyright 2026 the skillscope authors. MIT license.
/**
 * `check [NAME...]`: is there an update, is the source reachable, was the
 * copy edited, for the named skills in whichever lock holds each, or every
 * skill of every lock of every scope (the shared directory's and each
 * agent's).
 *
 * @module
 */
import { TIMEOUT_OPTION, webTimeoutOf } from "./install_options.ts";
import { check, type SkillCheck } from "../install/mod.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import { field, writeErr, writeJson, writeOut } from "./io.ts";
import { outputWidth, renderTable } from "./table.ts";
import { DIR_OPTIONS, type SkillsDirs } from "./skills_dir_options.ts";
import { scopeLabel, scopesFor } from "./skill_scope.ts";
import { scoped, writeScopeHeading } from "./install_report.ts";
import { startProgress } from "./progress.ts";
import { join } from "../shared/path.ts";
import { commandDeadline } from "../install/web_source.ts";

/** The option groups of `check`. */
const GROUPS = [{
  title: "Options",
  options: { ...DIR_OPTIONS, ...TIMEOUT_OPTION },
}] as const satisfies readonly OptionGroup[];

/** `check [NAME...]`. */
export const checkCommand: CommandOf<typeof GROUPS> = {
  name: "check",
  usage:
    "check [NAME...] [--project | --global | --dir D] [--client NAME] [--timeout S] [--json]",
  description:
    `Fetches the source of each locked skill (or the named ones) and reports
up-to-date, update available (old -> new: the commits of a git source, else
the digests or tree hashes), source unreachable, or locally modified, in the
project's scope and the user's: every skills.lock of each, the shared
directory's and each agent's (with --client, the skills that agent has a
copy of). Changes nothing (a git source is fetched into a temporary
directory). Exit 0 unless a source cannot be reached.`,
  examples: [
    "skillscope check",
    "skillscope check pdf-tools --json",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    const progress = startProgress();
    const checked: { dirs: SkillsDirs; results: SkillCheck[] }[] = [];
    // Every web request of the command, over every lock, shares one deadline.
    const timeout = webTimeoutOf(values);
    using deadline = commandDeadline(timeout, "Checking the installed skills");
    try {
      for (const { dirs, names } of scopesFor(values, positionals)) {
        checked.push({
          dirs,
          results: await check(dirs.dirs[0], names ?? [], {
            commandDeadline: deadline.commandDeadline,
            ...timeout,
            ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
          }),
        });
      }
    } finally {
      progress.done();
    }
    const all = checked.flatMap((c) => c.results);
    if (values.json === true) {
      writeJson(checked.flatMap(({ dirs, results }) =>
        scoped(
          dirs,
          results.map((r) => ({ ...r, dir: join(dirs.dirs[0], r.name) })),
        )
      ));
    } else {
      for (const { dirs, results } of checked) {
        if (results.length === 0) continue;
        writeScopeHeading(dirs);
        const width = outputWidth();
        writeOut(renderTable(
          ["STATUS", "NAME", "DETAIL"],
          results.flatMap(checkRows),
          { ...(width === undefined ? {} : { width }), shrink: 2 },
        ));
      }
      if (all.length === 0) {
        writeErr(
          `No skills in skills.lock of ${
            checked.map((c) => scopeLabel(c.dirs)).join(" or ")
          }\n`,
        );
      }
    }
    return all.some((r) => r.status === "source-unreachable")
      ? EXIT.failure
      : EXIT.ok;
  },
};

/** The table rows of one skill's check: its status, then one row per changed file. */
function checkRows(r: SkillCheck): string[][] {
  const name = field(r.name);
  switch (r.status) {
    case "up-to-date":
      return [["up to date", name, ""]];
    case "update-available":
      return [["update available", name, updateDetail(r)]];
    case "source-unreachable":
      return [["source unreachable", name, field(r.reason ?? "")]];
    default:
      return [
        [
          "locally modified",
          name,
          r.updateAvailable ? "an update is also available" : "",
        ],
        ...(r.files ?? []).map((
          f,
        ) => ["", "", `${f.change}: ${field(f.path)}`]),
      ];
  }
}

/**
 * What changed, the useful pair first (a narrow table cuts the end): the
 * commits of a git source (old -> new) with the tree hashes after them,
 * else the digests or tree hashes.
 */
function updateDetail(r: SkillCheck): string {
  const hashes = `${oneNotation(r.digest ?? r.hash)} -> ${
    oneNotation(r.latestDigest ?? r.latestHash)
  }`;
  return r.commit && r.latestCommit
    ? `${r.commit.slice(0, 12)} -> ${r.latestCommit.slice(0, 12)} (${hashes})`
    : hashes;
}

/**
 * A digest in the notation of the tree hashes (`sha256-<hex>`), so that a
 * table mixing website skills (whose index gives `sha256:<hex>`) and others
 * shows one.
 */
function oneNotation(hash: string | undefined): string {
  return (hash ?? "").replace(/^sha256:/, "sha256-");
}
