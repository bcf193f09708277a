// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading an agent's settings file: a regular file within 1 MiB, read only
 * where `--allow-read` covers it, parsed as JSON, or as JSON with comments
 * and trailing commas where the agent allows them (Gemini CLI, opencode; not
 * Claude Code, which skips such a file). A file that is missing, unreadable
 * or not a JSON object is left out, as the agents themselves leave it.
 *
 * A project's settings come from a repository the user may not trust, so
 * what is read is bounded before any reader walks it
 * ({@linkcode boundedSettings}): the first 256 items of a list, the first 256
 * keys of an object, 16 levels, strings of at most 4,096 characters. No
 * agent's real settings come near; a file built to make matching slow or
 * large is cut to a size every reader handles at once.
 *
 * @module
 */
import { readTextIfRegularSync } from "../../shared/checked_read.ts";

/** The largest settings file read (bytes). */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/**
 * A settings file's text, or `undefined` when it is missing, not a regular
 * file, too large or not covered by `--allow-read`.
 *
 * @example Usage
 * ```ts
 * import { readSettingsText } from "./settings_file.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/config.toml`, "model = \"o3\"\n");
 * assert.equal(readSettingsText(`${dir}/config.toml`), "model = \"o3\"\n");
 * assert.equal(readSettingsText(`${dir}/missing.toml`), undefined);
 * ```
 *
 * @param path The file.
 * @returns Its text.
 */
export function readSettingsText(path: string): string | undefined {
  if (Deno.permissions.querySync({ name: "read", path }).state !== "granted") {
    return undefined;
  }
  return readTextIfRegularSync(path, MAX_SETTINGS_BYTES);
}

/**
 * A JSON (or JSON with comments) settings file's object.
 *
 * @example Usage
 * ```ts
 * import { readJsonSettings } from "./settings_file.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/settings.json`, '{\n  // off\n  "skills": { "disabled": ["pdf",], },\n}\n');
 * assert.deepEqual(readJsonSettings(`${dir}/settings.json`), { skills: { disabled: ["pdf"] } });
 * assert.equal(readJsonSettings(`${dir}/missing.json`), undefined);
 * ```
 *
 * @param path The file.
 * @returns The object, or `undefined`.
 */
export function readJsonSettings(
  path: string,
  options: { readonly strict?: boolean } = {},
): Record<string, unknown> | undefined {
  const text = readSettingsText(path);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (options.strict === true) return undefined;
    try {
      value = JSON.parse(withoutComments(text));
    } catch {
      return undefined;
    }
  }
  value = boundedSettings(value);
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}

/** Most items of a settings list, and keys of a settings object, read. */
export const MAX_SETTINGS_ITEMS = 256;
/** Deepest settings value read. */
const MAX_SETTINGS_DEPTH = 16;
/** Longest settings string read (UTF-16 code units). */
const MAX_SETTINGS_STRING = 4096;

/**
 * A parsed settings value cut to the bounds of the module doc: the first
 * {@linkcode MAX_SETTINGS_ITEMS} items and keys, 16 levels (deeper values
 * left out), strings of at most 4,096 characters (longer ones left out).
 * Every key, `__proto__` included, stays an own property.
 *
 * @example Usage
 * ```ts
 * import { boundedSettings } from "./settings_file.ts";
 * import assert from "node:assert/strict";
 *
 * const many = Array.from({ length: 1000 }, (_, i) => `!x${i}`);
 * const cut = boundedSettings({ skills: many }) as { skills: string[] };
 * assert.equal(cut.skills.length, 256);
 * assert.equal(cut.skills[0], "!x0");
 * ```
 *
 * @param value A parsed JSON or TOML value.
 * @param depth How deep it sits (for the recursion).
 * @returns The bounded value (`undefined` for one left out).
 */
export function boundedSettings(value: unknown, depth = 0): unknown {
  if (typeof value === "string") {
    return value.length > MAX_SETTINGS_STRING ? undefined : value;
  }
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_SETTINGS_DEPTH) return undefined;
  if (Array.isArray(value)) {
    return value.slice(0, MAX_SETTINGS_ITEMS)
      .map((item) => boundedSettings(item, depth + 1))
      .filter((item) => item !== undefined);
  }
  const out: Record<string, unknown> = {};
  let keys = 0;
  for (const key of Object.keys(value)) {
    if (keys++ >= MAX_SETTINGS_ITEMS) break;
    const item = boundedSettings(
      (value as Record<string, unknown>)[key],
      depth + 1,
    );
    // Defined, not assigned: a key "__proto__" stays an own property.
    if (item !== undefined) {
      Object.defineProperty(out, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out;
}

/**
 * JSON with comments as plain JSON: `//` and `/* *\/` comments outside
 * strings become spaces, and a comma before `}` or `]` is dropped.
 */
function withoutComments(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      // A string, escapes and all.
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
      out += " ";
    } else if (c === "," && closesNext(text, i + 1)) {
      // A trailing comma: dropped (outside strings only).
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Whether the next token after `from` (past whitespace and comments) closes an object or array. */
function closesNext(text: string, from: number): boolean {
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
    else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else return c === "}" || c === "]";
  }
  return false;
}

/**
 * A value at a dotted key of a settings object (`skills.disabled`).
 *
 * @example Usage
 * ```ts
 * import { settingAt } from "./settings_file.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(settingAt({ skills: { disabled: ["a"] } }, "skills.disabled"), ["a"]);
 * assert.equal(settingAt({ skills: 1 }, "skills.disabled"), undefined);
 * ```
 *
 * @param settings The object.
 * @param key The dotted key.
 * @returns The value, or `undefined`.
 */
export function settingAt(
  settings: Record<string, unknown> | undefined,
  key: string,
): unknown {
  let value: unknown = settings;
  for (const part of key.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
