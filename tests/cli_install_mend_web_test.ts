// Copyright 2026 the skillscope authors. MIT license.
// Install and check of website skills as a new user reads them: the v0.1
// caveat said once, and one hash notation in check's table.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, tempDir } from "./_helpers.ts";
import { gitRepo, sh } from "./_git.ts";
import { artifactSite, serveSite, skillText } from "./web_site.ts";

const PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run=git",
  "--allow-net=127.0.0.1",
];

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

Deno.test("installing from a v0.1 site says once that its files are not verified", async () => {
  await using site = serveSite({
    "/.well-known/skills/index.json": JSON.stringify({
      skills: [{ name: "old", description: "Old", files: ["SKILL.md"] }],
    }),
    "/.well-known/skills/old/SKILL.md": skillText("old"),
  });
  await using tmp = await tempDir();
  const run = await runCli(
    ["install", site.origin, "--dir", join(tmp.path, "skills")],
    { permissions: PERMISSIONS },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(
    run.stderr.split("no digests, the files are not verified").length,
    2,
    run.stderr,
  );
  assert.match(run.stderr, /note: "old" comes from a v0\.1: no digests/);
});

Deno.test("check shows website and git skills' hashes in one notation", async () => {
  const demo = (body: string) =>
    artifactSite([{
      name: "demo",
      bytes: bytes(skillText("demo", body)),
      path: "/demo/SKILL.md",
      type: "skill-md",
    }]);
  await using site = serveSite(demo("# one\n"));
  await using tmp = await tempDir();
  const repo = join(tmp.path, "repo");
  await gitRepo(repo, { "SKILL.md": skillText("local") });
  const dir = join(tmp.path, "skills");
  for (const source of [site.origin, `file://${repo}`]) {
    const run = await runCli(["install", source, "--dir", dir], {
      permissions: PERMISSIONS,
    });
    assert.equal(run.code, 0, run.stderr);
  }
  for (const [path, route] of Object.entries(demo("# two\n"))) {
    site.routes.set(path, route);
  }
  await Deno.writeTextFile(join(repo, "SKILL.md"), skillText("local", "# 2\n"));
  await sh("git", ["commit", "-qam", "two"], repo);
  const check = await runCli(["check", "--dir", dir], {
    permissions: PERMISSIONS,
  });
  assert.equal(check.code, 0, check.stderr);
  const rows = check.stdout.split("\n").filter((l) =>
    l.startsWith("update available")
  );
  assert.equal(rows.length, 2, check.stdout);
  for (const row of rows) {
    assert.match(row, /sha256-[0-9a-f]{64} -> sha256-[0-9a-f]{64}/);
    assert.doesNotMatch(row, /sha256:/);
  }
});
