// Copyright 2026 the skillscope authors. MIT license.
/**
 * The floor rows of `compare.ts`: skillscope's discovery against what any
 * safe loader must do per skill, in process (readdir, then lstat + open +
 * read 8 KiB + close) and as a whole process (the C raw-read floor,
 * `floor.c`).
 *
 * @module
 */
import { join } from "node:path";
import { discoverSync } from "../src/discover/discover.ts";
import { directorySource } from "../src/discover/sources.ts";
import { benchTree, realisticTree } from "./fixtures.ts";
import { type CompareRun, median, ratio, timeCommand } from "./measure.ts";

/**
 * `deno run` arguments of `skillscope list --root ROOT --json` with read
 * permission for ROOT only.
 *
 * @param run The repository.
 * @param root The tree.
 * @returns The arguments.
 */
export function listArgs(run: CompareRun, root: string): string[] {
  return [
    "run",
    "--quiet",
    `--config=${run.config}`,
    `--allow-read=${root}`,
    run.cli,
    "list",
    "--root",
    root,
    "--json",
  ];
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

/** Builds the C raw-read floor (`bench/floor.c`) at `out`; false without a C compiler. */
async function buildFloor(repo: string, out: string): Promise<boolean> {
  try {
    return (await new Deno.Command("cc", {
      args: ["-O2", "-o", out, join(repo, "bench", "floor.c")],
    }).output()).code === 0;
  } catch {
    return false;
  }
}

/**
 * The floor rows: (b) `discoverSync` in process against the in-Deno safe
 * floor, then (a), (c), (e) `list --json` as a whole process against the C
 * floor (`floor.c`), pairs alternated.
 *
 * @param run The table and the repository.
 * @param root10k The 10k uniform tree.
 */
export async function floorGroup(
  run: CompareRun,
  root10k: string,
): Promise<void> {
  const report = (what: string, figure: string, target: string): void =>
    run.rows.report(what, figure, target);
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
  const haveCc = await buildFloor(run.repo, floorBin);
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
      ours.push(await timeCommand(Deno.execPath(), listArgs(run, root)));
    }
    report(label, ratio(median(ours), median(c)), target);
  }
  await versusC(
    "(a) `skillscope list --json` 10k uniform, whole process / C floor (`bench/floor.c`)",
    root10k,
    7,
    "≤ 5×",
  );
  if (run.quick) {
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
    const count = run.quick ? 10_000 : 50_000;
    await versusC(
      `(e) \`skillscope list --json\` on the realistic ${
        count / 1000
      }k corpus, whole process / C floor`,
      realisticTree(count),
      run.quick ? 5 : 3,
      "≤ 6×",
    );
  }
  await Deno.remove(floorDir, { recursive: true });
}
