// Copyright 2026 the skillscope authors. MIT license.
/**
 * The catalog options `catalog` and `sync` share: the format, the budget,
 * and the line that says what a budget cut.
 *
 * @module
 */
import { DEFAULT_MAX_CATALOG_CHARS } from "../serve/catalog_budget.ts";
import {
  type CatalogFormat,
  type CatalogOptions,
  renderCatalogWithReport,
} from "../serve/catalog.ts";
import type { Skill } from "../shared/types.ts";
import type { StringDef } from "./command.ts";
import { guessOf, type ValuesOf } from "./parse_args.ts";
import { CliError, UsageError } from "./errors.ts";
import { field, writeErr } from "./io.ts";
import type { SkillSet } from "../serve/skill_set.ts";

const FORMATS: readonly CatalogFormat[] = [
  "xml",
  "json",
  "markdown",
  "skills-ref",
];

/** The declarations of `--format`, `--max-chars`, `--max-tokens` and `--context-window`. */
export type CatalogOptionDefs = Readonly<
  Record<"format" | "max-chars" | "max-tokens" | "context-window", StringDef>
>;

/**
 * The options of the catalog's format and budget.
 *
 * @param defaultFormat The format without `--format`.
 * @returns The option declarations.
 */
export function catalogOptions(
  defaultFormat: CatalogFormat,
): CatalogOptionDefs {
  return {
    format: {
      type: "string",
      arg: "F",
      help:
        `xml, json, markdown or skills-ref (the reference tool's to-prompt output); default ${defaultFormat}`,
    },
    "max-chars": {
      type: "string",
      arg: "N",
      help: "Budget: shorten, then drop descriptions, then omit skills",
    },
    "max-tokens": {
      type: "string",
      arg: "N",
      help:
        "Budget in tokens (estimated), with tiers: always-apply skills kept longest",
    },
    "context-window": {
      type: "string",
      arg: "N",
      help: "Budget: 2% of a context window of N tokens",
    },
  };
}

/** What the catalog options ask for, checked. */
export interface CatalogSettings {
  /** The format. */
  readonly format: CatalogFormat;
  /** The token budget, if one was given. */
  readonly budget: { tokens: number } | { contextWindow: number } | undefined;
  /** The character budget, if one was given. */
  readonly maxChars: number | undefined;
}

/**
 * Checks the catalog options, before any skill is read: a bad format or
 * budget is a usage error whatever the roots hold.
 *
 * @example Usage
 * ```ts
 * import { catalogSettings } from "./catalog_options.ts";
 * import assert from "node:assert/strict";
 *
 * const values = { format: undefined, "max-chars": "100", "max-tokens": undefined, "context-window": undefined };
 * assert.equal(catalogSettings(values, "xml").maxChars, 100);
 * assert.throws(() => catalogSettings({ ...values, format: "md" }, "xml"), /--format must be one of/);
 * ```
 *
 * @param values Parsed option values.
 * @param defaultFormat The format without `--format`.
 * @returns The settings.
 * @throws {UsageError} for a bad format or budget.
 */
export function catalogSettings(
  values: ValuesOf<CatalogOptionDefs>,
  defaultFormat: CatalogFormat,
): CatalogSettings {
  const wanted = values.format ?? defaultFormat;
  const format = FORMATS.find((f) => f === wanted);
  if (format === undefined) {
    throw new UsageError(
      `--format must be one of ${FORMATS.join(", ")}, got "${values.format}"${
        guessOf(wanted, FORMATS)
      }`,
    );
  }
  const raw = values["max-chars"];
  const maxChars = raw === undefined ? undefined : Number(raw);
  if (
    maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < 0)
  ) {
    throw new UsageError(
      `--max-chars must be a non-negative integer, got "${raw}"`,
    );
  }
  const count = (key: "max-tokens" | "context-window"): number | undefined => {
    const raw = values[key];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) {
      throw new UsageError(`--${key} must be a positive integer, got "${raw}"`);
    }
    return n;
  };
  const maxTokens = count("max-tokens");
  const contextWindow = count("context-window");
  const budget = maxTokens !== undefined
    ? { tokens: maxTokens }
    : contextWindow !== undefined
    ? { contextWindow }
    : undefined;
  return { format, budget, maxChars };
}

/**
 * Renders the catalog of a skill set with checked settings, and says on
 * stderr what a budget cut (unless `quiet`).
 *
 * @param set The skill set.
 * @param settings What {@linkcode catalogSettings} made of the options.
 * @param options `quiet`; `skills` to render instead of the set's (the same
 *   skills with other paths, say).
 * @returns The catalog text (empty for no skills, except in `skills-ref`).
 * @throws {CliError} when the budget is too small for one name.
 */
export function renderCatalogFor(
  set: SkillSet,
  settings: CatalogSettings,
  options: { quiet: boolean; skills?: readonly Skill[] },
): string {
  const { format, budget, maxChars } = settings;
  const render: CatalogOptions = {
    format,
    ...(budget === undefined ? {} : { budget }),
    ...(maxChars === undefined ? {} : { maxChars }),
    ...(set.options.overrides === undefined
      ? {}
      : { overrides: set.options.overrides }),
  };
  const { text, cuts } = renderCatalogWithReport(
    options.skills ?? set.list(),
    render,
  );
  const limitText = budget !== undefined
    ? `the budget of ${cuts.limit?.max} ${cuts.limit?.unit}`
    : maxChars !== undefined
    ? `--max-chars ${maxChars}`
    : `the default budget of ${DEFAULT_MAX_CATALOG_CHARS} characters`;
  if (cuts.nothingFits) {
    throw new CliError(
      `${limitText} is too small for even one skill's name; nothing was printed`,
    );
  }
  // What the budget cut, for the person who set it (names from skill
  // files: one line each, whatever they hold).
  const cut: string[] = [];
  if (cuts.locationsDropped) cut.push("locations left out");
  if (cuts.descriptionsShortenedTo !== undefined) {
    cut.push(
      `descriptions shortened to ${cuts.descriptionsShortenedTo} characters`,
    );
  }
  if (cuts.nameOnly !== undefined && cuts.nameOnly.length > 0) {
    cut.push(`listed by name only: ${cuts.nameOnly.map(field).join(", ")}`);
  } else if (cuts.descriptionsDropped) cut.push("descriptions left out");
  if (cuts.omittedNames !== undefined && cuts.omittedNames.length > 0) {
    cut.push(`left out: ${cuts.omittedNames.map(field).join(", ")}`);
  } else if (cuts.omitted > 0) {
    cut.push(`${cuts.omitted} skill${cuts.omitted === 1 ? "" : "s"} omitted`);
  }
  if (cuts.capped !== undefined && cuts.capped.length > 0) {
    cut.push(`descriptions capped: ${cuts.capped.map(field).join(", ")}`);
  }
  if (cut.length > 0 && !options.quiet) {
    writeErr(`catalog: over ${limitText}: ${cut.join("; ")}\n`);
  }
  return text;
}
