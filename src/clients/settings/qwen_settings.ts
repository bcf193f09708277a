// Copyright 2026 the skillscope authors. MIT license.
/**
 * What qwen's own settings do to the skills it offers (see
 * `../client_settings.ts`).
 *
 * @module
 */
import type { SettingsReader } from "../client_settings.ts";

/** qwen's settings reader. */
export const qwenSettings: SettingsReader = {
  reads: "nothing yet",
  evidence: "",
};
