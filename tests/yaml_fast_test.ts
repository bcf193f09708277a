// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import fc from "fast-check";
import { CORE_SCHEMA, load } from "js-yaml";
import { parseSimpleYaml } from "../src/parse/yaml_fast.ts";

/** What js-yaml makes of the text, or a marker when it throws. */
function reference(text: string): unknown {
  try {
    return load(text, { schema: CORE_SCHEMA });
  } catch {
    return "<<js-yaml error>>";
  }
}

// Pieces that exercise every branch of the fast path and many of its refusals.
const key = fc.constantFrom(
  "name",
  "description",
  "license",
  "metadata",
  "globs",
  "a",
  "b_c",
  "x-y",
  "__proto__",
  "Key9",
);
const word = fc.constantFrom(
  "pdf",
  "Use",
  "when",
  "the",
  "user",
  "asks",
  "true",
  "False",
  "null",
  "~",
  "12",
  "1.5",
  "-x",
  "a:b",
  "a: b",
  "#tag",
  "x #y",
  "#",
  "# note: a comment",
  "'#'",
  "it's",
  '"q"',
  "\\",
  '\\"',
  "'",
  "''",
  "[a]",
  "{b}",
  "a,b",
  "&anchor",
  "*alias",
  "!tag",
  "%",
  "@",
  "`",
  ">",
  "|",
  "-",
  "—",
  "技能",
  "😀",
  "\t",
  ":",
  "é",
);
const phrase = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) =>
  w.join(" ")
);
const spaces = fc.constantFrom("", " ", "  ");
const scalarText = fc.oneof(
  phrase,
  phrase.map((p) => `"${p}"`),
  phrase.map((p) => `'${p}'`),
  phrase.map((p) => `"${p.replaceAll('"', '\\"')}"`),
  phrase.map((p) => `'${p.replaceAll("'", "''")}'`),
  fc.constant(""),
);
const line = fc.oneof(
  fc.tuple(key, scalarText, spaces).map(([k, v, s]) => `${k}: ${v}${s}`),
  fc.tuple(
    key,
    fc.constantFrom(">-", ">", "|", "|-", "|+", ">2"),
    fc.array(phrase, { minLength: 0, maxLength: 3 }),
    fc.constantFrom(1, 2, 4),
  )
    .map(([k, h, ls, n]) =>
      [`${k}: ${h}`, ...ls.map((l) => `${" ".repeat(n)}${l}`)].join("\n")
    ),
  fc.tuple(
    key,
    fc.array(fc.tuple(key, scalarText), { minLength: 1, maxLength: 3 }),
    fc.constantFrom(1, 2),
  )
    .map(([k, entries, n]) =>
      [`${k}:`, ...entries.map(([a, b]) => `${" ".repeat(n)}${a}: ${b}`)].join(
        "\n",
      )
    ),
  fc.tuple(
    key,
    fc.array(scalarText, { minLength: 1, maxLength: 3 }),
    fc.constantFrom(0, 2),
  )
    .map(([k, items, n]) =>
      [`${k}:`, ...items.map((i) => `${" ".repeat(n)}- ${i}`)].join("\n")
    ),
  fc.tuple(key, fc.array(scalarText, { maxLength: 3 })).map(([k, items]) =>
    `${k}: [${items.join(", ")}]`
  ),
  fc.constantFrom(
    "",
    "# comment",
    "  # indented comment",
    "   ",
    "---",
    "...",
    "key:value",
    " indented: x",
  ),
);
const documents = fc.array(line, { minLength: 1, maxLength: 6 }).map((ls) =>
  ls.join("\n")
);

Deno.test("parseSimpleYaml() yields exactly what js-yaml yields whenever it accepts a document (property)", () => {
  let accepted = 0;
  fc.assert(
    fc.property(documents, (text) => {
      const fast = parseSimpleYaml(text);
      if (fast === undefined) return;
      accepted++;
      assert.deepEqual(fast, reference(text), JSON.stringify(text));
    }),
    { numRuns: Number(Deno.env.get("FUZZ_RUNS") ?? "3000") },
  );
  assert.ok(
    accepted > 300,
    `the fast path accepted only ${accepted} documents`,
  );
});

Deno.test("parseSimpleYaml() accepts the common shapes and refuses what it does not model", () => {
  assert.deepEqual(
    parseSimpleYaml(
      'name: pdf\ndescription: "Say \\"hi\\""\nmetadata:\n  v: "1.0"\nglobs:\n  - "*.md"',
    ),
    {
      name: "pdf",
      description: 'Say "hi"',
      metadata: { v: "1.0" },
      globs: ["*.md"],
    },
  );
  for (
    const text of [
      "a: &x 1",
      "a: *x",
      "a: !!str 1",
      "a: b: c",
      "a: {x: &y 1}",
      "a:\n  b:\n    - c: 1",
      "a: x\na: y",
      "a:\tb",
    ]
  ) {
    assert.equal(parseSimpleYaml(text), undefined, text);
  }
});

Deno.test("parseSimpleYaml() keeps a block scalar that ends the frontmatter (its trailing newline) on the fast path", () => {
  for (
    const [text, expected] of [
      ["name: demo\ndescription: |\n  Use when\n", "Use when\n"],
      [
        "name: demo\ndescription: >-\n  Use when\n  asked\n\n",
        "Use when asked",
      ],
      ["description: |-\n  a\n  b\n\nname: demo\n", "a\nb"],
    ] as const
  ) {
    const parsed = parseSimpleYaml(text);
    assert.equal(parsed?.description, expected, text);
    assert.deepEqual(parsed, reference(text));
  }
  // A whitespace-only line after the block may be content: the full parser decides.
  assert.equal(parseSimpleYaml("name: >-\n pdf\n   "), undefined);
});

Deno.test("parseSimpleYaml() ends a plain value at a comment, as js-yaml does, and leaves comments in flow sequences to it", () => {
  for (
    const [text, expected] of [
      ["description: Use when asked # a note: with a colon", {
        description: "Use when asked",
      }],
      ["tags:\n  - pdf # the main one\n  - docs", { tags: ["pdf", "docs"] }],
      ["metadata:\n  v: x #y # z", { metadata: { v: "x" } }],
      ["description: C#sharp and F#", { description: "C#sharp and F#" }],
      ["description: '# not a comment'", { description: "# not a comment" }],
    ] as const
  ) {
    assert.deepEqual(parseSimpleYaml(text), expected, text);
    assert.deepEqual(parseSimpleYaml(text), reference(text), text);
  }
  assert.equal(parseSimpleYaml("globs: [a #b]"), undefined);
  // A ": " before the comment is still the invalid-YAML defect.
  assert.equal(parseSimpleYaml("description: a: b # note"), undefined);
});
