// Copyright 2026 the skillscope authors. MIT license.
// Archive extraction and artifact verification: hostile .tar.gz and .zip
// archives built here (traversal, absolute paths, links, devices, bombs),
// each refused whole; artifacts checked against their digest before a byte
// is parsed.
import assert from "node:assert/strict";
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js";
import { ArchiveCollector } from "../src/web/archive_entry.ts";
import { type WebArtifactEntry, WebArtifactError } from "../src/web/mod.ts";
import { fetchArtifact } from "../src/web/artifact.ts";
import { unpackArchive } from "../src/web/archive.ts";
import {
  gzip,
  serveSite,
  skillText,
  tarBomb,
  tarFile,
  tarGz,
  zipMode,
  zipOf,
} from "./web_site.ts";

const LIMITS = { maxFiles: 100, maxBytes: 1024 * 1024 };
const SKILL = tarFile("SKILL.md", skillText("demo"));

const refusedWith = (code: string) => (error: unknown): boolean =>
  error instanceof WebArtifactError && error.code === code;

Deno.test("unpackArchive() reads a .tar.gz and a .zip to the same files, with leading ./ and directory entries", async () => {
  const tar = await tarGz([
    { header: { name: "./", type: "directory", size: 0 } },
    tarFile("./SKILL.md", skillText("demo")),
    { header: { name: "./references/", type: "directory", size: 0 } },
    tarFile("./references/a.md", "A"),
    { header: { name: "run.sh", size: 2, mode: 0o755 }, body: "hi" },
  ]);
  const zip = await zipOf([
    { name: "SKILL.md", body: skillText("demo") },
    { name: "references/", options: { directory: true } },
    { name: "references/a.md", body: "A" },
    { name: "run.sh", body: "hi", options: zipMode(0o100755) },
  ]);
  for (const [format, bytes] of [["tar.gz", tar], ["zip", zip]] as const) {
    const { files, executable } = await unpackArchive(bytes, format, LIMITS);
    assert.deepEqual([...files.keys()], [
      "SKILL.md",
      "references/a.md",
      "run.sh",
    ]);
    assert.equal(new TextDecoder().decode(files.get("references/a.md")), "A");
    assert.deepEqual([...executable], ["run.sh"], format);
  }
});

Deno.test("unpackArchive() refuses a .tar.gz with a traversal, absolute, backslash or control-character path", async () => {
  for (
    const name of [
      "../evil",
      "a/../../evil",
      "/etc/cron.d/evil",
      "C:/evil",
      "..\\..\\evil",
      "a\\b",
      "line\nbreak",
    ]
  ) {
    await assert.rejects(
      unpackArchive(await tarGz([SKILL, tarFile(name, "x")]), "tar.gz", LIMITS),
      refusedWith("web-archive-path"),
      JSON.stringify(name),
    );
  }
});

Deno.test("unpackArchive() refuses a .tar.gz with a symlink, a hard link, a device or a FIFO, even one pointing inside", async () => {
  const cases = [
    ["web-archive-link", {
      name: "passwd",
      type: "symlink",
      linkname: "/etc/passwd",
    }],
    ["web-archive-link", {
      name: "inside",
      type: "symlink",
      linkname: "SKILL.md",
    }],
    ["web-archive-link", {
      name: "hard",
      type: "link",
      linkname: "/etc/shadow",
    }],
    ["web-archive-special", { name: "zero", type: "character-device" }],
    ["web-archive-special", { name: "disk", type: "block-device" }],
    ["web-archive-special", { name: "pipe", type: "fifo" }],
  ] as const;
  for (const [code, header] of cases) {
    await assert.rejects(
      unpackArchive(
        await tarGz([SKILL, { header: { ...header, size: 0 } }]),
        "tar.gz",
        LIMITS,
      ),
      refusedWith(code),
      header.name,
    );
  }
});

Deno.test("unpackArchive() refuses two paths that are one on macOS or Windows: case, Unicode composition, folders on the way", async () => {
  const twins: [string, string][] = [
    ["README.md", "readme.md"],
    ["caf\u00e9.md", "cafe\u0301.md"],
    ["Docs/a.md", "docs/b.md"],
    ["scripts/\u03c3.sh", "scripts/\u03c2.sh"],
  ];
  for (const [a, b] of twins) {
    await assert.rejects(
      unpackArchive(
        await tarGz([SKILL, tarFile(a, "x"), tarFile(b, "y")]),
        "tar.gz",
        LIMITS,
      ),
      (error: unknown) =>
        refusedWith("web-archive-duplicate")(error) &&
        /case-insensitive/.test((error as Error).message),
      `${a} beside ${b}`,
    );
  }
  // Different names stay different: "ß" is not folded to "ss".
  const files = await unpackArchive(
    await tarGz([
      SKILL,
      tarFile("stra\u00dfe.md", "x"),
      tarFile("strasse.md", "y"),
    ]),
    "tar.gz",
    LIMITS,
  );
  assert.equal(files.files.size, 3);
});

Deno.test("unpackArchive() refuses a path given twice, a file where a directory must be, and more files than the cap", async () => {
  await assert.rejects(
    unpackArchive(
      await tarGz([SKILL, tarFile("./SKILL.md", "x")]),
      "tar.gz",
      LIMITS,
    ),
    refusedWith("web-archive-duplicate"),
  );
  await assert.rejects(
    unpackArchive(
      await tarGz([SKILL, tarFile("a", "x"), tarFile("a/b", "y")]),
      "tar.gz",
      LIMITS,
    ),
    refusedWith("web-archive-duplicate"),
  );
  const many = Array.from({ length: 101 }, (_, i) => tarFile(`f${i}`, "x"));
  await assert.rejects(
    unpackArchive(await tarGz(many), "tar.gz", LIMITS),
    refusedWith("web-archive-too-many-files"),
  );
  await assert.rejects(
    unpackArchive(new TextEncoder().encode("not gzip"), "tar.gz", LIMITS),
    refusedWith("web-archive-corrupt"),
  );
});

Deno.test("unpackArchive() refuses a gzip bomb (1 MiB inflating to 1 GiB) at the header, without inflating it", async () => {
  const bomb = await tarBomb(1024 * 1024 * 1024);
  assert.ok(bomb.length < 2 * 1024 * 1024, `${bomb.length} bytes`);
  const before = Deno.memoryUsage().rss;
  await assert.rejects(
    unpackArchive(bomb, "tar.gz", {
      maxFiles: 10_000,
      maxBytes: 200 * 1024 * 1024,
    }),
    refusedWith("web-archive-too-large"),
  );
  const grown = Deno.memoryUsage().rss - before;
  assert.ok(grown < 150 * 1024 * 1024, `memory grew by ${grown} bytes`);
});

Deno.test("unpackArchive() stops inflating zeros after the end of the archive at the byte cap", async () => {
  const tar = await tarGz([SKILL]);
  const inner = new Uint8Array(
    await new Response(
      new Blob([tar as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
        new DecompressionStream("gzip"),
      ),
    ).arrayBuffer(),
  );
  let sent = 0;
  const zeros = new Uint8Array(1024 * 1024);
  const padded = await gzip(
    new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller): void {
        if (sent === 0) controller.enqueue(inner);
        if (sent >= 64) return controller.close();
        sent++;
        controller.enqueue(zeros);
      },
    }),
  );
  await assert.rejects(
    unpackArchive(padded, "tar.gz", { maxFiles: 10, maxBytes: 1024 * 1024 }),
    refusedWith("web-archive-too-large"),
  );
});

Deno.test("unpackArchive() refuses a .zip with traversal, absolute paths, symlinks and FIFOs", async () => {
  const md = { name: "SKILL.md", body: skillText("demo") };
  const cases: [string, Parameters<typeof zipOf>[0]][] = [
    ["web-archive-path", [md, { name: "../evil", body: "x" }]],
    ["web-archive-path", [md, { name: "/etc/evil", body: "x" }]],
    ["web-archive-path", [md, { name: "..\\evil", body: "x" }]],
    ["web-archive-link", [md, {
      name: "l",
      body: "/etc/passwd",
      options: zipMode(0o120777),
    }]],
    ["web-archive-special", [md, {
      name: "p",
      body: "",
      options: zipMode(0o010644),
    }]],
  ];
  for (const [code, entries] of cases) {
    await assert.rejects(
      unpackArchive(await zipOf(entries), "zip", LIMITS),
      refusedWith(code),
      entries[1]!.name,
    );
  }
});

Deno.test("unpackArchive() refuses a .zip bomb and a .zip whose central directory lies about a size, with bounded memory", async () => {
  const size = 256 * 1024 * 1024;
  let sent = 0;
  const zeros = new Uint8Array(1024 * 1024);
  const writer = new ZipWriter(new Uint8ArrayWriter(), {
    useWebWorkers: false,
  });
  await writer.add(
    "SKILL.md",
    new Uint8ArrayReader(new TextEncoder().encode(skillText("demo"))),
  );
  await writer.add(
    "big.bin",
    new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller): void {
        if (sent >= size) return controller.close();
        sent += zeros.length;
        controller.enqueue(zeros);
      },
    }),
  );
  const bomb = await writer.close();
  assert.ok(bomb.length < 2 * 1024 * 1024, `${bomb.length} bytes`);
  await assert.rejects(
    unpackArchive(bomb, "zip", LIMITS),
    refusedWith("web-archive-too-large"),
  );
  // The same archive, its central directory saying 10 bytes for big.bin.
  const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
  let patched = 0;
  for (let i = 0; i + 46 <= bomb.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    if (view.getUint32(i + 24, true) === size) {
      view.setUint32(i + 24, 10, true);
      patched++;
    }
  }
  assert.equal(patched, 1);
  const before = Deno.memoryUsage().rss;
  await assert.rejects(
    unpackArchive(bomb, "zip", { maxFiles: 10, maxBytes: 200 * 1024 * 1024 }),
    (e: unknown) =>
      refusedWith("web-archive-too-large")(e) ||
      refusedWith("web-archive-corrupt")(e),
  );
  const grown = Deno.memoryUsage().rss - before;
  assert.ok(grown < 150 * 1024 * 1024, `memory grew by ${grown} bytes`);
});

const entryFor = (
  url: string,
  bytes: Uint8Array | string,
  type: "skill-md" | "archive" = "archive",
): Promise<WebArtifactEntry> =>
  crypto.subtle.digest(
    "SHA-256",
    typeof bytes === "string"
      ? new TextEncoder().encode(bytes)
      : bytes as Uint8Array<ArrayBuffer>,
  ).then((hash) => ({
    version: "0.2",
    name: "demo",
    description: "Demo",
    type,
    url,
    digest: `sha256:${
      [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0"))
        .join("")
    }`,
  }));

Deno.test("fetchArtifact() verifies the digest before unpacking, and refuses a wrapper directory or another name", async () => {
  const good = await tarGz([SKILL, tarFile("references/a.md", "A")]);
  const traversal = await tarGz([SKILL, tarFile("../evil", "x")]);
  const wrapped = await tarGz([tarFile("demo/SKILL.md", skillText("demo"))]);
  const renamed = await tarGz([tarFile("SKILL.md", skillText("other"))]);
  await using site = serveSite({
    "/good.tar.gz": good,
    "/good.zip": await zipOf([{ name: "SKILL.md", body: skillText("demo") }]),
    "/served-as-zip": () =>
      new Response(good as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": "application/zip" },
      }),
    "/traversal.tar.gz": traversal,
    "/wrapped.tar.gz": wrapped,
    "/renamed.tar.gz": renamed,
    "/SKILL.md": skillText("demo"),
    "/unknown.rar": good,
  });
  const at = (path: string) => `${site.origin}${path}`;
  const skill = await fetchArtifact(await entryFor(at("/good.tar.gz"), good));
  assert.equal(skill.verified, true);
  assert.deepEqual([...skill.files.keys()], ["SKILL.md", "references/a.md"]);
  const md = await fetchArtifact(
    await entryFor(at("/SKILL.md"), skillText("demo"), "skill-md"),
  );
  assert.deepEqual([...md.files.keys()], ["SKILL.md"]);

  // The digest of an archive with "../evil" is checked first: a wrong one
  // is a digest error, and the archive is never opened.
  await assert.rejects(
    fetchArtifact({ ...await entryFor(at("/traversal.tar.gz"), good) }),
    refusedWith("web-digest-mismatch"),
  );
  await assert.rejects(
    fetchArtifact(await entryFor(at("/traversal.tar.gz"), traversal)),
    refusedWith("web-archive-path"),
  );
  await assert.rejects(
    fetchArtifact(await entryFor(at("/wrapped.tar.gz"), wrapped)),
    (e: unknown) =>
      refusedWith("web-skill-md-missing")(e) && /wrapper/.test(String(e)),
  );
  await assert.rejects(
    fetchArtifact(await entryFor(at("/renamed.tar.gz"), renamed)),
    refusedWith("web-name-mismatch"),
  );
  await assert.rejects(
    fetchArtifact(await entryFor(at("/served-as-zip"), good)),
    refusedWith("web-archive-corrupt"),
  );
  await assert.rejects(
    fetchArtifact(await entryFor(at("/unknown.rar"), good)),
    refusedWith("web-archive-format"),
  );
});

Deno.test("the fold check of an archive is linear in its paths: 300 files 2,000 folders deep are read at once", () => {
  // Before, every prefix of every path was cut and folded again: 200 such
  // files took 83 s, 10,000 would take hours, deaf to the deadline.
  const collector = new ArchiveCollector({
    maxFiles: 10_000,
    maxBytes: 1 << 20,
  });
  const deep = "a/".repeat(1995);
  const start = performance.now();
  for (let i = 0; i < 300; i++) {
    const path = collector.beginFile(`${deep}f${i}`, 0);
    collector.addFile(path, new Uint8Array(), false);
  }
  assert.equal(collector.finish().files.size, 300);
  // A bound against hanging, far above the time it takes (milliseconds).
  const took = performance.now() - start;
  assert.ok(took < 10_000, `took ${Math.round(took)} ms`);
  // A twin deep down is still found.
  const twins = new ArchiveCollector({ maxFiles: 10, maxBytes: 10 });
  for (const name of [`${deep}README.md`, `${deep}readme.md`]) {
    twins.addFile(twins.beginFile(name, 0), new Uint8Array(), false);
  }
  assert.throws(() => twins.finish(), /case-insensitive/);
});
