// Copyright 2026 the skillscope authors. MIT license.
/**
 * The pi driver (`@mariozechner/pi-coding-agent`): one print-mode turn with a
 * custom OpenAI-compatible provider `standin` declared in the agent
 * directory's `models.json`.
 *
 * pi sends one streamed chat completion. Its `system` message ends with the
 * listing: an introduction, then `<available_skills>` with one `<skill>` per
 * skill the model may invoke, in discovery order, each `<name>`,
 * `<description>` and `<location>` (the `SKILL.md` path) XML-escaped. When no
 * skill is visible the whole block is left out. pi ships no skills itself.
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

const PACKAGE = "@mariozechner/pi-coding-agent";
const VERSION = "0.73.1";

/** The sentence pi puts right before `<available_skills>`. */
const INTRO =
  "The following skills provide specialized instructions for specific tasks.";

/** One entry as pi renders it (escaped text never holds a `<`). */
const ENTRY =
  /<skill>\n\s*<name>([^<]*)<\/name>\n\s*<description>([^<]*)<\/description>\n\s*<location>([^<]*)<\/location>\n\s*<\/skill>/g;

/** The driver of pi. */
export const driver: ClientDriver = {
  name: "pi",
  version: VERSION,
  packages: [`${PACKAGE}@${VERSION}`],
  prepare: preparePi,
  command: piCommand,
  extract: extractPi,
};

/**
 * Declares the stand-in provider in the agent directory's `models.json`
 * (`PI_CODING_AGENT_DIR` when the scenario sets it, else `~/.pi/agent`),
 * keeping whatever else a scenario put in that file.
 *
 * @param context The run.
 */
async function preparePi(context: RunContext): Promise<void> {
  const dir = agentDir(context);
  await Deno.mkdir(dir, { recursive: true });
  const file = `${dir}/models.json`;
  const models = await readObject(file);
  const providers = isRecord(models.providers) ? models.providers : {};
  providers.standin = {
    baseUrl: `http://127.0.0.1:${context.port}/v1`,
    api: "openai-completions",
    apiKey: "dummy",
    compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
    models: [{ id: "stand-in", reasoning: false }],
  };
  models.providers = providers;
  await Deno.writeTextFile(file, JSON.stringify(models, null, 2) + "\n");
}

/**
 * `node dist/cli.js --provider standin --model stand-in --no-session -p hi`,
 * offline, without telemetry or a version check.
 *
 * @param context The run.
 * @returns The command.
 */
function piCommand(context: RunContext): ClientCommand {
  return {
    cmd: "node",
    args: [
      `${context.cacheDir}/node_modules/${PACKAGE}/dist/cli.js`,
      "--provider",
      "standin",
      "--model",
      "stand-in",
      "--no-session",
      "-p",
      "hi",
    ],
    env: {
      HOME: context.home,
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      PI_OFFLINE: "1",
      PI_TELEMETRY: "0",
      PI_SKIP_VERSION_CHECK: "1",
      ...scenarioEnv(context),
    },
  };
}

/**
 * Reads the listing from pi's first chat completion: the `<available_skills>`
 * block after {@link INTRO} in its `system` message, unescaped. A system
 * message without the block is an empty listing (pi leaves the block out when
 * no skill is visible).
 *
 * @param requests What the stand-in recorded.
 * @returns The skills in the order pi sent them.
 * @throws {Error} when no chat completion with a system message was sent, or
 * the block does not have the shape pi renders.
 */
export function extractPi(requests: readonly RecordedRequest[]): Listing {
  const system = systemText(requests);
  const intro = system.indexOf(INTRO);
  if (intro < 0) return { skills: [] };
  const open = system.indexOf("<available_skills>", intro);
  const close = system.indexOf("</available_skills>", open);
  if (open < 0 || close < 0) {
    throw new Error("pi: the skills introduction has no <available_skills>");
  }
  const block = system.slice(open, close);
  const skills: ListedSkill[] = [];
  for (const match of block.matchAll(ENTRY)) {
    skills.push({
      name: unescapeXml(match[1] ?? ""),
      description: unescapeXml(match[2] ?? ""),
      location: unescapeXml(match[3] ?? ""),
    });
  }
  const entries = block.split("<skill>").length - 1;
  if (entries !== skills.length) {
    throw new Error(
      `pi: read ${skills.length} of ${entries} <skill> entries in the listing`,
    );
  }
  return { skills };
}

/** The text of the first chat completion's `system` (or `developer`) message. */
function systemText(requests: readonly RecordedRequest[]): string {
  for (const request of requests) {
    if (request.method !== "POST") continue;
    if (!request.path.split("?")[0]!.endsWith("/chat/completions")) continue;
    const body = request.body;
    if (!isRecord(body) || !Array.isArray(body.messages)) continue;
    for (const message of body.messages) {
      if (!isRecord(message)) continue;
      if (message.role !== "system" && message.role !== "developer") continue;
      return contentText(message.content);
    }
  }
  throw new Error("pi: no chat completion with a system message was recorded");
}

/** The agent directory pi reads (`PI_CODING_AGENT_DIR`, `~` expanded). */
function agentDir(context: RunContext): string {
  const set = scenarioEnv(context).PI_CODING_AGENT_DIR;
  if (set === undefined || set === "") return `${context.home}/.pi/agent`;
  if (set === "~") return context.home;
  if (set.startsWith("~/")) return context.home + set.slice(1);
  return set.startsWith("/") ? set : `${context.cwd}/${set}`;
}
