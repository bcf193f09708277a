// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { currentDenoDir } from "./_helpers.ts";
import { FIXTURES, INITIALIZE, mcpArgs } from "./_mcp.ts";

/** `skillscope mcp` on the bundled skills, with read permission for them only. */
const SERVER_ARGS = mcpArgs(FIXTURES);

Deno.test("the official MCP client lists and calls every tool of skillscope mcp", async () => {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: SERVER_ARGS,
    // The SDK forwards only a few variables by default; Deno needs its cache
    // directory and this environment's CA settings.
    env: { ...Deno.env.toObject(), DENO_DIR: await currentDenoDir() },
    stderr: "pipe",
  });
  const client = new Client({ name: "skillscope-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), [
      "skills_list",
      "skills_read",
      "skills_read_asset",
      "skills_match",
      "skills_search",
    ]);
    const readTool = tools.find((t) => t.name === "skills_read")!;
    const nameSchema =
      (readTool.inputSchema.properties as Record<string, { enum?: string[] }>)
        .name;
    assert.deepEqual(nameSchema?.enum, [
      "brand-guidelines",
      "changelog-writer",
      "pdf-tools",
      "sql-review",
    ]);

    const text = (result: unknown): string => {
      const content =
        (result as { content: { type: string; text: string }[] }).content;
      return content.map((c) => c.text).join("");
    };
    const list = await client.callTool({ name: "skills_list", arguments: {} });
    assert.match(text(list), /^- brand-guidelines: /);
    const read = await client.callTool({
      name: "skills_read",
      arguments: { name: "pdf-tools" },
    });
    assert.match(text(read), /^<skill_content name="pdf-tools">\n# PDF tools/);
    const asset = await client.callTool({
      name: "skills_read_asset",
      arguments: { name: "pdf-tools", path: "references/forms.md" },
    });
    assert.match(text(asset), /^# PDF form fields/);
    const escape = await client.callTool({
      name: "skills_read_asset",
      arguments: { name: "pdf-tools", path: "../sql-review/SKILL.md" },
    });
    assert.equal(escape.isError, true);
    assert.match(text(escape), /^asset-path-invalid: /);
    const match = await client.callTool({
      name: "skills_match",
      arguments: { paths: ["db/001.sql"] },
    });
    assert.equal(text(match), "brand-guidelines\nsql-review");
    const search = await client.callTool({
      name: "skills_search",
      arguments: { query: "pdf form" },
    });
    assert.match(text(search), /^- pdf-tools: /);
    const invalid = await client.callTool({
      name: "skills_read",
      arguments: { name: "nope" },
    });
    assert.equal(invalid.isError, true);

    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri), [
      "skill://brand-guidelines/SKILL.md",
      "skill://changelog-writer/SKILL.md",
      "skill://pdf-tools/SKILL.md",
      "skill://sql-review/SKILL.md",
    ]);
    const resource = await client.readResource({
      uri: "skill://sql-review/SKILL.md",
    });
    const first = resource.contents[0] as { text: string; mimeType: string };
    assert.equal(
      first.text,
      await Deno.readTextFile(`${FIXTURES}/sql-review/SKILL.md`),
    );
    assert.equal(first.mimeType, "text/markdown");

    // The standard skills extension, checked by the SDK's own host side:
    // every file's size and digest, SKILL.md's frontmatter against the listing.
    const skills = new SkillsClient(client);
    assert.equal(skills.supported, true);
    assert.equal(skills.directoryRead, true);
    const listing = await skills.list();
    assert.deepEqual(listing.skills.map((s) => s.uri), [
      "skill://brand-guidelines/SKILL.md",
      "skill://changelog-writer/SKILL.md",
      "skill://pdf-tools/SKILL.md",
      "skill://sql-review/SKILL.md",
    ]);
    const pdf = listing.skills.find((s) => s.frontmatter.name === "pdf-tools")!;
    assert.deepEqual(
      (pdf.resources as { uri: string }[]).map((r) => r.uri),
      [
        "skill://pdf-tools/SKILL.md",
        "skill://pdf-tools/references/forms.md",
        "skill://pdf-tools/scripts/extract_text.py",
      ],
    );
    const skillMd = await skills.read(pdf);
    assert.equal(skillMd.verified, true);
    assert.equal(skillMd.frontmatter?.name, "pdf-tools");
    const script = await skills.read(pdf, "scripts/extract_text.py");
    assert.deepEqual(
      script.bytes,
      await Deno.readFile(`${FIXTURES}/pdf-tools/scripts/extract_text.py`),
    );
    const logo = listing.skills.find((s) =>
      s.frontmatter.name === "brand-guidelines"
    )!;
    const dir = await skills.readDirectory("skill://brand-guidelines");
    assert.deepEqual(
      dir.resources.map((r) => [r.uri, r.mimeType]),
      [
        ["skill://brand-guidelines/assets", "inode/directory"],
        ["skill://brand-guidelines/SKILL.md", "text/markdown"],
      ],
    );
    const svg = await skills.read(logo, "assets/logo.svg");
    assert.equal(svg.verified, true);
    await assert.rejects(
      skills.get("skill://nope/SKILL.md"),
      (error: unknown) => (error as { code?: number }).code === -32602,
    );
  } finally {
    await client.close();
  }
});

Deno.test("skillscope mcp exits 0 when the client closes its stdin", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: SERVER_ARGS,
    env: { DENO_DIR: await currentDenoDir() },
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(`${INITIALIZE}\n`));
  await writer.close();
  const out = await child.output();
  assert.equal(out.code, 0);
  assert.match(
    new TextDecoder().decode(out.stdout),
    /"serverInfo":\{"name":"skillscope"/,
  );
});
