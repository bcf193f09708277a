// Copyright 2026 the skillscope authors. MIT license.
/**
 * What opencode and its fork Kilo share: the driver itself (one
 * `run --pure` turn), the stand-in provider written into the config file
 * their `*_CONFIG` variable names, the config file of a run, and the listing
 * read from the agent's turn. Both render it the same way:
 * two sentences of introduction, then `<available_skills>` with one
 * `<skill>` per skill, sorted by name, each `<name>`, `<description>` and
 * `<location>` (the `SKILL.md` path). Only the location is XML-escaped; name
 * and description are sent as they are, so a description may hold `<`, `&`
 * or a line break (a `|` block keeps its trailing newline).
 *
 * @module
 */
import type {
  ClientDriver,
  ListedSkill,
  Listing,
  RecordedRequest,
  RunContext,
} from "./types.ts";
import {
  contentText,
  isRecord,
  readObject,
  scenarioEnv,
  unescapeXml,
} from "./driver_kit.ts";

/** The line right before `<available_skills>`. */
const INTRO =
  "Use the skill tool to load a skill when a task matches its description.";

/**
 * One entry, read from where the previous one ended. Name and description
 * are not escaped, so each field runs up to the exact line that follows it.
 */
const ENTRY =
  / {2}<skill>\n {4}<name>([\s\S]*?)<\/name>\n {4}<description>([\s\S]*?)<\/description>\n {4}<location>([\s\S]*?)<\/location>\n {2}<\/skill>\n/y;

/**
 * The config file of a run: the scenario's own (the value of `variable` in
 * its environment, relative to its cwd), else `ROOT/agree-client/NAME.json`
 * — outside the project and outside every ancestor the client reads a
 * config from.
 *
 * @param context The run.
 * @param variable The client's config variable (`OPENCODE_CONFIG`, `KILO_CONFIG`).
 * @param name The client's name, for our own file.
 * @returns The path.
 */
export function configFileOf(
  context: RunContext,
  variable: string,
  name: string,
): string {
  const set = scenarioEnv(context)[variable];
  if (set === undefined || set === "") {
    return `${context.root}/agree-client/${name}.json`;
  }
  return set.startsWith("/") ? set : `${context.cwd}/${set}`;
}

/**
 * Declares the stand-in as provider `stub` (`@ai-sdk/openai-compatible`,
 * bundled in both binaries) in `file`, merged into what the file holds, and
 * makes it the only provider and model, with updates and sharing off.
 *
 * @param file The config file.
 * @param port The stand-in's port on 127.0.0.1.
 */
export async function writeStubConfig(
  file: string,
  port: number,
): Promise<void> {
  const slash = file.lastIndexOf("/");
  await Deno.mkdir(slash <= 0 ? "/" : file.slice(0, slash), {
    recursive: true,
  });
  const config = await readObject(file);
  const providers = isRecord(config.provider) ? config.provider : {};
  providers.stub = {
    npm: "@ai-sdk/openai-compatible",
    name: "Stand-in",
    options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: "dummy" },
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
 * Reads the listing from the agent turn (the first chat completion that
 * carries `tools`; opencode's title request carries none): the
 * `<available_skills>` block after the introduction in its `system`
 * message, the location unescaped. A turn without the block is an empty
 * listing.
 *
 * @param requests What the stand-in recorded.
 * @param client The client's name, for errors.
 * @returns The skills in the order the client sent them (by name).
 * @throws {Error} when no agent turn was recorded, or the block does not
 * have the shape these clients render.
 */
export function extractAvailableSkills(
  requests: readonly RecordedRequest[],
  client: string,
): Listing {
  const system = agentSystemText(requests, client);
  const intro = system.lastIndexOf(INTRO);
  if (intro < 0) return { skills: [] };
  const open = system.indexOf("<available_skills>\n", intro);
  if (open < 0) {
    throw new Error(`${client}: the skills introduction has no listing`);
  }
  const skills: ListedSkill[] = [];
  ENTRY.lastIndex = open + "<available_skills>\n".length;
  for (;;) {
    const at = ENTRY.lastIndex;
    if (system.startsWith("</available_skills>", at)) break;
    const match = ENTRY.exec(system);
    if (match === null) {
      throw new Error(
        `${client}: unreadable <skill> entry after ${skills.length} skills`,
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
function agentSystemText(
  requests: readonly RecordedRequest[],
  client: string,
): string {
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
  throw new Error(`${client}: no agent turn (a chat completion with tools)`);
}

/** What sets one client of the opencode family apart. */
export interface OpencodeFamily {
  /** skillscope's name of the client. */
  readonly name: string;
  /** The version measured. */
  readonly version: string;
  /** The npm package installed, with its version. */
  readonly package: string;
  /** The binary, below the cache's `node_modules`. */
  readonly binary: string;
  /** The skill the client ships itself. */
  readonly builtin: string;
  /** The variable naming its config file (`OPENCODE_CONFIG`, `KILO_CONFIG`). */
  readonly configVariable: string;
  /** The variables that keep a run offline and quiet (updates, model list, LSP download, plugins, sharing, …). */
  readonly offline: Readonly<Record<string, string>>;
}

/**
 * The driver of a client of the opencode family: the config its variable
 * names written with the stand-in provider (the scenario's own file when it
 * sets the variable), then `run --pure --print-logs --log-level INFO hi`,
 * and the listing read from the agent's turn.
 *
 * @param family What sets the client apart.
 * @returns The driver.
 */
export function opencodeFamilyDriver(family: OpencodeFamily): ClientDriver {
  const configFile = (context: RunContext): string =>
    configFileOf(context, family.configVariable, family.name);
  return {
    name: family.name,
    version: family.version,
    packages: [family.package],
    prepare: async (context) => {
      await writeStubConfig(configFile(context), context.port);
    },
    command: (context) => ({
      cmd: `${context.cacheDir}/node_modules/${family.binary}`,
      args: ["run", "--pure", "--print-logs", "--log-level", "INFO", "hi"],
      env: {
        HOME: context.home,
        TERM: "dumb",
        NO_COLOR: "1",
        LANG: "C.UTF-8",
        ...family.offline,
        ...scenarioEnv(context),
        [family.configVariable]: configFile(context),
      },
    }),
    extract: (requests) => extractAvailableSkills(requests, family.name),
    builtins: [family.builtin],
  };
}
