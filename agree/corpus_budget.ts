// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `budget` cases: listings just under and just over a client's listing
 * budget, and over it (Qwen Code: 8,000 characters, its own bundled skills
 * counted); for the clients measured to have none (Gemini CLI, opencode,
 * pi), forty long descriptions sent whole. Clients whose budget is a share
 * of the model's context window (Claude Code, Codex) have none here:
 * skillscope does not apply those.
 *
 * @module
 */
import { type Case, describe, one, skillMd } from "./corpus_layout.ts";
import type { Layout } from "./corpus_layout.ts";
import type { TreeEntry } from "./types.ts";

/** Clients measured to send every description whole (60 to 80 skills). */
const NO_BUDGET: readonly string[] = ["gemini", "opencode", "pi"];

/** Forty skills of 600-character descriptions: a client without a budget sends each whole. */
function wholeCases(l: Layout): Case[] {
  const files: Record<string, TreeEntry> = {};
  for (let i = 0; i < 40; i++) {
    const name = `long-${String(i).padStart(2, "0")}`;
    const text = `Use ${name} for long work. ${
      "Every word counts here. ".repeat(24)
    }`
      .trim();
    files[`${l.p}/${name}/SKILL.md`] = skillMd(name, text);
  }
  return [
    one(
      "budget",
      "forty-long",
      "forty skills of 600-character descriptions",
      files,
    ),
  ];
}

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
 * The budget cases of a client (none for Claude Code and Codex).
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function budgetCases(l: Layout): Case[] {
  if (NO_BUDGET.includes(l.client)) return wholeCases(l);
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
