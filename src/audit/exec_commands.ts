// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a lexed command does, for the execution rules: its name past
 * assignments and wrappers (`sudo`, `env`, …), whether it downloads,
 * decodes or runs code, and which of its words are code, a script to run,
 * or a file it writes.
 *
 * @module
 */
import type { Command, Word } from "./shell_lexer.ts";

/** A command with its name found. */
export interface Described {
  /** The command. */
  readonly command: Command;
  /** Index of the name in `command.words` (`-1`: no name). */
  readonly at: number;
  /** The name, normalized: basename, lower case, no `.exe`, no trailing punctuation. */
  readonly name: string;
  /** The words after the name. */
  readonly args: readonly Word[];
}

/** The runners told apart. */
export type RunnerKind =
  | "shell"
  | "eval"
  | "source"
  | "python"
  | "node"
  | "deno"
  | "perl"
  | "ruby"
  | "php"
  | "powershell";

const FETCHERS = new Set([
  "curl",
  "wget",
  "wget2",
  "fetch",
  "aria2c",
  "http",
  "https",
  "xh",
  "iwr",
  "irm",
  "invoke-webrequest",
  "invoke-restmethod",
  "lwp-request",
  "downloadstring",
  "downloaddata",
]);
const SHELLS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash",
  "fish",
  "yash",
  "csh",
  "tcsh",
]);
const WRAPPERS: Readonly<Record<string, readonly string[]>> = {
  sudo: ["-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T"],
  doas: ["-u", "-C"],
  env: ["-u", "-C", "-S"],
  nohup: [],
  command: [],
  exec: ["-a"],
  nice: ["-n"],
  time: [],
  stdbuf: ["-i", "-o", "-e"],
  timeout: ["-s", "-k"],
  builtin: [],
  busybox: [],
  toybox: [],
  setsid: [],
  "&": [], // PowerShell's call operator
};
const KEYWORDS = new Set([
  "if",
  "then",
  "else",
  "elif",
  "do",
  "while",
  "until",
  "!",
  "{",
  "}",
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;

/**
 * The normalized command name of a word.
 *
 * @example Usage
 * ```ts
 * import { commandName } from "./exec_commands.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(commandName("/usr/bin/Bash.exe"), "bash");
 * ```
 *
 * @param value A word's value.
 * @returns Basename, lower case, without `.exe` and trailing punctuation.
 */
export function commandName(value: string): string {
  if (value === ".") return value;
  const base = baseName(value).toLowerCase();
  const name = base.endsWith(".exe") ? base.slice(0, -4) : base;
  return name.startsWith(".") && name.length > 1 ? name.slice(1) : name;
}

/**
 * The normalized command name of a word, computed once per word. The shell
 * drops a backslash outside quotes (`ba\sh` is `bash`); when that reading
 * names no known command and the backslashes read as a Windows path do
 * (`C:\tools\curl.exe`), the path is taken.
 *
 * @example Usage
 * ```ts
 * import { nameOf } from "./exec_commands.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(nameOf({ value: "./Curl", start: 0, end: 6, quoted: [], subs: [] }), "curl");
 * ```
 *
 * @param word A lexed word.
 * @returns `commandName(word.value)`.
 */
export function nameOf(word: Word): string {
  if (word.name !== undefined) return word.name;
  let name = commandName(word.value);
  if (word.backslashed !== undefined && !known(name)) {
    const path = commandName(word.backslashed);
    if (known(path)) name = path;
  }
  return word.name = name;
}

/**
 * The last path segment of a word, without the punctuation prose puts
 * around it (`install.sh.`, `(bash`) and, for a URL, its query.
 *
 * @example Usage
 * ```ts
 * import { baseName } from "./exec_commands.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(baseName("https://x.example/i.sh?v=1"), "i.sh");
 * assert.equal(baseName("(./install.sh)."), "install.sh");
 * ```
 *
 * @param value A word's value.
 * @returns The segment.
 */
export function baseName(value: string): string {
  let end = value.length;
  while (end > 0 && TRAILING.has(value[end - 1]!)) end--;
  let start = 0;
  while (start < end && (value[start] === "(" || value[start] === "[")) start++;
  let text = value.slice(start, end);
  if (text.includes("://")) text = text.split(/[?#]/)[0]!;
  return text.slice(
    Math.max(text.lastIndexOf("/"), text.lastIndexOf("\\")) + 1,
  );
}
const TRAILING = new Set([...".,:;!?)]"]);

const RUNNERS: ReadonlyMap<string, RunnerKind> = new Map([
  ...[...SHELLS].map((name) => [name, "shell"] as const),
  ["eval", "eval"],
  ["iex", "eval"],
  ["invoke-expression", "eval"],
  ["source", "source"],
  [".", "source"],
  ["py", "python"],
  ["node", "node"],
  ["nodejs", "node"],
  ["bun", "node"],
  ["deno", "deno"],
  ["perl", "perl"],
  ["ruby", "ruby"],
  ["pwsh", "powershell"],
  ["powershell", "powershell"],
]);

/**
 * The runner kind a name stands for, if any.
 *
 * @example Usage
 * ```ts
 * import { runnerKind } from "./exec_commands.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(runnerKind("python3.12"), "python");
 * assert.equal(runnerKind("jq"), undefined);
 * ```
 *
 * @param name A normalized command name.
 * @returns The kind, or `undefined` for anything else.
 */
export function runnerKind(name: string): RunnerKind | undefined {
  const kind = RUNNERS.get(name);
  if (kind !== undefined || !name.startsWith("p")) return kind;
  if (/^(?:python|pypy)[0-9.]*$/.test(name)) return "python";
  return /^php[0-9.]*$/.test(name) ? "php" : undefined;
}

/** Whether prose may start a command at a word of this name. */
function known(name: string): boolean {
  return FETCHERS.has(name) || NPX_LIKE.has(name) || name === "sudo" ||
    name === "doas" || name !== "." && runnerKind(name) !== undefined;
}

/** Package runners: `npx`, `bunx`, `pnpm dlx`, … (the first word). */
export const NPX_LIKE: ReadonlySet<string> = new Set([
  "npx",
  "bunx",
  "pnpx",
  "pnpm",
  "yarn",
  "npm",
]);

/**
 * Finds the command's name: past assignments, keywords and wrappers; in
 * prose, at the first word that names a known command.
 *
 * @example Usage
 * ```ts
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "FOO=1 sudo -u root bash -s";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * assert.equal(describe(command, false).name, "bash");
 * ```
 *
 * @param command A lexed command.
 * @param prose Whether it comes from prose.
 * @returns The description.
 */
export function describe(command: Command, prose: boolean): Described {
  const words = command.words;
  let i = 0;
  if (prose) {
    // In a sentence, "HTTP" or "Fetch" is a word, not a command.
    const first = words.findIndex((w) =>
      known(nameOf(w)) &&
      (w.value === w.value.toLowerCase() || w.value.includes("-"))
    );
    i = first === -1 ? 0 : first;
  }
  // A console's prompt: `$ curl …`.
  if (words[i]?.value === "$" && words[i]!.quoted.length === 0) i++;
  while (i < words.length) {
    const value = words[i]!.value;
    const name = nameOf(words[i]!);
    if (ASSIGNMENT.test(value) || KEYWORDS.has(value)) {
      i++;
      continue;
    }
    const withValue = WRAPPERS[name];
    if (withValue === undefined) break;
    i++;
    while (i < words.length) {
      const option = words[i]!.value;
      if (option === "--") {
        i++;
        break;
      }
      if (name === "env" && ASSIGNMENT.test(option)) i++;
      else if (option.startsWith("-") && option.length > 1) {
        i += withValue.includes(option) ? 2 : 1;
      } else if (
        name === "timeout" || name === "nice" && /^-?\d/.test(option)
      ) {
        i++; // the duration
        break;
      } else break;
    }
  }
  if (i >= words.length) return { command, at: -1, name: "", args: [] };
  return {
    command,
    at: i,
    name: nameOf(words[i]!),
    args: words.slice(i + 1),
  };
}

/**
 * Whether the command downloads (its name; interpreters: see `codeDownloads`).
 *
 * @example Usage
 * ```ts
 * import { isFetcherName } from "./exec_commands.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(isFetcherName("wget"));
 * assert.ok(!isFetcherName("jq"));
 * ```
 */

export function isFetcherName(name: string): boolean {
  return FETCHERS.has(name);
}

/**
 * Whether the command decodes base64 or hex: `base64 -d`, `openssl base64 -d`, `xxd -r`.
 *
 * @example Usage
 * ```ts
 * import { describe, isDecoder } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "base64 --decode";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * assert.ok(isDecoder(describe(command, false)));
 * ```
 */

export function isDecoder(described: Described): boolean {
  const args = described.args.map((w) => w.value);
  switch (described.name) {
    case "base64":
      return args.some((a) => a === "--decode" || /^-[a-zA-Z]*[dD]/.test(a));
    case "openssl":
      return args.some((a) => a === "base64" || a === "enc") &&
        args.includes("-d");
    case "xxd":
      return args.some((a) => /^-[a-z]*r/.test(a));
    default:
      return false;
  }
}

/**
 * Whether the downloader at `at` is given something to fetch: an argument
 * that looks like a URL, host, path or variable (`.`, `/`, `:`, `$`) or holds
 * a substitution. `.DownloadString(…)` takes it in brackets.
 *
 * @example Usage
 * ```ts
 * import { hasTarget } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const words = (text: string) => lexShell(text, 0, text.length, "shell").pipelines[0]![0]!.words;
 * assert.ok(hasTarget(words("curl -fsSL https://x.example/i"), 0));
 * assert.ok(!hasTarget(words("curl is bad"), 0));
 * ```
 *
 * @param words A command's words.
 * @param at The downloader's index in them.
 * @returns `true` when it names something to fetch.
 */
export function hasTarget(words: readonly Word[], at: number): boolean {
  if (/downloadstring|downloaddata/i.test(words[at]!.value)) return true;
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i]!;
    if (word.subs.length > 0) return true;
    if (!word.value.startsWith("-") && /[./:$]/.test(word.value)) return true;
  }
  return false;
}
