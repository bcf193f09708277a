// Copyright 2026 the skillscope authors. MIT license.
/**
 * A client's listing budget, as measured on its binary: Qwen Code renders
 * its `<available_skills>` block (its own bundled skills included) and, when
 * that is over its budget, lists every skill of the user's with the first
 * line of its description only (no ` — when_to_use`), its level kept. The
 * budget counts what the client sends, so each entry is measured as it
 * renders it (XML-escaped, in UTF-16 code units as JavaScript counts).
 *
 * Claude Code's and Codex's budgets are a share of the model's context
 * window, which skillscope cannot know: they are not applied.
 *
 * @module
 */
import type { ClientViewRules } from "./clients_table.ts";
import { type ViewRule, viewRule } from "./client_view_rule.ts";
// Qwen Code escapes the same five characters; what else this replaces
// (characters XML cannot carry) keeps the length, which is all that counts.
import { escapeXml } from "../shared/escape.ts";

/** What the budget reads of a listed skill. */
export interface BudgetEntry {
  /** The name it is listed under. */
  readonly name: string;
  /** Its description as rendered (unescaped). */
  readonly description: string;
  /** The skill's own description, scope and frontmatter. */
  readonly skill: {
    readonly description: string;
    readonly scope?: string | undefined;
    readonly frontmatter?: Readonly<Record<string, unknown>>;
  };
  /** The rules that shaped its entry. */
  readonly rendered: readonly ViewRule[];
}

/**
 * The length of an entry of the `<available_skills>` block: the description
 * as the client holds it (a `|` block keeps its last newline), then
 * ` — when_to_use`, then the level.
 */
function entryLength(v: BudgetEntry): number {
  const fm = v.skill.frontmatter ?? {};
  const description = typeof fm.description === "string"
    ? fm.description
    : v.skill.description;
  const when = typeof fm.when_to_use === "string" && fm.when_to_use !== ""
    ? ` \u2014 ${escapeXml(fm.when_to_use)}`
    : "";
  const level = v.skill.scope ?? "";
  return `<skill>\n<name>\n${escapeXml(v.name)}\n</name>\n<description>\n${
    escapeXml(description)
  }${when} (${level})\n</description>\n<location>\n${level}\n</location>\n</skill>`
    .length;
}

/**
 * The listed skills within the client's budget (see the module doc): as
 * given when the block fits, else each cut to the first line of its
 * description.
 *
 * @example Usage
 * ```ts
 * import { withinListingBudget } from "./client_budget.ts";
 * import { clientEntry } from "./client_profile.ts";
 * import assert from "node:assert/strict";
 *
 * const rules = clientEntry("qwen-code").view!;
 * const long = (i: number) => ({
 *   name: `s${i}`,
 *   description: `First line.\n${"More. ".repeat(60)} (project)`,
 *   skill: { description: `First line.\n${"More. ".repeat(60)}`, scope: "project" },
 *   rendered: [],
 * });
 * const listed = withinListingBudget([long(1), long(2), long(3), long(4), long(5), long(6)], rules, () => true);
 * assert.equal(listed[0]?.description, "First line. (project)");
 * assert.equal(withinListingBudget([long(1)], rules, () => true)[0]?.description, long(1).description);
 * ```
 *
 * @param listed The skills the client offers its model, in its order.
 * @param rules The client's view rules.
 * @param builtinListed Whether one of its own bundled skills is listed
 *   (not turned off by its settings).
 * @returns The skills as listed.
 */
export function withinListingBudget<T extends BudgetEntry>(
  listed: readonly T[],
  rules: ClientViewRules,
  builtinListed: (name: string) => boolean,
): T[] {
  const budget = rules.listingBudget?.value;
  if (budget === undefined) return [...listed];
  const builtins = Object.entries(budget.builtins)
    .filter(([name]) => builtinListed(name));
  const count = builtins.length + listed.length;
  const total = builtins.reduce((sum, [, chars]) => sum + chars, 0) +
    listed.reduce((sum, v) => sum + entryLength(v), 0) +
    Math.max(0, count - 1);
  if (total <= budget.chars) return [...listed];
  return listed.map((v) => {
    const level = v.skill.scope ?? "";
    const first = (v.skill.description.split("\n")[0] ?? "").trim();
    const description = `${first} (${level})`;
    if (description === v.description) return v;
    return {
      ...v,
      description,
      rendered: [
        ...v.rendered,
        viewRule(
          rules,
          "listingBudget",
          `its listing is over ${budget.chars} characters: the first line of its description only`,
        ),
      ],
    };
  });
}
