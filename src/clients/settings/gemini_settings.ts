// Copyright 2026 the skillscope authors. MIT license.
/**
 * What gemini's own settings do to the skills it offers (see
 * `../client_settings.ts`).
 *
 * @module
 */
import type { SettingsReader } from "../client_settings.ts";

/** gemini's settings reader. */
export const geminiSettings: SettingsReader = {
  reads: "nothing yet",
  evidence: "",
};
