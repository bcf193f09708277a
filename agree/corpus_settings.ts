// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `settings` dimension: each client's own settings files and variables
 * (`skillOverrides`, `[[skills.config]]`, `skills.disabled`,
 * `permission.skill`, pi's `skills` patterns, …), one file of cases per
 * client.
 *
 * @module
 */
import type { Case, Layout } from "./corpus_layout.ts";
import { claudeSettingsCases } from "./settings_claude.ts";
import { codexSettingsCases } from "./settings_codex.ts";
import { geminiSettingsCases } from "./settings_gemini.ts";
import { opencodeSettingsCases } from "./settings_opencode.ts";
import { piSettingsCases } from "./settings_pi.ts";
import { qwenSettingsCases } from "./settings_qwen.ts";

const CASES: Readonly<Record<string, (l: Layout) => Case[]>> = {
  claude: claudeSettingsCases,
  codex: codexSettingsCases,
  gemini: geminiSettingsCases,
  opencode: opencodeSettingsCases,
  pi: piSettingsCases,
  "qwen-code": qwenSettingsCases,
};

/**
 * A client's `settings` cases (none for a client without a file of them).
 *
 * @param l The client's layout.
 * @returns The cases.
 */
export function settingsCases(l: Layout): Case[] {
  return CASES[l.client]?.(l) ?? [];
}
