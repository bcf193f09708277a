// Copyright 2026 the skillscope authors. MIT license.
// Opens of skill files never block: a FIFO swapped in between the type check
// and the open (discovery of SKILL.md and agents/openai.yaml, the serving
// reads) is refused at once. The opens that could hang run in a subprocess
// with a bound, so a regression fails the test instead of hanging the run.
// And Codex metadata is read only from inside the skill.
import assert from "node:assert/strict";
import { join } from "node:path";
import { mkfifo, runCli, skillMd, tempDir, writeTree } from "./_helpers.ts";

const SRC = new URL("../src/", import.meta.url).href;

/** Generous: a normal run takes a few seconds, a blocked open forever. */
const BOUND_MS = 120_000;

/**
 * Runs `code` as a module in a new process that may read `dir` only (and
 * write it, with `write`); kills it after {@linkcode BOUND_MS}. Returns its
 * stdout as JSON.
 */
async function runBounded(
  dir: string,
  code: string,
  options: { write?: boolean } = {},
): Promise<unknown> {
  const script = join(dir, "run.ts");
  await Deno.writeTextFile(
    script,
    code.replaceAll("$SRC", SRC),
  );
  const signal = AbortSignal.timeout(BOUND_MS);
  const run = await runCli([], {
    script,
    permissions: [
      `--allow-read=${dir}`,
      ...(options.write ? [`--allow-write=${dir}`] : []),
    ],
    signal,
  });
  assert.ok(
    !signal.aborted,
    `the subprocess did not finish within ${BOUND_MS} ms: an open blocked`,
  );
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout);
}

Deno.test("a SKILL.md that is a FIFO when opened is refused at once, by the reader and by the checked read of a stale stat", async () => {
  await using tmp = await tempDir();
  const fifo = join(tmp.path, "fifo");
  await mkfifo(fifo);
  const swapped = join(tmp.path, "SKILL.md");
  await Deno.writeTextFile(swapped, skillMd("name: s\ndescription: d"));
  const result = await runBounded(
    tmp.path,
    `import { readFrontmatterSync } from "$SRC/parse/frontmatter.ts";
     import { readCheckedSync } from "$SRC/shared/checked_read.ts";
     const outcome = (f) => {
       try { f(); return "read"; } catch (e) { return e.code ?? e.name; }
     };
     const fifo = ${JSON.stringify(fifo)};
     const swapped = ${JSON.stringify(swapped)};
     // Checked while a regular file, then a FIFO renamed over it, then opened.
     const stale = Deno.statSync(swapped);
     Deno.renameSync(fifo, swapped);
     console.log(JSON.stringify([
       outcome(() => readFrontmatterSync(swapped)),
       outcome(() => readCheckedSync(swapped, stale, 1024, () => new RangeError("big"))),
     ]));`,
    { write: true },
  );
  assert.deepEqual(result, ["not-regular-file", "file-changed"]);
});

Deno.test("openRegularFileSync() on a FIFO without a writer fails at once instead of blocking", async () => {
  await using tmp = await tempDir();
  const fifo = join(tmp.path, "fifo");
  await mkfifo(fifo);
  await Deno.writeTextFile(join(tmp.path, "plain"), "plain text");
  const result = await runBounded(
    tmp.path,
    `import { openRegularFileSync } from "$SRC/shared/open_file.ts";
     const open = (path) => {
       try {
         using file = openRegularFileSync(path);
         const bytes = new Uint8Array(file.size);
         file.readSync(bytes);
         return new TextDecoder().decode(bytes);
       } catch (e) {
         return [e.name, e.code, e.kind];
       }
     };
     console.log(JSON.stringify([
       open(${JSON.stringify(fifo)}),
       open(${JSON.stringify(join(tmp.path, "plain"))}),
       open(${JSON.stringify(join(tmp.path, "missing"))}),
     ]));`,
  );
  assert.deepEqual(result, [
    ["NotRegularFileError", "not-regular-file", "a FIFO"],
    "plain text",
    ["NotFound", null, null],
  ]);
});

Deno.test("discovery and the serving reads finish while SKILL.md, agents/openai.yaml and a bundled file flip between a regular file and a FIFO", async () => {
  await using tmp = await tempDir();
  const root = join(tmp.path, "skills");
  const skill = join(root, "flip");
  const text = skillMd("name: flip\ndescription: Flips");
  await writeTree(skill, {
    "SKILL.md": text,
    "agents/openai.yaml": "interface:\n  display_name: Flip\n",
    "ref.md": "reference\n",
  });
  // Each target has a regular twin and a FIFO twin kept aside; a swap links
  // one of them to a temporary name and renames it over the target.
  const targets = ["SKILL.md", "agents/openai.yaml", "ref.md"].map((rel) => ({
    path: join(skill, rel),
    regular: join(tmp.path, `${rel.replace("/", "_")}.regular`),
    fifo: join(tmp.path, `${rel.replace("/", "_")}.fifo`),
    temp: join(tmp.path, `${rel.replace("/", "_")}.next`),
  }));
  for (const target of targets) {
    await Deno.link(target.path, target.regular);
    await mkfifo(target.fifo);
  }
  const child = runBounded(
    tmp.path,
    `import { discoverSync } from "$SRC/discover/discover.ts";
     import { directorySource } from "$SRC/discover/sources.ts";
     import { readAssetSync, readBodySync } from "$SRC/content/disk_content.ts";
     const counts = { rounds: 0, discovered: 0, codex: 0, bodies: 0, assets: 0, failures: 0 };
     const sources = [directorySource(${
      JSON.stringify(root)
    }, { codexMetadata: true })];
     let skill;
     for (; counts.rounds < 3000; counts.rounds++) {
       const found = discoverSync({ sources, cache: false });
       const flip = found.skills[0];
       if (flip) {
         counts.discovered++;
         if (flip.displayName === "Flip") counts.codex++;
         skill = flip;
       }
       if (skill === undefined) continue;
       try {
         if (readBodySync(skill).includes("Body")) counts.bodies++;
       } catch { counts.failures++; }
       try {
         if (readAssetSync(skill, "ref.md").length === 10) counts.assets++;
       } catch { counts.failures++; }
     }
     console.log(JSON.stringify(counts));`,
  );
  let done = false;
  const swapping = (async () => {
    let swaps = 0;
    while (!done) {
      const target = targets[swaps % targets.length]!;
      const twin = Math.floor(swaps / targets.length) % 2 === 0
        ? target.fifo
        : target.regular;
      await Deno.remove(target.temp).catch(() => {});
      await Deno.link(twin, target.temp);
      await Deno.rename(target.temp, target.path);
      swaps++;
    }
    return swaps;
  })();
  let counts: Record<string, number>;
  try {
    counts = await child as Record<string, number>;
  } finally {
    done = true;
  }
  const swaps = await swapping;
  assert.ok(swaps > 100, `only ${swaps} swaps happened`);
  // Liveness: the fix refuses FIFOs, not reads.
  assert.equal(counts.rounds, 3000);
  for (const key of ["discovered", "codex", "bodies", "assets"]) {
    assert.ok(
      counts[key]! > 0,
      `no ${key} read succeeded: ${JSON.stringify(counts)}`,
    );
  }
});

Deno.test("agents/ symlinked outside the skill: Codex's display name and policy are not read from there, with a warning", async () => {
  await using tmp = await tempDir();
  const skills = join(tmp.path, "home/.codex/skills");
  await writeTree(tmp.path, {
    "outside/openai.yaml":
      "interface:\n  display_name: Outside Name\npolicy:\n  allow_implicit_invocation: false\n",
    "home/.codex/skills/leaky/SKILL.md": skillMd("name: leaky\ndescription: d"),
    "home/.codex/skills/inner/SKILL.md": skillMd("name: inner\ndescription: d"),
    "home/.codex/skills/inner/meta/openai.yaml":
      "interface:\n  display_name: Inner Name\n",
  });
  await Deno.symlink("../../../../outside", join(skills, "leaky/agents"));
  // A link that stays inside the skill is fine.
  await Deno.symlink("meta", join(skills, "inner/agents"));
  const run = await runCli([
    "list",
    "--client",
    "codex",
    "--no-project",
    "--json",
  ], {
    cwd: tmp.path,
    env: { HOME: join(tmp.path, "home") },
    permissions: ["--allow-read", "--allow-env"],
  });
  assert.equal(run.code, 0, run.stderr);
  const listed = JSON.parse(run.stdout) as {
    skills: {
      name: string;
      displayName?: string;
      allowImplicitInvocation?: boolean;
    }[];
    diagnostics: { code: string; message: string; path: string }[];
  };
  assert.deepEqual(
    listed.skills.map((
      s,
    ) => [s.name, s.displayName, s.allowImplicitInvocation]),
    [["inner", "Inner Name", undefined], ["leaky", undefined, undefined]],
  );
  const warnings = listed.diagnostics.filter((d) =>
    d.code === "codex-metadata-invalid"
  );
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!.path, join(skills, "leaky/agents/openai.yaml"));
  assert.match(
    warnings[0]!.message,
    /resolves to ".*\/outside\/openai\.yaml", outside the skill directory/,
  );
});
