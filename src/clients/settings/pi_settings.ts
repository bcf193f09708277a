// Copyright 2026 the skillscope authors. MIT license.
/**
 * What pi's own settings do to the skills it offers (see
 * `../client_settings.ts`).
 *
 * @module
 */
import type { SettingsReader } from "../client_settings.ts";

/** pi's settings reader. */
export const piSettings: SettingsReader = {
  reads: "nothing yet",
  evidence: "",
};
