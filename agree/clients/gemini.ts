// Copyright 2026 the skillscope authors. MIT license.
/**
 * The Gemini CLI driver (`@google/gemini-cli`, one bundled script): one
 * headless `-p` turn with an API key, `GOOGLE_GEMINI_BASE_URL` at the
 * stand-in, the workspace trusted (headless runs in an untrusted folder exit
 * 55) and `~/.gemini/settings.json` turning off telemetry and updates.
 *
 * Gemini CLI first asks a small model to rate the prompt (a
 * `…:generateContent` router call that wants a JSON answer), then sends the
 * turn as `…:streamGenerateContent?alt=sse`. The turn's
 * `systemInstruction.parts[].text` holds the listing under
 * `# Available Agent Skills`: `<available_skills>` with one `<skill>` per
 * skill, built-ins first, then user, then workspace skills, each `<name>`,
 * `<description>` and `<location>` (the `SKILL.md` path), nothing escaped —
 * a description may hold `<`, `&` or line breaks. When no skill is enabled
 * the whole section is left out.
 *
 * Gemini CLI ships two skills, `skill-creator` and `antigravity-support`,
 * under `bundle/builtin/` of its package.
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
import { isRecord, merge, readObject, scenarioEnv } from "../driver_kit.ts";

const PACKAGE = "@google/gemini-cli";
const VERSION = "0.61.0";

/** The heading of the skills section of the system instruction. */
const HEADING = "# Available Agent Skills";

/**
 * One entry, read from where the previous one ended. Nothing is escaped, so
 * each field runs up to the exact line that follows it.
 */
const ENTRY =
  / {2}<skill>\n {4}<name>([\s\S]*?)<\/name>\n {4}<description>([\s\S]*?)<\/description>\n {4}<location>([\s\S]*?)<\/location>\n {2}<\/skill>\n/y;

/** The settings every run needs (a scenario's own settings are kept). */
const BASE_SETTINGS: Record<string, unknown> = {
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
  security: { auth: { selectedType: "gemini-api-key" } },
};

/** The driver of Gemini CLI. */
export const driver: ClientDriver = {
  name: "gemini",
  version: VERSION,
  packages: [`${PACKAGE}@${VERSION}`],
  prepare: prepareGemini,
  command: geminiCommand,
  extract: extractGemini,
  builtins: ["skill-creator", "antigravity-support"],
};

/**
 * Writes `.gemini/settings.json` below the home Gemini CLI uses
 * (`GEMINI_CLI_HOME` when the scenario sets it, else `HOME`), the base
 * settings merged under whatever the scenario put in that file (its
 * `skills.disabled`, …).
 *
 * @param context The run.
 */
async function prepareGemini(context: RunContext): Promise<void> {
  const dir = `${geminiHome(context)}/.gemini`;
  await Deno.mkdir(dir, { recursive: true });
  const file = `${dir}/settings.json`;
  const settings = merge(BASE_SETTINGS, await readObject(file));
  await Deno.writeTextFile(file, JSON.stringify(settings, null, 2) + "\n");
}

/**
 * `node bundle/gemini.js -p hi` with a dummy key, the stand-in's URL, the
 * workspace trusted and no relaunch into a child process.
 *
 * @param context The run.
 * @returns The command.
 */
function geminiCommand(context: RunContext): ClientCommand {
  return {
    cmd: "node",
    args: [
      `${context.cacheDir}/node_modules/${PACKAGE}/bundle/gemini.js`,
      "-p",
      "hi",
    ],
    env: {
      HOME: context.home,
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      GEMINI_API_KEY: "dummy",
      GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${context.port}`,
      GEMINI_CLI_TRUST_WORKSPACE: "true",
      GEMINI_CLI_NO_RELAUNCH: "true",
      ...scenarioEnv(context),
    },
  };
}

/**
 * Reads the listing from the first `…:streamGenerateContent` call: the
 * `<available_skills>` block after {@link HEADING} in its
 * `systemInstruction`, taken as sent (Gemini CLI escapes nothing). A turn
 * without the section is an empty listing.
 *
 * @param requests What the stand-in recorded.
 * @returns The skills in the order Gemini CLI sent them.
 * @throws {Error} when no streamed turn was recorded, or the block does not
 * have the shape Gemini CLI renders.
 */
export function extractGemini(requests: readonly RecordedRequest[]): Listing {
  const system = systemInstructionText(requests);
  const heading = system.indexOf(`\n${HEADING}\n`);
  if (heading < 0 && !system.startsWith(`${HEADING}\n`)) return { skills: [] };
  const open = system.indexOf("<available_skills>\n", Math.max(heading, 0));
  if (open < 0) {
    throw new Error("gemini: the skills section has no <available_skills>");
  }
  const skills: ListedSkill[] = [];
  ENTRY.lastIndex = open + "<available_skills>\n".length;
  for (;;) {
    const at = ENTRY.lastIndex;
    if (system.startsWith("</available_skills>", at)) break;
    const match = ENTRY.exec(system);
    if (match === null) {
      throw new Error(
        `gemini: unreadable <skill> entry after ${skills.length} skills`,
      );
    }
    skills.push({
      name: match[1] ?? "",
      description: match[2] ?? "",
      location: match[3] ?? "",
    });
  }
  return { skills };
}

/** The system instruction's text of the first streamed turn. */
function systemInstructionText(requests: readonly RecordedRequest[]): string {
  for (const request of requests) {
    if (request.method !== "POST") continue;
    if (!request.path.split("?")[0]!.endsWith(":streamGenerateContent")) {
      continue;
    }
    const body = request.body;
    if (!isRecord(body)) continue;
    const instruction = body.systemInstruction;
    if (typeof instruction === "string") return instruction;
    if (!isRecord(instruction) || !Array.isArray(instruction.parts)) return "";
    return instruction.parts.map((part) =>
      isRecord(part) && typeof part.text === "string" ? part.text : ""
    ).join("\n");
  }
  throw new Error("gemini: no streamGenerateContent call was recorded");
}

/** The home Gemini CLI reads `.gemini/` from (`GEMINI_CLI_HOME` or `HOME`). */
function geminiHome(context: RunContext): string {
  const set = scenarioEnv(context).GEMINI_CLI_HOME;
  if (set === undefined || set === "") return context.home;
  return set.startsWith("/") ? set : `${context.cwd}/${set}`;
}
