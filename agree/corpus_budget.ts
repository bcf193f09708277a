// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `budget` cases: listings just under and just over a client's listing
 * budget, and far over it (Qwen Code: 8,000 characters, its own bundled
 * skills counted). Clients whose budget is a share of the model's context
 * window (Claude Code, Codex) have none: skillscope does not apply those.
 *
 * @module
 */
import { type Case, describe, one, skillMd } from "./corpus_layout.ts";
import type { Layout } from "./corpus_layout.ts";
import type { TreeEntry } from "./types.ts";

/** A skill with a two-line `|` description and a `when_to_use`. */
function twoLines(dir: string, name: string): Record<string, TreeEntry> {
  return {
    [`${dir}/${name}/SKILL.md`]: skillMd(name, "|", {
      lines: [
        `  First line of ${name}.`,
        `  Second line of ${name}.`,
        `when_to_use: When ${name} applies.`,
      ],
    }),
  };
}

/**
 * The budget cases of a client (Qwen Code only).
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function budgetCases(l: Layout): Case[] {
  if (l.client !== "qwen-code") return [];
  const d = "budget";
  const p = l.p;
  const control = {
    [`${p}/control/SKILL.md`]: skillMd("control", describe("control")),
  };
  const filler = (chars: number): Record<string, TreeEntry> => ({
    [`${p}/filler/SKILL.md`]: skillMd("filler", "F".repeat(chars)),
  });
  const many: Record<string, TreeEntry> = {};
  for (let i = 0; i < 12; i++) {
    Object.assign(many, twoLines(p, `s${String(i).padStart(2, "0")}`));
  }
  return [
    one(d, "just-under", "a two-line description, the listing under 8,000", {
      ...control,
      ...twoLines(p, "ml-a"),
      ...filler(1200),
    }),
    one(d, "just-over", "the same with a longer filler, over 8,000", {
      ...control,
      ...twoLines(p, "ml-a"),
      ...filler(1900),
    }),
    one(d, "many", "twelve two-line descriptions with when_to_use", {
      ...control,
      ...many,
    }),
  ];
}
