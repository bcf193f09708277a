// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type CatalogFormat,
  renderCatalog,
  renderCatalogWithReport,
} from "../src/serve/catalog.ts";
import { layoutOf } from "../src/serve/catalog_layout.ts";
import { buildSkill } from "../src/parse/build_skill.ts";
import type { Skill } from "../src/shared/types.ts";
import { discover } from "../src/discover/discover.ts";
import { directorySource } from "../src/discover/sources.ts";

function skill(name: string, description: string, path?: string): Skill {
  return buildSkill({ name, description }, Object.freeze({}), {
    fallbackName: name,
    path,
    source: {
      kind: path === undefined ? "embedded" : "directory",
      key: path ?? `embedded:${name}`,
    },
  });
}

const FORMATS: CatalogFormat[] = ["xml", "json", "markdown", "skills-ref"];

Deno.test("renderCatalog() renders nothing for no skills, except json's empty list and the reference tool's empty block in skills-ref", () => {
  const empty: Record<CatalogFormat, string> = {
    xml: "",
    markdown: "",
    json: '{"skills":[],"omitted":0}',
    "skills-ref": "<available_skills>\n</available_skills>",
  };
  for (const format of FORMATS) {
    assert.equal(renderCatalog([], { format }), empty[format]);
  }
  assert.deepEqual(JSON.parse(renderCatalog([], { format: "json" })), {
    skills: [],
    omitted: 0,
  });
});

Deno.test("renderCatalog() xml is sorted by name and fully escaped", () => {
  const text = renderCatalog([
    skill("zeta", "Last", "/s/zeta/SKILL.md"),
    skill(
      "<a&\"b'>",
      "Use </description><script>x</script> & more",
      "/s/a&b/SKILL.md",
    ),
  ]);
  assert.equal(
    text,
    [
      "<available_skills>",
      "<skill><name>&lt;a&amp;&quot;b&apos;&gt;</name><description>Use &lt;/description&gt;&lt;script&gt;x&lt;/script&gt; &amp; more</description><location>/s/a&amp;b/SKILL.md</location></skill>",
      "<skill><name>zeta</name><description>Last</description><location>/s/zeta/SKILL.md</location></skill>",
      "</available_skills>",
    ].join("\n"),
  );
});

Deno.test("renderCatalog() xml replaces characters XML cannot carry", () => {
  const text = renderCatalog([
    skill("ctl", "bell\u0007 nul\u0000 lone\uD800 ok\uD83D\uDE00"),
  ]);
  assert.ok(
    text.includes("bell\uFFFD nul\uFFFD lone\uFFFD ok\uD83D\uDE00"),
    text,
  );
});

Deno.test("renderCatalog() skills-ref keeps a multi-line description's lines, trimmed at its ends, as the reference to-prompt does", async () => {
  const root = await Deno.makeTempDir();
  await Deno.mkdir(`${root}/multi`);
  await Deno.writeTextFile(
    `${root}/multi/SKILL.md`,
    "---\nname: multi\ndescription: |\n  First line, with  two spaces.\n\n  Second paragraph & <tag>.\n---\n# Body\n",
  );
  const { skills } = await discover({ sources: [directorySource(root)] });
  const text = renderCatalog(skills, { format: "skills-ref" });
  assert.equal(
    text,
    [
      "<available_skills>",
      "<skill>",
      "<name>",
      "multi",
      "</name>",
      "<description>",
      "First line, with  two spaces.",
      "",
      "Second paragraph &amp; &lt;tag&gt;.",
      "</description>",
      "<location>",
      `${await Deno.realPath(root)}/multi/SKILL.md`,
      "</location>",
      "</skill>",
      "</available_skills>",
    ].join("\n"),
  );
  // Every other format still writes the description on one line.
  assert.match(
    renderCatalog(skills, { format: "xml" }),
    /<description>First line, with two spaces\. Second paragraph &amp; &lt;tag&gt;\.<\/description>/,
  );
});

Deno.test("renderCatalog() skills-ref reproduces the reference to-prompt layout", () => {
  const text = renderCatalog(
    [
      skill(
        "pdf-reader",
        'Read & extract text from "PDF" files',
        "/p/pdf-reader/SKILL.md",
      ),
      skill("a-b", "It's <b>", "/p/a-b/SKILL.md"),
    ],
    { format: "skills-ref" },
  );
  assert.equal(
    text,
    [
      "<available_skills>",
      "<skill>",
      "<name>",
      "a-b",
      "</name>",
      "<description>",
      "It&#x27;s &lt;b&gt;",
      "</description>",
      "<location>",
      "/p/a-b/SKILL.md",
      "</location>",
      "</skill>",
      "<skill>",
      "<name>",
      "pdf-reader",
      "</name>",
      "<description>",
      "Read &amp; extract text from &quot;PDF&quot; files",
      "</description>",
      "<location>",
      "/p/pdf-reader/SKILL.md",
      "</location>",
      "</skill>",
      "</available_skills>",
    ].join("\n"),
  );
});

Deno.test("renderCatalog() markdown and json forms", () => {
  const skills = [
    skill("b", "Two\nlines", "/s/b/SKILL.md"),
    skill("a", "Embedded one"),
  ];
  assert.equal(
    renderCatalog(skills, { format: "markdown" }),
    "- a: Embedded one\n- b: Two lines (file: /s/b/SKILL.md)",
  );
  assert.deepEqual(JSON.parse(renderCatalog(skills, { format: "json" })), {
    skills: [
      { name: "a", description: "Embedded one" },
      { name: "b", description: "Two lines", location: "/s/b/SKILL.md" },
    ],
    omitted: 0,
  });
});

Deno.test("renderCatalog() drops locations, then shortens descriptions evenly, then drops them, then omits skills", () => {
  const skills = Array.from(
    { length: 10 },
    (_, i) =>
      skill(`skill-${i}`, `${"word ".repeat(40)}end ${i}`, `/s/${i}/SKILL.md`),
  );
  const full = renderCatalog(skills, { format: "markdown" });
  // 1. locations go first: a model chooses by description
  const noLocations = renderCatalogWithReport(skills, {
    format: "markdown",
    maxChars: full.length - 50,
  });
  assert.ok(!noLocations.text.includes("(file:"), noLocations.text);
  assert.ok(noLocations.text.includes(`${"word ".repeat(40)}end 3`));
  assert.equal(noLocations.cuts.locationsDropped, true);
  assert.equal(noLocations.cuts.descriptionsShortenedTo, undefined);
  // 2. shortened: every description cut to the same length, with an ellipsis
  const shortened = renderCatalog(skills, {
    format: "markdown",
    maxChars: full.length - 500,
  });
  assert.ok(shortened.length <= full.length - 500);
  assert.ok(!shortened.includes("(file:"));
  const descs = shortened.split("\n").map((l) => /: (.*)$/.exec(l)![1]!);
  assert.ok(
    descs.every((d) => d.endsWith("…") && d.length === descs[0]!.length),
    shortened,
  );
  // 3. dropped descriptions
  const bare = renderCatalog(skills, { format: "markdown", maxChars: 400 });
  assert.ok(bare.length <= 400);
  assert.ok(!bare.includes("word"), bare);
  // 4. omitted skills, with a closing note
  const omitted = renderCatalog(skills, { format: "markdown", maxChars: 70 });
  assert.ok(omitted.length <= 70, omitted);
  assert.match(omitted, /- … and \d+ more skills omitted$/);
  const kept = omitted.split("\n").length - 1;
  assert.ok(omitted.endsWith(`and ${10 - kept} more skills omitted`), omitted);
  const xml = renderCatalog(skills, { format: "xml", maxChars: 150 });
  assert.match(xml, /<!-- \d+ more skills omitted -->$/);
  assert.equal(
    JSON.parse(renderCatalog(skills, { format: "json", maxChars: 100 }))
      .omitted > 0,
    true,
  );
  assert.equal(renderCatalog(skills, { format: "xml", maxChars: 5 }), "");
});

Deno.test("renderCatalog() never exceeds the budget and keeps json valid (property)", () => {
  const arbSkill = fc.record({
    name: fc.string({ minLength: 1, maxLength: 30 }),
    description: fc.string({ minLength: 1, maxLength: 400 }),
    path: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
  });
  fc.assert(
    fc.property(
      fc.array(arbSkill, { maxLength: 25 }),
      fc.integer({ min: 0, max: 6000 }),
      fc.constantFrom(...FORMATS),
      (raw, maxChars, format) => {
        const skills = raw.map((r) => skill(r.name, r.description, r.path));
        const text = renderCatalog(skills, { format, maxChars });
        assert.ok(text.length <= maxChars, `${text.length} > ${maxChars}`);
        if (format === "json" && text !== "") {
          const parsed = JSON.parse(text);
          assert.equal(parsed.skills.length + parsed.omitted, skills.length);
        }
        if (format === "xml" && text !== "") {
          assert.ok(text.startsWith("<available_skills>"));
          const body = text.replace(
            /<\/?(available_skills|skill|name|description|location)>/g,
            "",
          );
          assert.ok(
            !/[<>]/.test(body.replace(/<!-- \d+ more skills? omitted -->/, "")),
            text,
          );
        }
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("renderCatalog() keeps the most skills that fit when even their names overflow the budget, in every format", () => {
  const many = Array.from(
    { length: 600 },
    (_, i) =>
      skill(
        `skill-${String(i).padStart(4, "0")}`,
        `Does task ${i} when the user asks for it`,
        `/skills/skill-${i}/SKILL.md`,
      ),
  );
  for (const format of FORMATS) {
    const layout = layoutOf(format);
    const bare = many.map((s) => layout.frame(s, false, false));
    for (const maxChars of [60, 500, 8000, 20_000]) {
      // The reference: the largest number of names, from the first, that
      // fit with the footer that counts the rest.
      let expected = "";
      for (let kept = many.length; kept >= 1 && expected === ""; kept--) {
        const text = layout.header + bare.slice(0, kept).join(layout.sep) +
          layout.footer(many.length - kept, false);
        if (text.length <= maxChars) expected = text;
      }
      const { text, cuts } = renderCatalogWithReport(many, {
        format,
        maxChars,
      });
      assert.equal(text, expected, `${format} ${maxChars}`);
      assert.equal(cuts.nothingFits, expected === "");
    }
  }
});

Deno.test("renderCatalogWithReport() with maxChars counts every skill left out when not even one name fits", () => {
  const skills = [skill("alpha", "First", "/s/a/SKILL.md"), skill("beta", "B")];
  const { text, cuts } = renderCatalogWithReport(skills, { maxChars: 5 });
  assert.equal(text, "");
  assert.deepEqual(cuts, {
    locationsDropped: true,
    descriptionsDropped: true,
    omitted: 2,
    nothingFits: true,
  });
});

Deno.test("renderCatalog() with maxChars plans as a character budget in which every skill ranks the same", () => {
  const skills = [
    skill("a", `${"alpha ".repeat(20)}end`, "/s/a/SKILL.md"),
    skill("b", `${"beta ".repeat(20)}end`),
    skill("c", `${"gamma ".repeat(20)}end`),
  ];
  // While descriptions only shorten, maxChars and a character budget agree.
  for (const maxChars of [10_000, 300, 150]) {
    assert.equal(
      renderCatalog(skills, { format: "markdown", maxChars }),
      renderCatalog(skills, {
        format: "markdown",
        budget: { chars: maxChars },
      }),
    );
  }
  // Past that, the budget collapses the lowest priority first; maxChars,
  // with no priorities, drops every description together.
  const plain = renderCatalogWithReport(skills, {
    format: "markdown",
    maxChars: 60,
  });
  assert.equal(plain.text, "- a\n- b\n- c");
  assert.deepEqual(plain.cuts, {
    locationsDropped: true,
    descriptionsDropped: true,
    omitted: 0,
    nothingFits: false,
  });
  assert.match(
    renderCatalog(skills, { format: "markdown", budget: { chars: 60 } }),
    /^- a: alpha alpha .*…\n- b\n- c$/,
  );
});
