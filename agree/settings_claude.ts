// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `settings` cases of claude: trees with its own settings files and
 * variables (issue 41 §2), each showing one measured fact.
 *
 * @module
 */
import type { Case, Layout } from "./corpus_layout.ts";

/**
 * claude's settings cases.
 *
 * @param _l Its layout.
 * @returns The cases.
 */
export function claudeSettingsCases(_l: Layout): Case[] {
  return [];
}
