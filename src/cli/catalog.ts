// Copyright 2026 the skillscope authors. MIT license.
/**
 * `catalog`: the skill catalog for a system prompt, within a budget.
 *
 * @module
 */
import {
  type CatalogFormat,
  renderCatalogWithReport,
} from "../serve/catalog.ts";
import type { Command } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import { writeErr, writeOut } from "./io.ts";
import { ROOTS_GROUP } from "./root_options.ts";
import { approvalOption, openSkillSet } from "./open_skill_set.ts";

const FORMATS: readonly CatalogFormat[] = [
  "xml",
  "json",
  "markdown",
  "skills-ref",
];

/** `catalog`. */
export const catalogCommand: Command = {
  name: "catalog",
  usage:
    "catalog [--format xml|json|markdown|skills-ref] [--max-chars N | --max-tokens N | --context-window N]",
  description:
    "Prints the catalog sorted by name; nothing at all when there are no skills.",
  examples: [
    "skillscope catalog",
    "skillscope catalog --format markdown --max-chars 4000",
  ],
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: {
      format: {
        type: "string",
        arg: "F",
        help:
          "xml (default), json, markdown, or skills-ref (the reference tool's to-prompt output)",
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
      ...approvalOption("List"),
    },
  }],
  async run(values): Promise<number> {
    const format = (values.format ?? "xml") as CatalogFormat;
    if (!FORMATS.includes(format)) {
      throw new UsageError(
        `--format must be one of ${FORMATS.join(", ")}, got "${values.format}"`,
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
    const count = (key: string): number | undefined => {
      const raw = values[key];
      if (raw === undefined) return undefined;
      const n = Number(raw);
      if (!Number.isInteger(n) || n <= 0) {
        throw new UsageError(
          `--${key} must be a positive integer, got "${raw}"`,
        );
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
    const set = await openSkillSet(values, { report: true });
    const { text, cuts } = renderCatalogWithReport(set.list(), {
      format,
      ...(budget === undefined ? {} : { budget }),
      ...(maxChars === undefined ? {} : { maxChars }),
      ...(set.options.overrides === undefined
        ? {}
        : { overrides: set.options.overrides }),
    });
    const limitText = budget === undefined
      ? `--max-chars ${maxChars}`
      : `the budget of ${cuts.limit?.max} ${cuts.limit?.unit}`;
    if (cuts.nothingFits) {
      throw new CliError(
        `${limitText} is too small for even one skill's name; nothing was printed`,
      );
    }
    if (text !== "") writeOut(`${text}\n`);
    // What the budget cut, for the person who set it.
    const cut: string[] = [];
    if (cuts.locationsDropped) cut.push("locations left out");
    if (cuts.descriptionsShortenedTo !== undefined) {
      cut.push(
        `descriptions shortened to ${cuts.descriptionsShortenedTo} characters`,
      );
    }
    if (cuts.nameOnly !== undefined && cuts.nameOnly.length > 0) {
      cut.push(`listed by name only: ${cuts.nameOnly.join(", ")}`);
    } else if (cuts.descriptionsDropped) cut.push("descriptions left out");
    if (cuts.omittedNames !== undefined && cuts.omittedNames.length > 0) {
      cut.push(`left out: ${cuts.omittedNames.join(", ")}`);
    } else if (cuts.omitted > 0) {
      cut.push(`${cuts.omitted} skill${cuts.omitted === 1 ? "" : "s"} omitted`);
    }
    if (cuts.capped !== undefined && cuts.capped.length > 0) {
      cut.push(`descriptions capped: ${cuts.capped.join(", ")}`);
    }
    if (cut.length > 0 && values.quiet !== true) {
      writeErr(`catalog: over ${limitText}: ${cut.join("; ")}\n`);
    }
    return EXIT.ok;
  },
};
