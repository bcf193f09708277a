// Copyright 2026 the skillscope authors. MIT license.
// The same field caps for every source: a 5 MiB description or metadata
// value from a website's index, an MCP server's listing or an embedded
// skill's definition is kept, listed and put in a catalog as a local
// SKILL.md's would be; and a catalog or a skills_list result without a
// budget stays within the default one.
import assert from "node:assert/strict";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import {
  skillEntry,
  SkillsExtension,
} from "@modelcontextprotocol/server/ext/skills";
import {
  callSkillTool,
  directorySource,
  discoverSync,
  embeddedSkill,
  type RemoteSource,
  renderCatalog,
  type Skill,
  SkillSet,
} from "../mod.ts";
import { attachRemoteContent } from "../src/content/remote_content.ts";
import { mcpSource } from "../src/mcp/mod.ts";
import { wellKnownSource } from "../src/web/mod.ts";
import { SCHEMA_V02 } from "../src/web/index_parse.ts";
import { AGENT_SKILLS_INDEX } from "../src/web/index_client.ts";
import { MAX_KEPT_STRING } from "../src/parse/retain.ts";
import { DEFAULT_MAX_CATALOG_CHARS } from "../src/serve/catalog_budget.ts";
import { runCli, tempDir, writeTree } from "./_helpers.ts";
import { FIXTURES, serveLoopback } from "./_mcp.ts";
import { serveSite } from "./web_site.ts";

const HUGE = 5 * 1024 * 1024;
/** What a skill shows of a description over the cap: its head and "…". */
const CUT = `${"d".repeat(MAX_KEPT_STRING - 1)}…`;

/** An index listing one skill with a description of `length` characters. */
function hugeIndex(length: number): string {
  return JSON.stringify({
    $schema: SCHEMA_V02,
    skills: [{
      name: "huge",
      type: "skill-md",
      description: "d".repeat(length),
      url: "huge/SKILL.md",
      digest: `sha256:${"0".repeat(64)}`,
    }, {
      name: "small",
      type: "skill-md",
      description: "A small skill",
      url: "small/SKILL.md",
      digest: `sha256:${"0".repeat(64)}`,
    }],
  });
}

/** A local skill whose description is as long as a head allows. */
async function localHuge(dir: string): Promise<Skill> {
  await writeTree(dir, {
    "huge/SKILL.md": `---\nname: huge\ndescription: ${
      "d".repeat(60_000)
    }\n---\n# Huge\n`,
  });
  const found = discoverSync({ sources: [directorySource(dir)] });
  return found.skills.find((s) => s.name === "huge")!;
}

Deno.test("a website's 5 MiB description is capped as a local SKILL.md's is, in the skill, the catalog and skills_list", async () => {
  await using tmp = await tempDir();
  await using site = serveSite({ [AGENT_SKILLS_INDEX]: hugeIndex(HUGE) });
  const set = await SkillSet.open({ sources: [wellKnownSource(site.origin)] });
  const web = set.require("huge");
  const local = await localHuge(tmp.path);
  assert.ok(local.description === CUT);
  // Lengths first: a failure prints numbers, not megabytes.
  assert.equal(web.description.length, local.description.length);
  assert.ok(web.description === local.description);
  assert.equal(
    JSON.stringify(web.frontmatter).length,
    JSON.stringify({ name: "huge", description: CUT }).length,
  );
  assert.deepEqual({ ...web.frontmatter }, { name: "huge", description: CUT });
  assert.ok(JSON.stringify(web).length < 3 * MAX_KEPT_STRING);
  assert.equal(set.require("small").description, "A small skill");
  assert.ok(
    set.diagnostics.some((d) => d.code === "frontmatter-capped"),
    "the listing says the skill was capped",
  );

  const catalog = set.catalog();
  assert.ok(catalog.length < 3 * MAX_KEPT_STRING, `${catalog.length}`);
  assert.match(catalog, /A small skill/);
  const listed = await callSkillTool(set, "skills_list", {});
  assert.ok(listed.ok);
  assert.ok(
    JSON.stringify(listed).length < 4 * MAX_KEPT_STRING,
    `${JSON.stringify(listed).length}`,
  );
});

for (
  const [label, permissions] of [
    ["-A", ["-A"]],
    ["-P=cli", ["-P=cli"]],
  ] as const
) {
  Deno.test(`catalog --root http://127.0.0.1 of an index with a 5 MiB description prints a bounded catalog (${label})`, async () => {
    await using tmp = await tempDir();
    await using site = serveSite({ [AGENT_SKILLS_INDEX]: hugeIndex(HUGE) });
    for (const format of ["xml", "json"]) {
      const run = await runCli(
        ["catalog", "--root", `${site.origin}/`, "--format", format],
        {
          permissions: [...permissions],
          cwd: tmp.path,
          env: { HOME: tmp.path },
          signal: AbortSignal.timeout(60_000),
        },
      );
      assert.equal(run.code, 0, run.stderr);
      assert.ok(
        run.stdout.length < 3 * MAX_KEPT_STRING,
        `${format}: ${run.stdout.length} characters`,
      );
      assert.ok(run.stdout.includes(CUT), format);
      assert.match(run.stdout, /A small skill/);
    }
  });
}

Deno.test("an embedded skill's 5 MiB description is capped as a local SKILL.md's is, with a frontmatter-capped warning", async () => {
  await using tmp = await tempDir();
  const found = discoverSync({
    sources: [
      embeddedSkill({
        name: "huge",
        description: "d".repeat(HUGE),
        content: "# Huge\n",
      }),
    ],
  });
  const [embedded] = found.skills;
  assert.equal(embedded?.description.length, MAX_KEPT_STRING);
  assert.ok(
    embedded?.description === (await localHuge(tmp.path)).description,
  );
  assert.equal(
    found.diagnostics.find((d) => d.code === "frontmatter-capped")?.path,
    "embedded:huge",
  );
});

Deno.test("a skill a caller's own RemoteSource lists with a 5 MiB description is capped as a local one is, its content still read", async () => {
  await using tmp = await tempDir();
  const listed: Skill = Object.freeze({
    name: "huge",
    description: "d".repeat(HUGE),
    source: Object.freeze({ kind: "remote" as const, key: "custom:huge" }),
    frontmatter: Object.freeze({ name: "huge", description: "d".repeat(HUGE) }),
  });
  attachRemoteContent(listed, {
    readBody: () => Promise.resolve("# Huge body\n"),
    readFile: () => Promise.resolve(new Uint8Array()),
    listFiles: () => Promise.resolve({ files: [], truncated: false }),
  });
  const source: RemoteSource = {
    kind: "remote",
    key: "custom:huge",
    list: () => Promise.resolve({ skills: [listed], diagnostics: [] }),
  };
  const set = await SkillSet.open({ sources: [source] });
  const skill = set.require("huge");
  assert.ok(skill.description === (await localHuge(tmp.path)).description);
  assert.ok(JSON.stringify(skill).length < 3 * MAX_KEPT_STRING);
  assert.ok(set.diagnostics.some((d) => d.code === "frontmatter-capped"));
  assert.equal(await set.read("huge"), "# Huge body\n");
});

Deno.test("an MCP server's 5 MiB license and metadata are capped as a local SKILL.md's are", async () => {
  await using tmp = await tempDir();
  const skillText = (size: number): string =>
    `---\nname: fat\ndescription: Fat skill\nlicense: ${
      "l".repeat(size)
    }\nmetadata:\n  blob: ${"m".repeat(size)}\nx-vendor: ${
      "v".repeat(size)
    }\n---\n# Fat\n`;
  // The same frontmatter on disk, as large as a SKILL.md head allows.
  await writeTree(tmp.path, { "fat/SKILL.md": skillText(20_000) });
  const local = discoverSync({ sources: [directorySource(tmp.path)] })
    .skills[0]!;

  const files = { "SKILL.md": skillText(HUGE) };
  const entry = await skillEntry("fat", files);
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: "fat", version: "1" });
    new SkillsExtension({
      source: {
        list: () => Promise.resolve({ skills: [entry] }),
        get: (uri: string) =>
          Promise.resolve(uri === entry.uri ? entry : undefined),
        read: () =>
          Promise.resolve({
            text: files["SKILL.md"],
            mimeType: "text/markdown",
          }),
      },
      onWarning: () => {},
    }).attach(server);
    return server;
  });
  const served = serveLoopback(handler.fetch);
  try {
    await using source = mcpSource({ url: served.url }, { timeoutMs: 60_000 });
    const set = await SkillSet.open({ sources: [source] });
    const remote = set.require("fat");
    assert.ok(remote.metadata === undefined, "metadata was kept");
    assert.equal(remote.license?.length, MAX_KEPT_STRING);
    assert.ok(JSON.stringify(remote).length < 3 * MAX_KEPT_STRING);
    const { name, description, license, frontmatter } = remote;
    assert.deepEqual(
      { name, description, license, frontmatter: { ...frontmatter } },
      {
        name: local.name,
        description: local.description,
        license: local.license,
        frontmatter: { ...local.frontmatter },
      },
    );
    const warning = set.diagnostics.find((d) =>
      d.code === "frontmatter-capped"
    );
    assert.match(warning?.message ?? "", /dropped: metadata, x-vendor/);
  } finally {
    await served.close();
    await handler.close();
  }
});

Deno.test("skills_list and the catalog of many large skills stay within the default budget", () => {
  const set = SkillSet.openSync({
    sources: Array.from({ length: 600 }, (_, i) =>
      embeddedSkill({
        name: `skill-${String(i).padStart(3, "0")}`,
        // Under the field caps (8 KiB), so only the budget bounds them.
        description: "d".repeat(8000),
        content: "",
      })),
  });
  const catalog = set.catalog();
  assert.ok(catalog.length <= DEFAULT_MAX_CATALOG_CHARS, `${catalog.length}`);
  assert.match(catalog, /skill-000/);
  return callSkillTool(set, "skills_list", {}).then((listed) => {
    assert.ok(listed.ok);
    assert.ok(listed.text.length <= DEFAULT_MAX_CATALOG_CHARS);
    const data = listed.data as { name: string; description: string }[];
    assert.ok(data.length > 0);
    assert.ok(
      JSON.stringify(data).length <= DEFAULT_MAX_CATALOG_CHARS,
      `${JSON.stringify(data).length}`,
    );
    assert.ok(data.every((d) => d.description.length <= MAX_KEPT_STRING));
  });
});

Deno.test("the default catalog budget leaves an ordinary catalog as it was without a limit", async () => {
  const set = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
  for (const format of ["xml", "markdown", "json", "skills-ref"] as const) {
    assert.equal(
      renderCatalog(set.list(), { format }),
      renderCatalog(set.list(), {
        format,
        maxChars: Number.POSITIVE_INFINITY,
      }),
      format,
    );
  }
});
