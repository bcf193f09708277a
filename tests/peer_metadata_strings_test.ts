// Copyright 2026 the skillscope authors. MIT license.
// The peer scenario "metadata values are strings" (skills-ref
// tests/test_parser.py test_read_with_metadata: `version: 1.0` reads as
// "1.0"; the specification's metadata is a map of string keys to string
// values), in every output: the library's Skill.frontmatter and fields,
// list --json, read --json, catalog --format json and the MCP listing. A
// value is read once, when the frontmatter is parsed: a number or a boolean
// as its source text; a nested map or list is left out with
// metadata-not-map (an error under strict validate).
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import {
  directorySource,
  discoverSync,
  loadYamlParser,
  parseSkillMd,
} from "../mod.ts";
import {
  currentDenoDir,
  runCli,
  skillMd,
  tempDir,
  writeTree,
} from "./_helpers.ts";
import { mcpArgs } from "./_mcp.ts";

const EXPECTED = {
  author: "Test Author",
  version: "1.0",
  beta: "true",
  build: "0x1F",
  count: "007",
};

const TREE = {
  // Block style, read by the fast parser.
  "meta/SKILL.md": skillMd(
    "name: meta\ndescription: Metadata as written\nmetadata:\n  author: Test Author\n  version: 1.0\n  beta: true\n  build: 0x1F\n  count: 007",
  ),
  // Flow style, with a nested list left out.
  "flow/SKILL.md": skillMd(
    "name: flow\ndescription: Flow metadata\nmetadata: {version: 2.10, stable: false, tags: [a, b]}",
  ),
};

/** Every `metadata` map anywhere in a JSON value, with where it was. */
function metadataMaps(
  value: unknown,
  at = "$",
): [string, Record<string, unknown>][] {
  if (value === null || typeof value !== "object") return [];
  const found: [string, Record<string, unknown>][] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (
      key === "metadata" && entry !== null && typeof entry === "object" &&
      !Array.isArray(entry)
    ) found.push([`${at}.${key}`, entry as Record<string, unknown>]);
    found.push(...metadataMaps(entry, `${at}.${key}`));
  }
  return found;
}

/** Asserts that every metadata value in `value` is a string. */
function assertStringsOnly(value: unknown, what: string): void {
  for (const [at, map] of metadataMaps(value)) {
    for (const [key, entry] of Object.entries(map)) {
      assert.equal(typeof entry, "string", `${what} ${at}.${key}: ${entry}`);
    }
  }
}

Deno.test("metadata values are strings in the library's Skill.frontmatter and fields (skills-ref test_read_with_metadata)", async () => {
  const parsed = parseSkillMd(TREE["meta/SKILL.md"], { dirName: "meta" });
  assert.deepEqual({ ...parsed.fields.metadata }, EXPECTED);
  assert.deepEqual({ ...parsed.frontmatter.metadata as object }, EXPECTED);
  const full = parseSkillMd(TREE["flow/SKILL.md"], {
    dirName: "flow",
    yamlParser: await loadYamlParser(),
  });
  assert.deepEqual({ ...full.frontmatter.metadata as object }, {
    version: "2.10",
    stable: "false",
  });
  assert.deepEqual(
    full.diagnostics.map((d) => [d.code, d.level]),
    [["metadata-not-map", "warning"], ["metadata-value-unquoted", "warning"]],
  );
  await using tmp = await tempDir();
  await writeTree(tmp.path, TREE);
  const found = discoverSync({ sources: [directorySource(tmp.path)] });
  const meta = found.skills.find((s) => s.name === "meta")!;
  assert.deepEqual({ ...meta.frontmatter.metadata as object }, EXPECTED);
  assert.deepEqual({ ...meta.metadata }, EXPECTED);
});

Deno.test('list --json, read --json and catalog --format json give metadata values as strings, version: 1.0 as "1.0"', async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, TREE);
  const list = await runCli(["list", "--json", "--root", tmp.path]);
  assert.equal(list.code, 0, list.stderr);
  const listed = JSON.parse(list.stdout);
  assertStringsOnly(listed, "list --json");
  const meta = listed.skills.find((s: { name: string }) => s.name === "meta");
  assert.deepEqual(meta.metadata, EXPECTED);
  assert.deepEqual(meta.frontmatter.metadata, EXPECTED);
  const flow = listed.skills.find((s: { name: string }) => s.name === "flow");
  assert.deepEqual(flow.frontmatter.metadata, {
    version: "2.10",
    stable: "false",
  });
  assert.ok(
    listed.diagnostics.some((d: { code: string; message: string }) =>
      d.code === "metadata-not-map" && d.message.includes('"tags"')
    ),
  );
  for (
    const args of [
      ["read", "meta", "--json"],
      ["catalog", "--format", "json"],
    ]
  ) {
    const run = await runCli([...args, "--root", tmp.path]);
    assert.equal(run.code, 0, run.stderr);
    assertStringsOnly(JSON.parse(run.stdout), args.join(" "));
  }
  // Strict validate: a scalar has an exact string form; a nested list does not.
  const valid = await runCli(["validate", join(tmp.path, "meta")]);
  assert.equal(valid.code, 0, valid.stdout + valid.stderr);
  const invalid = await runCli(["validate", join(tmp.path, "flow")]);
  assert.equal(invalid.code, 1, invalid.stdout + invalid.stderr);
  assert.match(invalid.stdout, /error metadata-not-map: .*"tags"/);
});

/** Any result, unchecked: the answer is compared as sent. */
const ANY = {
  "~standard": {
    version: 1 as const,
    vendor: "test",
    validate: (value: unknown) => ({ value }),
  },
};

Deno.test("skillscope mcp lists a skill whose metadata has unquoted numbers and booleans, its values as strings", async () => {
  await using tmp = await tempDir();
  await writeTree(tmp.path, TREE);
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: mcpArgs(tmp.path),
    env: { ...Deno.env.toObject(), DENO_DIR: await currentDenoDir() },
    stderr: "pipe",
  });
  const client = new Client({ name: "peer-metadata", version: "1.0.0" });
  await client.connect(transport);
  try {
    const listed = await client.request(
      { method: "skills/list", params: {} },
      ANY,
      { timeout: 30_000 },
    ) as {
      skills: { uri: string; frontmatter: Record<string, unknown> }[];
    };
    assertStringsOnly(listed, "skills/list");
    const byUri = new Map(listed.skills.map((s) => [s.uri, s.frontmatter]));
    assert.deepEqual(byUri.get("skill://meta/SKILL.md")?.metadata, EXPECTED);
    assert.deepEqual(byUri.get("skill://flow/SKILL.md")?.metadata, {
      version: "2.10",
      stable: "false",
    });
  } finally {
    await client.close();
  }
});
