// Copyright 2026 the skillscope authors. MIT license.
// Publishing artifacts: a deterministic .tar.gz (same files, same bytes),
// what it holds, and the v0.2 and v0.1 index writers.
import assert from "node:assert/strict";
import { createTarDecoder } from "modern-tar";
import { join } from "node:path";
import { WebArtifactError, WebIndexError } from "../src/web/mod.ts";
import { buildArtifact, packTarGz } from "../src/web/pack.ts";
import { parseWebIndex } from "../src/web/index_parse.ts";
import { renderLegacyIndex, renderWebIndex } from "../src/web/index_writer.ts";
import { sha256Digest } from "../src/web/digest.ts";
import { unpackArchive } from "../src/web/archive.ts";
import { FIXTURES } from "./_mcp.ts";
import { readTree } from "./web_site.ts";

Deno.test("packTarGz() gives the same bytes for the same files, whatever their order, and unpacks to them", async () => {
  const files = await readTree(join(FIXTURES, "pdf-tools"));
  const first = await packTarGz(files, {
    executable: new Set(["scripts/extract_text.py"]),
  });
  await new Promise((resolve) => setTimeout(resolve, 1100)); // a new second
  const second = await packTarGz(new Map([...files].reverse()), {
    executable: new Set(["scripts/extract_text.py"]),
  });
  assert.equal(sha256Digest(second), sha256Digest(first));
  const back = await unpackArchive(first, "tar.gz", {
    maxFiles: 100,
    maxBytes: 1 << 20,
  });
  assert.deepEqual(back.files, files);
  assert.deepEqual([...back.executable], ["scripts/extract_text.py"]);
});

Deno.test("packTarGz() writes sorted entries, every directory before its files, mtime 0, owner 0:0 and modes 0644 / 0755", async () => {
  const text = new TextEncoder().encode("x");
  const archive = await packTarGz(
    new Map([["b/c/d.md", text], ["SKILL.md", text], ["a.sh", text]]),
    { executable: new Set(["a.sh"]) },
  );
  const headers = [];
  for await (
    const entry of new Blob([archive as Uint8Array<ArrayBuffer>]).stream()
      .pipeThrough(new DecompressionStream("gzip"))
      .pipeThrough(createTarDecoder({ strict: true }))
  ) {
    headers.push(entry.header);
    await entry.body.cancel();
  }
  assert.deepEqual(
    headers.map((
      h,
    ) => [h.name, h.type, h.mode, h.uid, h.gid, h.uname, h.mtime?.getTime()]),
    [
      ["SKILL.md", "file", 0o644, 0, 0, "", 0],
      ["a.sh", "file", 0o755, 0, 0, "", 0],
      ["b/", "directory", 0o755, 0, 0, "", 0],
      ["b/c/", "directory", 0o755, 0, 0, "", 0],
      ["b/c/d.md", "file", 0o644, 0, 0, "", 0],
    ],
  );
  // The gzip header carries no time either (MTIME bytes 4-7 are zero).
  assert.deepEqual([...archive.subarray(4, 8)], [0, 0, 0, 0]);
  await assert.rejects(
    packTarGz(new Map([["../x", text]])),
    (e: unknown) =>
      e instanceof WebArtifactError && e.code === "web-archive-path",
  );
});

Deno.test("buildArtifact() publishes a lone SKILL.md as skill-md and anything more as an archive", async () => {
  const alone = await readTree(join(FIXTURES, "changelog-writer"));
  const md = await buildArtifact("changelog-writer", alone);
  assert.equal(md.type, "skill-md");
  assert.deepEqual(md.bytes, alone.get("SKILL.md"));
  assert.equal(md.digest, sha256Digest(alone.get("SKILL.md")!));
  const tree = await readTree(join(FIXTURES, "sql-review"));
  const archive = await buildArtifact("sql-review", tree);
  assert.equal(archive.type, "archive");
  assert.equal(archive.fileName, "sql-review.tar.gz");
  assert.equal(archive.digest, sha256Digest(archive.bytes));
});

Deno.test("renderWebIndex() writes a sorted v0.2 index that reads back, and refuses bad names or digests", () => {
  const digest = `sha256:${"1".repeat(64)}`;
  const entries = [
    { name: "b", type: "archive", description: "B", url: "b/b.tar.gz", digest },
    {
      name: "a",
      type: "skill-md",
      description: "A",
      url: "a/SKILL.md",
      digest,
    },
  ] as const;
  const text = renderWebIndex(entries);
  assert.equal(text, renderWebIndex([...entries].reverse()));
  assert.ok(text.endsWith("}\n"));
  const index = parseWebIndex(
    text,
    new URL("https://example.com/.well-known/agent-skills/index.json"),
  );
  assert.equal(index.version, "0.2");
  assert.deepEqual(index.entries.map((e) => e.name), ["a", "b"]);
  for (
    const bad of [
      [{ ...entries[0], name: "../x" }],
      [{ ...entries[0], digest: "sha256:abc" }],
      [entries[0], entries[0]],
    ]
  ) {
    assert.throws(
      () => renderWebIndex(bad),
      (e: unknown) =>
        e instanceof WebIndexError && e.code === "web-index-invalid",
    );
  }
  const legacy = JSON.parse(
    renderLegacyIndex([{
      name: "a",
      description: "A",
      files: ["z", "SKILL.md"],
    }]),
  );
  assert.deepEqual(legacy, {
    skills: [{ name: "a", description: "A", files: ["SKILL.md", "z"] }],
  });
});
