// Copyright 2026 the skillscope authors. MIT license.
/**
 * Prompts, only on a terminal: whether a command may ask (stdin and stdout
 * terminals, `CI` unset, no `--json`), the error that names the
 * non-interactive form when it may not, and the prompts themselves
 * (`@clack/prompts`, loaded only when a prompt opens). Every value shown is
 * escaped and no colour code reaches the terminal.
 *
 * @module
 */
import { INSTALL_FIX } from "./errors.ts";
import process from "node:process";
import { Writable } from "node:stream";
import { escapeTerminal } from "../shared/escape.ts";
import { canReadEnv } from "../shared/permissions.ts";
import type { DirValues } from "./skills_dir_options.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import { field, writeBytes } from "./io.ts";
import { throwIfInterrupted } from "../install/errors.ts";

/**
 * The variables the prompt library reads while it draws (terminal kind,
 * colour support, CI): harmless, and in the CLI's permission set.
 */
export const PROMPT_ENV: readonly string[] = Object.freeze([
  "CI",
  "TERM",
  "TERM_PROGRAM",
  "COLORTERM",
  "NODE_DISABLE_COLORS",
  "TMUX",
  "TF_BUILD",
  "TEAMCITY_VERSION",
  ...(Deno.build.os === "windows"
    ? ["WT_SESSION", "TERMINUS_SUBLIME", "ConEmuTask", "TERMINAL_EMULATOR"]
    : []),
]);

/**
 * Why a command may not prompt here, or `undefined` when it may.
 *
 * @example Usage
 * ```ts
 * import { whyNoPrompt } from "./prompt.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(whyNoPrompt({ json: true }), "--json was given");
 * ```
 *
 * @param values Parsed option values (`--json`).
 * @returns The reason, e.g. `stdin is not a terminal`.
 */
export function whyNoPrompt(
  values: Pick<DirValues, "json">,
): string | undefined {
  if (values.json === true) return "--json was given";
  if (!Deno.stdin.isTerminal()) return "stdin is not a terminal";
  if (!Deno.stdout.isTerminal()) return "stdout is not a terminal";
  const missing = PROMPT_ENV.filter((name) => !canReadEnv(name));
  if (missing.length > 0) {
    return `prompts need the environment variables ${
      missing.join(",")
    }: this skillscope was installed without them. ${INSTALL_FIX}`;
  }
  // Set at all, even empty: the prompt library then reads other CI variables.
  if (Deno.env.get("CI") !== undefined) return "CI is set";
  return undefined;
}

/**
 * The error for a choice that needs a prompt where there is none.
 *
 * @param what What is missing, e.g. `"./skills holds 3 skills"`.
 * @param forms The non-interactive forms, e.g. `--skill NAME, --all or --yes`.
 * @param reason Why there is no prompt.
 * @returns A usage error (exit 2).
 */
export function noPrompt(
  what: string,
  forms: string,
  reason: string,
): UsageError {
  return new UsageError(`${what}: ${forms} (no prompt: ${reason})`);
}

/** The user cancelled a prompt: nothing was changed (exit 1). */
export class PromptCancelled extends CliError {
  /** Stable code. */
  readonly code = "cancelled";

  /** Constructs a new instance. */
  constructor() {
    super("Cancelled; nothing was changed", EXIT.failure);
    this.name = "PromptCancelled";
  }
}

/** One choice of a prompt. */
export interface Choice<T extends string> {
  /** What the prompt returns. */
  readonly value: T;
  /** What it shows (escaped here). */
  readonly label: string;
  /** A dimmed note beside it (escaped here). */
  readonly hint?: string;
}

/** The prompts a command uses; each throws {@linkcode PromptCancelled} on Ctrl-C or Escape. */
export interface Prompts {
  /** Several of `choices` (at least one); `initial` preselected. */
  pickMany(
    message: string,
    choices: readonly Choice<string>[],
    initial: readonly string[],
  ): Promise<string[]>;
  /** One of `choices`; `initial` preselected. */
  pickOne<T extends string>(
    message: string,
    choices: readonly Choice<T>[],
    initial: T,
  ): Promise<T>;
  /** Shows `text` under `title`, then asks yes or no (yes preselected). */
  confirm(title: string, text: string, question: string): Promise<boolean>;
}

/**
 * Loads the prompt library and returns the prompts. Call it only when
 * {@linkcode whyNoPrompt} says a prompt may open.
 *
 * @param signal The operation's interrupting signal (SIGTERM, a hang-up):
 *   it ends an open prompt, which then throws `interrupted`.
 * @returns The prompts.
 */
export async function openPrompts(signal?: AbortSignal): Promise<Prompts> {
  const clack = await import("@clack/prompts");
  const output = plainOutput();
  const io = {
    output,
    input: process.stdin,
    ...(signal === undefined ? {} : { signal }),
  };
  const answer = <T>(value: T): Exclude<T, symbol> => {
    throwIfInterrupted(signal);
    if (clack.isCancel(value) || typeof value === "symbol") {
      throw new PromptCancelled();
    }
    return value as Exclude<T, symbol>;
  };
  const options = (choices: readonly Choice<string>[]) =>
    choices.map((c) => ({
      value: c.value,
      label: field(c.label),
      ...(c.hint === undefined ? {} : { hint: field(c.hint) }),
    }));
  return {
    async pickMany(message, choices, initial): Promise<string[]> {
      return answer(
        await clack.multiselect({
          ...io,
          message: field(message),
          options: options(choices),
          initialValues: [...initial],
          required: true,
          maxItems: 12,
        }),
      );
    },
    async pickOne<T extends string>(
      message: string,
      choices: readonly Choice<T>[],
      initial: T,
    ): Promise<T> {
      const picked = answer(
        await clack.select<string>({
          ...io,
          message: field(message),
          options: options(choices),
          initialValue: initial,
        }),
      );
      const choice = choices.find((c) => c.value === picked);
      if (choice === undefined) throw new PromptCancelled();
      return choice.value;
    },
    async confirm(title, text, question): Promise<boolean> {
      clack.note(escapeTerminal(text, { multiline: true }), field(title), {
        output,
      });
      return answer(
        await clack.confirm({ ...io, message: field(question) }),
      );
    },
  };
}

/** A colour (SGR) escape sequence. */
// deno-lint-ignore no-control-regex
const SGR = /\x1b\[[0-9;]*m/g;

/** Stdout for the prompts, with every colour (SGR) sequence taken out. */
function plainOutput(): Writable {
  const encoder = new TextEncoder();
  const stream = new Writable({
    write(chunk, _encoding, callback): void {
      const text = typeof chunk === "string"
        ? chunk
        : new TextDecoder().decode(chunk);
      writeBytes(Deno.stdout, encoder.encode(text.replace(SGR, "")));
      callback();
    },
  });
  const size = (): { columns: number; rows: number } => {
    try {
      return Deno.consoleSize();
    } catch {
      return { columns: 80, rows: 24 };
    }
  };
  Object.defineProperties(stream, {
    columns: { get: () => size().columns },
    rows: { get: () => size().rows },
    isTTY: { value: true },
  });
  return stream;
}
