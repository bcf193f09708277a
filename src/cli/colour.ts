// Copyright 2026 the skillscope authors. MIT license.
/**
 * Colour for state on a terminal: warnings, errors, scopes and whether an
 * agent sees a skill. Never in a pipe or a file, never with `--json`, off
 * with `NO_COLOR` (any non-empty value), `TERM=dumb` or `--no-color`.
 * Environment variables are read only when their permission is granted
 * (queried, never prompted for); `NO_COLOR` is also known to Deno itself
 * (`Deno.noColor`), which needs no permission.
 *
 * @module
 */
import { grantedEnv } from "../shared/permissions.ts";

/** The stream a text goes to. */
export type Stream = "stdout" | "stderr";

/** What a coloured text stands for. */
export type Style =
  | "error"
  | "warning"
  | "note"
  | "heading"
  | "dim"
  | "seen"
  | "unseen"
  | "project"
  | "user"
  | "scope";

/** SGR codes by style: on, then the matching off. */
const SGR: Readonly<Record<Style, readonly [number[], number]>> = {
  error: [[1, 31], 0], // bold red
  warning: [[1, 33], 0], // bold yellow
  note: [[36], 39], // cyan
  heading: [[1], 22], // bold
  dim: [[2], 22], // faint
  seen: [[32], 39], // green
  unseen: [[31], 39], // red
  project: [[36], 39], // cyan
  user: [[35], 39], // magenta
  scope: [[34], 39], // blue: any other scope
};

/** Paints `text` in `style` (or returns it unchanged when colour is off). */
export type Paint = (text: string, style: Style) => string;

let disabled = false;
const decided = new Map<Stream, boolean>();

/**
 * Turns colour off for the rest of the run (`--no-color`, `--json`).
 *
 * @example Usage
 * ```ts
 * import { colourOn, disableColour } from "./colour.ts";
 * import assert from "node:assert/strict";
 *
 * disableColour();
 * assert.equal(colourOn("stdout"), false);
 * ```
 */
export function disableColour(): void {
  disabled = true;
}

/**
 * Whether text written to `stream` is coloured: the stream is a terminal,
 * and neither `--no-color`, `--json`, `NO_COLOR` nor `TERM=dumb` says no.
 *
 * @example Usage
 * ```ts
 * import { colourOn } from "./colour.ts";
 * import assert from "node:assert/strict";
 *
 * // Tests run with their output piped: no colour.
 * if (!Deno.stdout.isTerminal()) assert.equal(colourOn("stdout"), false);
 * ```
 *
 * @param stream `"stdout"` or `"stderr"`.
 * @returns Whether to colour.
 */
export function colourOn(stream: Stream): boolean {
  if (disabled) return false;
  let on = decided.get(stream);
  if (on === undefined) {
    on = (stream === "stdout" ? Deno.stdout : Deno.stderr).isTerminal() &&
      !Deno.noColor && (grantedEnv("NO_COLOR") ?? "") === "" &&
      grantedEnv("TERM") !== "dumb";
    decided.set(stream, on);
  }
  return on;
}

/**
 * The painter for `stream`: SGR colour codes around a text when
 * {@linkcode colourOn}, else the text unchanged. Paint text already escaped
 * for the terminal (untrusted text never carries its own codes).
 *
 * @example Usage
 * ```ts
 * import { painter } from "./colour.ts";
 * import assert from "node:assert/strict";
 *
 * const paint = painter("stderr");
 * const text = paint("warning", "warning");
 * assert.ok(text === "warning" || text === "\x1b[1;33mwarning\x1b[0m");
 * ```
 *
 * @param stream `"stdout"` or `"stderr"`.
 * @returns The painter.
 */
export function painter(stream: Stream): Paint {
  return colourOn(stream) ? paintAlways : plain;
}

function plain(text: string): string {
  return text;
}

function paintAlways(text: string, style: Style): string {
  if (text === "") return text;
  const [on, off] = SGR[style];
  return `\x1b[${on.join(";")}m${text}\x1b[${off}m`;
}

/**
 * The style of a scope's name: `project` and `user` have their own colours,
 * any other scope (a website, an embedded set) one more.
 *
 * @example Usage
 * ```ts
 * import { scopeStyle } from "./colour.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(scopeStyle("project"), "project");
 * assert.equal(scopeStyle("remote"), "scope");
 * ```
 *
 * @param scope The scope's name.
 * @returns Its style.
 */
export function scopeStyle(scope: string): Style {
  return scope === "project" || scope === "user" ? scope : "scope";
}
