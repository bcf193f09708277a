// Copyright 2026 the skillscope authors. MIT license.
// The CLI's help is generated from the same option declarations the parser
// uses, and each command's module is loaded only when that command runs.
import assert from "node:assert/strict";
import { commandHelp, optionSpec } from "../src/cli/command.ts";
import { COMMANDS } from "../src/cli/main.ts";
import { runCli } from "./_helpers.ts";

Deno.test("every command's help lists exactly the options it parses", async () => {
  for (const entry of COMMANDS) {
    const command = await entry.load();
    assert.equal(command.name, entry.name);
    const help = commandHelp(command);
    // Option blocks: "Title:" then indented lines; a shared group lists its
    // flags on wrapped lines and points to its help topic.
    const listed: string[] = [];
    for (const block of help.split("\n\n")) {
      const [title, ...lines] = block.split("\n");
      if (
        !command.groups.some((g) => `${g.title}:` === title) &&
        title !== "Options:"
      ) continue;
      const group = command.groups.find((g) => `${g.title}:` === title);
      if (group?.topic !== undefined) {
        for (const m of lines.join(" ").matchAll(/(?:-[a-z]\|)?--([a-z-]+)/g)) {
          listed.push(m[1]!);
        }
        assert.match(block, new RegExp(`skillscope help ${group.topic}`));
        continue;
      }
      for (const line of lines) {
        const m = /^ {2}(?:-[a-z], )?--([a-z][a-z0-9.-]*)/.exec(line);
        if (m) listed.push(m[1]!);
      }
    }
    listed.sort();
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
      "./remove.ts",
      "./info.ts",
      "./verify.ts",
      "./update.ts",
      "./check.ts",
      "./restore.ts",
      "./embed.ts",
      "./roots.ts",
    ]
  ) {
    assert.ok(!staticImports.includes(module), `main.ts imports ${module}`);
    assert.ok(main.includes(`import("${module}")`), `${module} is not loaded`);
  }
});

Deno.test("skillscope help roots prints every roots option once, and a command's help points there", async () => {
  const roots = await runCli(["help", "roots"]);
  assert.equal(roots.code, 0);
  for (
    const flag of [
      "--root DIR",
      "--recursive",
      "--client NAME",
      "--no-project",
      "--include PAT",
      "--exclude PAT",
      "--config FILE",
    ]
  ) {
    assert.ok(roots.stdout.includes(`  ${flag}`), flag);
  }
  // Every agent of the client table, from the table itself.
  const { CLIENTS } = await import("../src/clients/client_profile.ts");
  for (const name of CLIENTS) {
    assert.match(roots.stdout, new RegExp(`[ ,]${name}(,|\n)`), name);
  }
  const list = await runCli(["list", "--help"]);
  assert.match(list.stdout, /Roots:\n {2}--root DIR --recursive --client NAME/);
  assert.match(list.stdout, /\(see "skillscope help roots"\)/);
  assert.ok(
    !list.stdout.includes("earlier wins on a name"),
    "the long text is in help roots",
  );
});
