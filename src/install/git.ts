// Copyright 2026 the skillscope authors. MIT license.
/**
 * Running git safely: no prompts, no hooks, no remote helpers, `--` before
 * every URL, a timeout, low-speed limits on HTTP, bounded output. The runner is injectable so tests need no network.
 *
 * @module
 */
import { PermissionDeniedError } from "../shared/errors.ts";
import { InstallError, throwIfInterrupted } from "./errors.ts";
import { readBounded } from "../shared/bounded_read.ts";
import { networkCause } from "../web/network_cause.ts";

/**
 * What a git invocation returned.
 *
 * @example A stand-in git that fails
 * ```ts
 * import { type GitResult, InstallError, listSource } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const failed: GitResult = { code: 128, stdout: "", stderr: "fatal: repository not found" };
 * await assert.rejects(
 *   listSource("https://example.com/org/skills.git", { git: () => Promise.resolve(failed) }),
 *   (error) => error instanceof InstallError && error.code === "git-failed",
 * );
 * ```
 */
export interface GitResult {
  /** Exit code. */
  readonly code: number;
  /** Standard output. */
  readonly stdout: string;
  /** Standard error. */
  readonly stderr: string;
  /** Set when git was stopped for printing past {@linkcode GitRunOptions.limit}. */
  readonly exceeded?: "bytes" | "records";
}

/**
 * Runs `git` with arguments (the safety options are already in `args`).
 *
 * @example See what install would ask git to do
 * ```ts
 * import { type GitRunner, listSource } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const calls: (readonly string[])[] = [];
 * const git: GitRunner = (args) => {
 *   calls.push(args);
 *   return Promise.resolve({ code: 128, stdout: "", stderr: "fatal: offline" });
 * };
 * await assert.rejects(listSource("https://example.com/org/skills.git", { git }), /git init failed/);
 * assert.ok(calls[0]?.includes("init")); // the first step: a clone into a temporary directory
 * ```
 */
export type GitRunner = (
  args: readonly string[],
  options: GitRunOptions,
) => Promise<GitResult>;

/** What a {@linkcode GitRunner} is given besides the arguments. */
export interface GitRunOptions {
  /** The working directory. */
  readonly cwd?: string;
  /** Stops git (a timeout, or the operation's interruption). */
  readonly signal: AbortSignal;
  /**
   * At most this many bytes are read from each of git's stdout and stderr,
   * and at most `records` NUL-terminated records from stdout; past either,
   * git is stopped and the result says which bound was passed.
   */
  readonly limit?: GitOutputLimit;
  /**
   * Runs git in a process group of its own and stops the whole group when
   * `signal` fires, so that the transport helpers git starts (such as
   * `git-remote-https`, which may be waiting on a stalled server) end with
   * it. Only for callers that hear SIGINT and SIGTERM themselves: a
   * terminal's signals no longer reach git directly. Ignored on Windows.
   */
  readonly ownGroup?: boolean;
}

/** Bounds on what is read from git (see {@linkcode GitRunOptions.limit}). */
export interface GitOutputLimit {
  /** Bytes read from each of stdout and stderr. */
  readonly bytes: number;
  /** NUL-terminated records read from stdout (`ls-tree -z` entries). */
  readonly records?: number;
}

/** Options every git call gets: no hooks, no fsmonitor, no ext:: transport, low-speed limits on HTTP. */
export const SAFE_GIT_CONFIG: readonly string[] = Object.freeze([
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "protocol.ext.allow=never",
  "-c",
  "advice.detachedHead=false",
  // A server that stalls or trickles is given up by git itself, even when
  // nothing is left to stop it: under 1000 bytes a second for 20 seconds is
  // far below any real host serving a shallow fetch, and ends well within
  // the operation's own timeout.
  "-c",
  "http.lowSpeedLimit=1000",
  "-c",
  "http.lowSpeedTime=20",
]);

/**
 * The default runner: the `git` executable through `Deno.Command`, with
 * prompts disabled (`GIT_TERMINAL_PROMPT=0`, ssh `BatchMode=yes`), system
 * config ignored. Needs `--allow-run=git`.
 *
 * @param args Arguments after `git`.
 * @param options Working directory, abort signal, output bounds.
 * @returns Exit code and output (what was read, when a bound was passed).
 * @throws {PermissionDeniedError} without `--allow-run=git`.
 */
export async function runGit(
  args: readonly string[],
  options: GitRunOptions,
): Promise<GitResult> {
  if (
    Deno.permissions.querySync({ name: "run", command: "git" }).state !==
      "granted"
  ) {
    throw new PermissionDeniedError("run", "git", "--allow-run=git");
  }
  const grouped = options.ownGroup === true && Deno.build.os !== "windows";
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
    // Without ownGroup git stays in our process group: what a terminal sends
    // the group (Ctrl-C, a hang-up) reaches git and its transport helpers
    // too. With it git leads a group of its own, stopped whole below.
    detached: grouped,
  }).spawn();
  const { promise: stopped, reject } = Promise.withResolvers<never>();
  stopped.catch(() => {});
  let exceeded: "bytes" | "records" | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (): void => {
    if (stopping !== undefined) return;
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
    stopping = grouped ? stopGroup(child.pid) : Promise.resolve();
    // A helper git started may hold the pipes open: the run is over once
    // git itself has exited (and its group was told to stop).
    Promise.all([child.status, stopping]).then(() =>
      reject(new Error("git was stopped"))
    );
  };
  const over = (bound: "bytes" | "records"): void => {
    exceeded ??= bound;
    stop();
  };
  if (options.signal.aborted) stop();
  options.signal.addEventListener("abort", stop, { once: true });
  const limit = options.limit ?? { bytes: MAX_GIT_OUTPUT_BYTES };
  const reading = Promise.all([
    readBounded(child.stdout, { ...limit, over }),
    readBounded(child.stderr, { bytes: limit.bytes, over }),
    child.status,
  ]);
  let read: [Uint8Array, Uint8Array, Deno.CommandStatus];
  try {
    read = await Promise.race([reading, stopped]);
  } catch (error) {
    if (exceeded === undefined) throw error;
    read = [new Uint8Array(), new Uint8Array(), await child.status];
  } finally {
    options.signal.removeEventListener("abort", stop);
  }
  const [stdout, stderr, status] = read;
  const decoder = new TextDecoder();
  return {
    code: status.code,
    stdout: decoder.decode(stdout),
    stderr: decoder.decode(stderr),
    ...(exceeded === undefined ? {} : { exceeded }),
  };
}

/**
 * Sends SIGTERM to the process group git leads (git and the helpers it
 * started). `Deno.kill` needs `--allow-run` for every program; with only
 * `--allow-run=git` the group is signalled through git itself, whose
 * `!` aliases run a shell command (here the shell's own `kill`).
 */
async function stopGroup(pid: number): Promise<void> {
  if (Deno.permissions.querySync({ name: "run" }).state === "granted") {
    try {
      Deno.kill(-pid, "SIGTERM");
    } catch {
      // the group is gone already
    }
    return;
  }
  try {
    await new Deno.Command("git", {
      args: [
        "-c",
        `alias.skillscope-stop-group=!kill -TERM -${pid} 2>/dev/null`,
        "skillscope-stop-group",
      ],
      clearEnv: true,
      env: { ...inheritedEnv(), GIT_CONFIG_NOSYSTEM: "1" },
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
  } catch {
    // git could not be started again: git itself was stopped above
  }
}

/** The default bound on what one git call may print on each stream. */
const MAX_GIT_OUTPUT_BYTES = 64 * 1024 * 1024;

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

/** How long a git ended by a signal waits for the same signal to reach us (ms). */
const SIGNAL_GRACE_MS = 500;

/** How long an interrupted git gets to exit before the operation goes on without it (ms). */
const STOP_GRACE_MS = 5_000;

/**
 * Runs git with the safety options, failing with an {@linkcode InstallError}
 * on a non-zero exit or when `timeoutMs` passes; `signal` (Ctrl-C) stops
 * git and waits for it to exit, so that nothing writes to its directory
 * any more when the caller removes it.
 *
 * @param runner The git runner.
 * @param args Arguments after the safety options.
 * @param options Working directory, timeout, and the interrupting signal.
 * @returns Standard output.
 * @throws {InstallError} `git-failed`, `git-timeout`, `interrupted`, or
 * `too-large` (git printed past `limit`, or past a default byte bound).
 */
export async function git(
  runner: GitRunner,
  args: readonly string[],
  options: {
    cwd?: string;
    timeoutMs: number;
    signal?: AbortSignal;
    limit?: GitOutputLimit;
  },
): Promise<string> {
  throwIfInterrupted(options.signal);
  const command = args[0] === "-C" ? args[2] : args[0];
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const interrupt = (): void => controller.abort();
  options.signal?.addEventListener("abort", interrupt, { once: true });
  const running = runner([...SAFE_GIT_CONFIG, ...args], {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    signal: controller.signal,
    // An interruptible caller hears the signals and stops git's whole group.
    ...(options.signal === undefined ? {} : { ownGroup: true }),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  try {
    const result = await Promise.race([
      running,
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener(
          "abort",
          () => reject(new Error("aborted")),
          { once: true },
        )
      ),
    ]);
    if (result.exceeded !== undefined) {
      throw overLimit(command, result, options.limit);
    }
    if (result.code > 128 && options.signal !== undefined) {
      // Ended by a signal: a terminal sends its group's to us as well, and
      // ours may be heard a moment after git's exit.
      await new Promise((resolve) => setTimeout(resolve, SIGNAL_GRACE_MS));
      throwIfInterrupted(options.signal);
    }
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
    if (options.signal?.aborted === true) {
      await settled(running, STOP_GRACE_MS);
      throwIfInterrupted(options.signal);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", interrupt);
  }
}

/** The `too-large` error for a git call stopped at an output bound. */
function overLimit(
  command: string | undefined,
  result: GitResult,
  limit: GitOutputLimit | undefined,
): InstallError {
  return new InstallError(
    "too-large",
    result.exceeded === "records"
      ? `git ${command} listed more than ${limit?.records} entries; it was stopped`
      : `git ${command} printed more than ${
        limit?.bytes ?? MAX_GIT_OUTPUT_BYTES
      } bytes; it was stopped`,
  );
}

/** Waits until `promise` settles, at most `ms`. */
async function settled(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    promise.catch(() => {}),
    new Promise((resolve) => timer = setTimeout(resolve, ms)),
  ]);
  clearTimeout(timer);
}

/**
 * The last lines git printed on stderr, trimmed and joined, after what a
 * failed connection came to when git says so (refused, a name that does not
 * resolve, TLS, a timeout: see `networkCause`, naming the host); a note when
 * it printed nothing.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { gitReason } from "./git.ts";
 *
 * assert.equal(
 *   gitReason("fatal: unable to access 'https://nope.invalid/r.git/': Could not resolve host: nope.invalid\n"),
 *   'the host name "nope.invalid" does not resolve (DNS); fatal: unable to access \'https://nope.invalid/r.git/\': Could not resolve host: nope.invalid',
 * );
 * assert.equal(gitReason(""), "git printed no reason");
 * ```
 *
 * @param stderr What git printed on stderr.
 * @returns The reason to show.
 */
export function gitReason(stderr: string): string {
  const lines = stderr.split("\n").map((line) => line.trim()).filter((line) =>
    line !== ""
  );
  if (lines.length === 0) return "git printed no reason";
  const last = lines.slice(-3).join("; ");
  const at = remoteOf(last);
  const cause = at === undefined ? undefined : networkCause(last, at);
  return cause === undefined ? last : `${cause.said}; ${last}`;
}

/** The remote a failed connection was to, from curl's or ssh's words. */
function remoteOf(text: string): URL | undefined {
  const access = /unable to access '([^']+)'/.exec(text);
  if (access !== null) return URL.parse(access[1]!) ?? undefined;
  const ssh =
    /ssh: (?:connect to host (\S+) port (\d+)|Could not resolve hostname ([^:\s]+))/
      .exec(text);
  if (ssh === null) return undefined;
  return URL.parse(
    ssh[3] === undefined ? `ssh://${ssh[1]}:${ssh[2]}/` : `ssh://${ssh[3]}/`,
  ) ?? undefined;
}
