// Copyright 2026 the skillscope authors. MIT license.
// In a large flat root the async discover({ readAhead: true }) reads SKILL.md
// heads ahead on a worker thread: the same skills, diagnostics and shadows as discoverSync(),
// every head intact however fast the scan consumes them, and nothing lost when
// the worker goes away (FIFOs: read_ahead_fifo_test.ts).
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  directorySource,
  discover,
  discoverSync,
  loadYamlParser,
} from "../mod.ts";
import {
  type HeadRead,
  headsReadAhead,
  READ_AHEAD_BATCH,
  ReadAhead,
} from "../src/discover/parallel/read_ahead.ts";
import { ScanThread } from "../src/discover/parallel/scan_worker.ts";
import { SCAN_WORKER_SOURCE } from "../src/discover/parallel/scan_worker_source.ts";
import { generateRealisticCorpus } from "../bench/realistic.ts";
import {
  growPastWorkerThreshold,
  skillMd,
  tempDir,
  writeSkill,
  writeTree,
} from "./_helpers.ts";

/** Writes `count` skills `s0`, `s1`, … below `dir`; their names. */
async function writeSkills(dir: string, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `s${i}`);
  for (const name of names) await writeSkill(dir, name);
  return names;
}

/** Lists `dir` on `thread` (which starts a worker), then a session reading the heads of `names` below it. */
async function openSession(
  thread: ScanThread,
  dir: string,
  names: readonly string[],
): Promise<ReadAhead> {
  await thread.list(dir);
  const ahead = await thread.readAhead({
    prefix: `${dir}/`,
    names,
    suffix: "/SKILL.md",
  });
  assert.ok(ahead !== undefined);
  return ahead;
}

/** Rejects when `promise` has not settled within `ms`: a wait that never ends fails the test. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: not done in ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

Deno.test("discover() of a large realistic root reads its heads ahead and finds exactly what discoverSync() finds", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  generateRealisticCorpus(root, 2_600);
  // What the worker leaves to the scan, among skills it reads.
  const long = `description: ${"x".repeat(9_000)}`;
  await writeTree(root, {
    "aaa-long/SKILL.md": skillMd(`name: aaa-long\n${long}`),
    "aaa-none/SKILL.md": "# no frontmatter\n",
    "aaa-unclosed/SKILL.md": "---\nname: aaa-unclosed\n",
    "aaa-empty/notes.md": "not a skill\n",
    "aaa-dir/SKILL.md/inner.md": "a directory named SKILL.md\n",
    "aaa-crlf/SKILL.md":
      "\ufeff---\r\nname: aaa-crlf\r\ndescription: CRLF and a BOM\r\n---\r\n",
  });
  await Deno.mkdir(join(root, "aaa-linked"));
  await Deno.symlink(
    join(root, "aaa-crlf", "SKILL.md"),
    join(root, "aaa-linked", "SKILL.md"),
  );
  await Deno.mkdir(join(root, "aaa-dangling"));
  await Deno.symlink(
    join(root, "missing"),
    join(root, "aaa-dangling", "SKILL.md"),
  );
  growPastWorkerThreshold(root);

  const source = directorySource(root, { maxDirs: 100_000 });
  const sync = discoverSync({
    sources: [source],
    cache: false,
    yamlParser: await loadYamlParser(),
  });
  // Not asked for, nothing is read ahead (a server's event loop is spared).
  const before = headsReadAhead();
  const plain = await discover({ sources: [source], cache: false });
  assert.equal(headsReadAhead(), before);
  assert.deepEqual(plain, sync);
  const async = await discover({
    sources: [source],
    cache: false,
    readAhead: true,
  });
  // The worker read heads (the scan reads the first batches itself while the
  // worker starts, and what it left).
  assert.ok(
    headsReadAhead() - before >= READ_AHEAD_BATCH,
    `${headsReadAhead() - before} heads read ahead`,
  );
  assert.ok(sync.skills.length > 2_000);
  assert.deepEqual(async.skills, sync.skills);
  assert.deepEqual(async.diagnostics, sync.diagnostics);
  assert.deepEqual(async.shadowed, sync.shadowed);
  const codes = new Map(
    async.diagnostics.map((d) => [d.path?.split("/").at(-2), d.code]),
  );
  assert.equal(codes.get("aaa-none"), "frontmatter-missing");
  assert.equal(codes.get("aaa-unclosed"), "frontmatter-unclosed");
  assert.equal(codes.get("aaa-dir"), "skill-md-not-file");
  assert.equal(codes.get("aaa-dangling"), "skill-md-not-file");
  assert.ok(async.skills.some((s) => s.name === "aaa-long"));
});

Deno.test("a read-ahead session hands over every head intact, to a scan slower than the worker and to one faster", async () => {
  await using tmp = await tempDir();
  const count = READ_AHEAD_BATCH * 40 + 7;
  const names: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `s-${String(i).padStart(5, "0")}`;
    // Sizes differ, so a slot overwritten or misplaced shows.
    const text = skillMd(`name: ${name}\ndescription: ${"d".repeat(i % 700)}`);
    await Deno.mkdir(join(tmp.path, name));
    Deno.writeTextFileSync(join(tmp.path, name, "SKILL.md"), text);
    names.push(name);
    texts.push(text);
  }
  const decoder = new TextDecoder();
  for (const pace of ["slow", "fast"] as const) {
    const thread = new ScanThread();
    try {
      const ahead = await openSession(thread, tmp.path, names);
      let taken = 0;
      await within(
        (async () => {
          for (let i = 0; i < count; i++) {
            const wait = ahead.wait(i);
            if (wait !== undefined) await wait;
            const head: HeadRead | undefined = ahead.take(i);
            if (head !== undefined) {
              assert.equal(decoder.decode(head.bytes), texts[i], names[i]);
              assert.ok(head.mtime > 0);
              taken++;
            } else {
              // What the scan does with a head left to it.
              Deno.readFileSync(join(tmp.path, names[i]!, "SKILL.md"));
            }
            // Slow: the worker runs into its window and reuses its slots.
            if (pace === "slow" && i % 37 === 0) {
              await new Promise((resolve) => setTimeout(resolve, 2));
            }
          }
        })(),
        60_000,
        `the ${pace} scan`,
      );
      ahead.close();
      // The scan reads the first batches itself while the worker starts. A
      // slow scan lets the worker run ahead; whether a fast one lets it at
      // all is a matter of the machine's timing (on a busy machine the scan
      // may finish first: measured in bench/, not asserted here). Every
      // head that was handed over was checked intact above.
      if (pace === "slow") {
        assert.ok(
          taken > count / 4,
          `${pace}: ${taken} of ${count} read ahead`,
        );
      }
    } finally {
      thread.close();
    }
  }
});

Deno.test("a read-ahead whose worker is stopped mid-session leaves the rest to the scan, which finishes", async () => {
  await using tmp = await tempDir();
  const names = await writeSkills(tmp.path, READ_AHEAD_BATCH * 30);
  const thread = new ScanThread();
  const ahead = await openSession(thread, tmp.path, names);
  let left = 0;
  await within(
    (async () => {
      for (let i = 0; i < names.length; i++) {
        if (i === READ_AHEAD_BATCH * 3) thread.close();
        const wait = ahead.wait(i);
        if (wait !== undefined) await wait;
        if (ahead.take(i) === undefined) left++;
      }
    })(),
    60_000,
    "the scan after the worker stopped",
  );
  ahead.close();
  // Everything after the stop that had not arrived is the scan's to read.
  assert.ok(left >= READ_AHEAD_BATCH * 10, `${left} left to the scan`);
});

Deno.test("entries the scan does not count (dangling links) before a maxDirs bound: what is read ahead stays with its own directory, and the scan ends", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  await Deno.mkdir(root);
  // Ten dangling links sort first: candidates, but not directories, so the
  // scan goes ten candidates past maxDirs of them.
  for (let i = 0; i < 10; i++) {
    await Deno.symlink(join(root, "missing"), join(root, `a-dangling-${i}`));
  }
  const count = 2_300;
  for (let i = 0; i < count; i++) {
    const name = `s-${String(i).padStart(5, "0")}`;
    await Deno.mkdir(join(root, name));
    // The last ten have no SKILL.md: a head read for another would show.
    if (i < count - 10) {
      Deno.writeTextFileSync(
        join(root, name, "SKILL.md"),
        skillMd(`name: ${name}\ndescription: content of ${name}`),
      );
    }
  }
  growPastWorkerThreshold(root);
  for (const maxDirs of [count, count - 5, 100_000]) {
    const source = directorySource(root, { maxDirs });
    const sync = discoverSync({ sources: [source], cache: false });
    const async = await within(
      discover({ sources: [source], cache: false, readAhead: true }),
      60_000,
      `discover() with maxDirs ${maxDirs}`,
    );
    assert.deepEqual(async, sync, `maxDirs ${maxDirs}`);
  }
});

Deno.test("a session whose worker ended on its own (a scan that did not move) leaves the rest to the scan, also past batches the scan skips", async () => {
  await using tmp = await tempDir();
  const names = await writeSkills(tmp.path, READ_AHEAD_BATCH * 40);
  const worker = new Worker(
    `data:text/javascript,${encodeURIComponent(SCAN_WORKER_SOURCE)}`,
    { type: "module" },
  );
  let onMessage: ((data: unknown) => void) | undefined;
  worker.onmessage = (event) => onMessage?.(event.data);
  try {
    const ahead = new ReadAhead(
      {
        post: (message) => worker.postMessage(message),
        receive: (received) => onMessage = received,
        release: () => onMessage = undefined,
      },
      { prefix: `${tmp.path}/`, names, suffix: "/SKILL.md" },
      200,
    );
    // The worker reads its window ahead, then ends the session after 200 ms
    // of a scan that does not move.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    let taken = 0;
    await within(
      (async () => {
        for (let i = 0; i < names.length; i++) {
          // Batches 1 to 19 are skipped: none of their items is asked for.
          if (i === READ_AHEAD_BATCH) i = READ_AHEAD_BATCH * 20;
          for (let w = ahead.wait(i); w !== undefined; w = ahead.wait(i)) {
            await w;
          }
          if (ahead.take(i) !== undefined) taken++;
        }
      })(),
      30_000,
      "the scan after the worker ended",
    );
    ahead.close();
    // Batch 0 came from the worker; everything after its window is the scan's.
    assert.equal(taken, READ_AHEAD_BATCH);
  } finally {
    worker.terminate();
  }
});
