// Copyright 2026 the skillscope authors. MIT license.
// The CLI's help is generated from the same option declarations the parser
// uses, and each command's module is loaded only when that command runs.
import assert from "node:assert/strict";
import { commandHelp, optionSpec } from "../src/cli/command.ts";
import { COMMANDS } from "../src/cli/main.ts";

Deno.test("every command's help lists exactly the options it parses", async () => {
  for (const entry of COMMANDS) {
    const command = await entry.load();
    assert.equal(command.name, entry.name);
    const help = commandHelp(command);
    const listed = [...help.matchAll(/^ {2}(?:-[a-z], )?--([a-z-]+)/gm)]
      .map((m) => m[1]!).sort();
    assert.deepEqual(
      listed,
      Object.keys(optionSpec(command)).sort(),
      `skillscope ${entry.name} --help`,
    );
    for (const line of help.split("\n").slice(1)) {
      assert.ok(line.length <= 80, `${entry.name}: ${line}`);
    }
  }
});

Deno.test("the CLI entry imports no command module until that command runs", async () => {
  const main = await Deno.readTextFile(
    new URL("../src/cli/main.ts", import.meta.url),
  );
  const staticImports = [...main.matchAll(/^import [^;]*? from "([^"]+)";/gms)]
    .map((m) => m[1]!);
  for (
    const module of [
      "./list.ts",
      "./validate.ts",
      "./read.ts",
      "./asset.ts",
      "./resources.ts",
      "./activate.ts",
      "./match.ts",
      "./search.ts",
      "./catalog.ts",
      "./mcp.ts",
      "./audit.ts",
      "./approve.ts",
      "./install.ts",
      "./embed.ts",
      "./roots.ts",
    ]
  ) {
    assert.ok(!staticImports.includes(module), `main.ts imports ${module}`);
    assert.ok(main.includes(`import("${module}")`), `${module} is not loaded`);
  }
});
