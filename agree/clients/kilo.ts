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
import type {
  ClientCommand,
  ClientDriver,
  ListedSkill,
  Listing,
  RecordedRequest,
  RunContext,
} from "../types.ts";
import {
  contentText,
  isRecord,
  readObject,
  scenarioEnv,
  unescapeXml,
} from "../driver_kit.ts";

/** The platform package: the wrapper's own 7.8.1 build is not on npm. */
const PACKAGE = "@kilocode/cli-linux-x64";
const VERSION = "7.7.9";

/** The binary inside the platform package. */
const BINARY = `${PACKAGE}/bin/kilo`;

/** The skill Kilo ships itself. */
const BUILTIN = "kilo-config";

/** The line right before `<available_skills>`. */
const INTRO =
  "Use the skill tool to load a skill when a task matches its description.";

/**
 * One entry, read from where the previous one ended. Name and description
 * are not escaped, so each field runs up to the exact line that follows it.
 */
const ENTRY =
  / {2}<skill>\n {4}<name>([\s\S]*?)<\/name>\n {4}<description>([\s\S]*?)<\/description>\n {4}<location>([\s\S]*?)<\/location>\n {2}<\/skill>\n/y;

/** The driver of Kilo. */
export const driver: ClientDriver = {
  name: "kilo",
  version: VERSION,
  packages: [`${PACKAGE}@${VERSION}`],
  prepare: prepareKilo,
  command: kiloCommand,
  extract: extractKilo,
  builtins: [BUILTIN],
};

/**
 * Writes the config `KILO_CONFIG` names: the scenario's own file when it
 * sets `KILO_CONFIG` (the stand-in provider merged in), else a fresh one in
 * `ROOT/agree-client/` — outside the project and outside every ancestor
 * Kilo reads a config from.
 *
 * @param context The run.
 */
async function prepareKilo(context: RunContext): Promise<void> {
  const file = configFile(context);
  await Deno.mkdir(dirname(file), { recursive: true });
  const config = await readObject(file);
  const providers = isRecord(config.provider) ? config.provider : {};
  providers.stub = {
    npm: "@ai-sdk/openai-compatible",
    name: "Stand-in",
    options: {
      baseURL: `http://127.0.0.1:${context.port}/v1`,
      apiKey: "dummy",
    },
    models: { "stub-model": { name: "Stand-in model" } },
  };
  config.provider = providers;
  config.model = "stub/stub-model";
  config["small_model"] = "stub/stub-model";
  config.autoupdate = false;
  config.share = "disabled";
  config["enabled_providers"] = ["stub"];
  await Deno.writeTextFile(file, JSON.stringify(config, null, 2) + "\n");
}

/**
 * `kilo run --pure --print-logs --log-level INFO hi`, with the auto-update,
 * model list, LSP download, default plugins, sharing, session ingest and
 * telemetry off.
 *
 * @param context The run.
 * @returns The command.
 */
function kiloCommand(context: RunContext): ClientCommand {
  return {
    cmd: `${context.cacheDir}/node_modules/${BINARY}`,
    args: ["run", "--pure", "--print-logs", "--log-level", "INFO", "hi"],
    env: {
      HOME: context.home,
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      KILO_DISABLE_AUTOUPDATE: "1",
      KILO_DISABLE_MODELS_FETCH: "1",
      KILO_DISABLE_LSP_DOWNLOAD: "1",
      KILO_DISABLE_DEFAULT_PLUGINS: "1",
      KILO_DISABLE_SHARE: "1",
      KILO_DISABLE_SESSION_INGEST: "1",
      KILO_TELEMETRY_LEVEL: "off",
      ...scenarioEnv(context),
      KILO_CONFIG: configFile(context),
    },
  };
}

/**
 * Reads the listing from the agent turn (the first chat completion that
 * carries `tools`): the `<available_skills>` block after {@link INTRO} in
 * its `system` message, the location unescaped. A turn without the block is
 * an empty listing.
 *
 * @param requests What the stand-in recorded.
 * @returns The skills in the order Kilo sent them (by name).
 * @throws {Error} when no agent turn was recorded, or the block does not
 * have the shape Kilo renders.
 */
export function extractKilo(requests: readonly RecordedRequest[]): Listing {
  const system = agentSystemText(requests);
  const intro = system.lastIndexOf(INTRO);
  if (intro < 0) return { skills: [] };
  const open = system.indexOf("<available_skills>\n", intro);
  if (open < 0) throw new Error("kilo: the skills introduction has no listing");
  const skills: ListedSkill[] = [];
  ENTRY.lastIndex = open + "<available_skills>\n".length;
  for (;;) {
    const at = ENTRY.lastIndex;
    if (system.startsWith("</available_skills>", at)) break;
    const match = ENTRY.exec(system);
    if (match === null) {
      throw new Error(
        `kilo: unreadable <skill> entry after ${skills.length} skills`,
      );
    }
    skills.push({
      name: match[1] ?? "",
      description: match[2] ?? "",
      location: unescapeXml(match[3] ?? ""),
    });
  }
  return { skills };
}

/** The `system` text of the first chat completion that carries tools. */
function agentSystemText(requests: readonly RecordedRequest[]): string {
  for (const request of requests) {
    if (request.method !== "POST") continue;
    if (!request.path.split("?")[0]!.endsWith("/chat/completions")) continue;
    const body = request.body;
    if (!isRecord(body) || !Array.isArray(body.messages)) continue;
    if (!Array.isArray(body.tools) || body.tools.length === 0) continue;
    return body.messages.filter((m) => isRecord(m) && m.role === "system")
      .map((m) => contentText((m as Record<string, unknown>).content))
      .join("\n");
  }
  throw new Error("kilo: no agent turn (a chat completion with tools)");
}

/** The config file of the run (the scenario's `KILO_CONFIG`, or ours). */
function configFile(context: RunContext): string {
  const set = scenarioEnv(context).KILO_CONFIG;
  if (set === undefined || set === "") {
    return `${context.root}/agree-client/kilo.json`;
  }
  return set.startsWith("/") ? set : `${context.cwd}/${set}`;
}

function dirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash <= 0 ? "/" : path.slice(0, slash);
}
