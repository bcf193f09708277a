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
import type {
  ClientCommand,
  ClientDriver,
  Listing,
  RecordedRequest,
  RunContext,
} from "../types.ts";
import { scenarioEnv } from "../driver_kit.ts";
import {
  configFileOf,
  extractAvailableSkills,
  writeStubConfig,
} from "../opencode_kit.ts";

const PACKAGE = "opencode-ai";
const VERSION = "1.18.33";

/** The platform package holding the binary. */
const BINARY = "opencode-linux-x64/bin/opencode";

/** The skill opencode ships itself. */
const BUILTIN = "customize-opencode";

/** The driver of opencode. */
export const driver: ClientDriver = {
  name: "opencode",
  version: VERSION,
  packages: [`${PACKAGE}@${VERSION}`],
  prepare: prepareOpencode,
  command: opencodeCommand,
  extract: extractOpencode,
  builtins: [BUILTIN],
};

/**
 * Writes the config `OPENCODE_CONFIG` names: the scenario's own file when it
 * sets `OPENCODE_CONFIG` (the stand-in provider merged in), else a fresh one
 * in `ROOT/agree-client/` — outside the project and outside every ancestor
 * opencode reads an `opencode.json` from.
 *
 * @param context The run.
 */
async function prepareOpencode(context: RunContext): Promise<void> {
  await writeStubConfig(configFile(context), context.port);
}

/**
 * `opencode run --pure --print-logs --log-level INFO hi`, with the
 * auto-update, model list, LSP download, default plugins and sharing off.
 *
 * @param context The run.
 * @returns The command.
 */
function opencodeCommand(context: RunContext): ClientCommand {
  return {
    cmd: `${context.cacheDir}/node_modules/${BINARY}`,
    args: ["run", "--pure", "--print-logs", "--log-level", "INFO", "hi"],
    env: {
      HOME: context.home,
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
      OPENCODE_DISABLE_SHARE: "1",
      ...scenarioEnv(context),
      OPENCODE_CONFIG: configFile(context),
    },
  };
}

/**
 * Reads the listing from the agent turn (see `opencode_kit.ts`).
 *
 * @param requests What the stand-in recorded.
 * @returns The skills in the order opencode sent them (by name).
 */
export function extractOpencode(
  requests: readonly RecordedRequest[],
): Listing {
  return extractAvailableSkills(requests, "opencode");
}

/** The config file of the run (the scenario's `OPENCODE_CONFIG`, or ours). */
function configFile(context: RunContext): string {
  return configFileOf(context, "OPENCODE_CONFIG", "opencode");
}
