// Copyright 2026 the skillscope authors. MIT license.
/**
 * What importing the main entry costs a program: `deno run` of a script that
 * imports `discover` from `mod.ts`, against an empty script and against one
 * importing only the discovery modules, alternated in one run, medians and
 * ratios reported. Also checks that no MCP package is on the main entry's
 * import graph.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-run bench/import_cost.ts
 * ```
 *
 * @module
 */
import { join } from "node:path";

const REPO = new URL("..", import.meta.url).pathname;
const RUNS = Number(Deno.args[0] ?? 15);

const dir = await Deno.makeTempDir();
const scripts = {
  empty: "",
  "mod.ts": `import { discover } from ${
    JSON.stringify(join(REPO, "mod.ts"))
  }; if (typeof discover !== "function") throw 0;`,
  "discover.ts": `import { discover } from ${
    JSON.stringify(join(REPO, "src/discover/discover.ts"))
  }; if (typeof discover !== "function") throw 0;`,
};
const paths: Record<string, string> = {};
for (const [name, text] of Object.entries(scripts)) {
  paths[name] = join(dir, `${name.replace(/\W/g, "_")}.ts`);
  await Deno.writeTextFile(paths[name]!, text);
}

async function run(path: string): Promise<number> {
  const start = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", `--config=${join(REPO, "deno.json")}`, path],
    stdout: "null",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error(`${path} failed`);
  return performance.now() - start;
}

const times: Record<string, number[]> = {};
for (const path of Object.values(paths)) await run(path); // warm the caches
for (let i = 0; i < RUNS; i++) {
  for (const [name, path] of Object.entries(paths)) {
    (times[name] ??= []).push(await run(path));
  }
}
const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const empty = median(times.empty!);
for (const name of Object.keys(paths)) {
  const m = median(times[name]!);
  console.log(
    `${name.padEnd(12)} median ${m.toFixed(1)} ms  (${
      (m / empty).toFixed(2)
    }× empty, +${(m - empty).toFixed(1)} ms)`,
  );
}

const info = await new Deno.Command(Deno.execPath(), {
  args: [
    "info",
    "--json",
    `--config=${join(REPO, "deno.json")}`,
    join(REPO, "mod.ts"),
  ],
  stdout: "piped",
}).output();
const graph = JSON.parse(new TextDecoder().decode(info.stdout)) as {
  modules: { specifier: string }[];
};
const external = graph.modules.map((m) => m.specifier).filter((s) =>
  !s.startsWith("file:")
);
console.log(
  `mod.ts: ${graph.modules.length} modules; external: ${external.join(", ")}`,
);
if (external.some((s) => s.includes("@modelcontextprotocol"))) {
  throw new Error("the MCP SDK is on the main entry's import graph");
}
await Deno.remove(dir, { recursive: true });
