// Copyright 2026 the skillscope authors. MIT license.
/**
 * Builds realistic skill trees for benchmarks: N skills, SKILL.md of 1–30 KiB,
 * a mix of plain, quoted, block-scalar, nested-metadata and list fields, a
 * few unquoted colons, and bundled files. Deterministic for a given seed.
 *
 * ```sh
 * deno run --allow-read --allow-write bench/generate.ts /tmp/skills-10k 10000 [flat|nested]
 * ```
 *
 * @module
 */
import { join } from "node:path";

/** Options of {@linkcode generateSkillTree}. */
export interface GenerateOptions {
  /** `flat`: root/<name>/SKILL.md; `nested`: root/<category>/<group>/<name>/SKILL.md. */
  layout?: "flat" | "nested";
  /** PRNG seed. */
  seed?: number;
  /** Write bundled files (scripts/, references/) for one skill in ten. Default true. */
  resources?: boolean;
}

const WORDS = (
  "extract convert review summarize generate validate deploy migrate analyze format " +
  "document spreadsheet pdf slide chart report test code schema query api image audio " +
  "release changelog invoice contract email calendar diagram database security policy"
).split(" ");

function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * The SKILL.md text of skill number `i`.
 *
 * @param i Skill number.
 * @param random PRNG.
 * @returns Name and text.
 */
export function skillText(
  i: number,
  random: () => number,
): { name: string; text: string } {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const name = `${pick()}-${pick()}-${i}`;
  const sentence = (n: number) => Array.from({ length: n }, pick).join(" ");
  const style = i % 10;
  const fm: string[] = [`name: ${name}`];
  if (style === 0) {
    fm.push(`description: >-\n  ${sentence(12)}.\n  Use when ${sentence(8)}.`);
  } else if (style === 1) {
    fm.push(`description: "${sentence(10)}, \\"quoted\\" and more."`);
  } else if (style === 2) fm.push(`description: '${sentence(14)} it''s fine.'`);
  else if (i % 50 === 3) fm.push(`description: Use when: ${sentence(9)}.`); // the unquoted colon
  else {fm.push(
      `description: ${sentence(16)}. Use when the user asks to ${sentence(5)}.`,
    );}
  if (style === 4 || style === 5) {
    fm.push("license: MIT", `compatibility: Requires ${pick()} 2.x`);
  }
  if (style === 5 || style === 6) {
    fm.push(
      "metadata:",
      `  author: team-${pick()}`,
      `  version: "1.${i % 7}"`,
      `  tags: ${pick()}, ${pick()}`,
    );
  }
  if (style === 7) fm.push(`allowed-tools: Bash(${pick()}:*) Read Write`);
  if (style === 8) {
    fm.push("globs:", `  - "**/*.${pick()}"`, `  - docs/${pick()}/**`);
  }
  if (style === 9) {
    fm.push(`alwaysApply: ${i % 20 === 9}`, `paths: ["src/**/*.ts"]`);
  }
  const size = 1024 + Math.floor(random() * 29 * 1024);
  let body = `# ${name}\n\n`;
  while (body.length < size) body += `## Step\n\n${sentence(30)}.\n\n`;
  return { name, text: `---\n${fm.join("\n")}\n---\n${body.slice(0, size)}\n` };
}

/**
 * Writes `count` skills below `root`.
 *
 * @param root Target directory (created).
 * @param count Number of skills.
 * @param options Layout, seed, resources.
 * @returns The skill names.
 */
export function generateSkillTree(
  root: string,
  count: number,
  options: GenerateOptions = {},
): string[] {
  const random = prng(options.seed ?? 42);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const { name, text } = skillText(i, random);
    names.push(name);
    const dir = options.layout === "nested"
      ? join(root, `cat-${i % 20}`, `group-${Math.floor(i / 20) % 25}`, name)
      : join(root, name);
    Deno.mkdirSync(dir, { recursive: true });
    Deno.writeTextFileSync(join(dir, "SKILL.md"), text);
    if ((options.resources ?? true) && i % 10 === 0) {
      Deno.mkdirSync(join(dir, "scripts"), { recursive: true });
      Deno.writeTextFileSync(
        join(dir, "scripts", "run.sh"),
        "#!/bin/sh\necho run\n",
      );
      Deno.mkdirSync(join(dir, "references"), { recursive: true });
      Deno.writeTextFileSync(join(dir, "references", "guide.md"), "# Guide\n");
    }
  }
  return names;
}

if (import.meta.main) {
  const [root, countText = "1000", layout = "flat"] = Deno.args;
  if (!root) {
    console.error(
      "Usage: deno run --allow-read --allow-write bench/generate.ts DIR [COUNT] [flat|nested]",
    );
    Deno.exit(2);
  }
  const started = performance.now();
  const names = generateSkillTree(root, Number(countText), {
    layout: layout === "nested" ? "nested" : "flat",
  });
  console.log(
    `Wrote ${names.length} skills (${layout}) to ${root} in ${
      (performance.now() - started).toFixed(0)
    } ms`,
  );
}
