// Copyright 2026 the skillscope authors. MIT license.
/**
 * The Codex driver (`@openai/codex`, a native binary behind `bin/codex.js`):
 * one `codex exec` turn against a model provider `stub` declared in
 * `config.toml` in `CODEX_HOME` (the scenario's, else `~/.codex`), with
 * update checks, analytics, feedback, telemetry and the plugin and app
 * features off, and the project trusted.
 *
 * Codex sends one streamed `POST /v1/responses`. The listing is a text part
 * of a `developer` message in `input`, between `<skills_instructions>` and
 * `</skills_instructions>`: a `### Skill roots` table giving each alias a
 * root (`` - `r0` = `/abs/root` ``), then `### Available skills`, one line
 * per skill, `- NAME: DESCRIPTION (file: r0/dir/SKILL.md)`, up to a blank
 * line or a heading. Every copy of a name is listed. Codex writes its bundled
 * skills to `$CODEX_HOME/skills/.system/` at start-up and lists them with the
 * rest.
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

const PACKAGE = "@openai/codex";
const VERSION = "0.169.0";

const OPEN = "<skills_instructions>";
const CLOSE = "</skills_instructions>";
const ROOTS = "### Skill roots";
const AVAILABLE = "### Available skills";
const FILE = " (file: ";

/**
 * The skills Codex 0.169.0 writes to `$CODEX_HOME/skills/.system/`
 * (`review-agent` is written but not offered: its `agents/openai.yaml` sets
 * `allow_implicit_invocation: false`).
 */
export const CODEX_BUILTINS: readonly string[] = [
  "imagegen",
  "openai-docs",
  "review-agent",
  "skill-creator",
  "skill-installer",
];

/** The driver of Codex. */
export const driver: ClientDriver = {
  name: "codex",
  version: VERSION,
  packages: [`${PACKAGE}@${VERSION}`],
  prepare: prepareCodex,
  command: codexCommand,
  extract: extractCodex,
  builtins: CODEX_BUILTINS,
};

/**
 * Writes `config.toml` in `CODEX_HOME`: the stand-in provider, the switches
 * that keep Codex from reaching out, and trust for the project and the cwd.
 * A `config.toml` the scenario put there is kept: its text goes between the
 * top-level keys and the tables written here, and a table it already has is
 * not written again.
 *
 * @param context The run.
 */
async function prepareCodex(context: RunContext): Promise<void> {
  const home = codexHome(context);
  await Deno.mkdir(home, { recursive: true });
  const file = `${home}/config.toml`;
  let existing = "";
  try {
    existing = await Deno.readTextFile(file);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  await Deno.writeTextFile(file, codexConfig(context, existing));
}

/**
 * The text of `config.toml` for a run.
 *
 * @param context The run (its port, project and cwd).
 * @param existing What the scenario put in the file (may be empty).
 * @returns The file's text.
 */
export function codexConfig(context: RunContext, existing: string): string {
  const top = [
    'model = "stub-model"',
    'model_provider = "stub"',
    "check_for_update_on_startup = false",
  ];
  const tables: [string, string[]][] = [
    ["[model_providers.stub]", [
      'name = "stub"',
      `base_url = "http://127.0.0.1:${context.port}/v1"`,
      'wire_api = "responses"',
      'env_key = "STUB_API_KEY"',
      "request_max_retries = 0",
      "stream_max_retries = 0",
    ]],
    ["[analytics]", ["enabled = false"]],
    ["[feedback]", ["enabled = false"]],
    ["[otel]", ['exporter = "none"']],
    ["[features]", [
      "plugins = false",
      "remote_plugin = false",
      "apps = false",
    ]],
  ];
  for (const dir of new Set([context.project, context.cwd])) {
    tables.push([`[projects.${JSON.stringify(dir)}]`, [
      'trust_level = "trusted"',
    ]]);
  }
  const headers = new Set(existing.split("\n").map((line) => line.trim()));
  const out = [...top, ""];
  if (existing.trim() !== "") out.push(existing.trimEnd(), "");
  for (const [header, lines] of tables) {
    if (headers.has(header)) continue;
    out.push(header, ...lines, "");
  }
  return out.join("\n");
}

/**
 * `node bin/codex.js exec --skip-git-repo-check --ephemeral --color never hi`
 * with the provider's key; `CODEX_HOME` only when the scenario sets it.
 *
 * @param context The run.
 * @returns The command.
 */
function codexCommand(context: RunContext): ClientCommand {
  return {
    cmd: "node",
    args: [
      `${context.cacheDir}/node_modules/${PACKAGE}/bin/codex.js`,
      "exec",
      "--skip-git-repo-check",
      "--ephemeral",
      "--color",
      "never",
      "hi",
    ],
    env: {
      HOME: context.home,
      TERM: "dumb",
      NO_COLOR: "1",
      LANG: "C.UTF-8",
      STUB_API_KEY: "dummy",
      ...scenarioEnv(context),
    },
  };
}

/**
 * Reads the listing from the first `/v1/responses` request: the
 * `<skills_instructions>` block of its input, with each `(file: …)` path
 * expanded through the roots table (the location is the `SKILL.md` path). A
 * request without the block is an empty listing.
 *
 * @param requests What the stand-in recorded.
 * @returns The skills in the order Codex sent them.
 * @throws {Error} when no responses request was recorded, or the block has
 * no `### Available skills` section.
 */
export function extractCodex(requests: readonly RecordedRequest[]): Listing {
  let sawTurn = false;
  for (const request of requests) {
    if (request.method !== "POST") continue;
    if (!request.path.split("?")[0]!.endsWith("/responses")) continue;
    if (!isRecord(request.body)) continue;
    sawTurn = true;
    for (const text of inputTexts(request.body.input)) {
      const open = text.indexOf(OPEN);
      if (open < 0) continue;
      const close = text.indexOf(CLOSE, open);
      const block = text.slice(
        open + OPEN.length,
        close < 0 ? undefined : close,
      );
      return { skills: parseBlock(block) };
    }
  }
  if (!sawTurn) throw new Error("codex: no /v1/responses request was recorded");
  return { skills: [] };
}

/**
 * Parses the inside of `<skills_instructions>`.
 *
 * @param block The text between the tags.
 * @returns The skills.
 * @throws {Error} when there is no `### Available skills` section.
 */
export function parseBlock(block: string): ListedSkill[] {
  const lines = block.split("\n");
  const available = lines.indexOf(AVAILABLE);
  if (available < 0) {
    throw new Error("codex: the skills block has no '### Available skills'");
  }
  const roots = new Map<string, string>();
  const rootsAt = lines.indexOf(ROOTS);
  if (rootsAt >= 0) {
    for (const line of lines.slice(rootsAt + 1, available)) {
      const alias = /^- `([^`]+)` = `(.*)`$/.exec(line);
      if (alias !== null) roots.set(alias[1]!, alias[2]!);
    }
  }
  const entries: string[] = [];
  for (const line of lines.slice(available + 1)) {
    if (line.startsWith("#")) break;
    if (line.trim() === "") {
      if (entries.length > 0) break;
    } else if (line.startsWith("- ")) entries.push(line.slice(2));
    else if (entries.length > 0) entries[entries.length - 1] += `\n${line}`;
  }
  return entries.map((entry) => parseEntry(entry, roots));
}

/**
 * One entry without its `- `: `NAME[: DESCRIPTION] (file: PATH)`, the path's
 * first segment expanded when it is a root alias.
 *
 * @param entry The entry.
 * @param roots The aliases of the roots table.
 * @returns The skill (no description when listed by name only).
 */
export function parseEntry(
  entry: string,
  roots: ReadonlyMap<string, string>,
): ListedSkill {
  let text = entry;
  let location: string | undefined;
  const file = entry.lastIndexOf(FILE);
  if (file >= 0 && entry.endsWith(")")) {
    location = expand(entry.slice(file + FILE.length, -1), roots);
    text = entry.slice(0, file);
  }
  const colon = text.indexOf(": ");
  let skill: ListedSkill;
  if (colon >= 0) {
    skill = { name: text.slice(0, colon), description: text.slice(colon + 2) };
  } else if (text.endsWith(":")) {
    skill = { name: text.slice(0, -1), description: "" };
  } else {
    skill = { name: text };
  }
  return location === undefined ? skill : { ...skill, location };
}

/** `r1/dir/SKILL.md` → `ROOT/dir/SKILL.md` when `r1` is an alias. */
function expand(path: string, roots: ReadonlyMap<string, string>): string {
  const slash = path.indexOf("/");
  const root = slash < 0 ? undefined : roots.get(path.slice(0, slash));
  return root === undefined ? path : `${root}${path.slice(slash)}`;
}

/** The texts of a responses `input`: each item's string or text parts. */
function inputTexts(input: unknown): string[] {
  if (typeof input === "string") return [input];
  if (!Array.isArray(input)) return [];
  const out: string[] = [];
  for (const item of input) {
    if (!isRecord(item)) continue;
    if (typeof item.content === "string") out.push(item.content);
    if (!Array.isArray(item.content)) continue;
    for (const part of item.content) {
      if (isRecord(part) && typeof part.text === "string") out.push(part.text);
    }
  }
  return out;
}

/** `CODEX_HOME` as the scenario sets it (relative to the cwd), else `~/.codex`. */
function codexHome(context: RunContext): string {
  const set = scenarioEnv(context).CODEX_HOME;
  if (set === undefined || set === "") return `${context.home}/.codex`;
  return set.startsWith("/") ? set : `${context.cwd}/${set}`;
}
