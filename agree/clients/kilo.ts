// Copyright 2026 the skillscope authors. MIT license.
/**
 * The Kilo driver (`@kilocode/cli`, an opencode fork; its native binary is
 * in the platform package `@kilocode/cli-linux-x64`): one `kilo run` turn
 * against a provider `stub` (`@ai-sdk/openai-compatible`, bundled in the
 * binary) declared in a config file outside the project that `KILO_CONFIG`
 * names. No Kilo account is needed.
 *
 * The wrapper `@kilocode/cli@7.8.1` names `@kilocode/cli-linux-x64@7.8.1`,
 * which npm does not have (its newest Linux build is 7.7.9), so the driver
 * installs the platform package alone, at 7.7.9: that binary is what is
 * measured.
 *
 * Kilo sends one chat completion per run, the agent's turn (with `tools`).
 * Its `system` message ends with the listing, rendered as opencode renders
 * it: two sentences of introduction, then `<available_skills>` with one
 * `<skill>` per skill, sorted by name, each `<name>`, `<description>` and
 * `<location>` (the `SKILL.md` path). Only the location is XML-escaped; name
 * and description are sent as they are (a `|` block keeps its trailing
 * newline).
 *
 * Kilo 7.7.9 ships one skill, `kilo-config` (location `builtin`), listed in
 * every run.
 *
 * @module
 */
import type { ClientDriver, Listing, RecordedRequest } from "../types.ts";
import { opencodeFamilyDriver } from "../opencode_kit.ts";

/** The platform package: the wrapper's own 7.8.1 build is not on npm. */
const PACKAGE = "@kilocode/cli-linux-x64";
const VERSION = "7.7.9";

/**
 * The driver of Kilo: `kilo run --pure --print-logs --log-level INFO hi`,
 * with the auto-update, model list, LSP download, default plugins, sharing,
 * session ingest and telemetry off, its config the file `KILO_CONFIG` names.
 */
export const driver: ClientDriver = opencodeFamilyDriver({
  name: "kilo",
  version: VERSION,
  package: `${PACKAGE}@${VERSION}`,
  binary: `${PACKAGE}/bin/kilo`,
  builtin: "kilo-config",
  configVariable: "KILO_CONFIG",
  offline: {
    KILO_DISABLE_AUTOUPDATE: "1",
    KILO_DISABLE_MODELS_FETCH: "1",
    KILO_DISABLE_LSP_DOWNLOAD: "1",
    KILO_DISABLE_DEFAULT_PLUGINS: "1",
    KILO_DISABLE_SHARE: "1",
    KILO_DISABLE_SESSION_INGEST: "1",
    KILO_TELEMETRY_LEVEL: "off",
  },
});

/**
 * Reads the listing from the agent turn (see `opencode_kit.ts`).
 *
 * @param requests What the stand-in recorded.
 * @returns The skills in the order kilo sent them (by name).
 */
export function extractKilo(
  requests: readonly RecordedRequest[],
): Listing {
  return driver.extract(requests);
}
