// Copyright 2026 the skillscope authors. MIT license.
/**
 * `search QUERY`: skills ranked by relevance to a query.
 *
 * @module
 */
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import { field, writeErr, writeJson, writeOut } from "./io.ts";
import { jsonOption, ROOTS_GROUP } from "./root_option_defs.ts";
import { openSkillSet } from "./open_skill_set.ts";
import { outputWidth, renderTable } from "./table.ts";

/** The option groups of `search`. */
const GROUPS = [ROOTS_GROUP, {
  title: "Options",
  options: {
    limit: { type: "string", arg: "N", help: "Most results (default 10)" },
    ...jsonOption(),
  },
}] as const satisfies readonly OptionGroup[];

/** `search QUERY`. */
export const searchCommand: CommandOf<typeof GROUPS> = {
  name: "search",
  usage: "search QUERY [--limit N] [--json]",
  description: "Ranks skills by BM25 over their names and descriptions.",
  examples: [
    'skillscope search "fill pdf form"',
    "skillscope search sql --limit 3 --json",
  ],
  groups: GROUPS,
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
    } else if (values.quiet !== true) {
      writeErr(`No skills match "${field(positionals.join(" "))}"\n`);
    }
    return EXIT.ok;
  },
};
