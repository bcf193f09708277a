// Copyright 2026 the skillscope authors. MIT license.
// `skillscope publish`: the v0.2 index and one verified artifact per skill,
// the same bytes on every run, the v0.1 files on request, the page, and the
// command line's checks.
import assert from "node:assert/strict";
import { join } from "node:path";
import { type CliRun, runCli, tempDir } from "./_helpers.ts";
import { FIXTURES } from "./_mcp.ts";
import { readTree } from "./web_site.ts";
import type { WebArtifactEntry } from "../src/web/mod.ts";
import { parseWebIndex } from "../src/web/index_parse.ts";
import { sha256Digest } from "../src/web/digest.ts";
import { unpackArchive } from "../src/web/archive.ts";

const NAMES = [
  "brand-guidelines",
  "changelog-writer",
  "pdf-tools",
  "sql-review",
];
const INDEX = ".well-known/agent-skills/index.json";

/** `publish ARGS` with write permission for `out` only. */
function publish(args: string[], out: string): Promise<CliRun> {
  return runCli(["publish", ...args], {
    permissions: ["--allow-read", `--allow-write=${out}`],
  });
}

Deno.test("publish writes a v0.2 index whose every artifact matches its digest and unpacks to the skill's files", async () => {
  await using dir = await tempDir();
  const out = join(dir.path, "site");
  const run = await publish([FIXTURES, "--out", out, "--json"], out);
  assert.equal(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.skills.map((s: { name: string }) => s.name), NAMES);
  assert.equal(report.skipped, 0);
  const files = await readTree(out);
  const indexUrl = new URL(`https://docs.example.com/${INDEX}`);
  const index = parseWebIndex(
    new TextDecoder().decode(files.get(INDEX)),
    indexUrl,
  );
  assert.equal(index.version, "0.2");
  assert.deepEqual(index.diagnostics, []);
  for (const entry of index.entries as WebArtifactEntry[]) {
    const rel = new URL(entry.url).pathname.slice(1);
    const bytes = files.get(rel);
    assert.ok(bytes !== undefined, rel);
    assert.equal(sha256Digest(bytes), entry.digest, rel);
    const source = await readTree(join(FIXTURES, entry.name));
    if (entry.type === "skill-md") {
      assert.deepEqual([...source.keys()], ["SKILL.md"]);
      assert.deepEqual(bytes, source.get("SKILL.md"));
    } else {
      assert.equal(
        rel,
        `.well-known/agent-skills/${entry.name}/${entry.name}.tar.gz`,
      );
      const back = await unpackArchive(bytes, "tar.gz", {
        maxFiles: 100,
        maxBytes: 1 << 20,
      });
      assert.deepEqual(back.files, source, entry.name);
    }
  }
  assert.equal(
    index.entries.find((e) => e.name === "changelog-writer")?.version,
    "0.2",
  );
  assert.ok(files.has("skills/index.html"));
  // Nothing but the index, the artifacts and the page.
  assert.deepEqual([...files.keys()].sort(), [
    ".well-known/agent-skills/brand-guidelines/brand-guidelines.tar.gz",
    ".well-known/agent-skills/changelog-writer/SKILL.md",
    INDEX,
    ".well-known/agent-skills/pdf-tools/pdf-tools.tar.gz",
    ".well-known/agent-skills/sql-review/sql-review.tar.gz",
    "skills/index.html",
  ]);
});

Deno.test("publish twice on unchanged skills writes byte-identical files and touches none the second time", async () => {
  await using dir = await tempDir();
  const first = join(dir.path, "first");
  const second = join(dir.path, "second");
  const args = ["--base-url", "https://docs.example.com", "--v0.1"];
  assert.equal(
    (await publish([FIXTURES, "--out", first, ...args], first)).code,
    0,
  );
  const before = await readTree(first);
  const mtimes = new Map(
    [...before.keys()].map((
      rel,
    ) => [rel, Deno.statSync(join(first, rel)).mtime?.getTime()]),
  );
  await new Promise((resolve) => setTimeout(resolve, 1100)); // a new second for tar and gzip
  const again = await publish(
    [FIXTURES, "--out", first, ...args, "--json"],
    first,
  );
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(JSON.parse(again.stdout).written, []);
  assert.deepEqual(await readTree(first), before);
  for (const [rel, mtime] of mtimes) {
    assert.equal(Deno.statSync(join(first, rel)).mtime?.getTime(), mtime, rel);
  }
  // A fresh directory gets the same bytes, file for file.
  assert.equal(
    (await publish([FIXTURES, "--out", second, ...args], second)).code,
    0,
  );
  assert.deepEqual(await readTree(second), before);
});

Deno.test("publish --v0.1 also writes the older index and every file of every skill at its v0.1 path", async () => {
  await using dir = await tempDir();
  const out = join(dir.path, "site");
  const run = await publish([FIXTURES, "--out", out, "--v0.1"], out);
  assert.equal(run.code, 0, run.stderr);
  const files = await readTree(out);
  const legacy = JSON.parse(
    new TextDecoder().decode(files.get(".well-known/skills/index.json")),
  );
  assert.equal(legacy.$schema, undefined);
  assert.deepEqual(legacy.skills.map((s: { name: string }) => s.name), NAMES);
  for (const skill of legacy.skills as { name: string; files: string[] }[]) {
    const source = await readTree(join(FIXTURES, skill.name));
    assert.deepEqual(skill.files, [...source.keys()].sort());
    for (const [rel, bytes] of source) {
      assert.deepEqual(
        files.get(`.well-known/skills/${skill.name}/${rel}`),
        bytes,
      );
    }
  }
  const index = parseWebIndex(
    new TextDecoder().decode(files.get(".well-known/skills/index.json")),
    new URL("https://docs.example.com/.well-known/skills/index.json"),
  );
  assert.equal(index.version, "0.1");
  assert.deepEqual(index.diagnostics, []);
});

Deno.test("publish names the install command of --base-url on the page, and refuses a base URL that is not an HTTPS origin", async () => {
  await using dir = await tempDir();
  const out = join(dir.path, "site");
  const ok = await publish(
    [FIXTURES, "--out", out, "--base-url", "https://docs.example.com/"],
    out,
  );
  assert.equal(ok.code, 0, ok.stderr);
  const html = await Deno.readTextFile(join(out, "skills/index.html"));
  assert.match(
    html,
    /skillscope install https:\/\/docs\.example\.com --skill pdf-tools/,
  );
  assert.match(
    ok.stderr,
    /install with "skillscope install https:\/\/docs\.example\.com --skill NAME"/,
  );
  for (
    const url of [
      "http://docs.example.com",
      "https://docs.example.com/docs/",
      "file:///etc",
      "nonsense",
    ]
  ) {
    const run = await publish([FIXTURES, "--out", out, "--base-url", url], out);
    assert.equal(run.code, 2, url);
    assert.match(
      run.stderr,
      /--base-url .*(is refused|must be an origin)/,
      url,
    );
  }
  const placeholder = join(dir.path, "placeholder");
  assert.equal(
    (await publish([FIXTURES, "--out", placeholder], placeholder)).code,
    0,
  );
  assert.match(
    await Deno.readTextFile(join(placeholder, "skills/index.html")),
    /skillscope install https:\/\/YOUR-SITE --skill pdf-tools/,
  );
});

Deno.test("publish without write permission for the site, or read permission above it, names the flag and writes nothing", async () => {
  await using dir = await tempDir();
  const out = join(dir.path, "site");
  const noWrite = await runCli(["publish", FIXTURES, "--out", out], {
    permissions: ["--allow-read"],
  });
  assert.equal(noWrite.code, 3, noWrite.stderr);
  assert.match(noWrite.stderr, new RegExp(`--allow-write=${out}`));
  const narrow = await runCli(["publish", FIXTURES, "--out", out], {
    permissions: [`--allow-read=${FIXTURES},${out}`, `--allow-write=${out}`],
  });
  assert.equal(narrow.code, 3, narrow.stderr);
  assert.match(
    narrow.stderr,
    /Missing read permission for "\/": run Deno with --allow-read=\//,
  );
  assert.deepEqual([...Deno.readDirSync(dir.path)], []);
});

Deno.test("publish without --out, or with two directories, is a usage error", async () => {
  await using dir = await tempDir();
  const noOut = await runCli(["publish", FIXTURES]);
  assert.equal(noOut.code, 2);
  assert.match(noOut.stderr, /needs --out SITE/);
  const two = await runCli(["publish", FIXTURES, FIXTURES, "--out", dir.path]);
  assert.equal(two.code, 2);
  assert.match(two.stderr, /Expected 1 argument, got 2/);
});

Deno.test("publish prints its summary as the table list prints, aligned under a header", async () => {
  await using dir = await tempDir();
  const out = join(dir.path, "site");
  const run = await publish([FIXTURES, "--out", out], out);
  assert.equal(run.code, 0, run.stderr);
  const [header, ...rows] = run.stdout.trimEnd().split("\n");
  assert.match(header!, /^NAME +TYPE +DIGEST$/);
  const at = header!.indexOf("DIGEST");
  assert.equal(rows.length, NAMES.length);
  for (const row of rows) assert.equal(row.indexOf("sha256:"), at, row);
});
