// Copyright 2026 the skillscope authors. MIT license.
/**
 * Side-by-side comparison, alternating the contenders in one run and
 * reporting medians and ratios:
 *
 * - (a) whole process: `skillscope list --json` on 10k skills vs a C raw-read
 *   floor (readdir + open + read 8 KiB + close per skill, built with `cc`);
 * - (b) in process: `discoverSync` vs an in-Deno raw-read floor;
 * - (c) scaling: 100k vs 10k skills;
 * - (d) peak RSS of the whole-process run;
 * - (e) whole process on the realistic 50k corpus (`realistic.ts`) vs the C floor;
 * - (f) start-up: `list` of the 4 fixtures and importing `mod.ts`, each vs an
 *   empty `deno run`;
 * - and the cache hit, the catalog with a budget, the event-loop gap of the
 *   async `discover()`, the bytes read for a 1 GiB SKILL.md.
 *
 * ```sh
 * deno task compare            # everything (generates a 100k tree once, ~1.5 GB)
 * deno task compare --quick    # without the 100k tree
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

function inDenoFloor(root: string): number {
  const buffer = new Uint8Array(8192);
  let bytes = 0;
  for (const entry of Deno.readDirSync(root)) {
    if (!entry.isDirectory) continue;
    const file = Deno.openSync(`${root}/${entry.name}/SKILL.md`);
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

const root10k = benchTree(10_000);

// (b) in process, alternating
{
  const ours: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < 11; i++) {
    let t = performance.now();
    inDenoFloor(root10k);
    floor.push(performance.now() - t);
    t = performance.now();
    discoverSync({ sources: [directorySource(root10k)], cache: false });
    ours.push(performance.now() - t);
  }
  const a = median(ours);
  const b = median(floor);
  report(
    "(b) discoverSync 10k / in-Deno raw-read floor",
    `${a.toFixed(1)} ms / ${b.toFixed(1)} ms = ${(a / b).toFixed(2)}x`,
    "<= 1.2x",
  );
}

// (a) whole process vs C, alternating
{
  const dir = await Deno.makeTempDir();
  const floorBin = join(dir, "floor");
  const haveCc = await buildFloor(floorBin);
  const listArgs = [
    "run",
    "--quiet",
    `--config=${CONFIG}`,
    `--allow-read=${root10k}`,
    CLI,
    "list",
    "--root",
    root10k,
    "--json",
  ];
  if (haveCc) {
    const ours: number[] = [];
    const c: number[] = [];
    for (let i = 0; i < 7; i++) {
      c.push(await timeCommand(floorBin, [root10k]));
      ours.push(await timeCommand(Deno.execPath(), listArgs));
    }
    const a = median(ours);
    const b = median(c);
    report(
      "(a) skillscope list --json 10k (whole process) / C raw-read floor",
      `${a.toFixed(0)} ms / ${b.toFixed(0)} ms = ${(a / b).toFixed(2)}x`,
      "<= 3x",
    );
  } else {
    report(
      "(a) whole process vs C floor",
      "skipped: no C compiler (cc)",
      "<= 3x",
    );
  }
  const rss = await peakRss(Deno.execPath(), listArgs);
  report(
    "(d) peak RSS, skillscope list --json 10k",
    rss === undefined ? "skipped: no /usr/bin/time" : `${rss.toFixed(0)} MiB`,
    "<= 120 MiB",
  );
  await Deno.remove(dir, { recursive: true });
}

// (c) scaling
if (!quick) {
  const root100k = benchTree(100_000);
  const small: number[] = [];
  const large: number[] = [];
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    discoverSync({ sources: [directorySource(root10k)], cache: false });
    small.push(performance.now() - t);
    t = performance.now();
    discoverSync({ sources: [directorySource(root100k)], cache: false });
    large.push(performance.now() - t);
  }
  const a = median(large);
  const b = median(small);
  report(
    "(c) discoverSync 100k / 10k",
    `${a.toFixed(0)} ms / ${b.toFixed(0)} ms = ${(a / b).toFixed(2)}x`,
    "<= 11x",
  );
} else {
  report("(c) 100k vs 10k", "skipped (--quick)", "<= 11x");
}

// (e) the realistic corpus, and (f) start-up, whole process, alternating
{
  const dir = await Deno.makeTempDir();
  const floorBin = join(dir, "floor");
  const haveCc = await buildFloor(floorBin);
  const count = quick ? 10_000 : 50_000;
  const realistic = realisticTree(count);
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
  if (haveCc) {
    const ours: number[] = [];
    const c: number[] = [];
    for (let i = 0; i < 5; i++) {
      c.push(await timeCommand(floorBin, [realistic]));
      ours.push(await timeCommand(Deno.execPath(), listArgs(realistic)));
    }
    const a = median(ours);
    const b = median(c);
    report(
      `(e) skillscope list --json, realistic ${
        count / 1000
      }k corpus / C raw-read floor`,
      `${a.toFixed(0)} ms / ${b.toFixed(0)} ms = ${(a / b).toFixed(2)}x`,
      "<= 6x",
    );
  } else {
    report(
      "(e) realistic corpus vs C floor",
      "skipped: no C compiler (cc)",
      "<= 6x",
    );
  }
  await Deno.remove(dir, { recursive: true });

  const empty = join(await Deno.makeTempDir(), "empty.ts");
  Deno.writeTextFileSync(empty, "");
  const importer = join(await Deno.makeTempDir(), "import.ts");
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
  report(
    "(f) skillscope list of the 4 fixture skills / empty deno run",
    `${median(listFixtures).toFixed(0)} ms / ${e.toFixed(0)} ms = ${
      (median(listFixtures) / e).toFixed(2)
    }x`,
    "<= 1.5x",
  );
  report(
    "(f) import { discover } from mod.ts / empty deno run",
    `${median(importMod).toFixed(0)} ms / ${e.toFixed(0)} ms = ${
      (median(importMod) / e).toFixed(2)
    }x`,
    "<= 1.5x",
  );
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
    `${(median(times) * 1000).toFixed(1)} µs`,
    "<= 1 ms",
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
    "catalog of 10k skills, xml, 8000-char budget",
    `${median(times).toFixed(1)} ms`,
    "<= 20 ms",
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
    "longest event-loop gap during discover() of 10k",
    `${median(gaps).toFixed(1)} ms (median of 5)`,
    "~20 ms",
  );
  if (!quick) {
    // At 100k a flat root's listing, its sort and the merge are each large:
    // the listing is read off the event loop, sort and merge run in slices.
    const gaps100k: number[] = [];
    const root100k = benchTree(100_000);
    for (let i = 0; i < 3; i++) gaps100k.push(await longestGap(root100k));
    report(
      "longest event-loop gap during discover() of 100k",
      `${median(gaps100k).toFixed(1)} ms (median of 3)`,
      "< 50 ms",
    );
  }
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
    "bytes read for a 1 GiB SKILL.md",
    `${head.bytesRead} bytes`,
    "<= 65536",
  );
  const unclosed = join(dir, "u", "SKILL.md");
  await Deno.mkdir(join(dir, "u"));
  const f2 = await Deno.open(unclosed, { write: true, create: true });
  await f2.write(new TextEncoder().encode("---\nname: big\n"));
  await f2.truncate(1024 ** 3);
  f2.close();
  const t = performance.now();
  try {
    readFrontmatterSync(unclosed);
  } catch {
    // frontmatter-too-large, after 64 KiB
  }
  report(
    "1 GiB SKILL.md never closed: time to give up",
    `${(performance.now() - t).toFixed(2)} ms`,
    "bounded",
  );
  await Deno.remove(dir, { recursive: true });
}

console.log("\n| measurement | result | target |\n| --- | --- | --- |");
for (const [what, figure, target] of rows) {
  console.log(`| ${what} | ${figure} | ${target} |`);
}
