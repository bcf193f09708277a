// Copyright 2026 the skillscope authors. MIT license.
/**
 * Benchmark trees, generated once and kept in the system temp directory
 * (`$TMPDIR/skillscope-bench/<count>-<layout>`), reused by later runs.
 *
 * @module
 */
import { join } from "node:path";
import { generateSkillTree } from "./generate.ts";
import { generateRealisticCorpus } from "./realistic.ts";

/**
 * The root of a generated tree of `count` skills, generating it when missing.
 *
 * @param count Number of skills.
 * @param layout `flat` or `nested`.
 * @returns The tree's root.
 */
export function benchTree(
  count: number,
  layout: "flat" | "nested" = "flat",
): string {
  return cachedTree(`${count}-${layout}`, (root) => {
    Deno.mkdirSync(root, { recursive: true });
    generateSkillTree(root, count, { layout });
  });
}

/**
 * The realistic corpus of `count` skills (see `realistic.ts`), generated
 * once under the system temp directory and reused.
 *
 * @param count How many skill directories.
 * @returns Its root.
 */
export function realisticTree(count: number): string {
  return cachedTree(`${count}-realistic`, (root) => {
    generateRealisticCorpus(root, count);
  });
}

/** A tree generated once under the system temp directory (a marker file says it is complete). */
function cachedTree(name: string, generate: (root: string) => void): string {
  const base = join(Deno.env.get("TMPDIR") ?? "/tmp", "skillscope-bench");
  const root = join(base, name);
  const marker = `${root}.done`;
  try {
    Deno.statSync(marker);
    return root;
  } catch {
    // not generated yet
  }
  try {
    Deno.removeSync(root, { recursive: true });
  } catch {
    // nothing half-made to clear
  }
  generate(root);
  Deno.writeTextFileSync(marker, new Date().toISOString());
  return root;
}
