// Copyright 2026 the skillscope authors. MIT license.
// Arguments are substituted in one scan of the body: text an argument brings
// in ("$1", "$ARGUMENTS", "$region") is never substituted again.
import assert from "node:assert/strict";
import { directorySource, SkillSet } from "../mod.ts";
import { substituteArguments } from "../src/serve/mentions.ts";
import { runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";

Deno.test("substituteArguments() never substitutes what an argument brought in", () => {
  assert.equal(
    substituteArguments("Deploy $ARGUMENTS[0]", '"$1" secret'),
    "Deploy $1",
  );
  assert.equal(
    substituteArguments("All: $ARGUMENTS", "$1 secret"),
    "All: $1 secret",
  );
  assert.equal(
    substituteArguments("Say $ARGUMENTS[0]", '"$ARGUMENTS" tail'),
    "Say $ARGUMENTS",
  );
  assert.equal(
    substituteArguments("Deploy $env to $region", "$region eu", [
      "env",
      "region",
    ]),
    "Deploy $region to eu",
  );
  assert.equal(
    substituteArguments("$a then $b", "$b $a", ["a", "b"]),
    "$b then $a",
  );
  // The longest declared name wins; a name is not a prefix of a longer word.
  assert.equal(
    substituteArguments("$env-name $env $envelope", "x y", ["env", "env-name"]),
    "y x $envelope",
  );
});

Deno.test("activate and skillscope activate put arguments in as typed", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "deploy/SKILL.md": skillMd(
      "name: deploy\ndescription: Deploys\narguments: env region",
      "Deploy $env in $region ($0, $1)\n",
    ),
  });
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  assert.match(
    await set.activate("deploy", { arguments: "$region eu" }),
    /Deploy \$region in eu \(\$region, eu\)/,
  );
  const cli = await runCli([
    "activate",
    "deploy",
    "$region",
    "eu",
    "--root",
    tmp.path,
  ]);
  assert.equal(cli.code, 0, cli.stderr);
  assert.match(cli.stdout, /Deploy \$region in eu \(\$region, eu\)/);
});
