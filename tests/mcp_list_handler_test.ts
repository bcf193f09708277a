// Copyright 2026 the skillscope authors. MIT license.
// `skills/list` is served by the server's own handler, its entries checked
// once when built: every page, cursor, error and cache field must be what
// the SDK's skills extension serves from the same source (which checks
// every entry of every page), and a changed SKILL.md is listed and read
// fresh past the cache.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { SkillsExtension } from "@modelcontextprotocol/server/ext/skills";
import { directorySource, SkillSet } from "../mod.ts";
import type { Diagnostic } from "../mod.ts";
import { DigestCache, mcpHttpHandler } from "../src/mcp/mod.ts";
import { skillSetSource } from "../src/mcp/served_skills.ts";
import { servableSkills } from "../src/mcp/listed_entries.ts";
import { VERSION } from "../src/shared/version.ts";
import { skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { serveLoopback } from "./_mcp.ts";

/** Any result, unchecked: the pages are compared as sent. */
const ANY = {
  "~standard": {
    version: 1 as const,
    vendor: "test",
    validate: (value: unknown) => ({ value }),
  },
};

/** A tree with skills the extension's rules keep out, among ones it lists. */
async function edgeTree(root: string): Promise<void> {
  for (let i = 0; i < 18; i++) {
    await writeSkill(root, `skill-${String(i).padStart(2, "0")}`, {
      description: `Skill ${i}`,
    });
  }
  const skill = (
    name: string,
    frontmatter: string,
  ): Record<string, string> => ({
    [`${name}/SKILL.md`]: skillMd(`name: ${name}\n${frontmatter}`),
  });
  await writeTree(root, {
    ...skill("long-description", `description: ${"x".repeat(1025)}\n`),
    ...skill("wide-description", `description: ${"é".repeat(1024)}\n`),
    ...skill("number-metadata", "description: D\nmetadata:\n  version: 1\n"),
    ...skill("empty-compatibility", 'description: D\ncompatibility: ""\n'),
    ...skill(
      "long-compatibility",
      `description: D\ncompatibility: ${"c".repeat(501)}\n`,
    ),
    ...skill("café", "description: A name outside ASCII\n"),
    ...skill("with-files", "description: D\n"),
    "with-files/references/Q&A.md": "# Q\n",
    "with-files/references/a b.md": "# A\n",
  });
}

/** Every page of `skills/list` through `url`, each as sent, with the error of a bad cursor. */
async function pages(
  url: string,
  modern: boolean,
): Promise<{ pages: string[]; badCursor: string }> {
  const client = new Client(
    { name: "list-handler", version: "1" },
    modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const out: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.request(
        {
          method: "skills/list",
          params: cursor === undefined ? {} : { cursor },
        },
        ANY,
      ) as { nextCursor?: string; _meta?: unknown };
      const { _meta: _, ...rest } = page;
      out.push(JSON.stringify(rest));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const bad = await client.request(
      { method: "skills/list", params: { cursor: "x" } },
      ANY,
    ).then(
      () => "no error",
      (e: Error & { code?: number }) => `${e.code}: ${e.message}`,
    );
    return { pages: out, badCursor: bad };
  } finally {
    await client.close();
  }
}

Deno.test("skills/list serves the pages, cursors and drops of the SDK's skills extension, on both protocol eras", async () => {
  await using tmp = await tempDir();
  await edgeTree(tmp.path);
  const set = await SkillSet.open({ sources: [directorySource(tmp.path)] });
  const ours: Diagnostic[] = [];
  const handler = mcpHttpHandler(set, {
    pageSize: 10,
    digests: new DigestCache(),
    onDiagnostic: (d) => ours.push(d),
  });
  // The extension as the SDK ships it, over the same entries unchecked,
  // paged as before: a cursor is the decimal offset of the next skill.
  const source = skillSetSource(set, { pageSize: 10 });
  const sdkWarnings = new Set<string>();
  const extension = new SkillsExtension({
    source: {
      ...source,
      list: async ({ cursor }, ctx) => {
        source.listPage(cursor); // throws for a bad cursor
        const servable = servableSkills(set.list()).servable;
        const start = cursor === undefined ? 0 : Number(cursor);
        const page = servable.slice(start, start + 10);
        const skills = [];
        for (const { uri } of page) {
          const entry = await source.get(uri, ctx);
          if (entry !== undefined) skills.push(entry);
        }
        const next = start + page.length;
        return next < servable.length
          ? { skills, nextCursor: String(next) }
          : { skills };
      },
    },
    onWarning: (w) => sdkWarnings.add(`${w.path}: ${w.message}`),
  });
  const reference = createMcpHandler(() => {
    const mcp = new McpServer({ name: "skillscope", version: VERSION });
    extension.attach(mcp);
    return mcp;
  });
  const servedOurs = serveLoopback(handler.fetch);
  const servedSdk = serveLoopback(reference.fetch);
  try {
    for (const modern of [false, true]) {
      const expected = await pages(servedSdk.url, modern);
      const got = await pages(servedOurs.url, modern);
      assert.deepEqual(got, expected);
      assert.equal(got.pages.length, 3);
      assert.match(got.badCursor, /^-32602: .*Invalid cursor "x"/);
      const cacheFields = got.pages.every((p) =>
        p.includes('"ttlMs":0,"cacheScope":"private"')
      );
      assert.equal(cacheFields, modern);
    }
    const listed = (await pages(servedOurs.url, false)).pages.join("");
    for (const name of ["long-description", "café"]) {
      assert.ok(!listed.includes(`"name":"${name}"`), name);
    }
    assert.ok(listed.includes('"name":"wide-description"'));
    // An unquoted number in metadata is read as its text, the string the
    // extension asks for: listed, not dropped.
    assert.ok(
      listed.includes(
        '"name":"number-metadata","description":"D","metadata":{"version":"1"}',
      ),
      listed,
    );
    assert.ok(listed.includes("references/Q%26A.md"));
    // The same drops, each told once however often the pages were listed.
    const dropped = ours.filter((d) => d.message.includes("dropped from"));
    assert.deepEqual(
      new Set(dropped.map((d) => `${d.path}: ${d.message}`)),
      sdkWarnings,
    );
    assert.equal(dropped.length, sdkWarnings.size);
    assert.equal(dropped.length, 4);
  } finally {
    await servedOurs.close();
    await servedSdk.close();
    await handler.close();
    await reference.close();
  }
});

Deno.test("a SKILL.md changed after a cached listing is listed and read fresh", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "alpha", { description: "Alpha v1" });
  // Past the window in which a file's identity is not trusted as a cache key.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  const digests = new DigestCache();
  const handler = mcpHttpHandler(set, { digests });
  const served = serveLoopback(handler.fetch);
  const client = new Client({ name: "fresh", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
  const description = async (): Promise<unknown> => {
    const page = await client.request({ method: "skills/list" }, ANY) as {
      skills: { frontmatter: { description: string } }[];
    };
    return page.skills[0]?.frontmatter.description;
  };
  const read = async (): Promise<unknown> => {
    const { contents } = await client.readResource({
      uri: "skill://alpha/SKILL.md",
    });
    return (contents[0] as { text?: string }).text;
  };
  try {
    assert.equal(await description(), "Alpha v1");
    assert.match(String(await read()), /Alpha v1/);
    assert.equal(await description(), "Alpha v1");
    assert.equal(digests.rendered, 1);
    await Deno.writeTextFile(
      join(tmp.path, "alpha", "SKILL.md"),
      skillMd("name: alpha\ndescription: Alpha v2"),
    );
    // The bytes are read fresh at once; the listing once 50 ms have passed
    // since it was last checked.
    assert.match(String(await read()), /Alpha v2/);
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(await description(), "Alpha v2");
    assert.match(String(await read()), /Alpha v2/);
    assert.equal(digests.rendered, 2);
  } finally {
    await client.close();
    await served.close();
    await handler.close();
  }
});
