// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a command does with text piped into it, for `pipe-to-shell`. The
 * default is distrust: a command that is not known to only read, filter or
 * show its input (`grep`, `jq`, `tar t`, …) may run it, and a command whose
 * name is only known when it runs (`$X`, `"$SHELL"`, `$(which sh)`) is taken
 * for an interpreter. A compound command (`( … )`, `{ …; }`, `if … fi`,
 * `while … done`, a PowerShell `ForEach-Object { … }`) passes its input to
 * its commands, through their pipes; so does a shell given code with `-c`
 * (`sh -c 'exec bash'`, `sh -c "$x"`: its code may read what it is fed), and
 * `eval`, `iex`.
 *
 * @module
 */
import {
  describe,
  type Described,
  isFetcherName,
  runnerKind,
} from "./exec_commands.ts";
import { runnerUse } from "./exec_runners.ts";
import { lexShell, type Pipeline } from "./shell_lexer.ts";
import type { Command, Word } from "./shell_lexer.ts";

/**
 * What a command does with its piped input: `runs` it (a shell, an
 * interpreter, a command named by a variable), `unpacks` it (an archive
 * extracted to files), `passes` it on or only reads it (a known filter), or
 * does an `other`, unknown thing with it.
 */
export type Sink = "runs" | "unpacks" | "passes" | "other";

const ORDER: readonly Sink[] = ["runs", "unpacks", "other", "passes"];

// Commands that read their input as data: filters, viewers, checksums,
// decompressors (what they pass on is still followed), key stores.
const FILTERS = new Set(
  [
    ..."grep egrep fgrep rg ag ack jq yq gojq jaq fx jless gron jc dasel mlr",
    ..." xq htmlq pup xmllint head tail cat tac less more most bat glow wc sort",
    ..." uniq cut tr sed awk gawk mawk nawk column fold fmt nl paste join comm",
    ..." diff cmp od hexdump xxd strings file tee sponge rev expand unexpand pv",
    ..." gzip gunzip zcat bzip2 bunzip2 bzcat xz unxz xzcat zstd unzstd zstdcat",
    ..." lz4 brotli base64 base32 basenc iconv dos2unix unix2dos sha1sum",
    ..." sha224sum sha256sum sha384sum sha512sum shasum md5sum md5 b2sum cksum",
    ..." gpg gpgv minisign cosign openssl apt-key read mapfile readarray echo",
    ..." printf true false test [ xclip xsel pbcopy wl-copy lolcat ts",
    // PowerShell's
    ..." convertto-json convertfrom-json convertto-csv convertfrom-csv",
    ..." convertfrom-stringdata select-object where-object sort-object",
    ..." measure-object select-string format-table format-list out-string",
    ..." out-file out-null out-host set-content add-content write-host",
    ..." write-output tee-object get-filehash",
  ].join("").split(" ").filter((name) => name !== ""),
);
const ARCHIVERS = new Set([
  "tar",
  "bsdtar",
  "gtar",
  "cpio",
  "unzip",
  "bsdunzip",
  "7z",
  "7za",
  "7zz",
]);
// xargs and parallel options that take the next word as their value.
const XARGS_VALUES = new Set([
  "-I",
  "-n",
  "-L",
  "-P",
  "-d",
  "-E",
  "-s",
  "-a",
  "-j",
  "-S",
  "--arg-file",
  "--delimiter",
  "--max-args",
  "--max-lines",
  "--max-procs",
  "--max-chars",
  "--replace",
  "--eof",
  "--jobs",
]);
// In prose, an unknown word after `|` counts only when it looks like a command.
const COMMAND_LIKE = /^(?:\.{0,2}\/)?[a-z0-9][a-z0-9._+\/-]*$/;
// PowerShell commands that run a script block for each input (`$_`).
const FOR_EACH = new Set([
  "%",
  "foreach-object",
  "foreach",
  "?",
  "where-object",
  "where",
]);
// The shell's compound commands that open with a keyword.
const LOOPS = new Set(["if", "while", "until", "for", "select", "case"]);
/** Code strings (`sh -c CODE`) read again for what they do with input, at most. */
const CODE_DEPTH = 2;

/**
 * Whether a command word's name is only known when it runs: it holds a
 * variable or a substitution (`$X`, `"$SHELL"`, `${SH:-sh}`, `$(which sh)`).
 *
 * @example Usage
 * ```ts
 * import { isIndirect } from "./exec_sinks.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(isIndirect({ value: "$SHELL", start: 0, end: 8, quoted: [], subs: [] }));
 * assert.ok(!isIndirect({ value: "sh", start: 0, end: 2, quoted: [], subs: [] }));
 * ```
 *
 * @param word A command's name word.
 * @returns `true` for a name built when the command runs.
 */
export function isIndirect(word: Word): boolean {
  return word.subs.length > 0 || word.value.includes("$");
}

/**
 * Whether the command extracts an archive to files: `tar x`, `bsdtar -x`,
 * `cpio -i`, `unzip`, `7z x`.
 *
 * @example Usage
 * ```ts
 * import { unpacks } from "./exec_sinks.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const described = (text: string) => describe(lexShell(text, 0, text.length, "shell").pipelines[0]![0]!, false);
 * assert.ok(unpacks(described("tar -xzf - -C /opt")));
 * assert.ok(!unpacks(described("tar tzf -")));
 * ```
 *
 * @param described A command.
 * @returns `true` when it writes an archive's files.
 */
export function unpacks(described: Described): boolean {
  const args = described.args.map((w) => w.value);
  switch (described.name) {
    case "tar":
    case "bsdtar":
    case "gtar": {
      let extract = false;
      for (const [i, v] of args.entries()) {
        if (v === "--list") return false;
        if (v === "--extract" || v === "--get") extract = true;
        else if (
          /^[A-Za-z]+$/.test(i === 0 ? v : "") || /^-[A-Za-z]+$/.test(v)
        ) {
          if (v.includes("t")) return false;
          if (v.includes("x")) extract = true;
        }
      }
      return extract;
    }
    case "cpio":
      return args.some((v) => v === "--extract" || /^-[a-zA-Z]*i/.test(v));
    case "unzip":
    case "bsdunzip":
      return !args.some((v) => /^-[a-zA-Z]*[lvZ]/.test(v));
    case "funzip":
    case "unar":
      return true;
    case "7z":
    case "7za":
    case "7zz":
      return args[0] === "x" || args[0] === "e";
    default:
      return false;
  }
}

/**
 * What a command does with text piped into it (see {@linkcode Sink}). A
 * compound command (`( … )`, `{ …; }`) does the worst that the first command
 * of any of its pipelines does; `xargs CMD` what `CMD` does with arguments.
 *
 * @example Usage
 * ```ts
 * import { pipeSink } from "./exec_sinks.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const sink = (text: string) => {
 *   const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 *   return pipeSink(describe(command, false), false);
 * };
 * assert.equal(sink("(bash)"), "runs");
 * assert.equal(sink('"$SHELL"'), "runs");
 * assert.equal(sink("xargs -0 bash -c"), "runs");
 * assert.equal(sink("jq .name"), "passes");
 * assert.equal(sink("mytool --stdin"), "other");
 * ```
 *
 * @param described The command the pipe leads into.
 * @param prose Whether it comes from prose.
 * @returns The sink.
 */
export function pipeSink(
  described: Described,
  prose: boolean,
  depth = 0,
): Sink {
  const command = described.command;
  // Its input comes from elsewhere: `sh < file`, `python3 <<EOF`.
  if (command.redirects.some((r) => r.op.startsWith("<"))) return "passes";
  let sink = listSink(command.body ?? [], prose, depth);
  // `| while read l; do …; done`: only a command that runs the input counts
  // (its commands share the input, but seldom read it).
  const keyword = command.body?.[0]?.[0]?.words[0];
  if (
    sink === "other" && keyword?.quoted.length === 0 &&
    LOOPS.has(keyword.value)
  ) sink = "passes";
  if (described.at === -1) return sink;
  const word = command.words[described.at]!;
  if (isIndirect(word)) return "runs";
  const kind = runnerKind(described.name);
  if (kind !== undefined) {
    const use = runnerUse(kind, described, prose);
    if (use.stdin) return "runs";
    const runs = kind === "shell" || kind === "eval" || kind === "powershell";
    return runs && use.code.length > 0 && depth < CODE_DEPTH
      ? codeSink(use.code, depth + 1)
      : "passes";
  }
  const blocks = FOR_EACH.has(described.name)
    ? described.args.flatMap((w) => w.subs.filter((sub) => sub.kind === "{"))
    : [];
  if (blocks.length > 0) {
    // `% { iex $_ }`: each input is `$_` in the block.
    for (const block of blocks) {
      sink = worse(sink, listSink(block.body, prose, depth));
    }
    return sink;
  }
  if (described.name === "xargs" || described.name === "parallel") {
    return argumentSink(described.args);
  }
  if (unpacks(described)) return "unpacks";
  if (
    isFetcherName(described.name) || FILTERS.has(described.name) ||
    ARCHIVERS.has(described.name) // listing, not extracting
  ) {
    return "passes";
  }
  return prose && !COMMAND_LIKE.test(word.value) ? "passes" : "other";
}

/**
 * What a command list does with the input it is given: the worst its
 * commands do, following each pipe through the commands that pass it on.
 *
 * @example Usage
 * ```ts
 * import { listSink } from "./exec_sinks.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const sink = (text: string) => listSink(lexShell(text, 0, text.length, "shell").pipelines, false);
 * assert.equal(sink("cat | sh"), "runs");
 * assert.equal(sink("read l; echo $l"), "passes");
 * ```
 *
 * @param pipelines The list.
 * @param prose Whether it comes from prose.
 * @param depth How many code strings were read again to reach it.
 * @returns The sink.
 */
export function listSink(
  pipelines: readonly Pipeline[],
  prose: boolean,
  depth = 0,
): Sink {
  let sink: Sink = "passes";
  for (const pipeline of pipelines) {
    let fed = false;
    for (const command of pipeline) {
      // A command not piped from the one before reads the list's input.
      if (!command.piped) fed = true;
      if (!fed) continue;
      const each = pipeSink(describe(command, prose), prose, depth);
      sink = worse(sink, each);
      fed = each === "passes";
    }
  }
  return sink;
}

/**
 * What code given to a shell or `eval` does with the shell's input: what
 * its commands do, and `runs` when the code is only known when it runs
 * (`sh -c "$x"`, `iex $_`).
 */
function codeSink(code: readonly Word[], depth: number): Sink {
  const text = code.map((w) => w.value).join(" ");
  const pipelines = lexShell(text, 0, text.length, "shell").pipelines;
  return listSink(pipelines, false, depth);
}

/** What `xargs`' command does with its input, given as arguments. */
function argumentSink(args: readonly Word[]): Sink {
  let i = 0;
  while (i < args.length && args[i]!.value.startsWith("-")) {
    const v = args[i]!.value;
    i += XARGS_VALUES.has(v) ? 2 : 1;
    if (v === "--") break;
  }
  if (i >= args.length) return "passes"; // echo
  const command: Command = {
    words: args.slice(i),
    redirects: [],
    piped: false,
  };
  const inner = describe(command, false);
  if (inner.at === -1) return "passes";
  if (
    isIndirect(command.words[inner.at]!) || runnerKind(inner.name) !== undefined
  ) return "runs";
  if (isFetcherName(inner.name) || FILTERS.has(inner.name)) return "passes";
  return "other";
}

/** The worse of two sinks. */
function worse(a: Sink, b: Sink): Sink {
  return ORDER.indexOf(a) <= ORDER.indexOf(b) ? a : b;
}
