// Copyright 2026 the skillscope authors. MIT license.
/**
 * Running a client's command in a fresh network namespace whose only
 * interface is loopback (`unshare -rn`, `ip link set lo up`), with the
 * stand-in model API inside the same namespace: nothing can leave the
 * machine. `in_namespace.ts` is the part that runs inside.
 *
 * @module
 */
import type { ClientCommand, RecordedRequest } from "./types.ts";

/** The port the stand-in listens on inside each (fresh, empty) namespace. */
export const STAND_IN_PORT = 8765;

/** The longest a client turn may take. */
export const CLIENT_TIMEOUT_MS = 90_000;

/** What `in_namespace.ts` runs (written as JSON). */
export interface NamespaceSpec {
  readonly cmd: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly port: number;
  readonly timeoutMs: number;
  /** Where the outcome is written. */
  readonly out: string;
}

/** What happened inside. */
export interface NamespaceOutcome {
  readonly code: number;
  readonly timedOut: boolean;
  readonly ms: number;
  /** The end of the client's output. */
  readonly stdout: string;
  readonly stderr: string;
  readonly requests: readonly RecordedRequest[];
}

/**
 * Runs a command offline: in a new user and network namespace with only
 * loopback up, against the stand-in on `127.0.0.1:port`.
 *
 * @param command The client's command (its whole environment; `PATH` is added).
 * @param options The working directory, the stand-in's port, a directory for the spec and outcome, the timeout.
 * @returns The outcome, with the recorded requests.
 * @throws {Error} when the namespace could not be set up.
 */
export async function runOffline(
  command: ClientCommand,
  options: {
    readonly cwd: string;
    readonly port: number;
    readonly workDir: string;
    readonly timeoutMs?: number;
  },
): Promise<NamespaceOutcome> {
  const out = `${options.workDir}/outcome.json`;
  const spec: NamespaceSpec = {
    cmd: command.cmd,
    args: command.args,
    env: command.env,
    cwd: options.cwd,
    port: options.port,
    timeoutMs: options.timeoutMs ?? CLIENT_TIMEOUT_MS,
    out,
  };
  const specFile = `${options.workDir}/spec.json`;
  await Deno.writeTextFile(specFile, JSON.stringify(spec));
  const entry = new URL("./in_namespace.ts", import.meta.url).pathname;
  const script = 'ip link set lo up && exec "$0" run -A "$1" "$2"';
  const result = await new Deno.Command("unshare", {
    args: ["-rn", "sh", "-c", script, Deno.execPath(), entry, specFile],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  try {
    return JSON.parse(await Deno.readTextFile(out)) as NamespaceOutcome;
  } catch {
    const stderr = new TextDecoder().decode(result.stderr).slice(-2000);
    throw new Error(
      `the offline run failed (exit ${result.code}): ${stderr.trim()}`,
    );
  }
}
