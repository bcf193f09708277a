// Copyright 2026 the skillscope authors. MIT license.
/**
 * The opencode driver (`opencode-ai`, a native binary in the platform
 * package `opencode-linux-x64`): one `opencode run` turn against a provider
 * `stub` (`@ai-sdk/openai-compatible`, bundled in the binary) declared in a
 * config file outside the project that `OPENCODE_CONFIG` names.
 *
 * opencode sends two chat completions per run: a title request (no `tools`)
 * and the agent's turn (with `tools`). The agent turn's `system` message ends
 * with the listing: two sentences of introduction, then `<available_skills>`
 * with one `<skill>` per skill, sorted by name, each `<name>`,
 * `<description>` and `<location>` (the `SKILL.md` path). Only the location
 * is XML-escaped; name and description are sent as they are, so a
 * description may hold `<`, `&` or a line break (a `|` block keeps its
 * trailing newline). When `permission.skill` denies every skill the whole
 * section is left out.
 *
 * opencode ships one skill, `customize-opencode` (location `<built-in>`),
 * listed in every run unless a skill on disk takes its name.
 *
 * @module
 */
import type { ClientDriver } from "../types.ts";
import { opencodeFamilyDriver } from "../opencode_kit.ts";

const VERSION = "1.18.33";

/**
 * The driver of opencode: `opencode run --pure --print-logs --log-level INFO
 * hi`, with the auto-update, model list, LSP download, default plugins and
 * sharing off, its config the file `OPENCODE_CONFIG` names.
 */
export const driver: ClientDriver = opencodeFamilyDriver({
  name: "opencode",
  version: VERSION,
  package: `opencode-ai@${VERSION}`,
  binary: "opencode-linux-x64/bin/opencode",
  builtin: "customize-opencode",
  configVariable: "OPENCODE_CONFIG",
  offline: {
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
    OPENCODE_DISABLE_SHARE: "1",
  },
});
