// Copyright 2026 the skillscope authors. MIT license.
// Property-based fuzzing. The normal test run uses a small sample; `deno task
// fuzz` sets FUZZ_RUNS to tens of thousands.
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import fc from "fast-check";
import { normalizeAssetPath } from "../src/shared/asset_path.ts";
import { renderCatalog } from "../src/serve/catalog.ts";
import { SkillAccessError, SkillParseError } from "../src/shared/errors.ts";
import { splitFrontmatter } from "../src/parse/frontmatter.ts";
import { compileGlobs, matchSkills } from "../src/serve/match.ts";
import { parseSkillMd } from "../src/parse/skill_md.ts";
import { buildSkill } from "../src/parse/build_skill.ts";
import { SkillSet } from "../src/serve/skill_set.ts";
import { directorySource } from "../src/discover/sources.ts";
import { validateSkillMd } from "../src/parse/validate.ts";
import { markdownToHtml } from "../src/web/markdown_html.ts";
import { tempDir, writeSkill, writeTree } from "./_helpers.ts";
import {
  assertOnlyOwnMarkup,
  assertOwnMarkupNests,
} from "./_markdown_hostile.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? "300");

// Text biased towards the characters that matter to SKILL.md parsing.
const piece = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "---",
    "---\n",
    "\n",
    "\r\n",
    "\uFEFF",
    ": ",
    "name: x",
    "description: d",
    "  - ",
    "|",
    ">-",
    "'",
    '"',
    "\\",
    "#",
    "&a",
    "*a",
    "!!js/regexp /x/",
    "__proto__: 1",
    "\u0000",
    "\uD800",
    "[",
    "{",
    "…",
  ),
);
const text = fc.array(piece, { maxLength: 20 }).map((parts) => parts.join(""));

Deno.test("fuzz: splitFrontmatter() only ever throws SkillParseError, and round-trips", () => {
  fc.assert(
    fc.property(text, (t) => {
      try {
        splitFrontmatter(t);
      } catch (error) {
        assert.ok(error instanceof SkillParseError, String(error));
      }
    }),
    { numRuns: RUNS },
  );
  const yamlLine = fc.string().filter((l) =>
    !l.includes("\n") && !l.includes("\r") && !/^---[ \t]*$/.test(l)
  );
  fc.assert(
    fc.property(
      fc.array(yamlLine, { maxLength: 8 }),
      fc.string(),
      (lines, body) => {
        const yaml = lines.map((l) => `${l}\n`).join("");
        const split = splitFrontmatter(`---\n${yaml}---\n${body}`);
        assert.equal(
          split.yaml,
          yaml.replace(/\r\n?/g, "\n").replace(/^\uFEFF/, ""),
        );
        assert.equal(
          split.text.slice(split.bodyStart),
          body.replace(/\r\n?/g, "\n"),
        );
      },
    ),
    { numRuns: RUNS },
  );
});

Deno.test("fuzz: parseSkillMd() and validateSkillMd() never throw anything unexpected and never pollute prototypes", () => {
  fc.assert(
    fc.property(text, fc.boolean(), (body, strict) => {
      const t = `---\n${body}\n---\n`;
      try {
        const parsed = parseSkillMd(t, { strict, dirName: "x" });
        assert.equal(Object.getPrototypeOf(parsed.frontmatter), null);
        for (const d of parsed.diagnostics) assert.ok(d.message.length > 0);
      } catch (error) {
        assert.ok(error instanceof SkillParseError, String(error));
      }
      const diagnostics = validateSkillMd(t, { strict, dirName: "x" });
      assert.ok(Array.isArray(diagnostics));
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    }),
    { numRuns: RUNS },
  );
});

Deno.test("fuzz: glob matching never throws, whatever the globs and paths", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string(), { maxLength: 4 }),
      fc.array(fc.string(), { maxLength: 4 }),
      (globs, paths) => {
        const matcher = compileGlobs(globs);
        for (const p of paths) assert.equal(typeof matcher(p), "boolean");
        const skill = buildSkill({ name: "s", description: "d", globs }, {}, {
          fallbackName: "s",
          source: { kind: "embedded", key: "embedded:s" },
        });
        matchSkills([skill], paths);
      },
    ),
    { numRuns: RUNS },
  );
});

Deno.test("fuzz: catalog output escapes every name, description and location", () => {
  const skillArb = fc.record({
    name: fc.string({ minLength: 1 }),
    description: fc.string({ minLength: 1 }),
    path: fc.string(),
  });
  fc.assert(
    fc.property(fc.array(skillArb, { maxLength: 8 }), (raw) => {
      const skills = raw.map((r) =>
        buildSkill({ name: r.name, description: r.description }, {}, {
          fallbackName: r.name,
          path: r.path,
          source: { kind: "directory", key: "/" },
        })
      );
      const xml = renderCatalog(skills, { format: "xml" });
      const inner = xml.replace(
        /<\/?(available_skills|skill|name|description|location)>/g,
        "",
      );
      assert.ok(!/[<>]/.test(inner), xml);
      assert.ok(!/&(?!(amp|lt|gt|quot|apos);)/.test(inner), xml);
      assert.ok(
        ![...xml].some((c) =>
          c < " " && c !== "\n" && c !== "\t" && c !== "\r"
        ),
      );
      const json = renderCatalog(skills, { format: "json" });
      if (json !== "") {
        assert.equal(JSON.parse(json).skills.length, skills.length);
      }
      const ref = renderCatalog(skills, { format: "skills-ref" });
      const refInner = ref.replace(
        /<\/?(available_skills|skill|name|description|location)>/g,
        "",
      );
      assert.ok(!/[<>]/.test(refInner), ref);
    }),
    { numRuns: RUNS },
  );
});

Deno.test("fuzz: the asset path guard never lets a path leave its base", () => {
  const segment = fc.constantFrom(
    "..",
    ".",
    "",
    "a",
    "b.md",
    "\\",
    "..\\..",
    "/",
    "C:",
    "\u0000",
    "~",
    "%2e%2e",
  );
  const pathArb = fc.array(segment, { maxLength: 8 }).map((s) => s.join("/"));
  fc.assert(
    fc.property(fc.oneof(pathArb, fc.string()), (p) => {
      const normalized = normalizeAssetPath(p);
      if (normalized === undefined) return;
      assert.ok(!normalized.split("/").includes(".."));
      assert.ok(!normalized.startsWith("/"));
      assert.ok(!normalized.includes("\0"));
      const base = "/base/skill";
      assert.ok(resolve(base, normalized).startsWith(`${base}/`), normalized);
    }),
    { numRuns: RUNS * 10 },
  );
});

Deno.test("fuzz: readAsset() on a real tree returns only files inside the skill, or a SkillAccessError", async () => {
  await using dir = await tempDir();
  const root = join(dir.path, "skills");
  await writeSkill(root, "s");
  await writeTree(join(root, "s"), { "a/b.md": "inside", "c.md": "inside" });
  await writeTree(dir.path, { "secret.md": "SECRET" });
  await Deno.symlink(
    join(dir.path, "secret.md"),
    join(root, "s", "a", "escape.md"),
  );
  await Deno.symlink(dir.path, join(root, "s", "up"));
  const set = SkillSet.openSync({
    sources: [directorySource(root)],
    cache: false,
  });
  const segment = fc.constantFrom(
    "..",
    ".",
    "a",
    "b.md",
    "c.md",
    "escape.md",
    "up",
    "secret.md",
    "SKILL.md",
    "",
    "\\",
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => s.join("/")),
      async (p) => {
        try {
          const text = await set.readAssetText("s", p);
          assert.ok(!text.includes("SECRET"), p);
        } catch (error) {
          assert.ok(error instanceof SkillAccessError, `${p}: ${error}`);
        }
      },
    ),
    { numRuns: RUNS },
  );
});

// Markdown biased towards the marks the page renderer looks for.
const markdownPiece = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "[",
    "]",
    "(",
    ")",
    "![",
    "](",
    "*",
    "**",
    "_",
    "__",
    "`",
    "``",
    "```",
    "<",
    ">",
    "> ",
    "# ",
    "#",
    "- ",
    "1. ",
    "  ",
    "\n",
    "\n\n",
    "|",
    "&",
    '"',
    "'",
    "a",
    " ",
    "javascript:alert(1)",
    "<script>",
    "\u2028",
    "\uD800",
  ),
);

Deno.test("fuzz: markdownToHtml() emits only its own tags, properly nested, around escaped text", () => {
  fc.assert(
    fc.property(
      fc.array(markdownPiece, { maxLength: 40 }).map((parts) => parts.join("")),
      (markdown) => {
        const html = markdownToHtml(markdown);
        assertOnlyOwnMarkup(html);
        assertOwnMarkupNests(html);
      },
    ),
    { numRuns: RUNS },
  );
});

Deno.test("fuzz: markdownToHtml() renders a few marks repeated thousands of times in bounded time", () => {
  fc.assert(
    fc.property(
      fc.array(markdownPiece, { minLength: 1, maxLength: 4 }),
      fc.integer({ min: 1, max: 2000 }),
      (parts, times) => {
        const markdown = parts.join("").repeat(times);
        const started = performance.now();
        const html = markdownToHtml(markdown);
        const ms = performance.now() - started;
        assert.ok(
          ms < 2000,
          `${ms.toFixed(0)} ms for ${JSON.stringify(parts)} × ${times}`,
        );
        assertOnlyOwnMarkup(html);
        assertOwnMarkupNests(html);
      },
    ),
    { numRuns: Math.min(RUNS, 200) },
  );
});
