// Copyright 2026 the skillscope authors. MIT license.
/**
 * The `skillscope` command-line interface.
 *
 * ```sh
 * deno run --allow-read cli.ts validate ./skills/my-skill --strict
 * ```
 *
 * Run `skillscope --help` for the commands. Exit codes: 0 ok, 1 invalid skill
 * or not found, 2 usage, 3 missing permission.
 *
 * @module
 */
import { runCli } from "./src/cli/main.ts";

/**
 * Runs the `skillscope` CLI with the given arguments and resolves to the exit
 * code (the process is not exited).
 *
 * @example Validate a skill
 * ```ts
 * import { main } from "@skillscope/skills/cli";
 *
 * const code = await main(["validate", "./fixtures/skills/pdf-tools", "--json"]);
 * console.log(code); // 0
 * ```
 *
 * @param args Arguments, without the program name.
 * @returns The exit code: 0 ok, 1 invalid or not found, 2 usage, 3 missing permission.
 */
export function main(args: readonly string[]): Promise<number> {
  return runCli(args);
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
