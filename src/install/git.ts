// Copyright 2026 the skillscope authors. MIT license.
/**
 * Running git safely: no prompts, no hooks, no remote helpers, `--` before
 * every URL, a timeout. The runner is injectable so tests need no network.
 *
 * @module
 */
import { PermissionDeniedError } from "../shared/errors.ts";
import { InstallError } from "./errors.ts";

/**
 * What a git invocation returned.
 *
 * @example Usage
 * ```ts
 * import { type GitResult } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const result: GitResult = { code: 0, stdout: "", stderr: "" };
 * assert.equal(result.code, 0);
 * ```
 */
export interface GitResult {
  /** Exit code. */
  readonly code: number;
  /** Standard output. */
  readonly stdout: string;
  /** Standard error. */
  readonly stderr: string;
}

/**
 * Runs `git` with arguments (the safety options are already in `args`).
 *
 * @example Usage
 * ```ts
 * import { type GitRunner } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const calls: (readonly string[])[] = [];
 * const git: GitRunner = (args) => {
 *   calls.push(args);
 *   return Promise.resolve({ code: 0, stdout: "", stderr: "" });
 * };
 * await git(["--version"], { signal: new AbortController().signal });
 * assert.deepEqual(calls, [["--version"]]);
 * ```
 */
export type GitRunner = (
  args: readonly string[],
  options: { readonly cwd?: string; readonly signal: AbortSignal },
) => Promise<GitResult>;

/** Options every git call gets: no hooks, no fsmonitor, no ext:: transport. */
export const SAFE_GIT_CONFIG: readonly string[] = Object.freeze([
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "protocol.ext.allow=never",
  "-c",
  "advice.detachedHead=false",
]);

/**
 * The default runner: the `git` executable through `Deno.Command`, with
 * prompts disabled (`GIT_TERMINAL_PROMPT=0`, ssh `BatchMode=yes`), system
 * config ignored. Needs `--allow-run=git`.
 *
 * @param args Arguments after `git`.
 * @param options Working directory and abort signal.
 * @returns Exit code and output.
 * @throws {PermissionDeniedError} without `--allow-run=git`.
 */
export async function runGit(
  args: readonly string[],
  options: { readonly cwd?: string; readonly signal: AbortSignal },
): Promise<GitResult> {
  if (
    Deno.permissions.querySync({ name: "run", command: "git" }).state !==
      "granted"
  ) {
    throw new PermissionDeniedError("run", "git", "--allow-run=git");
  }
  const child = new Deno.Command("git", {
    args: [...args],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    // A clean environment: GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE,
    // GIT_CONFIG_* and the like, exported by a hook or a CI wrapper, would
    // point git at the caller's repository.
    clearEnv: true,
    env: {
      ...inheritedEnv(),
      GIT_TERMINAL_PROMPT: "0",
      GIT_ASKPASS: "",
      SSH_ASKPASS: "",
      GCM_INTERACTIVE: "never",
      GIT_SSH_COMMAND: "ssh -o BatchMode=yes",
      GIT_CONFIG_NOSYSTEM: "1",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: options.signal,
  }).spawn();
  const out = await child.output();
  const decoder = new TextDecoder();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

/**
 * The only variables git inherits (each when `--allow-env` grants it): what
 * it needs to find itself, the user's own configuration, proxies and CA
 * certificates. Never anything that starts with `GIT_`.
 */
export const GIT_ENV_ALLOWED: readonly string[] = Object.freeze([
  "PATH",
  "HOME",
  "USERPROFILE",
  "XDG_CONFIG_HOME",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TMPDIR",
  "TEMP",
  "TMP",
  "SYSTEMROOT",
  "SSH_AUTH_SOCK",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
]);

function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of GIT_ENV_ALLOWED) {
    if (
      Deno.permissions.querySync({ name: "env", variable }).state !== "granted"
    ) continue;
    const value = Deno.env.get(variable);
    if (value !== undefined) env[variable] = value;
  }
  return env;
}

/**
 * Runs git with the safety options, failing with an {@linkcode InstallError}
 * on a non-zero exit or when `timeoutMs` passes.
 *
 * @param runner The git runner.
 * @param args Arguments after the safety options.
 * @param options Working directory and timeout.
 * @returns Standard output.
 * @throws {InstallError} `git-failed` or `git-timeout`.
 */
export async function git(
  runner: GitRunner,
  args: readonly string[],
  options: { cwd?: string; timeoutMs: number },
): Promise<string> {
  const command = args[0] === "-C" ? args[2] : args[0];
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const result = await Promise.race([
      runner([...SAFE_GIT_CONFIG, ...args], {
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        signal: controller.signal,
      }),
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener(
          "abort",
          () => reject(new Error("aborted")),
          { once: true },
        )
      ),
    ]);
    if (result.code !== 0) {
      throw new InstallError(
        "git-failed",
        `git ${command} failed (exit ${result.code}): ${
          gitReason(result.stderr)
        }`,
      );
    }
    return result.stdout;
  } catch (error) {
    if (timedOut) {
      throw new InstallError(
        "git-timeout",
        `git ${command} did not finish within ${options.timeoutMs} ms`,
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The last lines git printed on stderr, trimmed and joined; a note when it printed nothing. */
export function gitReason(stderr: string): string {
  const lines = stderr.split("\n").map((line) => line.trim()).filter((line) =>
    line !== ""
  );
  return lines.length === 0
    ? "git printed no reason"
    : lines.slice(-3).join("; ");
}
