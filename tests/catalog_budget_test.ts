// Copyright 2026 the skillscope authors. MIT license.
// The catalog within a budget with tiers: tokens, characters or a share of
// the context window; fair shortening, then names only (lowest priority
// first), then left out; a report of every cut; never over; deterministic.
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildSkill } from "../src/parse/build_skill.ts";
import {
  type CatalogFormat,
  renderCatalogWithReport,
} from "../src/serve/catalog.ts";
import { estimateTokens } from "../src/serve/catalog_budget.ts";
import type { Skill } from "../src/shared/types.ts";

function skill(
  name: string,
  description: string,
  extra: { alwaysApply?: boolean; path?: string } = {},
): Skill {
  return buildSkill(
    {
      name,
      description,
      ...(extra.alwaysApply ? { alwaysApply: true } : {}),
    },
    Object.freeze({}),
    {
      fallbackName: name,
      path: extra.path,
      source: { kind: "directory", key: "/s" },
    },
  );
}

const many = Array.from(
  { length: 12 },
  (_, i) =>
    skill(
      `skill-${String(i).padStart(2, "0")}`,
      `${"word ".repeat(60)}end ${i}`,
      {
        path: `/s/skill-${i}/SKILL.md`,
      },
    ),
);

Deno.test("budget units: tokens, characters, a share of a context window, and the 8000-character default", () => {
  const chars = renderCatalogWithReport(many, { budget: { chars: 3000 } });
  assert.ok(chars.text.length <= 3000);
  assert.deepEqual(chars.cuts.limit?.unit, "chars");
  const tokens = renderCatalogWithReport(many, { budget: { tokens: 500 } });
  assert.ok(estimateTokens(tokens.text) <= 500);
  assert.equal(tokens.cuts.limit?.unit, "tokens");
  const window = renderCatalogWithReport(many, {
    budget: { contextWindow: 40_000 },
  });
  assert.equal(window.cuts.limit?.max, 800); // 2%
  const fallback = renderCatalogWithReport(many, { budget: {} });
  assert.deepEqual([fallback.cuts.limit?.unit, fallback.cuts.limit?.max], [
    "chars",
    8000,
  ]);
  // An exact tokenizer can be plugged in: here one token per word.
  const words = (text: string) => text.split(/\s+/).length;
  const exact = renderCatalogWithReport(many, {
    budget: { tokens: 300 },
    countTokens: words,
  });
  assert.ok(words(exact.text) <= 300);
});

Deno.test("tiers: descriptions shortened evenly, then the lowest-priority skills collapse to names, then are left out; pinned, always-apply and used skills last", () => {
  const skills = [
    ...many,
    skill("zz-always", "Always applies " + "x".repeat(200), {
      alwaysApply: true,
    }),
  ];
  const usage = { "skill-03": 50, "skill-07": 10 };
  const { text, cuts } = renderCatalogWithReport(skills, {
    format: "markdown",
    budget: { chars: 450 },
    pinned: ["skill-11"],
    usage,
  });
  assert.ok(text.length <= 450, `${text.length}`);
  assert.equal(cuts.descriptionsShortenedTo, 32);
  const collapsed = cuts.nameOnly ?? [];
  assert.ok(collapsed.length > 0);
  // The lowest priority goes first: unused skills, from the end of the name order.
  assert.equal(collapsed[0], "skill-10");
  for (const kept of ["skill-11", "zz-always", "skill-03", "skill-07"]) {
    assert.ok(
      !collapsed.includes(kept),
      `${kept} collapsed before unused skills`,
    );
    assert.match(text, new RegExp(`- ${kept}: `));
  }
  // The output is in name order whatever the priorities.
  const names = text.split("\n").map((l) => /^- ([\w-]+)/.exec(l)?.[1]).filter(
    Boolean,
  );
  assert.deepEqual(names, [...names].sort());
  const tiny = renderCatalogWithReport(skills, {
    format: "markdown",
    budget: { chars: 90 },
    usage,
  });
  assert.ok(tiny.text.length <= 90);
  assert.ok((tiny.cuts.omittedNames ?? []).length > 0);
  assert.ok(!(tiny.cuts.omittedNames ?? []).includes("skill-03"));
  const none = renderCatalogWithReport(skills, { budget: { chars: 5 } });
  assert.deepEqual([none.text, none.cuts.nothingFits], ["", true]);
});

Deno.test("each description is capped at maxEntryChars (1536 by default), and the cap is reported", () => {
  const long = skill("long", "y".repeat(3000));
  const { text, cuts } = renderCatalogWithReport(
    [long, skill("short", "fine")],
    { format: "json", budget: { chars: 100_000 } },
  );
  const entry = JSON.parse(text).skills.find((s: { name: string }) =>
    s.name === "long"
  );
  assert.equal(entry.description.length, 1536);
  assert.deepEqual(cuts.capped, ["long"]);
  const small = renderCatalogWithReport([long], {
    format: "json",
    budget: { chars: 100_000 },
    maxEntryChars: 100,
  });
  assert.equal(JSON.parse(small.text).skills[0].description.length, 100);
});

Deno.test("a budgeted catalog never exceeds its budget, stays valid JSON, and is the same for the same input (property)", () => {
  const arbSkill = fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
    description: fc.string({ minLength: 1, maxLength: 400 }),
    always: fc.boolean(),
  });
  fc.assert(
    fc.property(
      fc.uniqueArray(arbSkill, { selector: (s) => s.name, maxLength: 25 }),
      fc.integer({ min: 1, max: 3000 }),
      fc.constantFrom<CatalogFormat>("xml", "json", "markdown", "skills-ref"),
      fc.constantFrom("chars", "tokens"),
      fc.dictionary(fc.stringMatching(/^[a-z]{1,3}$/), fc.nat(100)),
      (specs, limit, format, unit, usage) => {
        const skills = specs.map((s) =>
          skill(s.name, s.description, { alwaysApply: s.always })
        );
        const budget = unit === "chars" ? { chars: limit } : { tokens: limit };
        const first = renderCatalogWithReport(skills, {
          format,
          budget,
          usage,
        });
        const again = renderCatalogWithReport([...skills].reverse(), {
          format,
          budget,
          usage,
        });
        assert.equal(first.text, again.text);
        const cost = unit === "chars"
          ? first.text.length
          : estimateTokens(first.text);
        assert.ok(cost <= limit, `${cost} > ${limit}`);
        if (format === "json" && first.text !== "") JSON.parse(first.text);
      },
    ),
    { numRuns: Number(Deno.env.get("FUZZ_RUNS") ?? 300) },
  );
});

Deno.test("cuts planned from entry lengths equal cuts found by rendering every candidate (property)", () => {
  const formats: CatalogFormat[] = ["xml", "json", "markdown", "skills-ref"];
  const skillArb = fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
    description: fc.string({ minLength: 1, maxLength: 120 }),
    located: fc.boolean(),
    alwaysApply: fc.boolean(),
  });
  fc.assert(
    fc.property(
      fc.array(skillArb, { minLength: 10, maxLength: 150 }),
      fc.constantFrom(...formats),
      fc.integer({ min: 20, max: 1500 }),
      fc.boolean(),
      (defs, format, tokens, pinFirst) => {
        const skills = defs.filter((d) => d.description.trim() !== "").map(
          (d) =>
            skill(d.name, d.description, {
              alwaysApply: d.alwaysApply,
              ...(d.located ? { path: `/s/${d.name}/SKILL.md` } : {}),
            }),
        );
        const options = {
          format,
          budget: { tokens },
          maxEntryChars: 80,
          ...(pinFirst ? { pinned: defs.slice(0, 2).map((d) => d.name) } : {}),
        };
        // A countTokens hook makes the planner render each candidate; the
        // built-in estimate (the same count) lets it plan from lengths.
        const planned = renderCatalogWithReport(skills, options);
        const rendered = renderCatalogWithReport(skills, {
          ...options,
          countTokens: (text: string) => estimateTokens(text),
        });
        assert.deepEqual(planned, rendered);
      },
    ),
    { numRuns: Number(Deno.env.get("FUZZ_RUNS") ?? "1000") },
  );
});

Deno.test("a budgeted catalog of 130,000 skills leaves most out instead of throwing a RangeError", () => {
  const skills = Array.from(
    { length: 130_000 },
    (_, i) => skill(`s-${i}`, `Does task ${i}`),
  );
  const { text, cuts } = renderCatalogWithReport(skills, {
    format: "xml",
    budget: { chars: 8000 },
  });
  assert.ok(text.length <= 8000);
  assert.ok(cuts.omitted > 129_000, `${cuts.omitted} omitted`);
  assert.equal(cuts.nothingFits, false);
});

Deno.test("a budget that collapses every skill to its name reports the descriptions dropped, not shortened", () => {
  const skills = ["a", "b", "c"].map((name) =>
    skill(name, `${name} ${"does things ".repeat(10)}`)
  );
  const { text, cuts } = renderCatalogWithReport(skills, {
    format: "markdown",
    budget: { chars: 20 },
  });
  assert.equal(text, "- a\n- b\n- c");
  assert.equal(cuts.descriptionsDropped, true);
  assert.equal(cuts.descriptionsShortenedTo, undefined);
  assert.deepEqual(cuts.nameOnly, ["c", "b", "a"]);
  // One description kept: the others collapse, lowest priority first.
  const some = renderCatalogWithReport(skills, {
    format: "markdown",
    budget: { chars: 50 },
  });
  assert.match(some.text, /^- a: a does things .*…\n- b\n- c$/);
  assert.deepEqual(
    [some.cuts.descriptionsShortenedTo, some.cuts.descriptionsDropped],
    [32, false],
  );
});
