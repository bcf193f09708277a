// Copyright 2026 the skillscope authors. MIT license.
// deno bench --allow-read --allow-write --allow-env bench/
import { renderCatalog } from "../src/serve/catalog.ts";
import { discoverSync } from "../src/discover/discover.ts";
import { matchSkills } from "../src/serve/match.ts";
import { parseSkillMd } from "../src/parse/skill_md.ts";
import { searchSkills } from "../src/serve/search.ts";
import { directorySource } from "../src/discover/sources.ts";
import type { Skill } from "../src/shared/types.ts";
import { validateSkillMd } from "../src/parse/validate.ts";
import { benchTree } from "./fixtures.ts";
import { skillText } from "./generate.ts";

const root = benchTree(10_000);
const skills: readonly Skill[] =
  discoverSync({ sources: [directorySource(root)], cache: false }).skills;
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const texts = Array.from({ length: 1000 }, (_, i) => skillText(i, random));

Deno.bench("parseSkillMd 1000 SKILL.md texts (1-30 KiB)", () => {
  for (const { text } of texts) {
    try {
      parseSkillMd(text);
    } catch {
      // counted like any other
    }
  }
});

Deno.bench("validateSkillMd 1000 texts, strict", () => {
  for (const { name, text } of texts) {
    validateSkillMd(text, { dirName: name, strict: true });
  }
});

Deno.bench("renderCatalog 10k skills, xml, 8000-char budget", () => {
  renderCatalog(skills, { format: "xml", maxChars: 8000 });
});

Deno.bench("renderCatalog 10k skills, xml, no budget", () => {
  renderCatalog(skills, { format: "xml" });
});

const paths = Array.from(
  { length: 100 },
  (_, i) => `src/module-${i}/file-${i}.${["ts", "md", "sql", "py"][i % 4]}`,
);
Deno.bench("matchSkills 10k skills x 100 paths", () => {
  matchSkills(skills, paths);
});

Deno.bench("searchSkills 10k skills (index built once per skill list)", () => {
  searchSkills(skills, "convert pdf report to spreadsheet");
});
