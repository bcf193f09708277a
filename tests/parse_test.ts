// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { SkillParseError } from "../src/shared/errors.ts";
import { parseSkillMd } from "../src/parse/skill_md.ts";
import { validateSkillMd } from "../src/parse/validate.ts";
import { skillMd } from "./_helpers.ts";
import { loadYamlParser } from "../src/parse/yaml.ts";

// These tests reach the full YAML parser through synchronous functions.
const yamlParser = await loadYamlParser();

Deno.test("parseSkillMd() types every known field", () => {
  const parsed = parseSkillMd(skillMd([
    "name: demo",
    "description: >-",
    "  Folded",
    "  description",
    "license: Apache-2.0",
    "compatibility: Needs git",
    "allowed-tools: Bash Read",
    "metadata:",
    "  author: me",
    "  version: 2",
    "globs: ['*.ts', 'src/**']",
    "always_apply: true",
  ].join("\n")));
  assert.deepEqual({
    ...parsed.fields,
    metadata: { ...parsed.fields.metadata },
  }, {
    name: "demo",
    description: "Folded description",
    license: "Apache-2.0",
    compatibility: "Needs git",
    allowedTools: "Bash Read",
    metadata: { author: "me", version: "2" },
    globs: ["*.ts", "src/**"],
    alwaysApply: true,
  });
  assert.equal(parsed.body, "# Body\n");
  assert.equal(parsed.bodyLine, 15);
});

Deno.test("parseSkillMd() reads globs from a comma-separated string and from paths", () => {
  assert.deepEqual(
    parseSkillMd(skillMd("name: a\ndescription: b\nglobs: '*.md, docs/**'"))
      .fields.globs,
    [
      "*.md",
      "docs/**",
    ],
  );
  assert.deepEqual(
    parseSkillMd(skillMd("name: a\ndescription: b\npaths: [x/**]")).fields
      .globs,
    ["x/**"],
  );
});

Deno.test("parseSkillMd() keeps only top-level keys and the raw map frozen", () => {
  const parsed = parseSkillMd(
    skillMd("name: a\ndescription: b\nnested:\n  name: inner\n  deep: [1, 2]"),
  );
  assert.equal(parsed.fields.name, "a");
  assert.deepEqual(Object.keys(parsed.frontmatter), [
    "name",
    "description",
    "nested",
  ]);
  assert.ok(Object.isFrozen(parsed.frontmatter));
  assert.ok(Object.isFrozen(parsed.frontmatter.nested));
  assert.equal(Object.getPrototypeOf(parsed.frontmatter), null);
});

Deno.test("parseSkillMd() recovers from an unquoted colon with a warning", () => {
  const parsed = parseSkillMd(
    skillMd("name: a\ndescription: Use when: the user asks: things"),
    {
      path: "/s/a/SKILL.md",
    },
  );
  assert.equal(parsed.fields.description, "Use when: the user asks: things");
  assert.deepEqual(parsed.diagnostics.map((d) => [d.level, d.code, d.line]), [[
    "warning",
    "yaml-invalid",
    3,
  ]]);
  assert.ok(parsed.diagnostics[0]!.message.includes("/s/a/SKILL.md"));
});

Deno.test("parseSkillMd() keeps single quotes intact in the colon retry", () => {
  const parsed = parseSkillMd(
    skillMd("name: a\ndescription: It's used when: it's needed"),
  );
  assert.equal(parsed.fields.description, "It's used when: it's needed");
});

Deno.test("parseSkillMd() in strict mode makes the colon retry an error", () => {
  const parsed = parseSkillMd(skillMd("name: a\ndescription: Use when: x"), {
    strict: true,
  });
  assert.deepEqual(parsed.diagnostics.map((d) => [d.level, d.code]), [[
    "error",
    "yaml-invalid",
  ]]);
});

Deno.test("parseSkillMd() throws yaml-invalid with a file line for YAML it cannot repair", () => {
  assert.throws(
    () =>
      parseSkillMd(skillMd("name: a\ndescription: [unclosed"), {
        yamlParser,
        path: "/p/SKILL.md",
      }),
    (e: unknown) =>
      e instanceof SkillParseError && e.code === "yaml-invalid" &&
      e.path === "/p/SKILL.md" &&
      typeof e.line === "number" && e.line >= 3,
  );
});

Deno.test("parseSkillMd() takes the last of duplicate keys with a duplicate-key warning", () => {
  const parsed = parseSkillMd(
    skillMd("name: a\ndescription: first\ndescription: second"),
    { yamlParser },
  );
  assert.equal(parsed.fields.description, "second");
  assert.deepEqual(parsed.diagnostics.map((d) => [d.level, d.code, d.line]), [[
    "warning",
    "duplicate-key",
    4,
  ]]);
});

Deno.test("parseSkillMd() rejects a frontmatter that is not a mapping", () => {
  for (const yaml of ["- a\n- b", "just a string"]) {
    assert.throws(
      () => parseSkillMd(skillMd(yaml), { yamlParser }),
      (e: unknown) =>
        e instanceof SkillParseError && e.code === "frontmatter-not-map",
    );
  }
});

Deno.test("parseSkillMd() treats an empty frontmatter as an empty map", () => {
  const parsed = parseSkillMd("---\n---\nBody");
  assert.deepEqual(parsed.diagnostics.map((d) => d.code), [
    "name-missing",
    "description-missing",
  ]);
});

Deno.test("parseSkillMd() never lets __proto__ or constructor keys pollute objects", () => {
  const parsed = parseSkillMd(
    skillMd(
      "name: a\ndescription: b\n__proto__:\n  polluted: yes\nconstructor: x\nmetadata:\n  __proto__: evil\n  constructor: y",
    ),
    { yamlParser },
  );
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.getPrototypeOf(parsed.frontmatter), null);
  assert.deepEqual(Object.keys(parsed.frontmatter), [
    "name",
    "description",
    "__proto__",
    "constructor",
    "metadata",
  ]);
  assert.equal(parsed.fields.metadata?.["__proto__"], "evil");
  assert.equal(Object.getPrototypeOf(parsed.fields.metadata), null);
});

Deno.test("frontmatter keys Object.prototype has are own entries, also where its properties are read-only", () => {
  // Frozen intrinsics make assigning "toString" on a plain object throw
  // (the "override mistake"); the records are built from plain objects.
  const original = Object.getOwnPropertyDescriptor(
    Object.prototype,
    "toString",
  )!;
  Object.defineProperty(Object.prototype, "toString", { writable: false });
  try {
    const parsed = parseSkillMd(
      skillMd(
        "name: a\ndescription: b\ntoString: x\nmetadata:\n  valueOf: y\n  toString: z",
      ),
    );
    assert.deepEqual(Object.keys(parsed.frontmatter), [
      "name",
      "description",
      "toString",
      "metadata",
    ]);
    assert.equal(parsed.frontmatter.toString, "x");
    assert.equal(parsed.fields.metadata?.["toString"], "z");
    assert.equal(Object.getPrototypeOf(parsed.fields.metadata), null);
  } finally {
    Object.defineProperty(Object.prototype, "toString", original);
  }
});

Deno.test("parseSkillMd() refuses JS-specific YAML tags", () => {
  assert.throws(
    () =>
      parseSkillMd(
        skillMd("name: a\ndescription: !!js/function 'function () {}'"),
        { yamlParser },
      ),
    (e: unknown) => e instanceof SkillParseError && e.code === "yaml-invalid",
  );
});

Deno.test("parseSkillMd() refuses an alias bomb without expanding it", () => {
  const lines = ["name: a", "description: b", "l0: &l0 [x, x]"];
  for (let i = 1; i < 30; i++) {
    lines.push(`l${i}: &l${i} [*l${i - 1}, *l${i - 1}]`);
  }
  assert.throws(
    () => parseSkillMd(skillMd(lines.join("\n")), { yamlParser }),
    (e: unknown) => e instanceof SkillParseError && e.code === "yaml-invalid",
  );
});

Deno.test("parseSkillMd() keeps dates and version-like values as strings", () => {
  const parsed = parseSkillMd(
    skillMd("name: a\ndescription: b\nmetadata:\n  released: 2024-01-31"),
  );
  assert.equal(parsed.fields.metadata?.released, "2024-01-31");
});

Deno.test("parseSkillMd() repairs the colon without touching block scalar content", () => {
  const parsed = parseSkillMd(
    skillMd(
      "name: a\ndescription: Use when: asked\nnotes: |\n  step: one: two\n  done\nlicense: MIT",
    ),
  );
  assert.equal(parsed.fields.description, "Use when: asked");
  assert.equal(parsed.frontmatter.notes, "step: one: two\ndone\n");
  assert.equal(parsed.fields.license, "MIT");
});

Deno.test("parseSkillMd() reads text after a block scalar's | or > on the same line, with a warning (an error when strict)", () => {
  const cases: [string, string][] = [
    [
      "description: | Use when the user asks: for a demo",
      "Use when the user asks: for a demo",
    ],
    [
      "description: > Use when the user\n  asks for a demo\n  of things\nlicense: MIT",
      "Use when the user asks for a demo of things",
    ],
    ["description: |- Short text\nmetadata:\n  a: b", "Short text"],
  ];
  for (const [yaml, expected] of cases) {
    const text = `---\nname: demo\n${yaml}\n---\n# Body\n`;
    const parsed = parseSkillMd(text, { yamlParser, dirName: "demo" });
    assert.equal(parsed.fields.description, expected);
    assert.deepEqual(
      parsed.diagnostics.map((d) => [d.code, d.level, d.line, d.column]),
      [["yaml-invalid", "warning", 3, 14]],
    );
    assert.match(
      parsed.diagnostics[0]!.message,
      /text after a block scalar's "\|" or ">"/,
    );
    const strict = validateSkillMd(text, {
      yamlParser,
      dirName: "demo",
      strict: true,
    });
    assert.deepEqual(strict.map((d) => [d.code, d.level]), [[
      "yaml-invalid",
      "error",
    ]]);
  }
  // A comment after the indicator is valid YAML and stays untouched.
  const comment = parseSkillMd(
    "---\nname: demo\ndescription: | # the text\n  Real text\n---\n",
    { yamlParser, dirName: "demo" },
  );
  assert.equal(comment.fields.description, "Real text");
  assert.deepEqual(comment.diagnostics, []);
});

Deno.test("a diagnostic about a key written with escapes, in odd quotes or in a flow mapping points at the key's own line, not line 1", () => {
  const at = (frontmatter: string, code: string): number | undefined =>
    parseSkillMd(skillMd(frontmatter), { yamlParser, dirName: "demo" })
      .diagnostics.find((d) => d.code === code)?.line;
  // "na\u006de" is "name": its bad value is reported where it is written.
  assert.equal(
    at('description: d\n"na\\u006de": Bad_Name', "name-not-lowercase"),
    3,
  );
  assert.equal(
    at("name: demo\ndescription: d\n'it''s': x", "unknown-field"),
    4,
  );
  assert.equal(
    at(
      '{"name": "demo", # the name\n  "description": "two\n   lines", globs: [a,\n b],\n  "col\\x6fur": blue}',
      "unknown-field",
    ),
    6,
  );
  assert.equal(
    at("{name: demo,\n  description: d,\n  colour: blue}", "unknown-field"),
    4,
  );
});
