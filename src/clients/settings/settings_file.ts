// Copyright 2026 the skillscope authors. MIT license.
/**
 * Reading an agent's settings file: a regular file within 1 MiB, read only
 * where `--allow-read` covers it, parsed as JSON, or as JSON with comments
 * and trailing commas (Gemini CLI's and opencode's files allow both). A
 * file that is missing, unreadable or not a JSON object is left out, as the
 * agents themselves leave it.
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
): Record<string, unknown> | undefined {
  const text = readSettingsText(path);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = JSON.parse(withoutComments(text));
    } catch {
      return undefined;
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
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
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
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
