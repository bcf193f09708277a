// Copyright 2026 the skillscope authors. MIT license.
// Reading SKILL.md heads ahead on a worker never hangs on a FIFO: not one
// planted as a SKILL.md, nor one swapped in between the worker's stat and
// its open. Each runs in a process of its own, with a bound.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  growPastWorkerThreshold,
  mkfifo,
  runCli,
  skillMd,
  tempDir,
} from "./_helpers.ts";

/** Runs `code` as a module in a new process, with a bound: a blocked read fails the test instead of hanging it. */
async function runBounded(
  dir: string,
  code: string,
  permissions: string[],
): Promise<unknown> {
  const script = join(dir, "run.ts");
  await Deno.writeTextFile(script, code);
  const signal = AbortSignal.timeout(120_000);
  const run = await runCli([], { script, permissions, signal });
  assert.ok(!signal.aborted, "the run did not finish: a read blocked");
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout);
}

const REPO = new URL("..", import.meta.url);
const MOD = JSON.stringify(new URL("mod.ts", REPO).href);
const READ_AHEAD = JSON.stringify(
  new URL("src/discover/parallel/read_ahead.ts", REPO).href,
);
const SCAN_WORKER = JSON.stringify(
  new URL("src/discover/parallel/scan_worker.ts", REPO).href,
);

Deno.test("a large root with a FIFO as one SKILL.md is read ahead under --allow-read of the root alone, and the program ends", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  await Deno.mkdir(root);
  for (let i = 0; i < 2_200; i++) {
    const name = `s-${String(i).padStart(4, "0")}`;
    await Deno.mkdir(join(root, name));
    Deno.writeTextFileSync(
      join(root, name, "SKILL.md"),
      skillMd(`name: ${name}\ndescription: d`),
    );
  }
  await Deno.mkdir(join(root, "fifo"));
  await mkfifo(join(root, "fifo", "SKILL.md"));
  growPastWorkerThreshold(root);
  const result = await runBounded(
    tmp.path,
    `import { directorySource, discover } from ${MOD};
import { headsReadAhead } from ${READ_AHEAD};
const source = directorySource(${JSON.stringify(root)}, { maxDirs: 100000 });
const counts = [];
for (let round = 0; round < 3; round++) {
  const found = await discover({ sources: [source], cache: false, readAhead: true });
  counts.push(found.skills.length);
  counts.push(found.diagnostics.filter((d) => d.code === "skill-md-not-file" && d.path.includes("fifo")).length);
}
console.log(JSON.stringify({ counts, ahead: headsReadAhead() > 0 }));
`,
    [`--allow-read=${root},${REPO.pathname}`],
  ) as { counts: number[]; ahead: boolean };
  assert.deepEqual(result, {
    counts: [2_200, 1, 2_200, 1, 2_200, 1],
    ahead: true,
  });
});

Deno.test("the worker's reads never block: SKILL.md files flipping between a FIFO and a regular file, read ahead thousands of times", async () => {
  await using tmp = await tempDir();
  const flips = ["a", "b", "c", "d"];
  for (const name of flips) {
    await Deno.mkdir(join(tmp.path, name));
    await mkfifo(join(tmp.path, name, "fifo"));
  }
  // Another process flips each between a FIFO and a regular file as fast
  // as it can: the worker sees a file at its stat and a FIFO at its open
  // now and then, and an open that waited for a writer would never end.
  const flipper = join(tmp.path, "flip.ts");
  await Deno.writeTextFile(
    flipper,
    `const dirs = ${JSON.stringify(flips.map((name) => join(tmp.path, name)))};
for (const dir of dirs) Deno.writeTextFileSync(dir + "/SKILL.md", "---\\nname: flip\\n---\\n");
for (let fifo = true; ; fifo = !fifo) {
  for (const dir of dirs) {
    // SKILL.md becomes the FIFO (the file put aside), or the file again.
    Deno.renameSync(dir + "/SKILL.md", dir + (fifo ? "/file" : "/fifo"));
    Deno.renameSync(dir + (fifo ? "/fifo" : "/file"), dir + "/SKILL.md");
  }
}
`,
  );
  const flipping = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--allow-read=${tmp.path}`,
      `--allow-write=${tmp.path}`,
      flipper,
    ],
    stdout: "null",
    stderr: "null",
  }).spawn();
  let result;
  try {
    result = await runBounded(
      tmp.path,
      `import { ScanThread } from ${SCAN_WORKER};
const names = Array.from({ length: 40000 }, (_, i) => ${
        JSON.stringify(flips)
      }[i % 4]);
const thread = new ScanThread();
await thread.list(${JSON.stringify(tmp.path)});
const ahead = await thread.readAhead({ prefix: ${
        JSON.stringify(`${tmp.path}/`)
      }, names, suffix: "/SKILL.md" });
// A head start: the worker reads its window ahead before the scan moves.
await new Promise((resolve) => setTimeout(resolve, 500));
let taken = 0;
for (let i = 0; i < names.length; i++) {
  const wait = ahead.wait(i);
  if (wait !== undefined) await wait;
  if (ahead.take(i) !== undefined) taken++;
}
ahead.close();
thread.close();
console.log(JSON.stringify({ taken: taken > 0 }));
`,
      [`--allow-read=${tmp.path},${REPO.pathname}`],
    );
  } finally {
    flipping.kill();
    await flipping.status;
  }
  assert.deepEqual(result, { taken: true });
});
