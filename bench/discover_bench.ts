// Copyright 2026 the skillscope authors. MIT license.
// deno bench --allow-read --allow-write --allow-env bench/
// Set BENCH_100K=1 to include the 100k-skill tree (about 1.5 GB, generated once).
import { discover, discoverSync } from "../src/discover/discover.ts";
import { loadYamlParser } from "../src/parse/yaml.ts";
import { SkillCache } from "../src/discover/scan_cache.ts";
import { directorySource } from "../src/discover/sources.ts";
import { benchTree, realisticTree } from "./fixtures.ts";

// The realistic corpus needs the full YAML parser for some frontmatters.
await loadYamlParser();

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
    name: `in-Deno safe floor ${size} (readdir + lstat/open/read 8 KiB/close)`,
    group: `discover ${size}`,
    fn(): void {
      const buffer = new Uint8Array(8192);
      for (const entry of Deno.readDirSync(root)) {
        if (!entry.isDirectory) continue;
        const path = `${root}/${entry.name}/SKILL.md`;
        if (!Deno.lstatSync(path).isFile) continue;
        const file = Deno.openSync(path);
        file.readSync(buffer);
        file.close();
      }
    },
  });
}

const realistic = realisticTree(10_000);
Deno.bench({
  name: "discoverSync 10k realistic skills (bench/realistic.ts), cold",
  group: "realistic",
  fn(): void {
    discoverSync({ sources: [directorySource(realistic)], cache: false });
  },
});

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
