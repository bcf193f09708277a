// Copyright 2026 the skillscope authors. MIT license.
/**
 * What the client drivers share: the scenario's environment with its root
 * filled in, reading and merging the clients' JSON settings, and reading
 * text out of recorded request bodies.
 *
 * @module
 */
import type { RunContext } from "./types.ts";

/**
 * The scenario's environment with `$ROOT` replaced by the scenario root.
 *
 * @param context The run.
 * @returns The variables.
 */
export function scenarioEnv(context: RunContext): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(context.scenario.env ?? {})) {
    env[key] = value.replaceAll("$ROOT", context.root);
  }
  return env;
}

/**
 * Whether a value is a plain JSON object.
 *
 * @param value Any value.
 * @returns `true` for an object that is not an array.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A JSON object from a file, or `{}` when it is missing or not an object.
 *
 * @param file The file.
 * @returns The object.
 */
export async function readObject(
  file: string,
): Promise<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(await Deno.readTextFile(file));
    return isRecord(value) ? value : {};
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return {};
    if (error instanceof SyntaxError) return {};
    throw error;
  }
}

/**
 * `over` merged into `base`, objects merged key by key, anything else
 * replaced (a scenario's settings win over the driver's).
 *
 * @param base The values underneath.
 * @param over The values that win.
 * @returns A new object.
 */
export function merge(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] = isRecord(under) && isRecord(value) ? merge(under, value) : value;
  }
  return out;
}

/**
 * A chat message's content as text: a string, or the text of its parts.
 *
 * @param content The content.
 * @returns The text.
 */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) =>
    isRecord(part) && typeof part.text === "string" ? part.text : ""
  ).join("");
}

/**
 * Undoes XML escaping (`&amp;` last, as it is escaped first; `&apos;` and
 * `&#39;` both, as clients write either).
 *
 * @param text Escaped text.
 * @returns The text.
 */
export function unescapeXml(text: string): string {
  return text.replaceAll("&lt;", "<").replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"').replaceAll("&apos;", "'")
    .replaceAll("&#39;", "'").replaceAll("&amp;", "&");
}
