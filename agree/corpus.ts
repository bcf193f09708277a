// Copyright 2026 the skillscope authors. MIT license.
/**
 * The scenario corpus: for each client, trees covering issue 41 §2's
 * dimensions, built from the client's roots in skillscope's client table.
 * Deterministic: the same table gives the same scenarios, in the same order.
 *
 * @module
 */
import { layoutOf } from "./corpus_layout.ts";
import { depthCases, rootCases, walkCases } from "./corpus_roots.ts";
import {
  countCases,
  descriptionCases,
  parsingCases,
} from "./corpus_content.ts";
import {
  duplicateCases,
  legacyCases,
  visibilityCases,
} from "./corpus_identity.ts";
import { scenarioOf } from "./corpus_layout.ts";
import { settingsCases } from "./corpus_settings.ts";
import { budgetCases } from "./corpus_budget.ts";
import type { Scenario } from "./types.ts";

/** The dimensions, in corpus order. */
export const DIMENSIONS: readonly string[] = [
  "roots",
  "walk",
  "depth",
  "counts",
  "parsing",
  "descriptions",
  "duplicates",
  "visibility",
  "legacy",
  "settings",
  "budget",
];

/**
 * Every scenario of a client.
 *
 * @param client skillscope's name of the client (`claude`, `qwen-code`, …).
 * @param options Only one dimension, if given.
 * @returns The scenarios, ids unique.
 * @throws {TypeError} for a client the table does not know.
 */
export function corpus(
  client: string,
  options: { readonly only?: string | undefined } = {},
): Scenario[] {
  const layout = layoutOf(client);
  const cases = [
    ...rootCases(layout),
    ...walkCases(layout),
    ...depthCases(layout),
    ...countCases(layout),
    ...parsingCases(layout),
    ...descriptionCases(layout),
    ...duplicateCases(layout),
    ...visibilityCases(layout),
    ...legacyCases(layout),
    ...settingsCases(layout),
    ...budgetCases(layout),
  ];
  return cases
    .filter((c) => options.only === undefined || c.dimension === options.only)
    .map((c) => scenarioOf(client, c));
}
