// Copyright 2026 the skillscope authors. MIT license.
/**
 * Ranking skills by relevance to a query: BM25 over name and description
 * tokens, the name counted twice, ties broken by name.
 *
 * @module
 */
import type { Skill } from "../shared/types.ts";

/**
 * One ranked skill.
 *
 * @example Usage
 * ```ts
 * import { type SearchHit, SkillSet, embeddedSkill } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const set = SkillSet.openSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const [hit]: SearchHit[] = set.search("say hi");
 * assert.equal(hit?.skill.name, "hi");
 * assert.ok(hit!.score > 0);
 * ```
 */
export interface SearchHit {
  /** The skill. */
  readonly skill: Skill;
  /** Its BM25 score (higher is more relevant). */
  readonly score: number;
}

interface Index {
  readonly docs: {
    skill: Skill;
    tf: Map<string, number>;
    length: number;
    name: string;
  }[];
  readonly df: Map<string, number>;
  /** For each term, the documents holding it (ascending). */
  readonly postings: Map<string, number[]>;
  readonly avgLength: number;
}

const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 2;
const indexes = new WeakMap<readonly Skill[], Index>();

// Words too common to carry meaning in a skill description.
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "by",
  "for",
  "from",
  "in",
  "is",
  "it",
  "of",
  "on",
  "or",
  "that",
  "the",
  "this",
  "to",
  "use",
  "used",
  "when",
  "with",
  "you",
  "your",
]);

/**
 * Splits text into lowercase letter/digit tokens (NFKC-normalized), leaving
 * out common English stop words and stripping common suffixes.
 *
 * @param text Any text.
 * @returns The tokens.
 */
export function tokenize(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t !== "" && !STOP_WORDS.has(t))
    .map(stem);
}

/** A light suffix stripper so "changelogs" finds "changelog" and "filling" finds "fill". */
function stem(token: string): string {
  if (token.length > 4 && token.endsWith("ies")) {
    return `${token.slice(0, -3)}y`;
  }
  if (token.length > 5 && token.endsWith("ing")) return token.slice(0, -3);
  if (token.length > 4 && token.endsWith("ed")) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith("s") && !token.endsWith("ss")) {
    return token.slice(0, -1);
  }
  return token;
}

function buildIndex(skills: readonly Skill[]): Index {
  const df = new Map<string, number>();
  const postings = new Map<string, number[]>();
  let total = 0;
  const docs = skills.map((skill, at) => {
    const tf = new Map<string, number>();
    const nameTokens = tokenize(skill.name);
    for (const token of nameTokens) {
      tf.set(token, (tf.get(token) ?? 0) + NAME_WEIGHT);
    }
    const descTokens = tokenize(skill.description);
    for (const token of descTokens) tf.set(token, (tf.get(token) ?? 0) + 1);
    for (const token of tf.keys()) {
      df.set(token, (df.get(token) ?? 0) + 1);
      const list = postings.get(token);
      if (list === undefined) postings.set(token, [at]);
      else list.push(at);
    }
    const length = nameTokens.length * NAME_WEIGHT + descTokens.length;
    total += length;
    return {
      skill,
      tf,
      length,
      name: skill.name.normalize("NFKC").toLowerCase(),
    };
  });
  return {
    docs,
    df,
    postings,
    avgLength: docs.length === 0 ? 0 : total / docs.length,
  };
}

/**
 * Ranks skills by relevance to `query` (BM25; an exact name match ranks
 * first). Skills sharing no token with the query are left out. Ties are
 * broken by name, so results are deterministic.
 *
 * @example Usage
 * ```ts
 * import { directorySource, discoverSync } from "@skillscope/skills";
 * import { searchSkills } from "./search.ts";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const [name, description, extra] of [
 *   ["pdf-tools", "Fill and read PDF forms", ""],
 *   ["sql-review", "Review SQL migrations", "globs: ['db/**']\n"],
 * ]) {
 *   await Deno.mkdir(`${root}/${name}`);
 *   await Deno.writeTextFile(
 *     `${root}/${name}/SKILL.md`,
 *     `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\n`,
 *   );
 * }
 * const { skills } = discoverSync({ sources: [directorySource(root)] });
 * assert.equal(searchSkills(skills, "fill a pdf form")[0]?.skill.name, "pdf-tools");
 * ```
 *
 * @param skills Candidate skills.
 * @param query Free text.
 * @param options `limit`: most hits returned (default 10).
 * @returns Hits, best first.
 */
export function searchSkills(
  skills: readonly Skill[],
  query: string,
  options: { limit?: number } = {},
): SearchHit[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0 || skills.length === 0) return [];
  let index = indexes.get(skills);
  if (!index || !stillDescribes(index, skills)) {
    index = buildIndex(skills);
    indexes.set(skills, index);
  }
  const n = index.docs.length;
  const wholeQuery = query.normalize("NFKC").toLowerCase().trim();
  // Only documents holding a query term can score: walk their postings,
  // not every skill, and keep the best `limit` as they come.
  const candidates = new Set<number>();
  for (const term of terms) {
    for (const at of index.postings.get(term) ?? []) candidates.add(at);
  }
  const limit = Math.max(0, options.limit ?? 10);
  const best: SearchHit[] = [];
  for (const at of candidates) {
    const doc = index.docs[at]!;
    let score = 0;
    for (const term of terms) {
      const tf = doc.tf.get(term);
      if (tf === undefined) continue;
      const df = index.df.get(term) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const norm = tf +
        K1 * (1 - B + B * (doc.length / (index.avgLength || 1)));
      score += idf * (tf * (K1 + 1)) / norm;
    }
    if (score === 0) continue;
    if (doc.name === wholeQuery) score += 100;
    const hit = { skill: doc.skill, score };
    if (
      best.length === limit && (limit === 0 || before(best[limit - 1]!, hit))
    ) {
      continue;
    }
    // Insert in order (limit is small).
    let i = best.length;
    while (i > 0 && before(hit, best[i - 1]!)) i--;
    best.splice(i, 0, hit);
    if (best.length > limit) best.pop();
  }
  return best;
}

// Whether an index kept for an array still describes what the array holds:
// the caller may have changed it since (a push, a replaced element). One
// identity check per skill, far cheaper than indexing again.
function stillDescribes(index: Index, skills: readonly Skill[]): boolean {
  if (index.docs.length !== skills.length) return false;
  for (let i = 0; i < skills.length; i++) {
    if (index.docs[i]!.skill !== skills[i]) return false;
  }
  return true;
}

/** Whether `a` ranks before `b`: higher score, then name. */
function before(a: SearchHit, b: SearchHit): boolean {
  if (a.score !== b.score) return a.score > b.score;
  return a.skill.name < b.skill.name;
}
