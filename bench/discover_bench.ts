// Copyright 2026 the skillscope authors. MIT license.
// deno bench --allow-read --allow-write --allow-env bench/
// Set BENCH_100K=1 to include the 100k-skill tree (about 1.5 GB, generated once).
import { discover, discoverSync } from "../src/discover/discover.ts";
import { SkillCache } from "../src/discover/scan_cache.ts";
import { directorySource } from "../src/discover/sources.ts";
import { benchTree } from "./fixtures.ts";

const sizes = [1_000, 10_000, ...(Deno.env.get("BENCH_100K") ? [100_000] : [])];

for (const size of sizes) {
  const root = benchTree(size);
  Deno.bench({
    name: `discoverSync ${size} flat skills, cold (no cache)`,
    group: `discover ${size}`,
    baseline: true,
    fn(): void {
      discoverSync({ sources: [directorySource(root)], cache: false });
    },
  });
  Deno.bench({
    name: `discover (async) ${size} flat skills, cold`,
    group: `discover ${size}`,
    async fn(): Promise<void> {
      await discover({ sources: [directorySource(root)], cache: false });
    },
  });
  const cache = new SkillCache();
  const sources = [directorySource(root)];
  discoverSync({ sources, cache });
  Deno.bench({
    name: `discoverSync ${size} flat skills, warm (cache hit)`,
    group: `discover ${size}`,
    fn(): void {
      discoverSync({ sources, cache });
    },
  });
  Deno.bench({
    name: `in-Deno raw-read floor ${size} (readdir + open/read 8 KiB/close)`,
    group: `discover ${size}`,
    fn(): void {
      const buffer = new Uint8Array(8192);
      for (const entry of Deno.readDirSync(root)) {
        if (!entry.isDirectory) continue;
        const file = Deno.openSync(`${root}/${entry.name}/SKILL.md`);
        file.readSync(buffer);
        file.close();
      }
    },
  });
}

const nested = benchTree(2_000, "nested");
Deno.bench({
  name: "discoverSync 2000 skills, nested layout, recursive",
  fn(): void {
    discoverSync({
      sources: [directorySource(nested, { recursive: true, maxDirs: 10_000 })],
      cache: false,
    });
  },
});
