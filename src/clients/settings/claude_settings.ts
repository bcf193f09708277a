// Copyright 2026 the skillscope authors. MIT license.
/**
 * What claude's own settings do to the skills it offers (see
 * `../client_settings.ts`).
 *
 * @module
 */
import type { SettingsReader } from "../client_settings.ts";

/** claude's settings reader. */
export const claudeSettings: SettingsReader = {
  reads: "nothing yet",
  evidence: "",
};
