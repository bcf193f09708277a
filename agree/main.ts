// Copyright 2026 the skillscope authors. MIT license.
/**
 * `deno task agree [CLIENT…] [--limit N] [--only DIMENSION] [--keep] [--report] [--retry]`
 * (`--only` keeps the stored verdicts of the other dimensions):
 * installs the pinned clients when missing, runs every scenario of each
 * (sequentially), prints `PASS`/`DIFF` per scenario and writes
 * `docs/agreement.md` from the latest results of every client (kept in the
 * cache directory between runs). `--report` only rewrites the document from
 * the stored results (after the reasons in `reasons.ts` changed); `--retry`
 * runs again only the stored scenarios whose run failed.
 *
 * @module
 */
import { join } from "../src/shared/path.ts";
import { corpus, DIMENSIONS } from "./corpus.ts";
import { findDriver, loadDrivers } from "./drivers.ts";
import { cacheRoot, ensureInstalled } from "./install.ts";
import {
  agreementMarkdown,
  type ClientResults,
  evaluate,
  type Evaluation,
  summarise,
  verdictLine,
} from "./report.ts";
import { REPO, runScenario } from "./run.ts";
import type { ClientDriver } from "./types.ts";

/** The parsed command line. */
export interface Options {
  readonly clients: readonly string[];
  readonly limit?: number | undefined;
  readonly only?: string | undefined;
  readonly keep: boolean;
  /** Only rewrite docs/agreement.md from the stored results (no client runs). */
  readonly report?: boolean;
  /** Run again only the stored scenarios that could not be compared (a failed run), keeping the rest. */
  readonly retry?: boolean;
}

/**
 * Parses the command line.
 *
 * @param args The arguments.
 * @returns The options.
 * @throws {Error} for an unknown flag or a bad value.
 */
export function parseArgs(args: readonly string[]): Options {
  const clients: string[] = [];
  let limit: number | undefined;
  let only: string | undefined;
  let keep = false;
  let report = false;
  let retry = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--report") {
      report = true;
    } else if (arg === "--retry") {
      retry = true;
    } else if (arg === "--limit") {
      limit = Number(args[++i]);
      if (!Number.isInteger(limit) || limit < 1) {
        throw new Error("--limit takes a positive whole number");
      }
    } else if (arg === "--only") {
      only = args[++i];
      if (only === undefined || !DIMENSIONS.includes(only)) {
        throw new Error(`--only takes one of ${DIMENSIONS.join(", ")}`);
      }
    } else if (arg === "--keep") {
      keep = true;
    } else if (arg.startsWith("-")) {
      throw new Error(`unknown option ${arg}`);
    } else {
      clients.push(arg);
    }
  }
  return {
    clients,
    limit,
    only,
    keep,
    ...(report ? { report } : {}),
    ...(retry ? { retry } : {}),
  };
}

function resultsFile(client: string): string {
  return join(cacheRoot(), "results", `${client}.json`);
}

async function readResults(client: string): Promise<ClientResults | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(resultsFile(client)));
  } catch {
    return undefined;
  }
}

async function runClient(
  driver: ClientDriver,
  options: Options,
): Promise<ClientResults> {
  const cacheDir = await ensureInstalled(driver);
  let scenarios = corpus(driver.name, { only: options.only });
  if (options.limit !== undefined) {
    scenarios = scenarios.slice(0, options.limit);
  }
  console.log(
    `# ${driver.name} ${driver.version}: ${scenarios.length} scenarios`,
  );
  // --retry: the stored verdicts stand, but for runs that failed.
  const stored = options.retry === true
    ? await readResults(driver.name)
    : undefined;
  const kept = new Map(
    (stored?.version === driver.version ? stored.evaluations : [])
      .filter((e) => e.error === undefined).map((e) => [e.id, e]),
  );
  const evaluations: Evaluation[] = [];
  for (const scenario of scenarios) {
    const before = kept.get(scenario.id);
    if (before !== undefined) {
      evaluations.push(before);
      continue;
    }
    const run = await runScenario(driver, scenario, {
      cacheDir,
      keep: options.keep,
    });
    const evaluation = evaluate(run, driver);
    evaluations.push(evaluation);
    console.log(
      verdictLine(evaluation) + (options.keep ? ` [${run.root}]` : ""),
    );
  }
  // --only: the stored verdicts of the other dimensions stand.
  const others = options.only === undefined
    ? []
    : ((await readResults(driver.name))?.version === driver.version
      ? (await readResults(driver.name))!.evaluations
      : []).filter((e) => e.dimension !== options.only);
  const order = new Map(corpus(driver.name).map((s, i) => [s.id, i]));
  const results = {
    client: driver.name,
    version: driver.version,
    evaluations: [...others, ...evaluations].sort((a, b) =>
      (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity)
    ),
  };
  const s = summarise(results);
  console.log(
    `# ${driver.name}: listing ${s.listingAgreed}/${s.scenarios}, doctor ${s.doctorAgreed}/${s.folders}`,
  );
  return results;
}

/**
 * Runs the task.
 *
 * @param args The command line.
 * @returns The exit code.
 */
export async function main(args: readonly string[]): Promise<number> {
  const options = parseArgs(args);
  const registry = await loadDrivers();
  for (const failure of registry.failures) {
    console.error(`driver ${failure.file} left out: ${failure.error}`);
  }
  const selected: ClientDriver[] = [];
  for (const name of options.clients) {
    const driver = findDriver(registry, name);
    if (driver === undefined) {
      console.error(`no driver for ${name}`);
      return 2;
    }
    selected.push(driver);
  }
  const drivers = options.report === true
    ? []
    : selected.length > 0
    ? selected
    : [...registry.drivers];
  await Deno.mkdir(join(cacheRoot(), "results"), { recursive: true });
  for (const driver of drivers) {
    const results = await runClient(driver, options);
    await Deno.writeTextFile(
      resultsFile(driver.name),
      JSON.stringify(results, null, 1),
    );
  }
  const all: ClientResults[] = [];
  for (const driver of registry.drivers) {
    const results = await readResults(driver.name);
    if (results !== undefined) all.push(results);
  }
  const doc = join(REPO, "docs/agreement.md");
  await Deno.writeTextFile(doc, agreementMarkdown(all));
  // Laid out as the repository's formatter lays out Markdown, so that
  // `deno fmt --check` holds for the file as written.
  const fmt = await new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--quiet", doc],
    cwd: REPO,
  }).output();
  if (!fmt.success) throw new Error(`deno fmt ${doc} failed`);
  console.log("wrote docs/agreement.md");
  return 0;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
