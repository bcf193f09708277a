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
 * - and the cache hit, the catalog with a budget, the bytes read for a 1 GiB
 *   SKILL.md.
 *
 * ```sh
 * deno task compare            # everything (generates the 100k tree and the 50k corpus once, ~3 GB)
 * deno task compare --quick    # 10k trees only (the 100k rows are skipped, the realistic row uses 10k)
 * deno task compare --readme   # and rewrites the table in README.md's Performance section
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { renderCatalog } from "../src/serve/catalog.ts";
import { SkillCache } from "../src/discover/scan_cache.ts";
import { discover, discoverSync } from "../src/discover/discover.ts";
import { readFrontmatterSync } from "../src/parse/frontmatter.ts";
import { directorySource } from "../src/discover/sources.ts";
import { benchTree, realisticTree } from "./fixtures.ts";

const quick = Deno.args.includes("--quick");
const writeReadme = Deno.args.includes("--readme");
const REPO = new URL("..", import.meta.url).pathname;
const CLI = join(REPO, "cli.ts");
const CONFIG = join(REPO, "deno.json");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[mid]!
    : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The in-Deno safe floor: what any loader that keeps the safety rule (never
 * open a `SKILL.md` that is not a regular file) must do per skill.
 */
function safeFloor(root: string): number {
  const buffer = new Uint8Array(8192);
  let bytes = 0;
  for (const entry of Deno.readDirSync(root)) {
    if (!entry.isDirectory) continue;
    const path = `${root}/${entry.name}/SKILL.md`;
    try {
      if (!Deno.lstatSync(path).isFile) continue;
    } catch {
      continue;
    }
    const file = Deno.openSync(path);
    bytes += file.readSync(buffer) ?? 0;
    file.close();
  }
  return bytes;
}

async function timeCommand(cmd: string, args: string[]): Promise<number> {
  const started = performance.now();
  const out = await new Deno.Command(cmd, {
    args,
    stdout: "null",
    stderr: "null",
  }).output();
  const elapsed = performance.now() - started;
  if (out.code !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} exited ${out.code}`);
  }
  return elapsed;
}

/** Builds the C raw-read floor (`bench/floor.c`) at `out`; false without a C compiler. */
async function buildFloor(out: string): Promise<boolean> {
  try {
    return (await new Deno.Command("cc", {
      args: ["-O2", "-o", out, join(REPO, "bench", "floor.c")],
    }).output()).code === 0;
  } catch {
    return false;
  }
}

async function peakRss(
  cmd: string,
  args: string[],
): Promise<number | undefined> {
  try {
    const out = await new Deno.Command("/usr/bin/time", {
      args: ["-f", "%M", cmd, ...args],
      stdout: "null",
      stderr: "piped",
    }).output();
    const kb = Number(
      new TextDecoder().decode(out.stderr).trim().split("\n").at(-1),
    );
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const rows: [string, string, string][] = [];
const report = (what: string, figure: string, target: string) => {
  rows.push([what, figure, target]);
  console.log(`${what}: ${figure}  (target ${target})`);
};
const ratio = (a: number, b: number, unit = "ms", digits = 0) =>
  `${a.toFixed(digits)} ${unit} / ${b.toFixed(digits)} ${unit} = **${
    (a / b).toFixed(2)
  }×**`;

const root10k = benchTree(10_000);
const listArgs = (root: string) => [
  "run",
  "--quiet",
  `--config=${CONFIG}`,
  `--allow-read=${root}`,
  CLI,
  "list",
  "--root",
  root,
  "--json",
];

// (b) in process, alternating
{
  const ours: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < 11; i++) {
    let t = performance.now();
    safeFloor(root10k);
    floor.push(performance.now() - t);
    t = performance.now();
    discoverSync({ sources: [directorySource(root10k)], cache: false });
    ours.push(performance.now() - t);
  }
  report(
    "(b) `discoverSync` 10k uniform / in-Deno safe floor (lstat + open + read 8 KiB + close)",
    ratio(median(ours), median(floor), "ms", 1),
    "≤ 1.5×",
  );
}

// (a), (c), (e): whole process vs the C floor, alternating
const floorDir = await Deno.makeTempDir();
const floorBin = join(floorDir, "floor");
const haveCc = await buildFloor(floorBin);
async function versusC(
  label: string,
  root: string,
  rounds: number,
  target: string,
): Promise<void> {
  if (!haveCc) {
    report(label, "skipped: no C compiler (cc)", target);
    return;
  }
  const ours: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < rounds; i++) {
    c.push(await timeCommand(floorBin, [root]));
    ours.push(await timeCommand(Deno.execPath(), listArgs(root)));
  }
  report(label, ratio(median(ours), median(c)), target);
}
await versusC(
  "(a) `skillscope list --json` 10k uniform, whole process / C floor (`bench/floor.c`)",
  root10k,
  7,
  "≤ 5×",
);
if (quick) {
  report(
    "(c) `list --json` 100k uniform / C floor",
    "skipped (--quick)",
    "≤ 3.5×",
  );
} else {
  await versusC(
    "(c) `skillscope list --json` 100k uniform, whole process / C floor",
    benchTree(100_000),
    3,
    "≤ 3.5×",
  );
}
{
  const count = quick ? 10_000 : 50_000;
  await versusC(
    `(e) \`skillscope list --json\` on the realistic ${
      count / 1000
    }k corpus, whole process / C floor`,
    realisticTree(count),
    quick ? 5 : 3,
    "≤ 6×",
  );
}
await Deno.remove(floorDir, { recursive: true });

// (f) start-up, alternating
const startUpMs: { empty: number; importMod: number } = {
  empty: 0,
  importMod: 0,
};
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
      await run([`--allow-read=${fixtures}`, CLI, "list", "--root", fixtures]),
    );
    importMod.push(await run([importer]));
  }
  const e = median(base);
  startUpMs.empty = e;
  startUpMs.importMod = median(importMod);
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

// Allocation per skill: heap growth over one discoverSync of 10k uniform
// skills, in a child whose young generation is large enough that no
// collection runs (the child checks that the heap never shrank).
{
  const probe = join(await Deno.makeTempDir(), "alloc.ts");
  Deno.writeTextFileSync(
    probe,
    `import { discoverSync } from ${
      JSON.stringify(join(REPO, "src/discover/discover.ts"))
    };
import { directorySource } from ${
      JSON.stringify(join(REPO, "src/discover/sources.ts"))
    };
const root = Deno.args[0]!;
discoverSync({ sources: [directorySource(root)], cache: false });
const samples = [];
for (let i = 0; i < 3; i++) {
  const before = Deno.memoryUsage().heapUsed;
  const found = discoverSync({ sources: [directorySource(root)], cache: false });
  const after = Deno.memoryUsage().heapUsed;
  samples.push(after > before ? (after - before) / found.skills.length : NaN);
}
console.log(JSON.stringify(samples));
`,
  );
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--config=${CONFIG}`,
      "--v8-flags=--min-semi-space-size=512,--max-semi-space-size=512",
      `--allow-read=${root10k}`,
      probe,
      root10k,
    ],
    stdout: "piped",
  }).output();
  const samples = (JSON.parse(new TextDecoder().decode(out.stdout)) as number[])
    .filter((n) => Number.isFinite(n));
  report(
    "allocation per skill, `discoverSync` 10k uniform",
    samples.length === 0
      ? "unmeasured (a collection ran)"
      : `**${(median(samples) / 1024).toFixed(1)} KB**`,
    "≤ 3 KB",
  );
  await Deno.remove(join(probe, ".."), { recursive: true });
}

// (d) peak RSS
{
  const rss = await peakRss(Deno.execPath(), listArgs(root10k));
  report(
    "(d) peak RSS, `skillscope list --json` 10k uniform",
    rss === undefined
      ? "skipped: no /usr/bin/time"
      : `**${rss.toFixed(0)} MiB**`,
    "≤ 90 MiB",
  );
}

/** The longest pause of a 1 ms interval timer while `discover()` runs over `root`. */
async function longestGap(root: string): Promise<number> {
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

// Event-loop gap of the async discover()
{
  const gaps: number[] = [];
  for (let i = 0; i < 5; i++) gaps.push(await longestGap(root10k));
  report(
    "longest event-loop gap during `discover()` of 10k",
    `**${median(gaps).toFixed(1)} ms** (median of 5)`,
    "≤ 20 ms",
  );
  if (quick) {
    report(
      "longest event-loop gap during `discover()` of 100k",
      "skipped (--quick)",
      "≤ 20 ms",
    );
  } else {
    const gaps100k: number[] = [];
    const root100k = benchTree(100_000);
    for (let i = 0; i < 3; i++) gaps100k.push(await longestGap(root100k));
    report(
      "longest event-loop gap during `discover()` of 100k",
      `**${median(gaps100k).toFixed(1)} ms** (median of 3)`,
      "≤ 20 ms",
    );
  }
}

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

const table = [
  "| measurement | result | target |",
  "| --- | --- | --- |",
  ...rows.map(([what, figure, target]) =>
    `| ${what} | ${figure} | ${target} |`
  ),
].join("\n");
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
