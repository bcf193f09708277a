// Copyright 2026 the skillscope authors. MIT license.
// What the skills extension serves beyond the fixtures: embedded skills,
// skills past the extension's limits, and the digest cache.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { directorySource, embeddedSkill, SkillSet } from "../mod.ts";
import type { Diagnostic, Skill } from "../mod.ts";
import { DigestCache, mcpHttpHandler } from "../src/mcp/mod.ts";
import { tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { serveLoopback } from "./_mcp.ts";
import { sha256Hex } from "../src/shared/sha256.ts";

async function withClient(
  set: SkillSet,
  fn: (skills: SkillsClient) => Promise<void>,
  onDiagnostic: (d: Diagnostic) => void = () => {},
): Promise<void> {
  const handler = mcpHttpHandler(set, { onDiagnostic });
  const served = serveLoopback(handler.fetch);
  const client = new Client({ name: "t", version: "1" });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(served.url)),
    );
    await fn(new SkillsClient(client));
  } finally {
    await client.close();
    await served.close();
    await handler.close();
  }
}

Deno.test("embedded skills are served with their assets; a SKILL.md without frontmatter gets one that matches the listing", async () => {
  const set = await SkillSet.open({
    sources: [
      embeddedSkill({
        name: "bundled",
        description: "Shipped inside the binary",
        content: "# Bundled\n\nRead notes/a.md.\n",
        assets: { "notes/a.md": "A\n", "bin/x.dat": new Uint8Array([0, 1, 2]) },
      }),
      embeddedSkill({
        name: "whole",
        content: "---\nname: whole\ndescription: Complete file\n---\n# Whole\n",
      }),
    ],
  });
  await withClient(set, async (skills) => {
    const { skills: entries } = await skills.list();
    assert.deepEqual(entries.map((e) => e.uri), [
      "skill://bundled/SKILL.md",
      "skill://whole/SKILL.md",
    ]);
    const bundled = entries[0]!;
    assert.deepEqual(
      (bundled.resources as { uri: string }[]).map((r) => r.uri),
      [
        "skill://bundled/SKILL.md",
        "skill://bundled/bin/x.dat",
        "skill://bundled/notes/a.md",
      ],
    );
    const md = await skills.read(bundled);
    assert.equal(md.verified, true);
    assert.equal(md.frontmatter?.description, "Shipped inside the binary");
    assert.match(md.body!, /^# Bundled/);
    const bin = await skills.read(bundled, "bin/x.dat");
    assert.deepEqual(bin.bytes, new Uint8Array([0, 1, 2]));
    const whole = await skills.read(entries[1]!);
    assert.equal(
      whole.text,
      "---\nname: whole\ndescription: Complete file\n---\n# Whole\n",
    );
  });
});

Deno.test("a skill over 512 files or 16 MiB is listed as dynamic with a warning; its files are still readable", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "small");
  await writeSkill(tmp.path, "huge");
  const files: Record<string, string> = {};
  for (let i = 0; i < 520; i++) files[`huge/data/f-${i}.txt`] = `${i}\n`;
  await writeTree(tmp.path, files);
  await writeSkill(tmp.path, "heavy");
  await Deno.writeFile(
    join(tmp.path, "heavy/model.bin"),
    new Uint8Array(17 * 1024 * 1024),
  );
  const set = await SkillSet.open({ sources: [directorySource(tmp.path)] });
  const diagnostics: Diagnostic[] = [];
  await withClient(set, async (skills) => {
    const { skills: entries } = await skills.list();
    const huge = entries.find((e) => e.frontmatter.name === "huge")!;
    const small = entries.find((e) => e.frontmatter.name === "small")!;
    assert.equal(huge.resources, "dynamic");
    const heavy = entries.find((e) => e.frontmatter.name === "heavy")!;
    assert.equal(heavy.resources, "dynamic");
    assert.ok(Array.isArray(small.resources));
    const file = await skills.read(huge, "data/f-7.txt");
    assert.equal(file.text, "7\n");
    assert.equal(file.verified, false);
  }, (d) => diagnostics.push(d));
  const warnings = diagnostics.filter((d) => d.code === "mcp-skill-dynamic");
  assert.deepEqual(warnings.map((d) => d.level), ["warning", "warning"]);
  assert.ok(
    warnings.some((d) => /"huge".*more than 512 files/.test(d.message)),
  );
  assert.ok(
    warnings.some((d) => /"heavy".*more than 16777216 bytes/.test(d.message)),
  );
});

/** The listed digest of one file of a skill. */
function digestOfFile(cache: DigestCache, skill: Skill, path: string): string {
  const manifest = cache.manifest(skill);
  assert.ok(manifest.kind === "files");
  return manifest.files.find((f) => f.path === path)!.digest;
}

Deno.test("digests are cached by file identity: an unchanged file is not read again, a changed one is", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "cached");
  await writeTree(tmp.path, { "cached/a.txt": "one\n" });
  // Files written in the last 2 s are not trusted by identity: wait past it.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const set = await SkillSet.open({ sources: [directorySource(tmp.path)] });
  const skill = set.require("cached");
  const cache = new DigestCache();
  const digestOf = (): string => digestOfFile(cache, skill, "a.txt");
  const first = digestOf();
  assert.equal(cache.hashed, 2); // SKILL.md and a.txt
  // Listed again: nothing is read.
  assert.equal(digestOf(), first);
  assert.equal(cache.hashed, 2);
  // Written in place, even with the old modification time put back: the
  // change time differs, so it is a new identity and is hashed again. (Some
  // file systems report change times in whole seconds: wait past one.)
  const path = join(tmp.path, "cached/a.txt");
  const before = await Deno.stat(path);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await Deno.writeTextFile(path, "two\n");
  await Deno.utime(path, before.atime!, before.mtime!);
  assert.notEqual(digestOf(), first);
  assert.equal(cache.hashed, 3);
});

Deno.test("a file rewritten with the same size and times just after it was hashed gets its new digest: identities under 2 s old are not cached", async () => {
  await using tmp = await tempDir();
  await writeSkill(tmp.path, "fresh");
  const path = join(tmp.path, "fresh/a.txt");
  await Deno.writeTextFile(path, "v000\n");
  const set = await SkillSet.open({ sources: [directorySource(tmp.path)] });
  const skill = set.require("fresh");
  const cache = new DigestCache();
  const digestOf = (): string => digestOfFile(cache, skill, "a.txt");
  const before = Deno.statSync(path);
  // In a tight loop, rewrites land within one tick of the file system's
  // clock: same size, same times, so the same identity.
  const stale: number[] = [];
  for (let i = 1; i <= 200; i++) {
    digestOf();
    const text = `v${String(i).padStart(3, "0")}\n`;
    Deno.writeTextFileSync(path, text);
    Deno.utimeSync(path, before.atime!, before.mtime!);
    const want = `sha256:${sha256Hex(new TextEncoder().encode(text))}`;
    if (digestOf() !== want) stale.push(i);
  }
  assert.deepEqual(stale, []);
});

Deno.test("a skill whose name cannot be a URI authority is left out of skills/list with a warning; the others are listed", async () => {
  const set = await SkillSet.open({
    sources: [
      embeddedSkill({
        name: "Bad_Name",
        description: "Loads leniently",
        content: "# Bad\n",
      }),
      embeddedSkill({ name: "good", description: "Fine", content: "# Good\n" }),
    ],
  });
  assert.deepEqual(set.list().map((s) => s.name), ["Bad_Name", "good"]);
  const diagnostics: Diagnostic[] = [];
  await withClient(set, async (skills) => {
    const { skills: entries } = await skills.list();
    assert.deepEqual(entries.map((e) => e.uri), ["skill://good/SKILL.md"]);
  }, (d) => diagnostics.push(d));
  const left = diagnostics.filter((d) => d.code === "mcp-skill-not-listed");
  assert.equal(left.length, 1);
  assert.equal(left[0]!.level, "warning");
  assert.match(left[0]!.message, /"Bad_Name" is not a valid skill name/);
});
