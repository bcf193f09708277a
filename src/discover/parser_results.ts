// Copyright 2026 the skillscope authors. MIT license.
/**
 * Discovery results and the full YAML parser: a result made while the full
 * parser read a frontmatter holds what only that parser reads, so a call
 * that was not given the parser (a synchronous one without `yamlParser`) is
 * never answered from it — its answer does not depend on what ran before it
 * in the process. And the one place an asynchronous discovery loads the
 * parser.
 *
 * @module
 */
import {
  fullParseCount,
  loadYamlParser,
  type YamlParser,
  yamlParserLoaded,
} from "../parse/yaml.ts";
import type { ScanReply } from "./scan_step.ts";

// Results made with the full YAML parser.
const byFullParser = new WeakSet<object>();

/**
 * Marks `result` as made with the full parser when it parsed a document
 * since `since` (a {@linkcode fullParseCount} taken before making it).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fullParseCount } from "../parse/yaml.ts";
 * import { markFullParse, usable } from "./parser_results.ts";
 *
 * const scan = {};
 * markFullParse(scan, fullParseCount());
 * assert.equal(usable(scan), scan); // nothing was parsed by the full parser
 * ```
 *
 * @param result A scan or a loaded embedded skill.
 * @param since The parse count before it was made.
 */
export function markFullParse(result: object, since: number): void {
  if (fullParseCount() !== since) byFullParser.add(result);
}

/**
 * A cached result if it may answer the running call: always when the call
 * has the full parser, else only when the result was made without it.
 *
 * @param cached The cached result, if any.
 * @returns It, or `undefined` (scan again).
 */
export function usable<T extends object>(cached: T | undefined): T | undefined {
  return cached !== undefined &&
      (yamlParserLoaded() || !byFullParser.has(cached))
    ? cached
    : undefined;
}

/**
 * Loads the full YAML parser for the rest of an asynchronous discovery: the
 * handle, or the failure as the reply to the step that asked for it.
 *
 * @returns The handle (or none), and the reply for the step.
 */
export async function loadParser(): Promise<
  { parser: YamlParser | undefined; reply: ScanReply }
> {
  try {
    return { parser: await loadYamlParser(), reply: undefined };
  } catch (error) {
    return {
      parser: undefined,
      reply: error instanceof Error ? error : new Error(String(error)),
    };
  }
}
