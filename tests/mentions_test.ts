// Copyright 2026 the skillscope authors. MIT license.
// Mentions in a message, arguments in an activated body, and !command lines
// found but never run.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  directorySource,
  discover,
  embeddedSkill,
  findShellPreprocessing,
  parseMentions,
  SkillSet,
} from "../mod.ts";
import { substituteArguments } from "../src/serve/mentions.ts";
import { runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";

Deno.test("parseMentions: $name, /name with arguments, [$name](path) picking exactly; ambiguous and unknown names reported", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "a/pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF from a"),
    "b/pdf/SKILL.md": skillMd("name: pdf\ndescription: PDF from b"),
    "a/deploy/SKILL.md": skillMd("name: deploy\ndescription: Deploys"),
  });
  // Both copies of "pdf", as a host that keeps every source sees them.
  const a = await discover({
    sources: [directorySource(join(tmp.path, "a"))],
    cache: false,
  });
  const b = await discover({
    sources: [directorySource(join(tmp.path, "b"))],
    cache: false,
  });
  const skills = [...a.skills, ...b.skills];
  const text = `Use $deploy, then $pdf, or [$pdf](${
    join(tmp.path, "b/pdf")
  }); costs $5 and $HOME\n/deploy prod "eu west"\nsee /usr/bin and /nope`;
  const mentions = parseMentions(text, skills);
  assert.deepEqual(
    mentions.map((
      m,
    ) => [m.kind, m.name, m.skill?.description ?? m.problem, m.arguments]),
    [
      ["dollar", "deploy", "Deploys", undefined],
      ["dollar", "pdf", "ambiguous", undefined],
      ["link", "pdf", "PDF from b", undefined],
      ["dollar", "HOME", "unknown", undefined],
      ["slash", "deploy", "Deploys", 'prod "eu west"'],
      ["slash", "nope", "unknown", ""],
    ],
  );
  assert.equal(
    text.slice(mentions[4]!.index, mentions[4]!.index + 7),
    "/deploy",
  );
});

Deno.test("arguments are substituted like Claude Code: $ARGUMENTS, $ARGUMENTS[n], $n, declared names; appended when unused", async () => {
  assert.equal(
    substituteArguments(
      "All: $ARGUMENTS. First: $0 / $ARGUMENTS[0]. Env $env in $region. Missing: [$3]",
      'prod "eu west"',
      ["env", "region"],
    ),
    'All: prod "eu west". First: prod / prod. Env prod in eu west. Missing: []',
  );
  assert.equal(
    substituteArguments("No placeholders.", "x y"),
    "No placeholders.\n\nARGUMENTS: x y",
  );
  assert.equal(
    substituteArguments("Cost is $5 and $envelope", "a", ["env"]),
    "Cost is  and $envelope",
  );
  const set = await SkillSet.open({
    sources: [embeddedSkill({
      name: "deploy",
      content:
        "---\nname: deploy\ndescription: Deploys\narguments: [env]\n---\nDeploy to $env now.\n",
    })],
    cache: false,
  });
  assert.match(
    await set.activate("deploy", { arguments: "staging" }),
    /Deploy to staging now\./,
  );
  await using tmp = await tempDir();
  await writeTree(tmp.path, {
    "deploy/SKILL.md": skillMd(
      "name: deploy\ndescription: Deploys\narguments: env region",
      "Deploy $env in $region ($ARGUMENTS)\n",
    ),
  });
  const cli = await runCli([
    "activate",
    "deploy",
    "prod",
    "eu west",
    "--root",
    tmp.path,
  ]);
  assert.equal(cli.code, 0, cli.stderr);
  assert.match(cli.stdout, /Deploy prod in eu west \(prod "eu west"\)/);
});

Deno.test("!command lines are found, never run", () => {
  const body = "# Status\n!`git status`\nText !`rm -rf /tmp/x` inline\n";
  assert.deepEqual(findShellPreprocessing(body), [
    { line: 2, command: "git status" },
    { line: 3, command: "rm -rf /tmp/x" },
  ]);
});
