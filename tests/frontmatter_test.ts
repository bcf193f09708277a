// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { SkillParseError } from "../src/shared/errors.ts";
import {
  HEAD_BYTES,
  MAX_FRONTMATTER_BYTES,
  readFrontmatterFastSync,
  readFrontmatterSync,
  splitFrontmatter,
} from "../src/parse/frontmatter.ts";
import { tempDir } from "./_helpers.ts";

Deno.test("splitFrontmatter() separates YAML and body", () => {
  const split = splitFrontmatter("---\nname: a\n---\n# Body\nline\n");
  assert.equal(split.yaml, "name: a\n");
  assert.equal(split.text.slice(split.bodyStart), "# Body\nline\n");
  assert.equal(split.bodyLine, 4);
});

Deno.test("splitFrontmatter() strips a BOM and accepts CRLF", () => {
  const split = splitFrontmatter(
    "\uFEFF---\r\nname: a\r\ndescription: b\r\n---\r\nBody\r\n",
  );
  assert.equal(split.yaml, "name: a\ndescription: b\n");
  assert.equal(split.text.slice(split.bodyStart), "Body\n");
});

Deno.test("splitFrontmatter() does not treat --- inside a value or indented as a delimiter", () => {
  const split = splitFrontmatter(
    "---\ndescription: a---b\nnote: |\n  ---\n  still yaml\n---\nBody\n",
  );
  assert.equal(
    split.yaml,
    "description: a---b\nnote: |\n  ---\n  still yaml\n",
  );
  assert.equal(split.text.slice(split.bodyStart), "Body\n");
});

Deno.test("splitFrontmatter() accepts a closing delimiter at end of file and trailing spaces", () => {
  assert.equal(splitFrontmatter("---  \nname: a\n--- ").yaml, "name: a\n");
  assert.equal(splitFrontmatter("---\nname: a\n---").bodyStart, 15);
});

Deno.test("splitFrontmatter() rejects a file without frontmatter", () => {
  for (
    const text of [
      "",
      "# Title\n---\nname: a\n---\n",
      "----\nname: a\n---\n",
      " ---\n---\n",
    ]
  ) {
    assert.throws(
      () => splitFrontmatter(text, "/x/SKILL.md"),
      (e: unknown) =>
        e instanceof SkillParseError && e instanceof SyntaxError &&
        e.code === "frontmatter-missing" && e.message.includes("/x/SKILL.md") &&
        e.line === 1,
    );
  }
});

Deno.test("splitFrontmatter() rejects an unclosed frontmatter", () => {
  assert.throws(
    () => splitFrontmatter("---\nname: a\ndescription: b\n"),
    (e: unknown) =>
      e instanceof SkillParseError && e.code === "frontmatter-unclosed",
  );
  assert.throws(
    () => splitFrontmatter("---"),
    (e: unknown) =>
      e instanceof SkillParseError && e.code === "frontmatter-unclosed",
  );
});

Deno.test("readFrontmatterSync() reads only the 8 KiB head for a small frontmatter", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "SKILL.md");
  await Deno.writeTextFile(
    path,
    `---\nname: a\ndescription: b\n---\n${"x".repeat(100_000)}`,
  );
  const head = readFrontmatterSync(path);
  assert.equal(head.yaml, "name: a\ndescription: b\n");
  assert.equal(head.bytesRead, HEAD_BYTES);
});

Deno.test("readFrontmatterSync() extends the read when the frontmatter passes 8 KiB", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "SKILL.md");
  const long = "d".repeat(20_000);
  await Deno.writeTextFile(
    path,
    `---\nname: a\ndescription: ${long}\n---\nBody ${"y".repeat(200_000)}`,
  );
  const head = readFrontmatterSync(path);
  assert.equal(head.yaml, `name: a\ndescription: ${long}\n`);
  assert.equal(head.bytesRead, MAX_FRONTMATTER_BYTES);
});

Deno.test("readFrontmatterSync() does not trust a delimiter cut at the end of the head", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "SKILL.md");
  // The head ends exactly after "---"; the real line is "----x", so no close there.
  const prefix = "---\nname: a\ndescription: b\nz: ";
  const pad = "p".repeat(HEAD_BYTES - prefix.length - 4);
  await Deno.writeTextFile(path, `${prefix}${pad}\n----x\n---\nBody\n`);
  const head = readFrontmatterSync(path);
  assert.ok(head.yaml.includes("----x"));
});

Deno.test("readFrontmatterSync() parses a 1 GiB sparse SKILL.md reading at most 64 KiB", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "SKILL.md");
  const file = await Deno.open(path, { write: true, create: true });
  await file.write(
    new TextEncoder().encode("---\nname: big\ndescription: A big one\n---\n"),
  );
  await file.truncate(1024 ** 3);
  file.close();
  const head = readFrontmatterSync(path);
  assert.equal(head.yaml, "name: big\ndescription: A big one\n");
  assert.ok(head.bytesRead <= MAX_FRONTMATTER_BYTES);
});

Deno.test("readFrontmatterSync() gives up on a never-closed frontmatter after 64 KiB", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "SKILL.md");
  const file = await Deno.open(path, { write: true, create: true });
  await file.write(
    new TextEncoder().encode("---\nname: big\ndescription: x\n"),
  );
  await file.truncate(1024 ** 3); // NUL bytes after: never closed
  file.close();
  assert.throws(
    () => readFrontmatterSync(path),
    (e: unknown) =>
      e instanceof SkillParseError && e.code === "frontmatter-too-large" &&
      e.path === path,
  );
});

Deno.test("readFrontmatterSync() reports an unclosed frontmatter in a short file", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "SKILL.md");
  await Deno.writeTextFile(path, "---\nname: a\n");
  assert.throws(
    () => readFrontmatterSync(path),
    (e: unknown) =>
      e instanceof SkillParseError && e.code === "frontmatter-unclosed",
  );
});

Deno.test("readFrontmatterSync() decodes invalid UTF-8 lossily", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "SKILL.md");
  const bytes = new Uint8Array([
    ...new TextEncoder().encode("---\nname: a\ndescription: bad "),
    0xff,
    0xfe,
    ...new TextEncoder().encode(" bytes\n---\n"),
  ]);
  await Deno.writeFile(path, bytes);
  assert.equal(
    readFrontmatterSync(path).yaml,
    "name: a\ndescription: bad \uFFFD\uFFFD bytes\n",
  );
});

Deno.test("readFrontmatterSync() never reads stale bytes of the shared buffer", async () => {
  await using dir = await tempDir();
  const full = join(dir.path, "full.md");
  const empty = join(dir.path, "empty.md");
  const dashes = join(dir.path, "dashes.md");
  await Deno.writeTextFile(
    full,
    `---\nname: a\ndescription: b\n---\n${"x".repeat(9000)}`,
  );
  await Deno.writeTextFile(empty, "");
  await Deno.writeTextFile(dashes, "--");
  readFrontmatterSync(full); // fills the buffer with a valid frontmatter
  for (const path of [empty, dashes]) {
    assert.throws(
      () => readFrontmatterSync(path),
      (e: unknown) =>
        e instanceof SkillParseError && e.code === "frontmatter-missing",
      path,
    );
  }
});

Deno.test("readFrontmatterFastSync() keeps only a frontmatter closed within the first read; the checked read gives the same head", async () => {
  await using tmp = await tempDir();
  const long = "x".repeat(HEAD_BYTES);
  const cases: Record<string, string> = {
    plain: "---\nname: a\ndescription: d\n---\nBody\n",
    bomCrlf: "\uFEFF---\r\nname: a\r\ndescription: d\r\n---\r\nBody\r\n",
    longBody: `---\nname: a\ndescription: d\n---\n${long}\n`,
    longYaml: `---\nname: a\ndescription: ${long}\n---\nBody\n`,
    exactlyHead: `---\nname: a\n---\n`.padEnd(HEAD_BYTES, "y"),
    unclosed: "---\nname: a\n",
    missing: "# No frontmatter\n",
    empty: "",
  };
  const fast: Record<string, unknown> = {};
  const checked: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(cases)) {
    const path = join(tmp.path, `${name}.md`);
    await Deno.writeTextFile(path, text);
    fast[name] = readFrontmatterFastSync(path);
    try {
      checked[name] = readFrontmatterSync(path);
    } catch (error) {
      checked[name] = (error as SkillParseError).code;
    }
  }
  // Heads closed within the first read are read at once, as the checked read reads them.
  for (const name of ["plain", "bomCrlf", "longBody", "exactlyHead"]) {
    assert.deepEqual(fast[name], checked[name], name);
  }
  // Everything else is left to the checked read.
  for (
    const name of [
      "longYaml",
      "unclosed",
      "missing",
      "empty",
    ]
  ) {
    assert.equal(fast[name], undefined, name);
  }
  assert.equal(checked.unclosed, "frontmatter-unclosed");
  assert.equal(checked.missing, "frontmatter-missing");
  assert.equal(readFrontmatterFastSync(join(tmp.path, "nope.md")), undefined);
  assert.equal(readFrontmatterFastSync(tmp.path), undefined); // a directory
});
