// Copyright 2026 the skillscope authors. MIT license.
// Round trips through the well-known index: `publish` → a static host on
// 127.0.0.1 → `--root http://…` on the CLI (list, read, activate, catalog,
// precedence, --require-approval, mcp), and `mcp --http` serving an index
// that `wellKnownSource` reads back, behind its bearer token.
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { directorySource, SkillSet } from "../mod.ts";
import { splitFrontmatter } from "../src/parse/frontmatter.ts";
import { wellKnownSource } from "../src/web/mod.ts";
import { runCli, tempDir, writeSkill } from "./_helpers.ts";
import { childEnv, CLI, FIXTURES, startHttpCli } from "./_mcp.ts";
import { readTree, type Route, serveSite, type Site } from "./web_site.ts";
import { CONFIG } from "./_helpers.ts";

const NAMES = [
  "brand-guidelines",
  "changelog-writer",
  "pdf-tools",
  "sql-review",
];
const NET = ["--allow-read", "--allow-net=127.0.0.1"];

/** `publish fixtures/skills` into a temp dir, served as a static site. */
async function publishedFixtures(): Promise<Site & { out: string }> {
  const dir = await Deno.makeTempDir({ prefix: "skillscope_site_" });
  const out = join(dir, "site");
  const run = await runCli(["publish", FIXTURES, "--out", out], {
    permissions: ["--allow-read", `--allow-write=${out}`],
  });
  assert.equal(run.code, 0, run.stderr);
  const routes: Record<string, Route> = {};
  for (const [rel, bytes] of await readTree(out)) routes[`/${rel}`] = bytes;
  const site = serveSite(routes);
  const close = async (): Promise<void> => {
    await site.close();
    await Deno.remove(dir, { recursive: true });
  };
  return { ...site, out, close, [Symbol.asyncDispose]: close };
}

/** The body of a fixture's SKILL.md, as the source has it. */
async function sourceBody(name: string): Promise<string> {
  const text = await Deno.readTextFile(join(FIXTURES, name, "SKILL.md"));
  const split = splitFrontmatter(text, name);
  return split.text.slice(split.bodyStart);
}

Deno.test("publish, serve, then list/read/activate --root http://127.0.0.1:PORT gives every skill and bodies byte-identical to the sources", async () => {
  await using site = await publishedFixtures();
  const list = await runCli(["list", "--root", site.origin, "--json"], {
    permissions: NET,
  });
  assert.equal(list.code, 0, list.stderr);
  const listed = JSON.parse(list.stdout).skills as {
    name: string;
    source: { kind: string; key: string };
  }[];
  assert.deepEqual(listed.map((s) => s.name), NAMES);
  assert.deepEqual(
    listed.map((s) => s.source),
    NAMES.map((n) => ({ kind: "remote", key: `web+${site.origin}/#${n}` })),
  );
  for (const name of NAMES) {
    const read = await runCli(["read", name, "--root", site.origin], {
      permissions: NET,
    });
    assert.equal(read.code, 0, read.stderr);
    const local = await runCli(["read", name, "--root", FIXTURES]);
    assert.equal(read.stdout, local.stdout, name);
    assert.ok(read.stdout.startsWith(await sourceBody(name)), name);
    const activate = await runCli(["activate", name, "--root", site.origin], {
      permissions: NET,
    });
    assert.equal(activate.code, 0, activate.stderr);
    assert.ok(activate.stdout.includes(await sourceBody(name)), name);
    // It says where the skill comes from; it is not built in.
    assert.match(
      activate.stdout,
      /This skill comes from web\+http:\/\/127\.0\.0\.1/,
    );
    assert.ok(!activate.stdout.includes("built in"), activate.stdout);
    const localActivate = await runCli(["activate", name, "--root", FIXTURES]);
    const resources = (text: string) =>
      /<skill_resources>[\s\S]*<\/skill_resources>/.exec(text)?.[0];
    assert.equal(resources(activate.stdout), resources(localActivate.stdout));
  }
  const asset = await runCli(
    ["asset", "pdf-tools", "scripts/extract_text.py", "--root", site.origin],
    { permissions: NET },
  );
  assert.equal(
    asset.stdout,
    await Deno.readTextFile(
      join(FIXTURES, "pdf-tools/scripts/extract_text.py"),
    ),
  );
});

Deno.test("--root http://… composes with a local root by precedence, with catalog, and --require-approval leaves the website's skills out", async () => {
  await using site = await publishedFixtures();
  await using local = await tempDir();
  await writeSkill(local.path, "pdf-tools", { description: "The local one" });
  const both = await runCli(
    ["list", "--root", local.path, "--root", site.origin, "--json"],
    { permissions: NET },
  );
  assert.equal(both.code, 0, both.stderr);
  const skills = JSON.parse(both.stdout).skills as {
    name: string;
    description: string;
  }[];
  assert.equal(
    skills.find((s) => s.name === "pdf-tools")?.description,
    "The local one",
  );
  assert.deepEqual(skills.map((s) => s.name).sort(), NAMES);
  assert.match(both.stderr, /skill-shadowed/);
  const catalog = await runCli(["catalog", "--root", site.origin], {
    permissions: NET,
  });
  assert.equal(catalog.code, 0, catalog.stderr);
  for (const name of NAMES) {
    assert.match(catalog.stdout, new RegExp(`<name>${name}</name>`));
  }
  const approval = await runCli(
    ["catalog", "--root", site.origin, "--require-approval"],
    { permissions: NET },
  );
  assert.equal(approval.code, 0, approval.stderr);
  assert.equal(approval.stdout, "");
  assert.match(approval.stderr, /skill-unapproved/);
  const read = await runCli(
    ["read", "pdf-tools", "--root", site.origin, "--require-approval"],
    { permissions: NET },
  );
  assert.equal(read.code, 1);
  assert.equal(read.stdout, "");
});

Deno.test("--root with a website needs --allow-net=HOST, and a plain-HTTP root off loopback is refused", async () => {
  const denied = await runCli(["list", "--root", "https://docs.example.com"]);
  assert.equal(denied.code, 3);
  assert.match(denied.stderr, /--allow-net=docs\.example\.com/);
  const plain = await runCli(["list", "--root", "http://docs.example.com/"], {
    permissions: NET,
  });
  assert.equal(plain.code, 2);
  assert.match(plain.stderr, /must be an HTTPS URL/);
});

Deno.test("mcp --root http://… serves a website's skills to an MCP client", async () => {
  await using site = await publishedFixtures();
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      ...NET,
      CLI,
      "mcp",
      "--root",
      site.origin,
      "--no-watch",
    ],
    env: { ...Deno.env.toObject(), ...await childEnv() },
    stderr: "pipe",
  });
  const client = new Client({ name: "skillscope-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const read = await client.callTool({
      name: "skills_read",
      arguments: { name: "sql-review" },
    });
    const text = (read.content as { text: string }[]).map((c) => c.text)
      .join("");
    assert.ok(text.includes(await sourceBody("sql-review")), text);
    // The skills extension lists them too (files fetched on read, so
    // "dynamic"), and serves their files, verified.
    const listing = await new SkillsClient(client).list();
    const sql = listing.skills.find((s) =>
      s.uri === "skill://sql-review/SKILL.md"
    );
    assert.ok(sql, JSON.stringify(listing.skills.map((s) => s.uri)));
    assert.equal(sql.resources, "dynamic");
    const skillMd = await client.readResource({
      uri: "skill://sql-review/SKILL.md",
    });
    assert.ok(
      JSON.stringify(skillMd).includes("Review SQL"),
      JSON.stringify(skillMd),
    );
    const checklist = await client.readResource({
      uri: "skill://sql-review/references/checklist.md",
    });
    const expected = await Deno.readTextFile(
      new URL(
        "../fixtures/skills/sql-review/references/checklist.md",
        import.meta.url,
      ),
    );
    assert.equal(
      (checklist.contents[0] as { text?: string }).text,
      expected,
    );
  } finally {
    await client.close();
  }
});

Deno.test("mcp --http serves a well-known index of what it serves, which wellKnownSource reads back, and the artifacts publish writes", async () => {
  await using site = await publishedFixtures();
  const server = await startHttpCli(FIXTURES, { extra: ["--no-watch"] });
  try {
    const origin = new URL(server.url).origin;
    const set = await SkillSet.open({ sources: [wellKnownSource(origin)] });
    assert.deepEqual(set.list().map((s) => s.name), NAMES);
    const local = await SkillSet.open({ sources: [directorySource(FIXTURES)] });
    for (const name of NAMES) {
      assert.equal(await set.read(name), await local.read(name), name);
    }
    // The same bytes as the static site `publish` wrote.
    const published = await readTree(site.out);
    for (const [rel, bytes] of published) {
      if (!rel.startsWith(".well-known/")) continue;
      const response = await fetch(`${origin}/${rel}`);
      assert.deepEqual(
        new Uint8Array(await response.arrayBuffer()),
        bytes,
        rel,
      );
    }
    const index = await fetch(`${origin}/.well-known/agent-skills/index.json`);
    const etag = index.headers.get("etag")!;
    await index.body?.cancel();
    const again = await fetch(`${origin}/.well-known/agent-skills/index.json`, {
      headers: { "if-none-match": etag },
    });
    assert.equal(again.status, 304);
    await again.body?.cancel();
    const post = await fetch(`${origin}/.well-known/agent-skills/index.json`, {
      method: "POST",
    });
    assert.equal(post.status, 405);
    await post.body?.cancel();
  } finally {
    server.child.kill();
    await server.child.status;
  }
});

Deno.test("mcp --http with a token answers the well-known index only with the bearer token, and never from a foreign Host", async () => {
  const token = "web-s3cret-token";
  const server = await startHttpCli(FIXTURES, {
    extra: ["--no-watch"],
    permissions: ["--allow-env=SKILLSCOPE_MCP_TOKEN"],
    env: { SKILLSCOPE_MCP_TOKEN: token },
  });
  try {
    const url = `${
      new URL(server.url).origin
    }/.well-known/agent-skills/index.json`;
    const anonymous = await fetch(url);
    assert.equal(anonymous.status, 401);
    assert.doesNotMatch(await anonymous.text(), /pdf-tools/);
    const artifact = await fetch(
      url.replace("index.json", "changelog-writer/SKILL.md"),
    );
    assert.equal(artifact.status, 401);
    await artifact.body?.cancel();
    const authorized = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(authorized.status, 200);
    assert.match(await authorized.text(), /"pdf-tools"/);
    // A DNS-rebound page sends its own Host (fetch() cannot set it: a raw request).
    const port = Number(new URL(url).port);
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(
      new TextEncoder().encode(
        `GET /.well-known/agent-skills/index.json HTTP/1.1\r\nHost: attacker.example\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
      ),
    );
    const answer = new TextDecoder().decode(
      await new Response(conn.readable).arrayBuffer(),
    );
    assert.match(answer, /^HTTP\/1\.1 403 /);
    assert.doesNotMatch(answer, /pdf-tools/);
  } finally {
    server.child.kill();
    await server.child.status;
  }
});

Deno.test("--root with a website that cannot be listed: list and catalog exit 1 with the reason and no directory hint, and read names the failure before 'No skill named'", async () => {
  // A port nothing listens on: opened, then closed.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${listener.addr.port}`;
  listener.close();
  const list = await runCli(["list", "--root", origin], { permissions: NET });
  assert.equal(list.code, 1, list.stderr);
  assert.match(list.stderr, /remote-source-failed/);
  assert.doesNotMatch(list.stderr, /a skill is a directory/);
  const json = await runCli(["list", "--root", origin, "--json"], {
    permissions: NET,
  });
  assert.equal(json.code, 1, json.stderr);
  assert.equal(
    JSON.parse(json.stdout).diagnostics[0].code,
    "remote-source-failed",
  );
  const read = await runCli(["read", "pdf-tools", "--root", origin], {
    permissions: NET,
  });
  assert.equal(read.code, 1, read.stderr);
  assert.match(read.stderr, /remote-source-failed[^\n]*\n.*No skill named/s);
  const catalog = await runCli(["catalog", "--root", origin], {
    permissions: NET,
  });
  assert.equal(catalog.code, 1, catalog.stderr);
  assert.match(catalog.stderr, /remote-source-failed/);
  // No catalog at all, not an empty one that reads as "no skills".
  const jsonCatalog = await runCli(
    ["catalog", "--format", "json", "--root", origin],
    { permissions: NET },
  );
  assert.equal(jsonCatalog.code, 1, jsonCatalog.stderr);
  assert.equal(jsonCatalog.stdout, "");
});

Deno.test("read --json of a skill on a website that cannot be listed carries the root's failure as its error, with exit 1; a local miss stays skill-not-found", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${listener.addr.port}`;
  listener.close();
  const read = await runCli(["read", "pdf-tools", "--root", origin, "--json"], {
    permissions: NET,
  });
  assert.equal(read.code, 1, read.stderr);
  const { error } = JSON.parse(read.stdout);
  assert.equal(error.code, "remote-source-failed");
  assert.match(error.message, /^No skill named "pdf-tools": Cannot list/);
  assert.ok(error.message.includes(origin), error.message);
  const local = await runCli(
    ["read", "nope", "--root", FIXTURES, "--json"],
    { permissions: NET },
  );
  assert.equal(local.code, 1, local.stderr);
  assert.equal(JSON.parse(local.stdout).error.code, "skill-not-found");
});
