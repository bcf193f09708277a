// Copyright 2026 the skillscope authors. MIT license.
// wellKnownSource(): a website's skills through SkillSet, end to end against
// a site published from the fixtures and served on 127.0.0.1.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  directorySource,
  discover,
  SkillAccessError,
  SkillSet,
} from "../mod.ts";
import { wellKnownSource } from "../src/web/mod.ts";
import { FIXTURES } from "./_mcp.ts";
import {
  artifactSite,
  publishedSite,
  serveSite,
  skillText,
  zipOf,
} from "./web_site.ts";
import { AGENT_SKILLS_INDEX as INDEX } from "../src/web/index_client.ts";

const NAMES = [
  "brand-guidelines",
  "changelog-writer",
  "pdf-tools",
  "sql-review",
];

Deno.test("wellKnownSource lists from the index alone and serves each skill like the directory it was published from", async () => {
  await using site = serveSite(await publishedSite(FIXTURES));
  const source = wellKnownSource(`${site.origin}/docs/`);
  const set = await SkillSet.open({ sources: [source] });
  assert.deepEqual(set.list().map((s) => s.name), NAMES);
  assert.deepEqual(site.requests, [INDEX]);
  const pdf = set.require("pdf-tools");
  assert.equal(pdf.source.kind, "remote");
  assert.equal(pdf.source.key, `web+${site.origin}/docs/#pdf-tools`);
  assert.equal(pdf.dir, undefined);

  const local = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
  for (const name of NAMES) {
    assert.equal(await set.read(name), await local.read(name), name);
    assert.deepEqual(await set.resources(name), await local.resources(name));
  }
  assert.deepEqual(
    await set.readAsset("pdf-tools", "scripts/extract_text.py"),
    await Deno.readFile(join(FIXTURES, "pdf-tools/scripts/extract_text.py")),
  );
  assert.equal(
    await set.readAssetText("sql-review", "references/checklist.md"),
    await Deno.readTextFile(
      join(FIXTURES, "sql-review/references/checklist.md"),
    ),
  );
  // One download per skill, however many reads.
  assert.equal(site.requests.length, 1 + NAMES.length);
  for (
    const [path, code] of [
      ["../sql-review/SKILL.md", "asset-path-invalid"],
      ["references/missing.md", "asset-not-found"],
      [".env", "asset-path-invalid"],
    ]
  ) {
    await assert.rejects(
      set.readAsset("pdf-tools", path!),
      (e: unknown) => e instanceof SkillAccessError && e.code === code,
      path,
    );
  }
  assert.match(
    await set.activate("sql-review"),
    /<skill_content name="sql-review">/,
  );
  assert.match(set.catalog(), /pdf-tools/);
});

Deno.test("wellKnownSource reads a .zip archive, and a served buffer cannot change what later reads return", async () => {
  const zip = await zipOf([
    { name: "SKILL.md", body: skillText("zipped") },
    { name: "references/a.md", body: "A" },
  ]);
  await using site = serveSite(
    artifactSite([{ name: "zipped", bytes: zip, path: "/z/zipped.zip" }]),
  );
  const set = await SkillSet.open({ sources: [wellKnownSource(site.origin)] });
  assert.equal(await set.read("zipped"), "# zipped\n");
  const first = await set.readAsset("zipped", "references/a.md");
  first.fill(0);
  assert.equal(await set.readAssetText("zipped", "references/a.md"), "A");
});

Deno.test("wellKnownSource reads a v0.1 site file by file and says its content is unverified", async () => {
  await using site = serveSite({
    "/.well-known/skills/index.json": JSON.stringify({
      skills: [{
        name: "legacy",
        description: "An older skill",
        files: ["SKILL.md", "references/a.md", ".hidden"],
      }],
    }),
    "/.well-known/skills/legacy/SKILL.md": skillText("legacy"),
    "/.well-known/skills/legacy/references/a.md": "A",
  });
  const found = await discover({ sources: [wellKnownSource(site.origin)] });
  assert.deepEqual(found.skills.map((s) => s.name), ["legacy"]);
  assert.deepEqual(found.diagnostics.map((d) => [d.level, d.code]), [[
    "warning",
    "web-unverified",
  ]]);
  assert.match(
    found.diagnostics[0]!.message,
    /the content of its 1 skill is not verified$/,
  );
  const set = await SkillSet.open({ sources: [wellKnownSource(site.origin)] });
  assert.deepEqual(await set.resources("legacy"), {
    files: ["references/a.md"],
    truncated: false,
  });
  assert.equal(await set.read("legacy"), "# legacy\n");
  assert.equal(await set.readAssetText("legacy", "references/a.md"), "A");
  await set.readAssetText("legacy", "references/a.md");
  assert.equal(
    site.requests.filter((p) => p.endsWith("/references/a.md")).length,
    1,
  );
});

Deno.test("wellKnownSource revalidates the index with its ETag on refresh and keeps the verified content of unchanged skills", async () => {
  const routes = await publishedSite(FIXTURES);
  const index = routes[INDEX] as string;
  const answers: number[] = [];
  routes[INDEX] = (request) => {
    if (request.headers.get("if-none-match") === '"1"') {
      answers.push(304);
      return new Response(null, { status: 304 });
    }
    answers.push(200);
    return new Response(index, { headers: { etag: '"1"' } });
  };
  await using site = serveSite(routes);
  const set = await SkillSet.open({ sources: [wellKnownSource(site.origin)] });
  await set.read("pdf-tools");
  await set.refresh();
  assert.deepEqual(set.list().map((s) => s.name), NAMES);
  await set.read("pdf-tools");
  assert.deepEqual(answers, [200, 304]);
  assert.equal(
    site.requests.filter((p) => p.includes("/pdf-tools/")).length,
    1,
  );
});

Deno.test("wellKnownSource ranks after a local source of the same name", async () => {
  await using site = serveSite(await publishedSite(FIXTURES));
  const set = await SkillSet.open({
    sources: [directorySource(FIXTURES), wellKnownSource(site.origin)],
  });
  assert.equal(set.require("pdf-tools").source.kind, "directory");
  assert.equal(set.list().length, NAMES.length);
});
