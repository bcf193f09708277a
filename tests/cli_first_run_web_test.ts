// Copyright 2026 the skillscope authors. MIT license.
// A website named as a root, as a new user meets it: activate says how to
// read a bundled file on the CLI (not the MCP tool), an index in an unknown
// $schema fails list without the directory hint, and an entry of an unknown
// type is named with its index.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, tempDir, writeSkill } from "./_helpers.ts";
import { readTree, type Route, serveSite } from "./web_site.ts";
import { AGENT_SKILLS_INDEX } from "../src/web/index_client.ts";
import { SCHEMA_V02 } from "../src/web/index_parse.ts";

const NET = ["--allow-read", "--allow-net=127.0.0.1"];

Deno.test("activate --root https://… names skillscope asset for the bundled files, not the MCP tool", async () => {
  await using dir = await tempDir();
  await writeSkill(join(dir.path, "skills"), "pdf-tools");
  const out = join(dir.path, "site");
  const published = await runCli(
    ["publish", join(dir.path, "skills"), "--out", out],
    { permissions: ["--allow-read", `--allow-write=${out}`] },
  );
  assert.equal(published.code, 0, published.stderr);
  const routes: Record<string, Route> = {};
  for (const [rel, bytes] of await readTree(out)) routes[`/${rel}`] = bytes;
  await using site = serveSite(routes);
  const run = await runCli(["activate", "pdf-tools", "--root", site.origin], {
    permissions: NET,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(
    run.stdout.includes(
      `read its bundled files with "skillscope asset pdf-tools PATH --root ${site.origin}".`,
    ),
    run.stdout,
  );
  assert.ok(!run.stdout.includes("skills_read_asset"), run.stdout);
});

Deno.test("list --root http://… whose index names an unknown $schema exits 1 without the directory hint", async () => {
  await using site = serveSite({
    [AGENT_SKILLS_INDEX]: JSON.stringify({
      $schema: "https://example.com/v9.json",
      skills: [],
    }),
  });
  const run = await runCli(["list", "--root", site.origin], {
    permissions: NET,
  });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /web-schema-unknown/);
  assert.ok(!run.stderr.includes("a skill is a directory"), run.stderr);
});

Deno.test("an index entry of an unknown type is named as an entry of the index", async () => {
  await using site = serveSite({
    [AGENT_SKILLS_INDEX]: JSON.stringify({
      $schema: SCHEMA_V02,
      skills: [{ name: "weird", type: "zip", description: "x", url: "/x" }],
    }),
  });
  const run = await runCli(["list", "--root", site.origin], {
    permissions: NET,
  });
  assert.match(
    run.stderr,
    /Entry 0 \("weird"\) of the index has the unknown type "zip"; it was skipped/,
  );
});

Deno.test("read NAME --root http://… whose index names an unknown $schema says why the name is not found", async () => {
  await using site = serveSite({
    [AGENT_SKILLS_INDEX]: JSON.stringify({
      $schema: "https://example.com/v9.json",
      skills: [],
    }),
  });
  const run = await runCli(["read", "pdf-tools", "--root", site.origin], {
    permissions: NET,
  });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /web-schema-unknown/);
  assert.ok(
    run.stderr.indexOf("web-schema-unknown") <
      run.stderr.indexOf('No skill named "pdf-tools"'),
    run.stderr,
  );
  const json = await runCli(
    ["read", "pdf-tools", "--root", site.origin, "--json"],
    { permissions: NET },
  );
  assert.equal(json.code, 1);
  assert.equal(JSON.parse(json.stdout).error.code, "web-schema-unknown");
});

Deno.test("resources NAME --json on a website root that could not be listed carries the root's failure", async () => {
  await using site = serveSite({
    [AGENT_SKILLS_INDEX]: JSON.stringify({
      $schema: "https://example.com/v9.json",
      skills: [],
    }),
  });
  const run = await runCli(
    ["resources", "pdf-tools", "--root", site.origin, "--json"],
    { permissions: NET },
  );
  assert.equal(run.code, 1);
  const { error } = JSON.parse(run.stdout);
  assert.equal(error.code, "web-schema-unknown");
  assert.match(error.message, /^No skill named "pdf-tools": /);
});
