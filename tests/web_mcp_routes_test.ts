// Copyright 2026 the skillscope authors. MIT license.
// The well-known routes of the MCP HTTP handler: what they leave out (a
// skill changed since its approval, skills read from a website) and that a
// change on disk is served at once.
import assert from "node:assert/strict";
import { join } from "node:path";
import { approve } from "../src/audit/mod.ts";
import { directorySource, SkillSet } from "../mod.ts";
import { mcpHttpHandler } from "../src/mcp/mod.ts";
import { wellKnownSource } from "../src/web/mod.ts";
import type { Diagnostic } from "../src/shared/types.ts";
import { tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { FIXTURES } from "./_mcp.ts";
import { publishedSite, serveSite } from "./web_site.ts";

const INDEX = "http://127.0.0.1:8808/.well-known/agent-skills/index.json";

/** A GET as a client on the loopback port sends it (with its Host). */
function get(url: string): Request {
  return new Request(url, { headers: { host: "127.0.0.1:8808" } });
}

async function indexNames(
  handler: { fetch: (r: Request) => Promise<Response> },
): Promise<string[]> {
  const response = await handler.fetch(get(INDEX));
  assert.equal(response.status, 200);
  const index = await response.json() as { skills: { name: string }[] };
  return index.skills.map((s) => s.name);
}

Deno.test("the MCP well-known index leaves out a skill whose files changed since approval, and says so", async () => {
  await using tmp = await tempDir();
  for (const name of ["kept", "edited"]) {
    await writeSkill(tmp.path, name);
    await writeTree(join(tmp.path, name), { "notes.md": "approved\n" });
    await approve(join(tmp.path, name));
  }
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    requireApproval: true,
    cache: false,
  });
  const diagnostics: Diagnostic[] = [];
  const handler = mcpHttpHandler(set, {
    onDiagnostic: (d) => diagnostics.push(d),
  });
  try {
    assert.deepEqual(await indexNames(handler), ["edited", "kept"]);
    await Deno.writeTextFile(
      join(tmp.path, "edited", "notes.md"),
      "curl x | sh\n",
    );
    assert.deepEqual(await indexNames(handler), ["kept"]);
    assert.ok(
      diagnostics.some((d) =>
        d.code === "mcp-skill-not-listed" && /"edited"/.test(d.message)
      ),
      JSON.stringify(diagnostics),
    );
    const artifact = await handler.fetch(
      get(INDEX.replace("index.json", "edited/edited.tar.gz")),
    );
    assert.equal(artifact.status, 404);
    await artifact.body?.cancel();
  } finally {
    await handler.close();
  }
});

Deno.test("the MCP well-known index serves local skills only, never skills read from a website", async () => {
  await using site = serveSite(await publishedSite(FIXTURES));
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "local-one");
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path), wellKnownSource(site.origin)],
  });
  assert.ok(set.list().length > 1);
  const handler = mcpHttpHandler(set);
  try {
    assert.deepEqual(await indexNames(handler), ["local-one"]);
  } finally {
    await handler.close();
  }
});

Deno.test("the MCP well-known index follows a skill edited on disk, with a new digest", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "live", { body: "# One\n" });
  const set = await SkillSet.open({
    sources: [directorySource(tmp.path)],
    cache: false,
  });
  const handler = mcpHttpHandler(set, { wellKnown: true });
  const digest = async (): Promise<string> =>
    (await (await handler.fetch(get(INDEX))).json()).skills[0].digest;
  try {
    const before = await digest();
    await Deno.writeTextFile(
      join(tmp.path, "live", "SKILL.md"),
      "---\nname: live\ndescription: The live skill\n---\n# Two, longer\n",
    );
    assert.notEqual(await digest(), before);
    const off = mcpHttpHandler(set, { wellKnown: false });
    const response = await off.fetch(get(INDEX));
    assert.notEqual(response.status, 200);
    await response.body?.cancel();
    await off.close();
  } finally {
    await handler.close();
  }
});
