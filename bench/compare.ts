// Copyright 2026 the skillscope authors. MIT license.
/**
 * Side-by-side comparison, alternating the contenders in one run and
 * reporting medians and ratios against the targets:
 *
 * - (b) in process: `discoverSync` of 10k uniform skills vs the in-Deno safe
 *   floor (readdir, then lstat + open + read 8 KiB + close per skill);
 * - (a) whole process: `skillscope list --json` of 10k uniform skills vs a C
 *   raw-read floor (readdir + open + read 8 KiB + close per skill, built with
 *   `cc`), (c) the same at 100k, (e) on the realistic 50k corpus
 *   (`realistic.ts`);
 * - (f) start-up: `list` of the 4 fixtures and importing `discover` from
 *   `mod.ts`, each vs an empty `deno run`;
 * - allocation per skill (10k uniform; young generation large enough that no
 *   collection runs), (d) peak RSS of `list --json` 10k, the longest
 *   event-loop gap of the async `discover()` at 100k;
 * - the cache hit, the catalog with a budget, the bytes read for a 1 GiB
 *   SKILL.md;
 * - and npm's `openskills` under Node against `skillscope list --json -q` on
 *   the 10k and 100k uniform trees and the realistic corpus, pairs alternated,
 *   with the peak RSS of each (`compare_openskills.ts`).
 *
 * ```sh
 * deno task compare                    # everything (generates the 100k tree and the 50k corpus once, ~3 GB)
 * deno task compare --quick            # 10k trees only (the 100k rows are skipped, the realistic rows use 10k)
 * deno task compare --only openskills  # one group (or several, comma-separated): floor, startup, memory, async, serve, openskills
 * deno task compare --only openskills --quick --pairs 1  # a smoke run: one pair per openskills row
 * deno task compare --readme           # and rewrites the table in README.md's Performance section
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { renderCatalog } from "../src/serve/catalog.ts";
import { SkillCache } from "../src/discover/scan_cache.ts";
import { discover, discoverSync } from "../src/discover/discover.ts";
import { readFrontmatterSync } from "../src/parse/frontmatter.ts";
import { directorySource } from "../src/discover/sources.ts";
import { benchTree, realisticTree } from "./fixtures.ts";
import {
  type CompareRun,
  median,
  peakRss,
  ratio,
  Rows,
  timeCommand,
} from "./measure.ts";
import { compareOpenskills } from "./compare_openskills.ts";
import { floorGroup, listArgs } from "./compare_floor.ts";

const GROUPS = [
  "floor",
  "startup",
  "memory",
  "async",
  "serve",
  "openskills",
] as const;
type Group = typeof GROUPS[number];

const { values: flags } = parseArgs({
  args: Deno.args,
  options: {
    quick: { type: "boolean", default: false },
    readme: { type: "boolean", default: false },
    only: { type: "string" },
    pairs: { type: "string" },
  },
});
const quick = flags.quick;
const only = flags.only === undefined
  ? new Set<string>(GROUPS)
  : new Set(flags.only.split(",").map((g) => g.trim()));
for (const group of only) {
  if (!(GROUPS as readonly string[]).includes(group)) {
    console.error(
      `Unknown group "${group}" for --only; the groups are ${
        GROUPS.join(", ")
      }`,
    );
    Deno.exit(2);
  }
}
if (flags.readme && only.size !== GROUPS.length) {
  console.error("--readme rewrites the whole table: run it without --only");
  Deno.exit(2);
}
const writeReadme = flags.readme;
const REPO = new URL("..", import.meta.url).pathname;
const CLI = join(REPO, "cli.ts");
const CONFIG = join(REPO, "deno.json");

const rows = new Rows();
const report = (what: string, figure: string, target: string): void =>
  rows.report(what, figure, target);

const root10k = benchTree(10_000);
const run: CompareRun = { rows, quick, repo: REPO, cli: CLI, config: CONFIG };

/** (f) start-up against an empty `deno run`. */
async function startupGroup(): Promise<void> {
  // (f) start-up, alternating
  {
    const scratch = await Deno.makeTempDir();
    const empty = join(scratch, "empty.ts");
    Deno.writeTextFileSync(empty, "");
    const importer = join(scratch, "import.ts");
    Deno.writeTextFileSync(
      importer,
      `import { discover } from ${
        JSON.stringify(join(REPO, "mod.ts"))
      }; if (typeof discover !== "function") throw 0;`,
    );
    const fixtures = join(REPO, "fixtures", "skills");
    const run = (args: string[]) =>
      timeCommand(Deno.execPath(), [
        "run",
        "--quiet",
        `--config=${CONFIG}`,
        ...args,
      ]);
    const base: number[] = [];
    const listFixtures: number[] = [];
    const importMod: number[] = [];
    for (let i = 0; i < 11; i++) {
      base.push(await run([empty]));
      listFixtures.push(
        await run([
          `--allow-read=${fixtures}`,
          CLI,
          "list",
          "--root",
          fixtures,
        ]),
      );
      importMod.push(await run([importer]));
    }
    const e = median(base);
    report(
      "(f) `skillscope list` of the 4 fixture skills / empty `deno run`",
      ratio(median(listFixtures), e),
      "≤ 1.5×",
    );
    report(
      '(f) `import { discover } from "./mod.ts"` / empty `deno run`',
      `${ratio(median(importMod), e)} (+${
        (median(importMod) - e).toFixed(0)
      } ms)`,
      "≤ 1.5× (under +15 ms)",
    );
    await Deno.remove(scratch, { recursive: true });
  }
}

/** Allocation per skill and (d) peak RSS. */
async function memoryGroup(): Promise<void> {
  // Allocation per skill: heap growth over one discoverSync of 10k uniform
  // skills, in a child whose young generation is large enough that no
  // collection runs (the child checks that the heap never shrank).
  {
    const samples = (JSON.parse(
      await probe(["discoverSync", "directorySource"], ALLOC_PROBE, [root10k], [
        "--v8-flags=--min-semi-space-size=512,--max-semi-space-size=512",
      ]),
    ) as number[]).filter((n) => Number.isFinite(n));
    report(
      "allocation per skill, `discoverSync` 10k uniform",
      samples.length === 0
        ? "unmeasured (a collection ran)"
        : `**${(median(samples) / 1024).toFixed(1)} KB**`,
      "≤ 3 KB",
    );
  }

  // (d) peak RSS
  {
    const rss = await peakRss(Deno.execPath(), listArgs(run, root10k));
    report(
      "(d) peak RSS, `skillscope list --json` 10k uniform",
      rss === undefined
        ? "skipped: no /usr/bin/time"
        : `**${rss.toFixed(0)} MiB**`,
      "≤ 90 MiB",
    );
  }

  // Peak RSS on the realistic corpus, as `deno run` runs the CLI and with
  // the V8 flag the installed and compiled CLI carry (README).
  {
    const count = run.quick ? 10_000 : 50_000;
    const root = realisticTree(count);
    const args = listArgs(run, root);
    const plain = await peakRss(Deno.execPath(), args);
    const flagged = await peakRss(Deno.execPath(), [
      args[0]!,
      "--v8-flags=--max-semi-space-size=2",
      ...args.slice(1),
    ]);
    report(
      `peak RSS, \`skillscope list --json\` realistic ${
        count / 1000
      }k: \`deno run\` / installed CLI's V8 flag`,
      plain === undefined || flagged === undefined
        ? "skipped: no /usr/bin/time"
        : `**${plain.toFixed(0)} MiB** / **${flagged.toFixed(0)} MiB**`,
      "≤ 197 MiB (⅔ of 295)",
    );
  }
}

/**
 * The longest pauses of a 1 ms interval timer while `discover()` runs over
 * `root`, `runs` times after one untimed run, in a child process of its
 * own: the heap this comparison has built by then would otherwise lengthen
 * the collections a program that only discovers would not make.
 */
async function longestGaps(root: string, runs: number): Promise<number[]> {
  return JSON.parse(
    await probe(["discover", "directorySource"], GAPS_PROBE, [
      root,
      String(runs),
    ]),
  ) as number[];
}

/** What the allocation probe runs (after its imports). */
const ALLOC_PROBE = `const root = Deno.args[0]!;
discoverSync({ sources: [directorySource(root)], cache: false });
const samples = [];
for (let i = 0; i < 3; i++) {
  const before = Deno.memoryUsage().heapUsed;
  const found = discoverSync({ sources: [directorySource(root)], cache: false });
  const after = Deno.memoryUsage().heapUsed;
  samples.push(after > before ? (after - before) / found.skills.length : NaN);
}
console.log(JSON.stringify(samples));
`;

/** What the event-loop probe runs (after its imports). */
const GAPS_PROBE = `const [root, runs] = [Deno.args[0]!, Number(Deno.args[1])];
async function longestGap(): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await discover({ sources: [directorySource(root)], cache: false });
  clearInterval(timer);
  return longest;
}
await longestGap();
const gaps = [];
for (let i = 0; i < runs; i++) gaps.push(await longestGap());
console.log(JSON.stringify(gaps));
`;

/** Where each function a probe imports lives. */
const PROBE_MODULES: Record<string, string> = {
  discover: "src/discover/discover.ts",
  discoverSync: "src/discover/discover.ts",
  directorySource: "src/discover/sources.ts",
};

/**
 * Runs `body` in a child `deno run` of its own, after importing `names`
 * from this checkout, with read access to its first argument (the tree);
 * returns what it printed.
 */
async function probe(
  names: readonly string[],
  body: string,
  args: readonly string[],
  flags: readonly string[] = [],
): Promise<string> {
  const dir = await Deno.makeTempDir();
  const script = join(dir, "probe.ts");
  const imports = names.map((name) =>
    `import { ${name} } from ${
      JSON.stringify(join(REPO, PROBE_MODULES[name]!))
    };`
  );
  Deno.writeTextFileSync(script, `${imports.join("\n")}\n${body}`);
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        `--config=${CONFIG}`,
        ...flags,
        `--allow-read=${args[0]}`,
        script,
        ...args,
      ],
      stdout: "piped",
    }).output();
    if (!out.success) throw new Error(`the probe failed on ${args[0]}`);
    return new TextDecoder().decode(out.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * `discover()` against `discoverSync()` over `root` in this process, pairs
 * alternated: the median of the pair ratios with their spread, and the
 * median times.
 */
async function asyncAgainstSync(root: string, pairs: number): Promise<string> {
  const sources = [directorySource(root)];
  // One untimed run of each warms the page cache and the JIT.
  discoverSync({ sources, cache: false });
  await discover({ sources, cache: false });
  const asyncTimes: number[] = [];
  const syncTimes: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    let t = performance.now();
    const expected = discoverSync({ sources, cache: false }).skills.length;
    const sync = performance.now() - t;
    t = performance.now();
    const found = (await discover({ sources, cache: false })).skills.length;
    const async = performance.now() - t;
    if (found !== expected) {
      throw new Error(
        `discover() found ${found} skills, discoverSync() ${expected}`,
      );
    }
    syncTimes.push(sync);
    asyncTimes.push(async);
    ratios.push(async / sync);
  }
  ratios.sort((a, b) => a - b);
  return `${median(asyncTimes).toFixed(0)} ms / ${
    median(syncTimes).toFixed(0)
  } ms: **${median(ratios).toFixed(2)}×** (${pairs} pairs, ${
    ratios[0]!.toFixed(2)
  }–${ratios.at(-1)!.toFixed(2)})`;
}

/** The longest event-loop gaps of the async `discover()`, and its time against the sync one. */
async function asyncGroup(): Promise<void> {
  // Event-loop gap of the async discover()
  {
    const gaps = await longestGaps(root10k, 5);
    report(
      "longest event-loop gap during `discover()` of 10k",
      `**${
        median(gaps).toFixed(1)
      } ms** (median of 5, in a process of its own)`,
      "≤ 20 ms",
    );
    if (quick) {
      report(
        "longest event-loop gap during `discover()` of 100k",
        "skipped (--quick)",
        "≤ 20 ms",
      );
    } else {
      const gaps100k = await longestGaps(benchTree(100_000), 3);
      report(
        "longest event-loop gap during `discover()` of 100k",
        `**${
          median(gaps100k).toFixed(1)
        } ms** (median of 3, in a process of its own)`,
        "≤ 20 ms",
      );
    }
  }
  // After the gaps: the pairs leave a larger heap behind.
  report(
    "`discover()` / `discoverSync()` in process, 10k uniform",
    await asyncAgainstSync(root10k, 9),
    "≤ 1.15×",
  );
  report(
    "`discover()` / `discoverSync()` in process, 100k uniform",
    quick ? "skipped (--quick)" : await asyncAgainstSync(benchTree(100_000), 7),
    "≤ 1.15×",
  );
}

/** The cache hit, the catalog with a budget, the bytes read for a 1 GiB `SKILL.md`. */
async function serveGroup(): Promise<void> {
  // Cache hit
  {
    const cache = new SkillCache();
    const sources = [directorySource(root10k)];
    discoverSync({ sources, cache });
    const times: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t = performance.now();
      discoverSync({ sources, cache });
      times.push(performance.now() - t);
    }
    report(
      "cache hit, 10k skills",
      `**${(median(times) * 1000).toFixed(1)} µs**`,
      "≤ 1 ms",
    );
  }

  // Catalog with a budget
  {
    const { skills } = discoverSync({
      sources: [directorySource(root10k)],
      cache: false,
    });
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      renderCatalog(skills, { format: "xml", maxChars: 8000 });
      times.push(performance.now() - t);
    }
    report(
      "catalog of 10k skills, XML, `maxChars: 8000`",
      `**${median(times).toFixed(1)} ms**`,
      "≤ 20 ms",
    );
    const tiered: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      renderCatalog(skills, { format: "xml", budget: { chars: 8000 } });
      tiered.push(performance.now() - t);
    }
    report(
      "catalog of 10k skills, XML, tiered `budget: { chars: 8000 }`",
      `**${median(tiered).toFixed(1)} ms**`,
      "≤ 20 ms",
    );
  }

  // A 1 GiB SKILL.md
  {
    const dir = await Deno.makeTempDir();
    const path = join(dir, "SKILL.md");
    const file = await Deno.open(path, { write: true, create: true });
    await file.write(
      new TextEncoder().encode("---\nname: big\ndescription: d\n---\n"),
    );
    await file.truncate(1024 ** 3);
    file.close();
    const head = readFrontmatterSync(path);
    report(
      "bytes read for a 1 GiB `SKILL.md`",
      `**${head.bytesRead}**`,
      "≤ 65536",
    );
    await Deno.remove(dir, { recursive: true });
  }
}

const groups: Record<Group, () => Promise<void>> = {
  floor: () => floorGroup(run, root10k),
  startup: startupGroup,
  memory: memoryGroup,
  async: asyncGroup,
  serve: serveGroup,
  openskills: () =>
    compareOpenskills(run, {
      ...(flags.pairs === undefined ? {} : { pairs: Number(flags.pairs) }),
    }),
};
for (const group of GROUPS) {
  if (only.has(group)) await groups[group]();
}

const table = rows.markdown();

console.log(`\n${table}`);

if (writeReadme) {
  const readme = join(REPO, "README.md");
  const text = Deno.readTextFileSync(readme);
  const begin = "<!-- compare:begin -->";
  const end = "<!-- compare:end -->";
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from === -1 || to < from) {
    throw new Error(`README.md has no ${begin} … ${end} block`);
  }
  const when = new Date().toISOString().slice(0, 10);
  const cpus = navigator.hardwareConcurrency;
  Deno.writeTextFileSync(
    readme,
    `${text.slice(0, from + begin.length)}
<!-- Generated by \`deno task compare${
      quick ? " --quick" : ""
    } --readme\` on ${when} (${cpus} CPUs, Deno ${Deno.version.deno}); do not edit by hand. -->

${table}

${text.slice(to)}`,
  );
  await new Deno.Command(Deno.execPath(), {
    args: ["fmt", readme],
    stderr: "null",
  }).output();
  console.log("README.md updated");
}
