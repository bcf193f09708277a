// Copyright 2026 the skillscope authors. MIT license.
/**
 * How a shell or an interpreter is asked to run code: which of its words are
 * code (`-c CODE`, `-e CODE`, `eval ARGS`), which is a script to run, and
 * whether it reads code from standard input (what `curl … | sh` feeds it).
 *
 * @module
 */
import type { Described, RunnerKind } from "./exec_commands.ts";
import type { Word } from "./shell_lexer.ts";

/** How a shell or interpreter is asked to run code. */
export interface RunnerUse {
  /** What kind of runner. */
  readonly kind: RunnerKind;
  /** Words holding code (`-c CODE`, `-e CODE`, `eval ARGS`). */
  readonly code: readonly Word[];
  /** Code the options add (`perl -MLWP::Simple`, `ruby -ropen-uri`). */
  readonly extra: string;
  /** The script operand, when it runs a file. */
  readonly script?: Word;
  /** Whether it reads the code it runs from standard input. */
  readonly stdin: boolean;
  /** `powershell -EncodedCommand` argument. */
  readonly encoded?: Word;
}

// Options that take the next word as their value, by runner.
const VALUE_OPTIONS: Readonly<Record<RunnerKind, readonly string[]>> = {
  shell: ["-o", "+o", "-O", "+O", "--rcfile", "--init-file"],
  eval: [],
  source: [],
  python: ["-W", "-X", "-Q"],
  node: [
    "-r",
    "--require",
    "--import",
    "--loader",
    "--experimental-loader",
    "-C",
    "--conditions",
  ],
  deno: [
    "-c",
    "--config",
    "--import-map",
    "--location",
    "--seed",
    "--cert",
    "-L",
    "--log-level",
  ],
  perl: ["-I", "-x"],
  ruby: ["-I", "-C", "-r"],
  php: ["-d", "-c", "-z", "-f"],
  powershell: [
    "-ep",
    "-ex",
    "-executionpolicy",
    "-w",
    "-windowstyle",
    "-wd",
    "-workingdirectory",
    "-if",
    "-inputformat",
    "-of",
    "-outputformat",
    "-configurationname",
    "-settingsfile",
  ],
};
const STDIN_FILES = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);
// The short option letter that takes code, by runner.
const CODE_LETTER: Partial<Record<RunnerKind, RegExp>> = {
  shell: /^-[a-zA-Z]*c[a-zA-Z]*$/,
  python: /^-[a-zA-Z]*c/,
  perl: /^-[a-zA-Z]*[eE]/,
  ruby: /^-[a-zA-Z]*e/,
};

/**
 * How a runner command runs code: which words are code, which is the script,
 * whether code comes from standard input.
 *
 * @example Usage
 * ```ts
 * import { runnerUse } from "./exec_runners.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "bash -c 'curl x | sh' name";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * const use = runnerUse("shell", describe(command, false), false);
 * assert.deepEqual(use.code.map((w) => w.value), ["curl x | sh"]);
 * assert.equal(use.stdin, false);
 * ```
 *
 * @param kind The runner kind.
 * @param described The command.
 * @param prose Whether it comes from prose (trailing words are not operands).
 * @returns The use.
 */
export function runnerUse(
  kind: RunnerKind,
  described: Described,
  prose: boolean,
): RunnerUse {
  let args = described.args;
  if (kind === "eval") {
    return { kind, code: args, extra: "", stdin: args.length === 0 };
  }
  let takesCode = false;
  if (kind === "deno" || described.name === "bun") {
    const sub = args[0]?.value;
    if (sub === "eval") {
      kind = "node";
      takesCode = true;
      args = args.slice(1);
    } else if (sub === "run" || sub === "x") args = args.slice(1);
    else if (kind === "deno" && sub !== undefined && !sub.startsWith("-")) {
      return { kind, code: [], extra: "", stdin: false };
    } else kind = "node";
  }
  const values = VALUE_OPTIONS[kind];
  const codeLetter = CODE_LETTER[kind];
  const code: Word[] = [];
  let extra = "";
  let script: Word | undefined;
  let encoded: Word | undefined;
  let module = false;
  let fromStdin = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const v = kind === "powershell" ? word.value.toLowerCase() : word.value;
    if (v === "-") {
      fromStdin = true;
      break;
    }
    const isOption = v.length > 1 &&
      (v.startsWith("-") || kind === "shell" && v.startsWith("+"));
    if (!isOption) {
      if (takesCode) code.push(word);
      else script = word;
      break;
    }
    if (v === "--") {
      if (kind !== "shell" && args[i + 1] !== undefined) script = args[i + 1];
      break;
    }
    if (values.includes(v)) {
      if (kind === "ruby") extra += ` ${args[i + 1]?.value ?? ""}`;
      if (kind === "php" && v === "-f") script = args[i + 1];
      i++;
      continue;
    }
    if (kind === "perl" && /^-[MmI]/.test(v)) {
      extra += ` ${v.slice(2)}`;
      continue;
    }
    if (kind === "ruby" && /^-[rI]/.test(v)) {
      extra += ` ${v.slice(2)}`;
      continue;
    }
    if (codeLetter?.test(v)) {
      if (kind === "shell") {
        takesCode = true;
        if (v.includes("s")) fromStdin = true;
        continue;
      }
      const rest = v.slice(v.search(/[ceE]/) + 1);
      if (rest === "") {
        takesCode = true;
        continue;
      }
      code.push({ ...word, value: rest });
      break;
    }
    if (kind === "shell" && /^-[a-zA-Z]*s/.test(v)) fromStdin = true;
    if (kind === "python" && /^-[a-zA-Z]*m/.test(v)) {
      module = true;
      break;
    }
    if (
      kind === "node" && ["-e", "--eval", "-p", "--print", "-pe"].includes(v) ||
      kind === "php" && v === "-r"
    ) {
      takesCode = true;
      continue;
    }
    if (kind === "node" && /^--(?:eval|print)=/.test(v)) {
      code.push({ ...word, value: word.value.slice(v.indexOf("=") + 1) });
      break;
    }
    if (kind === "powershell") {
      if (/^-c(?:om|omm|omma|omman|ommand)?$/.test(v)) {
        // `-Command -`: the commands come from standard input.
        if (args[i + 1]?.value === "-") fromStdin = true;
        else code.push(...args.slice(i + 1));
        break;
      }
      if (v === "-f" || v === "-file") {
        script = args[i + 1];
        if (script?.value === "-") fromStdin = true;
        break;
      }
      if (/^-e(?:c|n|nc|nco|ncod|ncode|ncoded|ncodedc[a-z]*)?$/.test(v)) {
        encoded = args[i + 1];
        break;
      }
    }
  }
  if (kind === "shell" && takesCode && code.length === 0 && script) {
    code.push(script); // sh -c CODE: the first operand is the code
    script = undefined;
  }
  if (script !== undefined && STDIN_FILES.has(script.value)) fromStdin = true;
  const stdin = code.length === 0 && !module && encoded === undefined &&
    (fromStdin || prose || script === undefined);
  return {
    kind,
    code,
    extra,
    ...(script === undefined || fromStdin && kind !== "shell"
      ? {}
      : { script }),
    stdin,
    ...(encoded === undefined ? {} : { encoded }),
  };
}
