// Copyright 2026 the skillscope authors. MIT license.
// A large directory is listed on a worker thread by the async discover():
// the same entries as readDirSync, the real error where it cannot be
// listed, and the permissions of the process it runs in.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  directorySource,
  discover,
  discoverSync,
  loadYamlParser,
} from "../mod.ts";
import {
  listOnWorker,
  MAX_SCAN_WORKERS,
  scanWorkers,
} from "../src/discover/parallel/scan_worker.ts";
import { sortByKey } from "../src/discover/scan_step.ts";
import {
  CONFIG,
  growPastWorkerThreshold,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";

type Entry = Pick<
  Deno.DirEntry,
  "name" | "isFile" | "isDirectory" | "isSymlink"
>;
const byName = (a: Entry, b: Entry): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
const plain = (entries: Iterable<Deno.DirEntry>): Entry[] =>
  Array.from(entries, ({ name, isFile, isDirectory, isSymlink }) => ({
    name,
    isFile,
    isDirectory,
    isSymlink,
  })).sort(byName);

Deno.test("a worker lists files, directories, symlinks and odd names as readDirSync does", async () => {
  await using tmp = await tempDir();
  const names = [
    "plain",
    "with space",
    "new\nline",
    "ünïcödé-ß",
    "日本語",
    "-dash",
    ".hidden",
  ];
  for (const name of names) await Deno.writeTextFile(join(tmp.path, name), "x");
  for (const name of ["dir-a", "dir b"]) await Deno.mkdir(join(tmp.path, name));
  await Deno.symlink(join(tmp.path, "dir-a"), join(tmp.path, "link-to-dir"));
  await Deno.symlink(join(tmp.path, "plain"), join(tmp.path, "link-to-file"));
  await Deno.symlink(join(tmp.path, "missing"), join(tmp.path, "dangling"));
  const expected = plain(Deno.readDirSync(tmp.path));
  assert.equal(expected.length, names.length + 5);
  assert.deepEqual(plain(await listOnWorker(tmp.path)), expected);
});

Deno.test("a worker's listing of more entries than one answer holds, and of an empty directory", async () => {
  await using tmp = await tempDir();
  const empty = join(tmp.path, "empty");
  await Deno.mkdir(empty);
  assert.deepEqual(await listOnWorker(empty), []);
  const many = join(tmp.path, "many");
  await Deno.mkdir(many);
  for (let i = 0; i < 9_000; i++) {
    Deno.writeFileSync(join(many, `f-${i}`), new Uint8Array());
  }
  assert.deepEqual(
    plain(await listOnWorker(many)),
    plain(Deno.readDirSync(many)),
  );
});

Deno.test("a directory a worker cannot list fails with the error listing it here gives", async () => {
  await using tmp = await tempDir();
  const missing = join(tmp.path, "missing");
  await assert.rejects(() => listOnWorker(missing), Deno.errors.NotFound);
  const file = join(tmp.path, "file");
  await Deno.writeTextFile(file, "x");
  await assert.rejects(() => listOnWorker(file), (error: unknown) => {
    assert.ok(error instanceof Error);
    assert.match(error.message, /directory/i);
    return true;
  });
});

Deno.test("discover() of a root large enough to be listed on a worker finds what discoverSync() finds", async () => {
  await using tmp = await tempDir();
  for (let i = 0; i < 50; i++) {
    await writeSkill(tmp.path, `s-${i}`);
  }
  await writeTree(tmp.path, { "bad/SKILL.md": "---\nname: [unclosed\n---\n" });
  await Deno.symlink(join(tmp.path, "s-1"), join(tmp.path, "s-linked"));
  growPastWorkerThreshold(tmp.path);
  const source = directorySource(tmp.path, { maxDirs: 100_000 });
  const sync = discoverSync({
    sources: [source],
    cache: false,
    yamlParser: await loadYamlParser(),
  });
  const async = await discover({ sources: [source], cache: false });
  // s-linked is s-1 again (shadowed); bad fails to parse.
  assert.equal(sync.skills.length, 50);
  assert.equal(sync.shadowed.length, 1);
  assert.ok(sync.diagnostics.some((d) => d.path?.includes("bad")));
  assert.deepEqual(
    async.skills.map((s) => [s.name, s.path]),
    sync.skills.map((s) => [s.name, s.path]),
  );
  assert.deepEqual(async.diagnostics, sync.diagnostics);
  assert.deepEqual(async.shadowed, sync.shadowed);
});

Deno.test("a worker listing runs with the process's --allow-read alone, and the program ends", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  await Deno.mkdir(root);
  for (let i = 0; i < 20; i++) {
    await writeSkill(root, `s-${i}`);
  }
  growPastWorkerThreshold(root);
  const script = join(tmp.path, "run.ts");
  await Deno.writeTextFile(
    script,
    `import { directorySource, discover } from ${
      JSON.stringify(new URL("../mod.ts", import.meta.url).href)
    };
const found = await discover({ sources: [directorySource(${
      JSON.stringify(root)
    }, { maxDirs: 100_000 })], cache: false });
console.log(found.skills.length);
`,
  );
  const run = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      `--config=${CONFIG}`,
      `--allow-read=${root},${new URL("..", import.meta.url).pathname}`,
      script,
    ],
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(60_000),
  }).output();
  assert.equal(new TextDecoder().decode(run.stderr), "");
  assert.equal(run.code, 0);
  assert.equal(new TextDecoder().decode(run.stdout), "20\n");
});

Deno.test("concurrent listings start at most MAX_SCAN_WORKERS workers, and every one gets its entries", async () => {
  await using tmp = await tempDir();
  for (let i = 0; i < 300; i++) {
    Deno.writeFileSync(join(tmp.path, `f-${i}`), new Uint8Array());
  }
  const expected = plain(Deno.readDirSync(tmp.path));
  let most = 0;
  const timer = setInterval(() => most = Math.max(most, scanWorkers()), 0);
  try {
    const listings = Array.from({ length: 12 }, () => listOnWorker(tmp.path));
    most = Math.max(most, scanWorkers());
    for (const listing of await Promise.all(listings)) {
      assert.deepEqual(plain(listing), expected);
    }
  } finally {
    clearInterval(timer);
  }
  assert.equal(most, MAX_SCAN_WORKERS);
  assert.equal(scanWorkers(), 0);
});

Deno.test("the sliced sort keeps every entry, also two whose names decoded to the same text, within a run and across runs", () => {
  const drain = <T>(steps: Generator<unknown, T, unknown>): T => {
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  };
  for (const count of [10, 5_000]) {
    const items = Array.from({ length: count }, (_, i) => ({
      name: `n-${(i * 7919) % count}`,
      i,
    }));
    // Two more whose names equal existing ones, as U+FFFD makes them.
    items.push({ name: "n-3", i: -1 }, { name: "n-3", i: -2 });
    const sorted = drain(sortByKey([...items], (item) => item.name));
    assert.equal(sorted.length, items.length);
    assert.deepEqual(
      sorted.map((item) => item.name),
      items.map((item) => item.name).sort(),
    );
    assert.deepEqual(
      sorted.filter((item) => item.name === "n-3").map((item) => item.i).sort(),
      items.filter((item) => item.name === "n-3").map((item) => item.i).sort(),
    );
  }
});
