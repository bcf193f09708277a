// Copyright 2026 the skillscope authors. MIT license.
/**
 * The bounded data flow of the execution rules: variables given a download
 * (`x=$(curl URL)`, `$s = irm URL`) and the places that run what a variable
 * holds (`eval "$x"`, `sh -c "$x"`, `iex $s`), PowerShell script blocks made
 * from text (`[scriptblock]::Create(…)`) and commands called by a computed
 * name (`&('i'+'ex') …`). The walk (`exec_walk.ts`) keeps, for one script or
 * block, which variables hold a download; a variable is followed by name
 * only, in order, with no branches: linear in the script.
 *
 * @module
 */
import type { Described } from "./exec_commands.ts";
import type { Command, Word } from "./shell_lexer.ts";

/** A variable given a value: its name and the command that makes the value. */
export interface Assignment {
  /** The name, lower case (PowerShell names ignore case). */
  readonly name: string;
  /** What makes the value, as a command: `$(curl URL)`, `irm URL`, `$y`. */
  readonly value: Command;
}

const SHELL_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;
const POWERSHELL_ASSIGNMENT =
  /^\$(?:(?:global|script|local|private):)?(\w+)(=?)/i;
const REFERENCE =
  /^\s*\$\{?(?:(?:global|script|local|private):)?([A-Za-z_][A-Za-z0-9_]*)/i;
// Commands whose arguments are assignments.
const DECLARERS = new Set([
  "export",
  "local",
  "declare",
  "typeset",
  "readonly",
]);
// Commands that write their arguments to their output.
const WRITERS = new Set(["echo", "printf", "write-output", "write"]);
const SCRIPT_BLOCK =
  /^\[(?:System\.Management\.Automation\.)?scriptblock\]::create/i;

/** A command of the words. */
function commandOf(words: Word[]): Command {
  return { words, redirects: [], piped: false };
}

/**
 * The variables a command assigns: `x=$(curl URL)` (also after `export`,
 * `local`, …) and PowerShell's `$s = irm URL`.
 *
 * @example Usage
 * ```ts
 * import { assignments } from "./exec_flow.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "$S = irm https://x.example/i.ps1";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * const [assigned] = assignments(describe(command, false));
 * assert.equal(assigned!.name, "s");
 * assert.deepEqual(assigned!.value.words.map((w) => w.value), ["irm", "https://x.example/i.ps1"]);
 * ```
 *
 * @param described A command.
 * @returns Its assignments, in order.
 */
export function assignments(described: Described): Assignment[] {
  const words = described.command.words;
  const found: Assignment[] = [];
  const ps = POWERSHELL_ASSIGNMENT.exec(words[0]?.value ?? "");
  if (ps !== null) {
    const [matched, name, equals] = ps;
    const rest = words[0]!.value.slice(matched.length);
    if (equals === "=") {
      const first = { ...words[0]!, value: rest };
      found.push({
        name: name!.toLowerCase(),
        value: commandOf(
          rest === "" && first.subs.length === 0
            ? words.slice(1)
            : [first, ...words.slice(1)],
        ),
      });
    } else if (rest === "" && words[1]?.value === "=") {
      found.push({
        name: name!.toLowerCase(),
        value: commandOf(words.slice(2)),
      });
    }
    return found;
  }
  const declares = DECLARERS.has(described.name);
  for (const [i, word] of words.entries()) {
    if (i === described.at && !declares) break;
    const shell = SHELL_ASSIGNMENT.exec(word.value);
    if (shell === null) continue;
    const value = { ...word, value: word.value.slice(shell[0].length) };
    found.push({ name: shell[1]!.toLowerCase(), value: commandOf([value]) });
  }
  return found;
}

/**
 * The variable a word starts with: `$x`, `"${x}"`, `$global:s` (lower case).
 *
 * @example Usage
 * ```ts
 * import { variableAt } from "./exec_flow.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(variableAt({ value: "${Code}", start: 0, end: 7, quoted: [], subs: [] }), "code");
 * assert.equal(variableAt({ value: "echo $x", start: 0, end: 7, quoted: [], subs: [] }), undefined);
 * ```
 *
 * @param word A word.
 * @returns The name, or `undefined`.
 */
export function variableAt(word: Word): string | undefined {
  return REFERENCE.exec(word.value)?.[1]?.toLowerCase();
}

/**
 * The words whose values a command writes out: `echo "$x"`, `printf '%s'
 * "$x"`, and a PowerShell variable standing alone (`$s | iex`).
 *
 * @example Usage
 * ```ts
 * import { written } from "./exec_flow.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = 'echo "$x"';
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * assert.deepEqual(written(describe(command, false)).map((w) => w.value), ["$x"]);
 * ```
 *
 * @param described A command.
 * @returns The words.
 */
export function written(described: Described): readonly Word[] {
  const words = described.command.words;
  if (WRITERS.has(described.name)) return described.args;
  return words.length === 1 && described.at === 0 &&
      REFERENCE.test(words[0]!.value)
    ? words
    : [];
}

/**
 * The words of a command that make a PowerShell script block of text
 * (`[scriptblock]::Create(…)`), and the argument words of a command called
 * by a computed name (`&('i'+'ex') (irm URL)`, `& $f $code`): text that runs.
 *
 * @example Usage
 * ```ts
 * import { textRun } from "./exec_flow.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "[scriptblock]::Create($s).Invoke()";
 * const command = lexShell(text, 0, text.length, "powershell").pipelines[0]![0]!;
 * assert.equal(textRun(describe(command, false)).length, 1);
 * ```
 *
 * @param described A command.
 * @returns The words whose value, or whose substitutions' output, runs.
 */
export function textRun(described: Described): readonly Word[] {
  const words = described.command.words;
  const run = words.filter((w) => SCRIPT_BLOCK.test(w.value));
  const name = words[described.at];
  if (
    name !== undefined && words[described.at - 1]?.value === "&" &&
    (name.subs.length > 0 || name.value.includes("$"))
  ) run.push(...described.args);
  return run;
}
