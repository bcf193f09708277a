// Copyright 2026 the skillscope authors. MIT license.
// Every file the CLI and install read that a project controls (skillscope.json,
// skills.lock, the journal, the process lock, AGENTS.md, a token file) goes
// through the checked reader in src/shared/checked_read.ts: no symlink out of
// the project, regular files only, a non-blocking open, the opened file's
// identity checked, a byte cap. A bare whole-file read (which follows any
// symlink, blocks on a FIFO and reads /dev/zero until memory runs out) must
// not come back: this scans the source text of src/cli and src/install and
// names each one outside the allow-list below, as file:line.
import assert from "node:assert/strict";
import { join, relative } from "node:path";

const REPO = new URL("..", import.meta.url).pathname;
const SCANNED = ["src/cli", "src/install"];

/** Reads and opens that bypass the checked reader. */
const FORBIDDEN: readonly { token: string; pattern: RegExp }[] = [
  { token: "readTextFile", pattern: /\breadTextFile(?:Sync)?\b/ },
  { token: "readFile", pattern: /\breadFile(?:Sync)?\b/ },
  { token: "readAll", pattern: /\breadAll(?:Sync)?\b/ },
  { token: "Deno.open", pattern: /\bDeno\.open(?:Sync)?\b/ },
  { token: "node:fs", pattern: /["'](?:node:)?fs(?:\/promises)?["']/ },
  { token: "createReadStream", pattern: /\bcreateReadStream\b/ },
];

/**
 * Uses that do not read a project's file, each with its reason. An entry
 * that matches nothing any more fails the test, so the list stays exact.
 */
const ALLOWED: readonly { file: string; token: string; reason: string }[] = [
  {
    file: "src/cli/embed.ts",
    token: "Deno.open",
    reason:
      "opens the generated module for writing (createNew), never for reading",
  },
  {
    file: "src/install/mutex.ts",
    token: "Deno.open",
    reason:
      "creates the process lock (createNew, write only); reading it goes through readStateFileSync",
  },
];

interface Hit {
  /** `file:line`, the file relative to the repository. */
  where: string;
  file: string;
  token: string;
  line: string;
}

/**
 * The forbidden uses in one source text, comments aside (JSDoc examples
 * read files freely: they run as tests, not as the CLI).
 */
function bareReads(file: string, text: string): Hit[] {
  const hits: Hit[] = [];
  let inBlock = false;
  text.split("\n").forEach((raw, i) => {
    let line = raw;
    if (inBlock) {
      const end = line.indexOf("*/");
      if (end === -1) return;
      line = line.slice(end + 2);
      inBlock = false;
    }
    line = line.replace(/\/\*.*?\*\//g, "");
    const open = line.indexOf("/*");
    if (open !== -1) {
      inBlock = true;
      line = line.slice(0, open);
    }
    if (line.trimStart().startsWith("//")) return;
    for (const { token, pattern } of FORBIDDEN) {
      if (pattern.test(line)) {
        hits.push({ where: `${file}:${i + 1}`, file, token, line: raw.trim() });
      }
    }
  });
  return hits;
}

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sources(path);
    else if (entry.isFile && /\.[cm]?[jt]sx?$/.test(entry.name)) yield path;
  }
}

Deno.test("src/cli and src/install read no file but through the checked reader", async () => {
  const hits: Hit[] = [];
  for (const dir of SCANNED) {
    for await (const path of sources(join(REPO, dir))) {
      const file = relative(REPO, path).split("\\").join("/");
      hits.push(...bareReads(file, await Deno.readTextFile(path)));
    }
  }
  const allowed = (hit: Hit) =>
    ALLOWED.some((a) => a.file === hit.file && a.token === hit.token);
  const bare = hits.filter((hit) => !allowed(hit));
  assert.deepEqual(
    bare.map((hit) => `${hit.where}: ${hit.token}: ${hit.line}`),
    [],
    "read these through src/shared/checked_read.ts (readInsideSync for a file in the project, readStateFileSync for our state files), or add them to ALLOWED with the reason they read nothing a project controls",
  );
  const stale = ALLOWED.filter((a) =>
    !hits.some((hit) => hit.file === a.file && hit.token === a.token)
  );
  assert.deepEqual(
    stale.map((a) => `${a.file}: ${a.token}`),
    [],
    "these ALLOWED entries match nothing any more: remove them",
  );
});

Deno.test("the bare-read scan names each read by file and line, and skips comments", () => {
  const text = [
    "// Deno.readTextFileSync in a line comment",
    "/**",
    " * const text = await Deno.readTextFile(path);",
    " */",
    'import { readFileSync } from "node:fs";',
    "const a = Deno.readTextFileSync(path); /* Deno.readFile */",
    "const b = await Deno.readFile(path);",
    'const fs = process.getBuiltinModule("fs");',
    "const c = readInsideSync(dir, path, options);",
  ].join("\n");
  assert.deepEqual(
    bareReads("src/cli/x.ts", text).map((hit) => `${hit.where} ${hit.token}`),
    [
      "src/cli/x.ts:5 readFile",
      "src/cli/x.ts:5 node:fs",
      "src/cli/x.ts:6 readTextFile",
      "src/cli/x.ts:7 readFile",
      "src/cli/x.ts:8 node:fs",
    ],
  );
});
