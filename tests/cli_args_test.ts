// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { closest, parseArguments } from "../src/cli/parse_args.ts";
import { UsageError } from "../src/cli/errors.ts";
import { CLI } from "./_mcp.ts";

const OPTIONS = {
  root: { type: "string", multiple: true },
  json: { type: "boolean" },
  limit: { type: "string" },
  quiet: { type: "boolean", short: "q" },
  help: { type: "boolean", short: "h" },
  out: { type: "string", short: "o" },
} as const;

Deno.test("parseArguments() reads long, =, short, grouped and repeated options and keeps positionals in order", () => {
  const { values, positionals } = parseArguments(
    [
      "a",
      "--root",
      "x",
      "--root=y",
      "-qh",
      "--json",
      "-o",
      "f",
      "b",
      "--",
      "--json",
      "-q",
    ],
    OPTIONS,
  );
  assert.deepEqual({ ...values }, {
    root: ["x", "y"],
    quiet: true,
    help: true,
    json: true,
    out: "f",
  });
  assert.deepEqual(positionals, ["a", "b", "--json", "-q"]);
  assert.deepEqual({ ...parseArguments(["-ofile"], OPTIONS).values }, {
    out: "file",
  });
  assert.deepEqual(parseArguments(["-"], OPTIONS).positionals, ["-"]);
  assert.deepEqual({ ...parseArguments(["--limit=-1"], OPTIONS).values }, {
    limit: "-1",
  });
});

Deno.test("parseArguments() refuses in its own words: unknown, missing value, value for a flag, a single-value option twice", () => {
  const cases: [string[], RegExp][] = [
    [["--jsn"], /^Unknown option --jsn \(did you mean --json\?\)$/],
    [["--frobnicate"], /^Unknown option --frobnicate$/],
    [["-z"], /^Unknown option -z$/],
    [["--limit"], /^--limit needs a value$/],
    [
      ["--limit", "--json"],
      /^--limit needs a value, but "--json" follows it \(for a value that starts with "-", write --limit=--json\)$/,
    ],
    [["--json=yes"], /^--json is a flag and takes no value$/],
    [
      ["--limit", "1", "--limit", "2"],
      /^--limit was given twice; it takes one value$/,
    ],
    [["--__proto__"], /^Unknown option --__proto__/],
  ];
  for (const [args, message] of cases) {
    assert.throws(
      () => parseArguments(args, OPTIONS),
      (error) => error instanceof UsageError && message.test(error.message),
      args.join(" "),
    );
  }
});

Deno.test("closest() suggests only near names", () => {
  assert.equal(closest("lsit", ["list", "validate"]), "list");
  assert.equal(closest("valdate", ["list", "validate"]), "validate");
  assert.equal(closest("xyz", ["list", "validate"]), undefined);
});

Deno.test("the CLI suggests a command and an option, in its own words, with exit 2", async () => {
  const run = (args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", "--allow-read", CLI, ...args],
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
  const command = await run(["lsit"]);
  assert.equal(command.code, 2);
  assert.match(
    new TextDecoder().decode(command.stderr),
    /Unknown command "lsit" \(did you mean "list"\?\)/,
  );
  const option = await run(["list", "--jsn"]);
  assert.equal(option.code, 2);
  assert.match(
    new TextDecoder().decode(option.stderr),
    /Unknown option --jsn \(did you mean --json\?\)\nRun "skillscope list --help" for usage/,
  );
});
