// Copyright 2026 the skillscope authors. MIT license.
// Live reload: skills added, edited and removed while a client is connected
// to `skillscope mcp`; paging of the listings.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { skillMd, tempDir, writeSkill } from "./_helpers.ts";
import { childEnv, mcpArgs } from "./_mcp.ts";

async function connect(root: string): Promise<Client> {
  const client = new Client({ name: "t", version: "1" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: mcpArgs(root),
      env: await childEnv(),
      stderr: "pipe",
    }),
  );
  return client;
}

/** Resolves at the next `resources/list_changed` (or fails after 15 s). */
function nextChange(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("no notifications/resources/list_changed")),
      15_000,
    );
    client.setNotificationHandler(
      "notifications/resources/list_changed",
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

Deno.test("a connected client is told of each added, edited and removed skill and then sees it", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "alpha", { description: "First" });
  const client = await connect(tmp.path);
  try {
    const skills = new SkillsClient(client);
    const names = async (): Promise<string[]> =>
      (await skills.list()).skills.map((s) => String(s.frontmatter.name));
    assert.deepEqual(await names(), ["alpha"]);

    let changed = nextChange(client);
    await writeSkill(tmp.path, "beta", { description: "Second" });
    await changed;
    assert.deepEqual(await names(), ["alpha", "beta"]);

    changed = nextChange(client);
    // An editor's save: the new file replaces the old one at once.
    const path = join(tmp.path, "beta/SKILL.md");
    await Deno.writeTextFile(
      `${path}.tmp`,
      skillMd("name: beta\ndescription: Second, edited", "# Edited\n"),
    );
    await Deno.rename(`${path}.tmp`, path);
    await changed;
    const beta = (await skills.list()).skills.find((s) =>
      s.frontmatter.name === "beta"
    )!;
    assert.equal(beta.frontmatter.description, "Second, edited");
    const file = await skills.read(beta);
    assert.equal(file.verified, true);
    assert.equal(file.body, "# Edited\n");

    changed = nextChange(client);
    await Deno.remove(join(tmp.path, "alpha"), { recursive: true });
    await changed;
    assert.deepEqual(await names(), ["beta"]);
  } finally {
    await client.close();
  }
});

Deno.test("reads while SKILL.md is replaced again and again see the old or the new file, never a mix", async () => {
  await using tmp = await tempDir();
  const versions = Array.from(
    { length: 4 },
    (_, i) =>
      skillMd(
        `name: flip\ndescription: Version ${i}`,
        `${String(i).repeat(200_000)}\n`,
      ),
  );
  await Deno.mkdir(join(tmp.path, "flip"));
  const path = join(tmp.path, "flip/SKILL.md");
  await Deno.writeTextFile(path, versions[0]!);
  const client = await connect(tmp.path);
  try {
    let writing = true;
    const writer = (async () => {
      for (let i = 1; writing; i++) {
        await Deno.writeTextFile(`${path}.tmp`, versions[i % 4]!);
        await Deno.rename(`${path}.tmp`, path);
      }
    })();
    for (let i = 0; i < 30; i++) {
      const result = await client.readResource({
        uri: "skill://flip/SKILL.md",
      });
      const text = (result.contents[0] as { text: string }).text;
      assert.ok(versions.includes(text), `read ${i} is a mix`);
    }
    writing = false;
    await writer;
  } finally {
    await client.close();
  }
});

Deno.test("skills/list and resources/list come in pages that never split or repeat a skill", async () => {
  await using tmp = await tempDir();
  const count = 230;
  for (let i = 0; i < count; i++) {
    await writeSkill(tmp.path, `s-${String(i).padStart(3, "0")}`);
  }
  const client = await connect(tmp.path);
  try {
    // Given a cursor the SDK client returns one page ("0" is our first).
    const seen: string[] = [];
    let cursor: string | undefined = "0";
    let pages = 0;
    do {
      const page = await client.listResources({ cursor });
      pages++;
      assert.ok(page.resources.length <= 100);
      seen.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    assert.equal(pages, 3);
    assert.equal(seen.length, count);
    assert.equal(new Set(seen).size, count);
    // Without one it walks every page.
    assert.equal((await client.listResources()).resources.length, count);

    const skills = new SkillsClient(client);
    const first = await skills.list({ cursor: "0" });
    assert.equal(first.skills.length, 100);
    assert.equal(first.nextCursor, "100");
    const all = await skills.list();
    assert.equal(all.skills.length, count);
    assert.equal(new Set(all.skills.map((s) => s.uri)).size, count);
    await assert.rejects(
      client.listResources({ cursor: "not-a-cursor" }),
      (error: unknown) => (error as { code?: number }).code === -32602,
    );
  } finally {
    await client.close();
  }
});
