// Copyright 2026 the skillscope authors. MIT license.
/**
 * The commands that find skills for a task or a prompt: `match`, `search`, `catalog`.
 *
 * @module
 */
import {
  type CatalogFormat,
  renderCatalogWithReport,
} from "../serve/catalog.ts";
import type { Command } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeJson, writeOut } from "./io.ts";
import { jsonOption, ROOTS_GROUP } from "./root_options.ts";
import { approvalOption, openSkillSet } from "./open_skill_set.ts";
import { outputWidth, renderTable } from "./table.ts";

/** `match PATH...`. */
export const matchCommand: Command = {
  name: "match",
  usage: "match PATH... [--json]",
  description:
    'Prints the names of the matching skills.\n--json: { "matched": [{ name, path, globs, alwaysApply }] }.',
  examples: [
    "skillscope match db/001_init.sql",
    "skillscope match src/app.ts --json",
  ],
  groups: [ROOTS_GROUP, { title: "Options", options: jsonOption() }],
  async run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError('"match" needs at least one PATH');
    }
    const set = await openSkillSet(values);
    const matched = set.match(positionals);
    if (values.json === true) {
      writeJson({
        matched: matched.map((s) => ({
          name: s.name,
          path: s.path ?? s.source.key,
          globs: s.globs ?? [],
          alwaysApply: s.alwaysApply ?? false,
        })),
      });
    } else if (matched.length > 0) {
      writeOut(`${matched.map((s) => field(s.name)).join("\n")}\n`);
    }
    return EXIT.ok;
  },
};

/** `search QUERY`. */
export const searchCommand: Command = {
  name: "search",
  usage: "search QUERY [--limit N] [--json]",
  description: "Ranks skills by BM25 over their names and descriptions.",
  examples: [
    'skillscope search "fill pdf form"',
    "skillscope search sql --limit 3 --json",
  ],
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: {
      limit: { type: "string", arg: "N", help: "Most results (default 10)" },
      ...jsonOption(),
    },
  }],
  async run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError('"search" needs a QUERY');
    }
    const limit = values.limit === undefined ? 10 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) {
      throw new UsageError(
        `--limit must be a positive integer, got "${values.limit}"`,
      );
    }
    const set = await openSkillSet(values);
    const hits = set.search(positionals.join(" "), { limit });
    if (values.json === true) {
      writeJson(
        hits.map((h) => ({
          name: h.skill.name,
          score: h.score,
          description: h.skill.description,
        })),
      );
    } else if (hits.length > 0) {
      const width = outputWidth();
      writeOut(renderTable(
        ["NAME", "SCORE", "DESCRIPTION"],
        hits.map((h) => [
          field(h.skill.name),
          h.score.toFixed(3),
          field(h.skill.description.replace(/\s+/g, " ")),
        ]),
        { ...(width === undefined ? {} : { width }), shrink: 2 },
      ));
    }
    return EXIT.ok;
  },
};

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
