// Copyright 2026 the skillscope authors. MIT license.
/**
 * What the execution rules look for inside a command: the files a download
 * writes, interpreter code that downloads and runs code, and packages that
 * `npx`, `bunx` and `pnpm dlx` fetch and run without a pinned version.
 *
 * @module
 */
import { baseName, type Described } from "./exec_commands.ts";
import type { RunnerUse } from "./exec_runners.ts";
import type { Word } from "./shell_lexer.ts";

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The file names a URL downloads to when no name is given (`curl -O`, `wget URL`). */
function remoteNames(args: readonly Word[]): string[] {
  return args.filter((w) => URL_LIKE.test(w.value)).map((w) =>
    baseName(w.value)
  );
}

/**
 * The files (their last path segment) a download command writes.
 *
 * @example Usage
 * ```ts
 * import { savedFiles } from "./exec_targets.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "curl -fsSL -o /tmp/i.sh https://x.example/i";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * assert.deepEqual(savedFiles(describe(command, false)), ["i.sh"]);
 * ```
 *
 * @param described A command whose name is a downloader.
 * @returns The file names; `-` (standard output) left out.
 */
export function savedFiles(described: Described): string[] {
  const args = described.args;
  const files: string[] = [];
  let remote = false;
  let named = false;
  const take = (value: string | undefined) => {
    named = true;
    if (value !== undefined && value !== "-" && value !== "") {
      files.push(baseName(value));
    }
  };
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    const next = args[i + 1]?.value;
    switch (described.name) {
      case "curl":
      case "fetch":
      case "aria2c":
      case "http":
      case "https":
      case "xh":
        if (v === "-o" || v === "--output" || v === "--out") take(next);
        else if (/^--(?:output|out)=/.test(v)) {
          take(v.slice(v.indexOf("=") + 1));
        } else if (/^-[a-zA-Z]+o$/.test(v)) take(next);
        else if (/^-o./.test(v)) take(v.slice(2));
        else if (
          /^-[a-zA-Z]*O/.test(v) || v === "--remote-name" ||
          v === "--remote-name-all" || v === "-d" || v === "--download"
        ) remote = true;
        break;
      case "wget":
      case "wget2":
        if (v === "-O" || v === "--output-document") take(next);
        else if (v.startsWith("--output-document=")) take(v.slice(18));
        else if (/^-[a-zA-Z]*O$/.test(v)) take(next);
        else if (/^-[a-zA-Z]*O./.test(v)) take(v.slice(v.indexOf("O") + 1));
        break;
      default: // PowerShell
        if (/^-(?:o|outf|outfi|outfil|outfile)$/i.test(v)) take(next);
    }
  }
  const pwsh = ![
    "curl",
    "fetch",
    "aria2c",
    "http",
    "https",
    "xh",
    "wget",
    "wget2",
  ]
    .includes(described.name);
  const defaultsToFile = described.name.startsWith("wget") ||
    described.name === "aria2c" || described.name === "fetch";
  if (remote || (!named && defaultsToFile && !pwsh)) {
    files.push(...remoteNames(args));
  }
  for (const redirect of described.command.redirects) {
    if (/^(?:>|>>|&>|>\||&>>)$/.test(redirect.op)) take(redirect.target.value);
  }
  return files.filter((f) => f !== "");
}

const NETWORK: Readonly<Partial<Record<RunnerUse["kind"], RegExp>>> = {
  python:
    /\b(?:urlopen|urlretrieve|urllib|requests\s*\.\s*(?:get|post|request|Session)|httpx|http\.client|aiohttp|pycurl)\b/,
  node:
    /\b(?:fetch|https?\.(?:get|request)|axios|got|undici|XMLHttpRequest)\b|require\(\s*["'`](?:node:)?https?["'`]|from\s+["'](?:node:)?https?["']/,
  deno: /\bfetch\b/,
  perl:
    /\b(?:LWP|HTTP::Tiny|getstore|getprint|IO::Socket|Net::HTTP|Mojo::UserAgent|HTTP::Request)\b|\bget\s*\(\s*["']?(?:https?|ftp):/,
  ruby:
    /open-uri|net\/http|\bURI\.open\b|\bNet::HTTP\b|\bopen\s*\(\s*["']https?:|\b(?:HTTParty|Faraday|RestClient)\b/,
  php:
    /\b(?:file_get_contents|fopen|readfile|copy|file|include|require)\s*\(\s*["'](?:https?|ftp):\/\/|\b(?:curl_exec|fsockopen|stream_socket_client)\b/,
};
const EXECUTE: Readonly<Partial<Record<RunnerUse["kind"], RegExp>>> = {
  python:
    /\b(?:exec|eval|execfile)\s*\(|(?<![.\w])compile\s*\(|\brunpy\b|\bos\.system\s*\(/,
  node:
    /\beval\b|\bFunction\s*\(|\brunIn(?:This|New)Context\b|\bexec(?:Sync)?\s*\(|\bimport\s*\(/,
  deno: /\b(?:eval|Function)\b|\bimport\s*\(|\bDeno\.Command\b/,
  perl: /\b(?:eval|system|exec|do|qx)\b|`/,
  ruby:
    /\b(?:eval|instance_eval|class_eval|module_eval|system|exec|load|spawn)\b|`|%x/,
  php:
    /\b(?:eval|assert|system|exec|passthru|shell_exec|popen|proc_open|include|require)\b|`/,
};
// import("https://…") downloads and runs in one step.
const REMOTE_IMPORT = /\bimport\s*\(\s*["'`]https?:/;

/** The code an interpreter is given (`-c`/`-e` words and module options). */
function codeOf(use: RunnerUse): string {
  return `${use.code.map((w) => w.value).join(" ")} ${use.extra}`;
}

/**
 * Whether an interpreter's `-c`/`-e` code downloads.
 *
 * @example Usage
 * ```ts
 * import { codeDownloads } from "./exec_targets.ts";
 * import { runnerUse } from "./exec_runners.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "python3 -c 'print(urlopen(URL).read())'";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * assert.ok(codeDownloads(runnerUse("python", describe(command, false), false)));
 * ```
 *
 * @param use How the interpreter is run.
 * @returns `true` when the code calls a network API.
 */
export function codeDownloads(use: RunnerUse): boolean {
  const pattern = NETWORK[use.kind];
  return pattern !== undefined && use.code.length > 0 &&
    pattern.test(codeOf(use));
}

/**
 * Whether an interpreter's `-c`/`-e` code downloads code and runs it.
 *
 * @example Usage
 * ```ts
 * import { codeDownloadsAndRuns } from "./exec_targets.ts";
 * import { runnerUse } from "./exec_runners.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "python3 -c 'exec(urlopen(URL).read())'";
 * const command = lexShell(text, 0, text.length, "shell").pipelines[0]![0]!;
 * assert.ok(codeDownloadsAndRuns(runnerUse("python", describe(command, false), false)));
 * ```
 *
 * @param use How the interpreter is run.
 * @returns `true` when the code calls a network API and an evaluator.
 */
export function codeDownloadsAndRuns(use: RunnerUse): boolean {
  if (!codeDownloads(use)) {
    return (use.kind === "node" || use.kind === "deno") &&
      REMOTE_IMPORT.test(codeOf(use));
  }
  return EXECUTE[use.kind]!.test(codeOf(use));
}

const EXACT_VERSION = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/;
const PACKAGE_NAME = /^(?:@[\w.~-]+\/)?[\w.~-]+$/;

/** The version part of an npm spec (`""` when none). */
function versionOf(spec: string): { name: string; version: string } {
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  return at === -1
    ? { name: spec, version: "" }
    : { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

/** A package fetched and run without a pinned version. */
export interface UnpinnedPackage {
  /** The tool: `npx`, `bunx`, `pnpm dlx`, … */
  readonly tool: string;
  /** The package spec as written. */
  readonly spec: string;
}

/**
 * The package a package runner fetches and runs unpinned: `npx -y pkg`,
 * `npx pkg@latest`, `bunx pkg`, `pnpm dlx pkg`, `yarn dlx pkg`, `npm exec`.
 * An exact version (`pkg@1.2.3`), a local path and a git URL at a full
 * commit hash are pinned.
 *
 * @example Usage
 * ```ts
 * import { unpinnedPackage } from "./exec_targets.ts";
 * import { describe } from "./exec_commands.ts";
 * import { lexShell } from "./shell_lexer.ts";
 * import assert from "node:assert/strict";
 *
 * const described = (text: string) => describe(lexShell(text, 0, text.length, "shell").pipelines[0]![0]!, false);
 * assert.deepEqual(unpinnedPackage(described("npx -y pkg@latest")), { tool: "npx", spec: "pkg@latest" });
 * assert.equal(unpinnedPackage(described("npx -y pkg@1.2.3")), undefined);
 * ```
 *
 * @param described A command.
 * @returns The tool and spec, or `undefined`.
 */
export function unpinnedPackage(
  described: Described,
): UnpinnedPackage | undefined {
  let args = described.args;
  let tool = described.name;
  let always = tool === "bunx" || tool === "pnpx";
  const sub = args[0]?.value;
  if (tool === "pnpm" || tool === "yarn") {
    if (sub !== "dlx") return undefined;
    always = true;
  } else if (tool === "npm") {
    if (sub !== "exec" && sub !== "x") return undefined;
  } else if (tool === "bun") {
    if (sub !== "x") return undefined;
    always = true;
  } else if (tool !== "npx" && !always) return undefined;
  if (tool !== "npx" && tool !== "bunx" && tool !== "pnpx") {
    tool = `${tool} ${sub}`;
    args = args.slice(1);
  }
  let yes = false;
  const specs: string[] = [];
  let operand: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "-y" || v === "--yes") yes = true;
    else if (v === "--no" || v === "--no-install" || v === "--offline") {
      return undefined;
    } else if (v === "-p" || v === "--package") {
      specs.push(args[++i]?.value ?? "");
    } else if (v.startsWith("--package=")) specs.push(v.slice(10));
    else if (v === "-c" || v === "--call") return undefined;
    else if (v === "--") {
      operand = args[i + 1]?.value;
      break;
    } else if (!v.startsWith("-")) {
      operand = v;
      break;
    }
  }
  if (specs.length === 0 && operand !== undefined) specs.push(operand);
  for (const written of specs) {
    const spec = written.replace(/[.,;:)]+$/, "");
    if (/^(?:\.|\/|~|file:)/.test(spec)) continue; // a local package
    if (/^(?:git\+|git:|github:|gitlab:|bitbucket:|https?:)/.test(spec)) {
      if (!/#[0-9a-f]{40}$/.test(spec)) return { tool, spec };
      continue;
    }
    const { name, version } = versionOf(spec);
    if (!PACKAGE_NAME.test(name) || EXACT_VERSION.test(version)) continue;
    if (always || yes || version !== "") return { tool, spec };
  }
  return undefined;
}
