// Copyright 2026 the skillscope authors. MIT license.
/**
 * The Claude Code driver (`@anthropic-ai/claude-code`): one print-mode turn
 * (`claude -p hi`) against the stand-in, with `ANTHROPIC_BASE_URL` pointing
 * at it and every non-essential call switched off. No onboarding, trust or
 * settings file is needed; print mode loads project skills.
 *
 * Claude Code sends one streamed `POST /v1/messages?beta=true`. The listing
 * is a text part of a `system`-role message in `messages`: after
 * {@link HEADER} and a blank line, one entry per skill,
 * `- NAME[ (FRONTMATTER NAME)]: DESCRIPTION`, ended by a blank line. `NAME`
 * is the folder name the model invokes; the parenthesised frontmatter name
 * only appears when it differs. An entry without `: …` is a skill listed by
 * name only (what Claude Code does once the listing outgrows its budget).
 * Descriptions of skills on disk arrive on one line (whitespace collapsed);
 * those of bundled skills may run over several lines, so a line that does
 * not start a new entry continues the previous description.
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
import { isRecord, scenarioEnv } from "../driver_kit.ts";

const PACKAGE = "@anthropic-ai/claude-code";
const VERSION = "2.1.328";

/** The line Claude Code puts right before its skill entries. */
export const HEADER =
  "The following skills are available for use with the Skill tool:";

/** The skills Claude Code 2.1.328 ships, in every run (an empty tree shows them). */
export const CLAUDE_BUILTINS: readonly string[] = [
  "dataviz",
  "update-config",
  "keybindings-help",
  "code-review",
  "simplify",
  "fewer-permission-prompts",
  "loop",
  "claude-api",
  "workflow-authoring",
  "run",
  "plugin-authoring",
  "init",
  "security-review",
];

/** The driver of Claude Code. */
export const driver: ClientDriver = {
  name: "claude",
  version: VERSION,
  packages: [`${PACKAGE}@${VERSION}`],
  prepare: prepareClaude,
  command: claudeCommand,
  extract: extractClaude,
  builtins: CLAUDE_BUILTINS,
};

/**
 * Claude Code needs no file of its own for a print-mode turn: settings a
 * scenario wants (`~/.claude/settings.json`, `CLAUDE_CONFIG_DIR`) are part of
 * its tree.
 *
 * @param _context The run.
 */
function prepareClaude(_context: RunContext): Promise<void> {
  return Promise.resolve();
}

/**
 * `bin/claude.exe -p hi` (the native binary the package's postinstall puts
 * there) with the stand-in as its API and nothing else to reach.
 *
 * @param context The run.
 * @returns The command.
 */
function claudeCommand(context: RunContext): ClientCommand {
  return {
    cmd: `${context.cacheDir}/node_modules/${PACKAGE}/bin/claude.exe`,
    args: ["-p", "hi"],
    env: {
      HOME: context.home,
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${context.port}`,
      ANTHROPIC_API_KEY: "dummy",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      ...scenarioEnv(context),
    },
  };
}

/**
 * Reads the listing from the first `/v1/messages` request that holds
 * {@link HEADER} (in any message's text, or the top-level `system`). A
 * messages request without it is an empty listing.
 *
 * @param requests What the stand-in recorded.
 * @returns The skills in the order Claude Code sent them.
 * @throws {Error} when no messages request was recorded.
 */
export function extractClaude(requests: readonly RecordedRequest[]): Listing {
  let sawTurn = false;
  for (const request of requests) {
    if (request.method !== "POST") continue;
    if (request.path.split("?")[0] !== "/v1/messages") continue;
    if (!isRecord(request.body)) continue;
    sawTurn = true;
    for (const text of texts(request.body)) {
      const at = text.indexOf(HEADER);
      if (at >= 0) {
        return { skills: parseEntries(text.slice(at + HEADER.length)) };
      }
    }
  }
  if (!sawTurn) {
    throw new Error("claude: no /v1/messages request was recorded");
  }
  return { skills: [] };
}

/**
 * Parses the entries that follow {@link HEADER}: leading blank lines are
 * skipped, the first blank line after an entry ends the list.
 *
 * @param rest The text after the header.
 * @returns The skills.
 */
export function parseEntries(rest: string): ListedSkill[] {
  const entries: string[] = [];
  for (const line of rest.split("\n")) {
    if (line.trim() === "") {
      if (entries.length > 0) break;
      continue;
    }
    if (line.startsWith("- ")) entries.push(line.slice(2));
    else if (entries.length > 0) entries[entries.length - 1] += `\n${line}`;
    else break;
  }
  return entries.map(parseEntry);
}

/**
 * One entry without its `- `: `NAME[ (FRONTMATTER NAME)][: DESCRIPTION]`.
 *
 * @param entry The entry.
 * @returns The skill (no description when listed by name only).
 */
export function parseEntry(entry: string): ListedSkill {
  const firstLine = entry.split("\n", 1)[0]!;
  const colon = firstLine.indexOf(": ");
  let head: string;
  let description: string | undefined;
  if (colon >= 0) {
    head = entry.slice(0, colon);
    description = entry.slice(colon + 2);
  } else if (firstLine.endsWith(":")) {
    head = firstLine.slice(0, -1);
    description = entry.slice(firstLine.length);
  } else {
    head = entry;
  }
  const shown = /^(.+?) \((.+)\)$/.exec(head);
  const name = shown === null ? head : shown[1]!;
  return description === undefined ? { name } : { name, description };
}

/** Every text of a messages body: its `system` and each message's content. */
function texts(body: Record<string, unknown>): string[] {
  const out = contentTexts(body.system);
  const messages = Array.isArray(body.messages) ? body.messages : [];
  for (const message of messages) {
    if (isRecord(message)) out.push(...contentTexts(message.content));
  }
  return out;
}

/** A content value's texts (a string, or the `text` of each part). */
function contentTexts(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  const out: string[] = [];
  for (const part of content) {
    if (isRecord(part) && typeof part.text === "string") out.push(part.text);
  }
  return out;
}
