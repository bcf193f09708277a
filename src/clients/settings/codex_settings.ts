// Copyright 2026 the skillscope authors. MIT license.
/**
 * What codex's own settings do to the skills it offers (see
 * `../client_settings.ts`).
 *
 * @module
 */
import type { SettingsReader } from "../client_settings.ts";

/** codex's settings reader. */
export const codexSettings: SettingsReader = {
  reads: "nothing yet",
  evidence: "",
};
