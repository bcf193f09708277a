// Copyright 2026 the skillscope authors. MIT license.
/**
 * The Qwen Code driver (`@qwen-code/qwen-code`): one headless turn against
 * an OpenAI-compatible stand-in named by `OPENAI_BASE_URL`.
 *
 * Qwen Code sends two streamed chat completions: the turn, then a managed
 * memory extractor (its own system prompt, the same first user message) that
 * is ignored here. The listing is not in the system prompt but in a
 * `<system-reminder>` part of the first **user** message:
 * `<available_skills>` with one `<skill>` per entry, each field on its own
 * lines (`<name>\nNAME\n</name>`), XML-escaped, sorted by name, the skills
 * first and then model-invocable commands (which have no `<location>`). A
 * skill's `<location>` is its level (`project`, `user`, `extension`,
 * `bundled`), not a path. With nothing to offer, the reminder says
 * `No skills are currently available.` instead.
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
  isRecord,
  merge,
  readObject,
  scenarioEnv,
  unescapeXml,
} from "../driver_kit.ts";

const PACKAGE = "@qwen-code/qwen-code";
const VERSION = "0.24.4";

/**
 * The skills the package ships in `bundled/` (level `bundled`). `coordinate`
 * and `zvec-grep-install` set `disable-model-invocation` and are not listed;
 * the other 14 are in every listing unless `skills.disabled` names them.
 */
const BUNDLED = [
  "batch",
  "browser-use",
  "computer-use",
  "coordinate",
  "dataviz",
  "extension-creator",
  "goal-draft",
  "loop",
  "new-app",
  "qc-helper",
  "review",
  "simplify",
  "stuck",
  "workflow-authoring",
  "workflow-creator",
  "zvec-grep-install",
] as const;

/** How the skills reminder starts (after `<system-reminder>\n`). */
const LISTING_INTRO =
  "The following skills are available for use with the Skill tool.";

/** The reminder Qwen Code sends when it has nothing to offer. */
const NO_SKILLS = "No skills are currently available.";

/** The memory extractor's system prompt starts so. */
const MEMORY_EXTRACTOR = "You are now acting as the managed memory extraction";

/** One entry as Qwen Code renders it (escaped text never holds a `<`). */
const ENTRY =
  /<skill>\n<name>\n([^<]*)\n<\/name>\n<description>\n([^<]*)\n<\/description>\n(?:<location>\n([^<]*)\n<\/location>\n)?<\/skill>/g;

/** The settings every run needs (merged over a scenario's own settings). */
const SETTINGS = {
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
  security: { auth: { selectedType: "openai" } },
  model: { name: "stand-in" },
};

/** The driver of Qwen Code. */
export const driver: ClientDriver = {
  name: "qwen-code",
  version: VERSION,
  packages: [`${PACKAGE}@${VERSION}`],
  prepare: prepareQwen,
  command: qwenCommand,
  extract: extractQwen,
  builtins: BUNDLED,
};

/**
 * Writes `settings.json` in the Qwen directory (`QWEN_HOME` when the
 * scenario sets it, else `~/.qwen`): the run's settings merged over what the
 * scenario put there (`skills.disabled`, …).
 *
 * @param context The run.
 */
async function prepareQwen(context: RunContext): Promise<void> {
  const dir = qwenDir(context);
  await Deno.mkdir(dir, { recursive: true });
  const file = `${dir}/settings.json`;
  const settings = merge(await readObject(file), SETTINGS);
  await Deno.writeTextFile(file, JSON.stringify(settings, null, 2) + "\n");
}

/**
 * `node cli-entry.js -p hi` with the OpenAI variables naming the stand-in.
 * The system-wide settings file (`/etc/qwen-code/settings.json`) is moved
 * to a path inside the scenario that does not exist, so the machine's own
 * settings never take part (unless the scenario sets the variable itself).
 *
 * @param context The run.
 * @returns The command.
 */
function qwenCommand(context: RunContext): ClientCommand {
  return {
    cmd: "node",
    args: [
      `${context.cacheDir}/node_modules/${PACKAGE}/cli-entry.js`,
      "-p",
      "hi",
    ],
    env: {
      HOME: context.home,
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      OPENAI_API_KEY: "dummy",
      OPENAI_BASE_URL: `http://127.0.0.1:${context.port}/v1`,
      OPENAI_MODEL: "stand-in",
      QWEN_CODE_SYSTEM_SETTINGS_PATH:
        `${context.root}/.no-system-settings.json`,
      ...scenarioEnv(context),
    },
  };
}

/**
 * Reads the listing from the turn's first user message (the memory
 * extractor's request is skipped).
 *
 * Each description is kept as rendered, only unescaped. Qwen Code appends
 * to what the `SKILL.md` says: ` — WHEN_TO_USE` when the frontmatter has
 * `when_to_use`, then ` (LEVEL)` for every skill, so `description: Does X`
 * with `when_to_use: For Y` in a project skill is listed as
 * `Does X — For Y (project)`. Over its listing budget (8,000 characters),
 * descriptions of non-bundled skills are cut to their first line and lose
 * the `when_to_use` part.
 *
 * @param requests What the stand-in recorded.
 * @returns The entries in the order Qwen Code sent them.
 * @throws {Error} when no turn was recorded, it holds no skills reminder, or
 * the listing does not have the shape Qwen Code renders.
 */
export function extractQwen(requests: readonly RecordedRequest[]): Listing {
  const text = reminderText(turnUserParts(requests));
  if (text === undefined) {
    throw new Error("qwen-code: the turn holds no skills reminder");
  }
  if (!text.includes(LISTING_INTRO)) return { skills: [] };
  const open = text.indexOf("<available_skills>");
  const close = text.indexOf("</available_skills>", open);
  if (open < 0 || close < 0) {
    throw new Error("qwen-code: the skills reminder has no <available_skills>");
  }
  const block = text.slice(open, close);
  const skills: ListedSkill[] = [];
  for (const match of block.matchAll(ENTRY)) {
    const location = match[3];
    skills.push({
      name: unescapeXml(match[1] ?? ""),
      description: unescapeXml(match[2] ?? ""),
      location: location === undefined ? undefined : unescapeXml(location),
    });
  }
  const entries = block.split("<skill>").length - 1;
  if (entries !== skills.length) {
    throw new Error(
      `qwen-code: read ${skills.length} of ${entries} <skill> entries`,
    );
  }
  return { skills };
}

/** The text parts of the first user message of the turn's first request. */
function turnUserParts(requests: readonly RecordedRequest[]): string[] {
  for (const request of requests) {
    if (request.method !== "POST") continue;
    if (!request.path.split("?")[0]!.endsWith("/chat/completions")) continue;
    const body = request.body;
    if (!isRecord(body) || !Array.isArray(body.messages)) continue;
    const messages = body.messages.filter(isRecord);
    const system = messages.find((m) => m.role === "system");
    if (
      system && contentParts(system.content)[0]?.startsWith(MEMORY_EXTRACTOR)
    ) {
      continue;
    }
    const user = messages.find((m) => m.role === "user");
    if (user) return contentParts(user.content);
  }
  throw new Error("qwen-code: no chat completion of the turn was recorded");
}

/** The skills reminder among a message's parts (listing or "no skills"). */
function reminderText(parts: readonly string[]): string | undefined {
  return parts.find((part) =>
    part.startsWith("<system-reminder>") &&
    (part.includes(LISTING_INTRO) || part.includes(NO_SKILLS))
  );
}

/** A message's content as text parts. */
function contentParts(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) =>
    isRecord(part) && typeof part.text === "string" ? [part.text] : []
  );
}

/** The Qwen directory (`QWEN_HOME`, else `~/.qwen`). */
function qwenDir(context: RunContext): string {
  const set = scenarioEnv(context).QWEN_HOME;
  if (set === undefined || set === "") return `${context.home}/.qwen`;
  return set.startsWith("/") ? set : `${context.cwd}/${set}`;
}
