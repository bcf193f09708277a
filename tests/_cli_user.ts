// Copyright 2026 the skillscope authors. MIT license.
// Test helpers: the CLI run as a new user would run it, with a temporary
// HOME and none of the machine's agent variables.
import { CLIENT_TABLE } from "../src/clients/clients_table.ts";
import { type CliRun, runCli } from "./_helpers.ts";

/** Every variable the client table names, unset, so the machine's own never leak in. */
export const UNSET: Record<string, string> = Object.fromEntries(
  [...JSON.stringify(CLIENT_TABLE).matchAll(/\$([A-Z_]+)/g)].map((
    [, name],
  ) => [name!, ""]),
);

/** The CLI with the compiled binary's permission set, stdin closed, bounded in time. */
export function cliAs(
  env: Record<string, string>,
  args: string[],
  cwd: string,
): Promise<CliRun> {
  return runCli(args, {
    cwd,
    env,
    permissions: ["-P=cli"],
    signal: AbortSignal.timeout(120_000),
  });
}

/** Whether anything (a link too) is at `path`. */
export async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}
