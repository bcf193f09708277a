// Copyright 2026 the skillscope authors. MIT license.
/**
 * A realistic skill corpus, deterministic from a seed: frontmatter as public
 * registries hold it rather than as we would write it. It mixes long
 * descriptions with unquoted colons, `#` inside values, block scalars (`|`,
 * `>-`), `metadata` maps, `allowed-tools` strings and lists, client fields,
 * CRLF line ends, BOMs, CJK and emoji, names that differ from their
 * directory, duplicate names, a few directories without `SKILL.md`, and
 * about 15% invalid YAML of the kinds real converters write (an unquoted
 * `: `, text after `|` on the same line, a tab indent, an unclosed quote, a
 * bad list indent).
 *
 * ```sh
 * deno run --allow-write bench/realistic.ts /tmp/corpus 50000
 * ```
 *
 * @module
 */
import { join } from "node:path";

/** What {@linkcode generateRealisticCorpus} wrote. */
export interface CorpusStats {
  /** Skill directories written (with a SKILL.md). */
  readonly skills: number;
  /** Directories without a SKILL.md. */
  readonly empty: number;
  /** SKILL.md files whose YAML a strict parser rejects. */
  readonly invalidYaml: number;
  /** Skills whose name repeats an earlier one. */
  readonly duplicates: number;
}

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "extract convert review summarize generate validate deploy migrate analyze " +
  "format document spreadsheet pdf slide chart report test code schema query " +
  "api image audio release changelog invoice contract email calendar diagram " +
  "database security policy kubernetes terraform react python rust markdown"
).split(" ");
const CJK = ["文書を要約します", "表を作成", "翻訳", "데이터 분석", "代码审查"];
const EMOJI = ["🚀", "📄", "✅", "🔒", "🧪"];

/**
 * Writes a realistic corpus of `count` skill directories under `root`.
 *
 * @param root The directory to write into (created).
 * @param count How many directories.
 * @param seed The PRNG seed (same seed, same corpus).
 * @returns What was written.
 */
export function generateRealisticCorpus(
  root: string,
  count: number,
  seed = 7,
): CorpusStats {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T =>
    list[Math.floor(random() * list.length)]!;
  const words = (n: number) =>
    Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const encoder = new TextEncoder();
  let skills = 0;
  let empty = 0;
  let invalidYaml = 0;
  let duplicates = 0;
  const names: string[] = [];
  Deno.mkdirSync(root, { recursive: true });
  for (let i = 0; i < count; i++) {
    const dirName = `${pick(WORDS)}-${pick(WORDS)}-${i}`;
    const dir = join(root, dirName);
    Deno.mkdirSync(dir);
    const roll = random();
    if (roll < 0.01) { // a directory without SKILL.md (a README, a stray folder)
      Deno.writeTextFileSync(join(dir, "README.md"), `# ${dirName}\n`);
      empty++;
      continue;
    }
    let name = dirName;
    if (random() < 0.05) name = `${pick(WORDS)}-${pick(WORDS)}`; // differs from the directory
    if (random() < 0.02 && names.length > 0) { // a duplicate name
      name = pick(names);
      duplicates++;
    }
    names.push(name);
    const lines = ["---", `name: ${name}`];
    const kind = random();
    const base = `${words(8 + Math.floor(random() * 30))}`;
    let invalid = false;
    if (kind < 0.06) { // an unquoted ": " (the most common defect)
      lines.push(`description: Use when: the user asks to ${base}`);
      invalid = true;
    } else if (kind < 0.09) { // text after a block-scalar indicator
      lines.push(`description: | Use when the user asks to ${base}`);
      invalid = true;
    } else if (kind < 0.11) { // a tab indent in a block
      lines.push("description: |", `\tUse when ${base}`);
      invalid = true;
    } else if (kind < 0.13) { // an unclosed quote
      lines.push(`description: "Use when ${base}`);
      invalid = true;
    } else if (kind < 0.15) { // a list under a scalar key, badly indented
      lines.push(
        `description: ${base}`,
        "allowed-tools:",
        "- Read",
        "  - Bash",
      );
      invalid = true;
    } else if (kind < 0.30) {
      lines.push("description: |", `  ${base}.`, `  Use when ${words(6)}.`);
    } else if (kind < 0.42) {
      lines.push("description: >-", `  ${base}`, `  and ${words(10)}`);
    } else if (kind < 0.50) {
      lines.push(`description: '${base}: with a quoted colon'`);
    } else if (kind < 0.56) {
      lines.push(`description: ${base} # not a comment without a space before`);
    } else if (kind < 0.62) {
      lines.push(`description: ${pick(CJK)} ${base} ${pick(EMOJI)}`);
    } else {
      lines.push(`description: ${base}`);
    }
    if (random() < 0.3) {
      lines.push(
        "metadata:",
        `  author: ${pick(WORDS)}`,
        `  version: "1.${i % 10}"`,
      );
    }
    const tools = random();
    if (tools < 0.2) lines.push("allowed-tools: Read Grep Bash(git log:*)");
    else if (tools < 0.3) lines.push("allowed-tools:", "  - Read", "  - Edit");
    if (random() < 0.15) {
      lines.push(`globs: ["**/*.${pick(["ts", "py", "md"])}"]`);
    }
    if (random() < 0.05) lines.push("disable-model-invocation: true");
    if (random() < 0.05) lines.push("license: MIT");
    lines.push("---", "", `# ${name}`, "", words(40), "");
    let text = lines.join("\n");
    if (random() < 0.1) text = text.replaceAll("\n", "\r\n");
    const bytes = encoder.encode(text);
    const file = join(dir, "SKILL.md");
    if (random() < 0.05) { // a UTF-8 BOM
      const withBom = new Uint8Array(bytes.length + 3);
      withBom.set([0xef, 0xbb, 0xbf]);
      withBom.set(bytes, 3);
      Deno.writeFileSync(file, withBom);
    } else Deno.writeFileSync(file, bytes);
    if (invalid) invalidYaml++;
    skills++;
  }
  return { skills, empty, invalidYaml, duplicates };
}

if (import.meta.main) {
  const [root = "/tmp/skillscope-realistic", count = "50000"] = Deno.args;
  console.log(generateRealisticCorpus(root, Number(count)));
}
