// Copyright 2026 the skillscope authors. MIT license.
/**
 * What opencode's own settings do to the skills it offers (see
 * `../client_settings.ts`).
 *
 * @module
 */
import type { SettingsReader } from "../client_settings.ts";

/** opencode's settings reader. */
export const opencodeSettings: SettingsReader = {
  reads: "nothing yet",
  evidence: "",
};
