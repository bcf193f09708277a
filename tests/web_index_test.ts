// Copyright 2026 the skillscope authors. MIT license.
// The well-known index client: where the index is found, how each entry is
// checked, the caps, and ETag caching, against a real server on 127.0.0.1.
import assert from "node:assert/strict";
import { fetchWebIndex, WebIndexCache, WebIndexError } from "../src/web/mod.ts";
import { parseWebIndex, SCHEMA_V02 } from "../src/web/index_parse.ts";
import { indexText, serveSite } from "./web_site.ts";
import { AGENT_SKILLS_INDEX as V02 } from "../src/web/index_client.ts";

const DIGEST = `sha256:${"ab".repeat(32)}`;
const entry = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "skill-md",
  description: `The ${name} skill`,
  url: `${name}/SKILL.md`,
  digest: DIGEST,
  ...extra,
});
const V01 = "/.well-known/skills/index.json";

Deno.test("fetchWebIndex() finds the v0.2 index from any URL on the origin and resolves entry URLs against it", async () => {
  await using site = serveSite({
    [V02]: indexText([
      entry("relative"),
      entry("path-absolute", { url: "/cdn/p.tar.gz", type: "archive" }),
      entry("absolute", { url: "http://127.0.0.1:1/a/SKILL.md" }),
    ]),
  });
  const index = await fetchWebIndex(`${site.origin}/docs/guide?q=1#top`);
  assert.equal(index.version, "0.2");
  assert.equal(index.url, `${site.origin}${V02}`);
  assert.deepEqual(index.entries.map((e) => e.version === "0.2" && e.url), [
    `${site.origin}/.well-known/agent-skills/relative/SKILL.md`,
    `${site.origin}/cdn/p.tar.gz`,
    "http://127.0.0.1:1/a/SKILL.md",
  ]);
  assert.deepEqual(index.diagnostics, []);
  assert.deepEqual(site.requests, [V02]);
});

Deno.test("fetchWebIndex() falls back to the v0.1 index, reads the index URL itself, and says when there is none", async () => {
  await using site = serveSite({
    [V01]: JSON.stringify({
      skills: [{
        name: "old",
        description: "An old skill",
        files: ["SKILL.md", "references/a.md"],
      }],
    }),
    "/custom/index.json": indexText([entry("custom")]),
  });
  const legacy = await fetchWebIndex(site.origin);
  assert.equal(legacy.version, "0.1");
  assert.deepEqual(legacy.entries, [{
    version: "0.1",
    name: "old",
    description: "An old skill",
    files: ["SKILL.md", "references/a.md"],
    base: `${site.origin}/.well-known/skills/old/`,
  }]);
  assert.deepEqual(site.requests, [V02, V01]);
  const custom = await fetchWebIndex(`${site.origin}/custom/index.json`);
  assert.equal(custom.entries[0]?.name, "custom");

  await using empty = serveSite({});
  await assert.rejects(
    fetchWebIndex(empty.origin),
    (e: unknown) =>
      e instanceof WebIndexError && e.code === "web-index-not-found",
  );
});

Deno.test("parseWebIndex() leaves out each invalid entry with its reason and skips unknown types with a warning", () => {
  const url = new URL(
    "https://example.com/.well-known/agent-skills/index.json",
  );
  const index = parseWebIndex(
    indexText([
      entry("good"),
      entry("Bad_Name"),
      entry("../../etc"),
      entry("no-digest", { digest: undefined }),
      entry("upper", { digest: `sha256:${"AB".repeat(32)}` }),
      entry("md5", { digest: `md5:${"ab".repeat(16)}` }),
      entry("to-file", { url: "file:///etc/passwd" }),
      entry("to-http", { url: "http://example.com/x" }),
      entry("to-loopback", { url: "http://127.0.0.1:22/" }),
      entry("no-description", { description: " " }),
      entry("wasm", { type: "wasm" }),
      entry("no-type", { type: undefined }),
      entry("good"),
      "not an object",
      entry("extra", { unknownField: { nested: true } }),
    ]),
    url,
  );
  assert.deepEqual(index.entries.map((e) => e.name), ["good", "extra"]);
  const codes = index.diagnostics.map((d) => [d.level, d.code]);
  assert.deepEqual(codes.filter(([, c]) => c === "web-entry-skipped"), [
    ["warning", "web-entry-skipped"],
  ]);
  assert.equal(
    codes.filter(([l, c]) => l === "error" && c === "web-entry-invalid")
      .length,
    12,
  );
  assert.match(
    index.diagnostics.find((d) => /to-file/.test(d.message))!.message,
    /only HTTPS/,
  );
  assert.match(
    index.diagnostics.find((d) => /to-loopback/.test(d.message))!.message,
    /loopback/,
  );
});

Deno.test("parseWebIndex() refuses an unknown $schema with a warning and reads an index without one as v0.1", () => {
  const url = new URL(
    "https://example.com/.well-known/agent-skills/index.json",
  );
  const unknown = parseWebIndex(
    JSON.stringify({
      $schema: "https://schemas.agentskills.io/discovery/9.0.0/schema.json",
      skills: [entry("a")],
    }),
    url,
  );
  assert.equal(unknown.version, "unknown");
  assert.deepEqual(unknown.entries, []);
  assert.deepEqual(unknown.diagnostics.map((d) => [d.level, d.code]), [[
    "warning",
    "web-schema-unknown",
  ]]);
  const v01 = parseWebIndex(JSON.stringify({ skills: [entry("a")] }), url);
  assert.equal(v01.version, "0.1");
  assert.match(v01.diagnostics[0]!.message, /"files"/);
  for (const text of ["{", "[]", '{"skills": {}}', "null"]) {
    assert.throws(
      () => parseWebIndex(text, url),
      (e: unknown) =>
        e instanceof WebIndexError && e.code === "web-index-invalid",
    );
  }
  const legacy = parseWebIndex(
    JSON.stringify({
      skills: [
        { name: "up", description: "U", files: ["SKILL.md", "../x"] },
        { name: "abs", description: "A", files: ["SKILL.md", "/etc/passwd"] },
        { name: "bs", description: "B", files: ["SKILL.md", "a\\..\\..\\x"] },
        { name: "none", description: "N", files: ["a.md"] },
      ],
    }),
    url,
  );
  assert.deepEqual(legacy.entries, []);
  assert.equal(legacy.diagnostics.length, 4);
});

Deno.test("fetchWebIndex() refuses a 100,000-entry index over the byte cap, and reads only the first 10,000 entries under it", async () => {
  const skills = Array.from({ length: 100_000 }, (_, i) => entry(`s${i}`));
  const text = JSON.stringify({ $schema: SCHEMA_V02, skills });
  assert.ok(text.length > 8 * 1024 * 1024);
  await using site = serveSite({ [V02]: text });
  await assert.rejects(
    fetchWebIndex(site.origin),
    (e: unknown) =>
      e instanceof WebIndexError && e.code === "web-index-too-large",
  );
  const index = await fetchWebIndex(site.origin, {
    limits: { maxIndexBytes: 64 * 1024 * 1024 },
  });
  assert.equal(index.entries.length, 10_000);
  assert.deepEqual(index.diagnostics.map((d) => d.code), [
    "web-index-truncated",
  ]);
  assert.match(index.diagnostics[0]!.message, /100000 skills/);
});

Deno.test("fetchWebIndex() revalidates with If-None-Match and reuses the parsed index on 304", async () => {
  let body = indexText([entry("a")]);
  let etag = '"v1"';
  const answers: number[] = [];
  await using site = serveSite({
    [V02]: (request) => {
      if (request.headers.get("if-none-match") === etag) {
        answers.push(304);
        return new Response(null, { status: 304, headers: { etag } });
      }
      answers.push(200);
      return new Response(body, { headers: { etag } });
    },
  });
  const cache = new WebIndexCache();
  const first = await fetchWebIndex(site.origin, { cache });
  const second = await fetchWebIndex(site.origin, { cache });
  assert.equal(second, first);
  body = indexText([entry("a"), entry("b")]);
  etag = '"v2"';
  const third = await fetchWebIndex(site.origin, { cache });
  assert.deepEqual(third.entries.map((e) => e.name), ["a", "b"]);
  assert.deepEqual(answers, [200, 304, 200]);
});
