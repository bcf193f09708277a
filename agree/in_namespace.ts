// Copyright 2026 the skillscope authors. MIT license.
/**
 * The part of a run that happens inside the network namespace: starts the
 * stand-in model API on the spec's port, runs the client's command with only
 * its environment (and `PATH`), stdin `/dev/null` and a timeout, then writes
 * the recorded requests as JSON. Usage: `deno run -A agree/in_namespace.ts SPEC.json`.
 *
 * @module
 */
import { startStandIn } from "./stand_in.ts";
import type { NamespaceOutcome, NamespaceSpec } from "./namespace.ts";

/**
 * Runs one spec: the stand-in, the client, the recorded requests.
 *
 * @param spec What to run.
 * @returns The outcome (also written to `spec.out`).
 */
export async function runInNamespace(
  spec: NamespaceSpec,
): Promise<NamespaceOutcome> {
  const standIn = await startStandIn(spec.port);
  const started = Date.now();
  const child = new Deno.Command(spec.cmd, {
    args: [...spec.args],
    cwd: spec.cwd,
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", ...spec.env },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }, spec.timeoutMs);
  const output = await child.output();
  clearTimeout(timer);
  await standIn.close();
  const decoder = new TextDecoder();
  const outcome: NamespaceOutcome = {
    code: output.code,
    timedOut,
    ms: Date.now() - started,
    stdout: decoder.decode(output.stdout).slice(-20_000),
    stderr: decoder.decode(output.stderr).slice(-20_000),
    requests: standIn.requests,
  };
  await Deno.writeTextFile(spec.out, JSON.stringify(outcome));
  return outcome;
}

if (import.meta.main) {
  const file = Deno.args[0];
  if (file === undefined) {
    console.error("usage: in_namespace.ts SPEC.json");
    Deno.exit(2);
  }
  const spec = JSON.parse(await Deno.readTextFile(file)) as NamespaceSpec;
  await runInNamespace(spec);
}
