// Copyright 2026 the skillscope authors. MIT license.
/**
 * Judging a scenario run (listing and `doctor` against the client's own
 * listing), the one-line verdict printed per scenario, and
 * `docs/agreement.md`: per client the version, the scenario count, the
 * agreement on the listing and on `doctor`, and every remaining difference.
 *
 * @module
 */
import { OTHER_AGENTS } from "./other_agents.ts";
import {
  CLIENTS_THAT_SORT,
  compareDoctor,
  compareListing,
  type DoctorComparison,
  type ListingComparison,
  withoutBuiltins,
} from "./compare.ts";
import type { ScenarioRun } from "./run.ts";
import { reasonFor } from "./reasons.ts";
import type { ClientDriver } from "./types.ts";

/** The verdict on one scenario. */
export interface Evaluation {
  readonly id: string;
  readonly title: string;
  readonly dimension: string;
  /** Why there is nothing to compare (the client or skillscope failed). */
  readonly error?: string | undefined;
  readonly listing?: ListingComparison | undefined;
  readonly doctor: readonly DoctorComparison[];
  readonly listingAgrees: boolean;
  /** Folders where doctor agrees, of all folders. */
  readonly doctorAgreed: number;
}

/** Every evaluation of one client, as stored between runs. */
export interface ClientResults {
  readonly client: string;
  readonly version: string;
  readonly evaluations: readonly Evaluation[];
}

/**
 * Judges one scenario run.
 *
 * @param run The run.
 * @param driver The client's driver (its built-ins are left out).
 * @returns The evaluation.
 */
export function evaluate(run: ScenarioRun, driver: ClientDriver): Evaluation {
  const base = {
    id: run.scenario.id,
    title: run.scenario.title,
    dimension: run.scenario.dimension,
  };
  const error = run.error ??
    (run.skillscopeError === undefined
      ? undefined
      : `skillscope: ${run.skillscopeError}`);
  if (run.listing === undefined || run.skillscope === undefined) {
    const doctor = run.doctor.map((v) => ({
      folder: v.folder,
      name: v.name,
      sees: v.sees,
      listed: false,
      agree: false,
    }));
    return {
      ...base,
      error: error ?? "no listing",
      doctor,
      listingAgrees: false,
      doctorAgreed: 0,
    };
  }
  const client = withoutBuiltins(
    run.listing,
    driver.builtins ?? [],
    run.skillscope,
  );
  const listing = compareListing(client, run.skillscope, {
    sorts: CLIENTS_THAT_SORT.has(driver.name),
  });
  const doctor = compareDoctor(run.doctor, client, run.root);
  return {
    ...base,
    listing,
    doctor,
    listingAgrees: listing.agree,
    doctorAgreed: doctor.filter((d) => d.agree).length,
  };
}

function clip(text: string | undefined, max = 100): string {
  if (text === undefined) return "(none)";
  const one = JSON.stringify(text);
  return one.length > max ? `${one.slice(0, max - 1)}…"` : one;
}

/**
 * What differed in a scenario, as short phrases (empty when it agrees).
 *
 * @param e The evaluation.
 * @returns The differences.
 */
export function differences(e: Evaluation): string[] {
  if (e.error !== undefined) return [`no comparison: ${e.error}`];
  const out: string[] = [];
  const l = e.listing;
  if (l !== undefined) {
    if (l.missing.length > 0) {
      out.push(
        `the client offers, skillscope does not list: ${l.missing.join(", ")}`,
      );
    }
    if (l.extra.length > 0) {
      out.push(
        `skillscope lists, the client does not offer: ${l.extra.join(", ")}`,
      );
    }
    for (const d of l.descriptions) {
      out.push(
        `description of ${d.name}: client ${clip(d.client)}, skillscope ${
          clip(d.skillscope)
        }`,
      );
    }
    if (l.orderDiffers) {
      out.push(`order differs${l.orderCounts ? "" : " (not counted)"}`);
    }
  }
  for (const d of e.doctor) {
    if (d.agree) continue;
    out.push(
      `doctor ${d.folder}: says ${d.sees}, the client ${
        d.listed ? "lists" : "does not list"
      } ${d.name ?? "it"}`,
    );
  }
  return out;
}

/**
 * The line printed for a scenario: `PASS id` or `DIFF id: …`.
 *
 * @param e The evaluation.
 * @returns The line.
 */
export function verdictLine(e: Evaluation): string {
  const diffs = differences(e);
  const failing = !e.listingAgrees || e.doctorAgreed < e.doctor.length;
  if (!failing) {
    return diffs.length === 0
      ? `PASS ${e.id}`
      : `PASS ${e.id} (${diffs.join("; ")})`;
  }
  return `DIFF ${e.id}: ${diffs.join("; ")}`;
}

/** A client's agreement numbers. */
export interface Summary {
  readonly scenarios: number;
  readonly listingAgreed: number;
  readonly folders: number;
  readonly doctorAgreed: number;
}

/**
 * A client's agreement numbers.
 *
 * @param results The client's evaluations.
 * @returns The counts.
 */
export function summarise(results: ClientResults): Summary {
  const e = results.evaluations;
  return {
    scenarios: e.length,
    listingAgreed: e.filter((x) => x.listingAgrees).length,
    folders: e.reduce((n, x) => n + x.doctor.length, 0),
    doctorAgreed: e.reduce((n, x) => n + x.doctorAgreed, 0),
  };
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${(100 * part / whole).toFixed(1)}%`;
}

/**
 * `docs/agreement.md` from every client's results.
 *
 * @param all Each client's results, in run order.
 * @returns The Markdown.
 */
export function agreementMarkdown(all: readonly ClientResults[]): string {
  const lines = [
    "# Agreement with the real agents",
    "",
    "Written by `deno task agree`: each real agent, installed from npm, runs one turn offline (a",
    "network namespace with only loopback, a stand-in model API on 127.0.0.1) in each generated",
    "tree; the skills it offered its model are read from the request it sent and compared with",
    "`skillscope list --client NAME --json` (names, descriptions after whitespace normalisation,",
    "order where the client sorts) and with `doctor` for every skill folder (`unknown` counts as a",
    "disagreement). Built-in skills the client ships are left out.",
    "",
    "| Client | Version | Scenarios | Listing agrees | doctor agrees (folders) |",
    "| --- | --- | ---: | ---: | ---: |",
  ];
  for (const r of all) {
    const s = summarise(r);
    lines.push(
      `| ${r.client} | ${r.version} | ${s.scenarios} | ${
        percent(s.listingAgreed, s.scenarios)
      } (${s.listingAgreed}) | ${
        percent(s.doctorAgreed, s.folders)
      } (${s.doctorAgreed}/${s.folders}) |`,
    );
  }
  for (const r of all) {
    lines.push("", `## ${r.client} ${r.version}`, "");
    const failing = r.evaluations.filter((e) =>
      !e.listingAgrees || e.doctorAgreed < e.doctor.length
    );
    if (failing.length === 0) {
      lines.push("Every scenario agrees.");
      continue;
    }
    lines.push(
      failing.length === 1
        ? "1 scenario differs:"
        : `${failing.length} scenarios differ:`,
      "",
    );
    for (const e of failing) {
      lines.push(`- \`${e.id}\` (${e.title}):`);
      for (const d of differences(e)) {
        lines.push(`  - ${d.replaceAll("\n", " ")}`);
      }
      lines.push(
        `  - reason: ${
          reasonFor(e.id) ??
            "not yet explained (run it again to see whether it repeats)"
        }`,
      );
    }
  }
  lines.push(
    "",
    "## Other agents tried",
    "",
    "| Agent | Package | Version | Joined the harness | How it runs, or why it cannot |",
    "| --- | --- | --- | --- | --- |",
  );
  for (const agent of OTHER_AGENTS) {
    lines.push(
      `| ${agent.name} | \`${agent.package}\` | ${agent.version} | ${
        agent.status === "joined" ? "yes" : "no"
      } | ${agent.why.replaceAll("|", "\\|").replaceAll("\n", " ")} |`,
    );
  }
  return lines.join("\n") + "\n";
}
