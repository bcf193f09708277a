// Copyright 2026 the skillscope authors. MIT license.
/**
 * The GitHub Copilot CLI driver (`@github/copilot`, a native binary in the
 * platform package `@github/copilot-linux-x64`): one `copilot -p hi` turn in
 * offline mode (`COPILOT_OFFLINE=true`: no GitHub authentication, telemetry,
 * web tools, GitHub MCP server or auto-update) against the stand-in as a
 * bring-your-own-key provider (`COPILOT_PROVIDER_BASE_URL`, OpenAI chat
 * completions). No login, token or config file is needed.
 *
 * Copilot sends one streamed `POST /v1/chat/completions`. The listing sits
 * in its `system` message, inside a `<skill>` section of the tool
 * guidelines: `<available_skills>` with one `<skill>` per skill, each
 * `<name>`, `<description>` and `<location>` — a scope (`project`,
 * `personal`, `user`, `builtin`), not a path. Every field is XML-escaped (a
 * `|` block arrives without its trailing newline). Project skills come
 * first, then personal ones, then the built-ins.
 *
 * Copilot 1.0.102 ships two skills, `customize-cloud-agent` and
 * `github-pr-media` (location `builtin`), listed in every run.
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
  scenarioEnv,
  unescapeXml,
} from "../driver_kit.ts";

const PACKAGE = "@github/copilot";
const VERSION = "1.0.102";

/** The platform package's binary (`npm-loader.js` only picks and runs it). */
const BINARY = "@github/copilot-linux-x64/copilot";

/** The skills Copilot 1.0.102 ships, in every run (an empty tree shows them). */
export const COPILOT_BUILTINS: readonly string[] = [
  "customize-cloud-agent",
  "github-pr-media",
];

const OPEN = "<available_skills>\n";
const CLOSE = "</available_skills>";

/** One entry, read from where the previous one ended (fields are escaped). */
const ENTRY =
  /<skill>\n {2}<name>([^<]*)<\/name>\n(?: {2}<description>([^<]*)<\/description>\n)?(?: {2}<location>([^<]*)<\/location>\n)?<\/skill>\n/y;

/** The driver of GitHub Copilot CLI. */
export const driver: ClientDriver = {
  name: "copilot",
  version: VERSION,
  packages: [`${PACKAGE}@${VERSION}`],
  prepare: prepareCopilot,
  command: copilotCommand,
  extract: extractCopilot,
  builtins: COPILOT_BUILTINS,
};

/**
 * Copilot needs no file of its own in offline mode: settings a scenario
 * wants (`~/.copilot/config.json`, `COPILOT_HOME`) are part of its tree.
 *
 * @param _context The run.
 */
function prepareCopilot(_context: RunContext): Promise<void> {
  return Promise.resolve();
}

/**
 * `copilot -p hi --allow-all-tools --disable-client-telemetry
 * --no-auto-update`, offline, with the stand-in as its model provider.
 *
 * @param context The run.
 * @returns The command.
 */
function copilotCommand(context: RunContext): ClientCommand {
  return {
    cmd: `${context.cacheDir}/node_modules/${BINARY}`,
    args: [
      "-p",
      "hi",
      "--allow-all-tools",
      "--disable-client-telemetry",
      "--no-auto-update",
    ],
    env: {
      HOME: context.home,
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      COPILOT_OFFLINE: "true",
      COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${context.port}/v1`,
      COPILOT_PROVIDER_API_KEY: "dummy",
      COPILOT_MODEL: "stub-model",
      COPILOT_AUTO_UPDATE: "false",
      ...scenarioEnv(context),
    },
  };
}

/**
 * Reads the listing from the first chat completion: the
 * `<available_skills>` block of its `system` message, every field
 * unescaped. A turn without the block is an empty listing.
 *
 * @param requests What the stand-in recorded.
 * @returns The skills in the order Copilot sent them.
 * @throws {Error} when no chat completion was recorded, or the block does
 * not have the shape Copilot renders.
 */
export function extractCopilot(
  requests: readonly RecordedRequest[],
): Listing {
  const system = systemText(requests);
  const open = system.indexOf(OPEN);
  if (open < 0) return { skills: [] };
  const skills: ListedSkill[] = [];
  ENTRY.lastIndex = open + OPEN.length;
  for (;;) {
    const at = ENTRY.lastIndex;
    if (system.startsWith(CLOSE, at)) break;
    const match = ENTRY.exec(system);
    if (match === null) {
      throw new Error(
        `copilot: unreadable <skill> entry after ${skills.length} skills`,
      );
    }
    const skill: { name: string; description?: string; location?: string } = {
      name: unescapeXml(match[1] ?? ""),
    };
    if (match[2] !== undefined) skill.description = unescapeXml(match[2]);
    if (match[3] !== undefined) skill.location = unescapeXml(match[3]);
    skills.push(skill);
  }
  return { skills };
}

/** The `system` text of the first chat completion with messages. */
function systemText(requests: readonly RecordedRequest[]): string {
  for (const request of requests) {
    if (request.method !== "POST") continue;
    if (!request.path.split("?")[0]!.endsWith("/chat/completions")) continue;
    const body = request.body;
    if (!isRecord(body) || !Array.isArray(body.messages)) continue;
    return body.messages.filter((m) => isRecord(m) && m.role === "system")
      .map((m) => contentText((m as Record<string, unknown>).content))
      .join("\n");
  }
  throw new Error("copilot: no /chat/completions request was recorded");
}
