// Copyright 2026 the skillscope authors. MIT license.
/**
 * Measuring helpers shared by the side-by-side benchmarks: medians and
 * percentiles, the wall time and peak RSS of a whole process, and the table
 * rows they report.
 *
 * @module
 */

/** Where a child process runs: its working directory and extra environment. */
export interface ProcessOptions {
  /** Working directory (default: this process's). */
  readonly cwd?: string;
  /** Variables added to the inherited environment. */
  readonly env?: Record<string, string>;
}

/**
 * The median of `values` (the mean of the middle two for an even count).
 *
 * @param values Samples (not modified).
 * @returns The median, `NaN` for no samples.
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[mid]!
    : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The `p`-th percentile of sorted samples (nearest rank).
 *
 * @param sorted Samples in ascending order.
 * @param p From 0 to 100.
 * @returns The sample at that rank, `NaN` for no samples.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * Runs a command to completion with its output discarded and returns its
 * wall time.
 *
 * @param cmd The program.
 * @param args Its arguments.
 * @param options Working directory and environment.
 * @returns Milliseconds from spawn to exit.
 * @throws {Error} when it exits non-zero.
 */
export async function timeCommand(
  cmd: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<number> {
  const started = performance.now();
  const out = await new Deno.Command(cmd, {
    args: [...args],
    stdout: "null",
    stderr: "null",
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
  }).output();
  const elapsed = performance.now() - started;
  if (out.code !== 0) {
    throw new Error(`"${cmd} ${args.join(" ")}" exited ${out.code}`);
  }
  return elapsed;
}

/**
 * The peak resident set of a whole process, measured by `/usr/bin/time`.
 *
 * @param cmd The program.
 * @param args Its arguments.
 * @param options Working directory and environment.
 * @returns MiB, or `undefined` without `/usr/bin/time`.
 */
export async function peakRss(
  cmd: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<number | undefined> {
  try {
    const out = await new Deno.Command("/usr/bin/time", {
      args: ["-f", "%M", cmd, ...args],
      stdout: "null",
      stderr: "piped",
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.env === undefined ? {} : { env: options.env }),
    }).output();
    const kb = Number(
      new TextDecoder().decode(out.stderr).trim().split("\n").at(-1),
    );
    return out.success && Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** What every group of rows of `compare.ts` is given. */
export interface CompareRun {
  /** The table. */
  readonly rows: Rows;
  /** 10k trees only (`--quick`). */
  readonly quick: boolean;
  /** The repository's root. */
  readonly repo: string;
  /** Its `cli.ts`. */
  readonly cli: string;
  /** Its `deno.json` (with the `cli` permission set). */
  readonly config: string;
}

/** One row of a results table: what was measured, the figure, the target. */
export type Row = [what: string, figure: string, target: string];

/**
 * A results table that prints each row as it comes and renders them all as
 * Markdown at the end.
 */
export class Rows {
  readonly #rows: Row[] = [];

  /**
   * Adds a row and prints it.
   *
   * @param what What was measured.
   * @param figure The result.
   * @param target The target it is held to.
   */
  report(what: string, figure: string, target: string): void {
    this.#rows.push([what, figure, target]);
    console.log(`${what}: ${figure}  (target ${target})`);
  }

  /**
   * The rows as a Markdown table.
   *
   * @returns The table.
   */
  markdown(): string {
    return [
      "| measurement | result | target |",
      "| --- | --- | --- |",
      ...this.#rows.map(([what, figure, target]) =>
        `| ${what} | ${figure} | ${target} |`
      ),
    ].join("\n");
  }
}

/**
 * `a unit / b unit = **a/b×**`.
 *
 * @param a Numerator.
 * @param b Denominator.
 * @param unit Unit shown after each figure.
 * @param digits Decimals of the figures.
 * @returns The text.
 */
export function ratio(a: number, b: number, unit = "ms", digits = 0): string {
  return `${a.toFixed(digits)} ${unit} / ${b.toFixed(digits)} ${unit} = **${
    (a / b).toFixed(2)
  }×**`;
}
