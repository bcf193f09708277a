// Copyright 2026 the skillscope authors. MIT license.
/**
 * Mentions of skills in a user's message (`$name`, `/name args`,
 * `[$name](path)`), and the arguments substituted into an activated skill's
 * body (`$ARGUMENTS`, `$ARGUMENTS[n]`, `$0`…`$9`, named `arguments`), as
 * Claude Code does. Shell preprocessing (`!command` lines) is never run here:
 * it is found and reported, so a host can decide.
 *
 * @module
 */
import { skillIdentity } from "../discover/dedup.ts";
import type { Skill } from "../shared/types.ts";

/** One mention found in a text. */
export interface SkillMention {
  /** `$name`, `/name` (a command, with the rest of its line as arguments) or `[$name](path)`. */
  readonly kind: "dollar" | "slash" | "link";
  /** The name as written. */
  readonly name: string;
  /** The skill it resolves to (absent when unknown or ambiguous). */
  readonly skill?: Skill;
  /** Where the mention starts (UTF-16 index). */
  readonly index: number;
  /** How long it is. */
  readonly length: number;
  /** For `/name`: the text after it on the same line, trimmed. */
  readonly arguments?: string;
  /** For a link: its target as written. */
  readonly target?: string;
  /** `ambiguous` when a bare name fits several skills, `unknown` when it fits none. */
  readonly problem?: "ambiguous" | "unknown";
}

interface MentionPatterns {
  readonly link: RegExp;
  readonly dollar: RegExp;
  readonly slash: RegExp;
}

// Built on first use, not when the module loads: V8 builds a `\p{…}` class
// when it creates the expression, about half a millisecond each, which every
// program importing the main entry would pay.
let patterns: MentionPatterns | undefined;
const mentionPatterns = (): MentionPatterns =>
  patterns ??= {
    link: /\[\$([\p{L}\p{N}_-]+)\]\(([^)\s]+)\)/gu,
    dollar: /(?<![\w$\\])\$(\p{L}[\p{L}\p{N}_-]*)/gu,
    slash: /(?<=^|\s)\/(\p{L}[\p{L}\p{N}_-]*)(?=\s|$)([^\n]*)/gmu,
  };

/**
 * Finds the skill mentions in a message. A path link picks exactly the skill
 * at that path (its `SKILL.md` or directory); a bare `$name` or `/name` that
 * fits several skills (the same name from several sources) is reported as
 * ambiguous, one that fits none as unknown (`$HOME` in a message stays
 * text when no skill is named so: only `problem: "unknown"` marks it).
 *
 * @example Usage
 * ```ts
 * import { discoverSync, embeddedSkill, parseMentions } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const { skills } = discoverSync({ sources: [embeddedSkill({ name: "deploy", description: "Deploys", content: "" })] });
 * const [mention] = parseMentions("/deploy prod eu-west", skills);
 * assert.equal(mention?.skill?.name, "deploy");
 * assert.equal(mention?.arguments, "prod eu-west");
 * ```
 *
 * @param text The message.
 * @param skills The skills that may be meant (several of one name are ambiguous).
 * @returns The mentions, in text order.
 */
export function parseMentions(
  text: string,
  skills: readonly Skill[],
): SkillMention[] {
  const byName = new Map<string, Skill[]>();
  for (const skill of skills) {
    const key = skillIdentity(skill.name);
    byName.set(key, [...(byName.get(key) ?? []), skill]);
  }
  const resolveName = (name: string) => {
    const found = byName.get(skillIdentity(name)) ?? [];
    return found.length === 1 ? { skill: found[0]! } : {
      problem: found.length === 0 ? "unknown" as const : "ambiguous" as const,
    };
  };
  const { link, dollar, slash } = mentionPatterns();
  const mentions: SkillMention[] = [];
  const taken: [number, number][] = [];
  for (const match of text.matchAll(link)) {
    const [whole, name = "", target = ""] = match;
    const clean = target.replace(/^file:\/\//, "").replace(/\/SKILL\.md$/, "")
      .replace(/\/+$/, "");
    const skill = skills.find((s) =>
      s.dir === clean || s.path === target || s.path === clean
    );
    taken.push([match.index!, match.index! + whole.length]);
    mentions.push({
      kind: "link",
      name,
      index: match.index!,
      length: whole.length,
      target,
      ...(skill === undefined ? { problem: "unknown" as const } : { skill }),
    });
  }
  const free = (i: number) => !taken.some(([a, b]) => i >= a && i < b);
  for (const match of text.matchAll(dollar)) {
    if (!free(match.index!)) continue;
    const [whole, name = ""] = match;
    const resolved = resolveName(name);
    mentions.push({
      kind: "dollar",
      name,
      index: match.index!,
      length: whole.length,
      ...resolved,
    });
  }
  for (const match of text.matchAll(slash)) {
    if (!free(match.index!)) continue;
    const [whole, name = "", rest = ""] = match;
    const resolved = resolveName(name);
    mentions.push({
      kind: "slash",
      name,
      index: match.index!,
      length: whole.length,
      arguments: rest.trim(),
      ...resolved,
    });
  }
  return mentions.sort((a, b) => a.index - b.index);
}

/**
 * Splits an argument string as a shell would, without running anything:
 * spaces separate, single and double quotes group.
 *
 * @param text The arguments.
 * @returns The words.
 */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    words.push(match[1]?.replace(/\\(.)/g, "$1") ?? match[2] ?? match[3] ?? "");
  }
  return words;
}

/**
 * Substitutes the invocation's arguments into a skill's body, as Claude
 * Code does: `$ARGUMENTS` (all of them), `$ARGUMENTS[n]` and `$n` (0-based),
 * and each name the skill declares in `arguments` (`$env` for the first,
 * …). A body with none of these gets `ARGUMENTS: …` appended when arguments
 * were given, so they are never lost.
 *
 * @example Usage
 * ```ts
 * import { substituteArguments } from "./mentions.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(substituteArguments("Deploy $env ($0) from $ARGUMENTS[1]", "prod eu", ["env"]), "Deploy prod (prod) from eu");
 * assert.equal(substituteArguments("# Notes", "today"), "# Notes\n\nARGUMENTS: today");
 * ```
 *
 * @param body The skill's body.
 * @param args The argument string as the user typed it.
 * @param names The names the skill declares (`arguments`).
 * @returns The body with the arguments in place.
 */
export function substituteArguments(
  body: string,
  args: string,
  names: readonly string[] = [],
): string {
  const words = splitArguments(args);
  // One scan of the body: what an argument brings in (a "$1", a
  // "$ARGUMENTS") is never substituted again.
  const index = new Map<string, number>();
  names.forEach((name, i) => {
    if (name !== "" && !index.has(name)) index.set(name, i);
  });
  const declared = [...index.keys()].sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(
    String.raw`\$(?:ARGUMENTS\[(\d+)\]|(ARGUMENTS)\b|(\d)(?!\d)${
      declared.length === 0
        ? ""
        : String.raw`|(${declared.join("|")})(?![\p{L}\p{N}_-])`
    })`,
    "gu",
  );
  let used = false;
  let out = body.replace(
    pattern,
    (_, n?: string, all?: string, digit?: string, name?: string) => {
      used = true;
      if (all !== undefined) return args.trim();
      const at = n ?? digit;
      return words[at === undefined ? index.get(name!)! : Number(at)] ?? "";
    },
  );
  if (!used && args.trim() !== "") {
    out = `${out.trimEnd()}\n\nARGUMENTS: ${args.trim()}`;
  }
  return out;
}

/** A `!command` line found in a skill's body (never run here). */
export interface ShellPreprocessing {
  /** 1-based line in the body. */
  readonly line: number;
  /** The command between the backticks. */
  readonly command: string;
}

/**
 * Finds the `` !`command` `` preprocessing lines of a skill body: some agents
 * run them in a shell before the model sees the skill. The library never
 * runs them; a host decides (see also the audit's `shell-preprocessing`).
 *
 * @example Usage
 * ```ts
 * import { findShellPreprocessing } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(findShellPreprocessing("# Status\n!`git status`\n"), [{ line: 2, command: "git status" }]);
 * ```
 *
 * @param body A skill's body.
 * @returns The commands, in order.
 */
export function findShellPreprocessing(body: string): ShellPreprocessing[] {
  const found: ShellPreprocessing[] = [];
  body.split("\n").forEach((text, i) => {
    for (const match of text.matchAll(/!`([^`\n]+)`/g)) {
      found.push({ line: i + 1, command: match[1]! });
    }
  });
  return found;
}
