#!/usr/bin/env node
// Copyright 2026 the skillscope authors. MIT license.
// The `skillscope` command of the npm package: runs the bundled CLI on the
// Deno binary of the package's `deno` dependency, with the CLI's permission
// set, passing arguments, stdio, the exit code and signals through.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The CLI's permission flags, written in by the pack script from deno.json. */
const FLAGS = /* permission flags */ [];

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

// The Deno binary the `deno` package installed (copied into place here if
// its postinstall script did not run).
let deno;
try {
  deno = require("deno/install_api.cjs").runInstall();
} catch (error) {
  const why = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `skillscope: Cannot find the Deno runtime of the "deno" package: ${why}\n` +
      'Install skillscope again ("npm install -g skillscope")\n',
  );
  process.exit(1);
}

const child = spawn(
  deno,
  [
    "run",
    "--quiet",
    "--no-prompt",
    "--no-config",
    "--no-lock",
    "--v8-flags=--max-semi-space-size=2",
    ...FLAGS,
    join(here, "skillscope.js"),
    ...process.argv.slice(2),
  ],
  {
    stdio: "inherit",
    // No update check or its message: the runtime is the package's to pin.
    env: { ...process.env, DENO_NO_UPDATE_CHECK: "1" },
  },
);

// Ctrl-C on a terminal reaches the whole process group, Deno included: the
// CLI handles it (a second one ends it at once), so it is not sent twice.
process.on("SIGINT", () => {});
for (const signal of ["SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}

child.on("error", (error) => {
  process.stderr.write(`skillscope: Cannot start Deno: ${error.message}\n`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal !== null) {
    // End the same way, so a shell sees the signal too.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
