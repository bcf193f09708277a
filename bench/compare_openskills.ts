// Copyright 2026 the skillscope authors. MIT license.
/**
 * The openskills rows of `compare.ts`: npm's `openskills` (a loader that
 * reads each `SKILL.md` whole and takes the description with one regular
 * expression: no YAML, no validation) installed into a temporary directory
 * and run under Node, against `skillscope list --json -q` under `deno run`
 * with the `cli` permission set, on the same trees. openskills' `list` scans
 * `cwd/.agent/skills`, `~/.agent/skills`, `cwd/.claude/skills` and
 * `~/.claude/skills`: it runs in a working directory whose `.claude/skills`
 * is a symlink to the tree, with `HOME` an empty directory.
 *
 * @module
 */
import { join } from "node:path";
import {
  type CompareRun,
  median,
  peakRss,
  type Rows,
  timeCommand,
} from "./measure.ts";
import { benchTree, realisticTree } from "./fixtures.ts";

/** The version compared (the one measured in the performance issue). */
const OPENSKILLS = "openskills@1.5.0";

/** Options of {@linkcode compareOpenskills}. */
export interface OpenskillsOptions {
  /** Pairs per tree, instead of 9 at 10k and 5 at the larger scales (a smoke run takes 1). */
  readonly pairs?: number;
}

/** One contender: how to run it on a tree, and how many skills it printed. */
interface Contender {
  readonly cmd: string;
  readonly args: string[];
  readonly cwd?: string;
  readonly env?: Record<string, string>;
  readonly count: (stdout: string) => number;
}

/**
 * Adds the openskills rows to the table: for each tree, the median of the
 * alternated pairs' ratios openskills/skillscope with their spread, and the
 * peak RSS of each. Skipped (with a row saying why) when npm or Node is
 * missing or the install fails.
 *
 * @param run The table, `--quick`, the repository's config and CLI.
 * @param options Pairs per tree.
 */
export async function compareOpenskills(
  run: CompareRun,
  options: OpenskillsOptions = {},
): Promise<void> {
  const { rows, quick } = run;
  if (
    options.pairs !== undefined &&
    !(Number.isSafeInteger(options.pairs) && options.pairs > 0)
  ) {
    throw new RangeError(
      `The pair count must be a positive integer (got ${options.pairs})`,
    );
  }
  const scales: {
    label: string;
    root: () => string;
    pairs: number;
    skip?: boolean;
  }[] = [
    { label: "10k uniform", root: () => benchTree(10_000), pairs: 9 },
    {
      label: "100k uniform",
      root: () => benchTree(100_000),
      pairs: 5,
      skip: quick,
    },
    {
      label: `realistic ${quick ? 10 : 50}k corpus`,
      root: () => realisticTree(quick ? 10_000 : 50_000),
      pairs: 5,
    },
  ];
  const scratch = await Deno.makeTempDir({ prefix: "skillscope-openskills-" });
  try {
    const cliJs = await installOpenskills(scratch);
    if (typeof cliJs !== "string") {
      rows.report(
        "openskills `list` / skillscope `list --json -q`",
        `skipped: ${cliJs.skipped}`,
        "≥ 1.0×",
      );
      return;
    }
    const home = join(scratch, "home");
    await Deno.mkdir(home);
    for (const [i, scale] of scales.entries()) {
      if (scale.skip === true) {
        rows.report(
          `openskills \`list\` / skillscope \`list --json -q\`, ${scale.label}`,
          "skipped (--quick)",
          "≥ 1.0×",
        );
        continue;
      }
      const root = scale.root();
      // openskills reads cwd/.claude/skills: a working directory whose
      // .claude/skills is the tree.
      const cwd = join(scratch, `cwd-${i}`);
      await Deno.mkdir(join(cwd, ".claude"), { recursive: true });
      await Deno.symlink(root, join(cwd, ".claude", "skills"));
      const theirs: Contender = {
        cmd: "node",
        args: [cliJs, "list"],
        cwd,
        env: { HOME: home },
        count: (out) => Number(/\((\d+) total\)/.exec(out)?.[1] ?? NaN),
      };
      const ours: Contender = {
        cmd: Deno.execPath(),
        args: [
          "run",
          "--quiet",
          `--config=${run.config}`,
          "-P=cli",
          run.cli,
          "list",
          "--json",
          "-q",
          "--root",
          root,
        ],
        count: (out) =>
          (JSON.parse(out) as { skills: unknown[] }).skills.length,
      };
      await pairRows(
        rows,
        scale.label,
        theirs,
        ours,
        options.pairs ?? scale.pairs,
      );
    }
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
}

/** Installs openskills below `dir`; the path of its `dist/cli.js`, or why not. */
async function installOpenskills(
  dir: string,
): Promise<string | { skipped: string }> {
  try {
    const out = await new Deno.Command("npm", {
      args: [
        "install",
        "--prefix",
        dir,
        "--no-audit",
        "--no-fund",
        "--silent",
        OPENSKILLS,
      ],
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!out.success) {
      const why = new TextDecoder().decode(out.stderr).trim().split("\n")
        .at(-1);
      return { skipped: `\`npm install ${OPENSKILLS}\` failed (${why})` };
    }
    await new Deno.Command("node", { args: ["--version"], stdout: "null" })
      .output();
  } catch (error) {
    return {
      skipped: `no npm or node (${
        error instanceof Error ? error.message : String(error)
      })`,
    };
  }
  return join(dir, "node_modules", "openskills", "dist", "cli.js");
}

/** Runs `contender` once with its output kept: how many skills it listed. */
async function listed(contender: Contender): Promise<number> {
  const out = await new Deno.Command(contender.cmd, {
    args: contender.args,
    stdout: "piped",
    stderr: "null",
    ...(contender.cwd === undefined ? {} : { cwd: contender.cwd }),
    ...(contender.env === undefined ? {} : { env: contender.env }),
  }).output();
  if (!out.success) {
    throw new Error(
      `"${contender.cmd} ${contender.args.join(" ")}" exited ${out.code}`,
    );
  }
  return contender.count(new TextDecoder().decode(out.stdout));
}

/** The time row and the RSS row of one tree, from alternated pairs. */
async function pairRows(
  rows: Rows,
  label: string,
  theirs: Contender,
  ours: Contender,
  pairs: number,
): Promise<void> {
  // One run each first: a warm page cache for both, and proof that both
  // read the tree.
  const counts = [await listed(theirs), await listed(ours)];
  const run = (c: Contender) => timeCommand(c.cmd, c.args, c);
  const ratios: number[] = [];
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < pairs; i++) {
    const a = await run(theirs);
    const b = await run(ours);
    times[0].push(a);
    times[1].push(b);
    ratios.push(a / b);
  }
  const [low, high] = [Math.min(...ratios), Math.max(...ratios)];
  rows.report(
    `openskills \`list\` / skillscope \`list --json -q\`, whole process, ${label}`,
    `**${median(ratios).toFixed(2)}×** (median of ${pairs} pair${
      pairs === 1 ? "" : "s"
    }, ${low.toFixed(2)}–${high.toFixed(2)}; ${
      median(times[0]).toFixed(0)
    } ms / ${median(times[1]).toFixed(0)} ms; listed ${counts[0]} / ${
      counts[1]
    })`,
    "≥ 1.0×",
  );
  const rss: [number[], number[]] = [[], []];
  const rssRuns = Math.min(3, pairs);
  for (let i = 0; i < rssRuns; i++) {
    for (const [j, c] of [theirs, ours].entries()) {
      const mib = await peakRss(c.cmd, c.args, c);
      if (mib !== undefined) rss[j]!.push(mib);
    }
  }
  const what = `peak RSS, skillscope / openskills, ${label}`;
  if (rss[0].length === 0 || rss[1].length === 0) {
    rows.report(what, "skipped: no /usr/bin/time", "≤ 0.5×");
    return;
  }
  const [them, us] = [median(rss[0]), median(rss[1])];
  rows.report(
    what,
    `${us.toFixed(0)} MiB / ${them.toFixed(0)} MiB = **${
      (us / them).toFixed(2)
    }×** (median of ${rssRuns})`,
    "≤ 0.5×",
  );
}
