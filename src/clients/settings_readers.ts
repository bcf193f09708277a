// Copyright 2026 the skillscope authors. MIT license.
/**
 * Each agent's reader of its own settings (see `client_settings.ts`), by
 * the client table's name.
 *
 * @module
 */
import {
  type ClientSettings,
  NO_SETTINGS,
  type SettingsContext,
  type SettingsReader,
} from "./client_settings.ts";
import { claudeSettings } from "./settings/claude_settings.ts";
import { codexSettings } from "./settings/codex_settings.ts";
import { geminiSettings } from "./settings/gemini_settings.ts";
import { opencodeSettings } from "./settings/opencode_settings.ts";
import { piSettings } from "./settings/pi_settings.ts";
import { qwenSettings } from "./settings/qwen_settings.ts";

const READERS: Readonly<Record<string, SettingsReader>> = {
  claude: claudeSettings,
  codex: codexSettings,
  gemini: geminiSettings,
  opencode: opencodeSettings,
  pi: piSettings,
  "qwen-code": qwenSettings,
};

/**
 * The reader of an agent's settings, if skillscope reads them.
 *
 * @example Usage
 * ```ts
 * import { settingsReader } from "./settings_readers.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.mkdir(`${home}/.gemini`);
 * await Deno.writeTextFile(`${home}/.gemini/settings.json`, '{"skills":{"disabled":["PDF"]}}');
 * const env = () => undefined;
 * const settings = await settingsReader("gemini")!.rules!({ home, cwd: undefined, projectRoot: undefined, env });
 * assert.equal(settings.rules[0]?.action, "off");
 * ```
 *
 * @param client The client table's name.
 * @returns The reader, or `undefined`.
 */
export function settingsReader(client: string): SettingsReader | undefined {
  return READERS[client];
}

/**
 * An agent's settings rules in a context (none when it has no reader or
 * no context was given).
 *
 * @param client The client table's name.
 * @param context Where its settings are.
 * @returns Its settings.
 */
export async function clientSettings(
  client: string,
  context: SettingsContext | undefined,
): Promise<ClientSettings> {
  const reader = READERS[client];
  if (context === undefined || reader?.rules === undefined) return NO_SETTINGS;
  return await reader.rules(context);
}
