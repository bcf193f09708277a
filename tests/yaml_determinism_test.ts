// Copyright 2026 the skillscope authors. MIT license.
// A synchronous call's answer never depends on what ran before it in the
// process (issue 26): the fast YAML path covers what real frontmatter uses —
// numbers, nested maps, flow sequences and maps — exactly as js-yaml reads
// it, and for the rest a synchronous call reports yaml-parser-not-loaded
// unless it is given the parser. Process state matters, so the history cases
// run in fresh subprocesses.
import assert from "node:assert/strict";
import fc from "fast-check";
import { CORE_SCHEMA, FAILSAFE_SCHEMA, load } from "js-yaml";
import { parseSimpleYaml } from "../src/parse/yaml_fast.ts";
import { inFreshProcess, skillMd, tempDir, writeTree } from "./_helpers.ts";
import {
  directorySource,
  discover,
  discoverSync,
  parseSkillMd,
} from "../mod.ts";

/** What js-yaml makes of the text with a schema, or a marker when it throws. */
function reference(
  text: string,
  failsafe: boolean,
  lastKeyWins = false,
): unknown {
  try {
    return load(text, {
      schema: failsafe ? FAILSAFE_SCHEMA : CORE_SCHEMA,
      json: lastKeyWins,
    });
  } catch {
    return "<<js-yaml error>>";
  }
}

// Scalars as frontmatter writes them, and many the fast path must refuse.
const word = fc.constantFrom(
  "pdf",
  "me",
  "1.0",
  "2",
  "-3",
  "+4",
  "0x1F",
  "0o17",
  "0O17",
  "1e3",
  "1.5e-3",
  ".5",
  ".inf",
  "-.Inf",
  ".nan",
  "1.",
  "0123",
  "1_000",
  "1.0.2",
  "2024-01-01",
  "true",
  "False",
  "null",
  "~",
  "a b",
  "x/**",
  "*.ts",
  "it's",
  "a:b",
  "a: b",
  "a#b",
  "a #b",
  "-x",
  "- x",
  "é",
  "技能",
  "🔧",
  "&a",
  "*a",
  "!t",
  "@x",
  "",
);
const quoted = fc.oneof(
  word.map((w) => `"${w}"`),
  word.map((w) => `'${w.replaceAll("'", "''")}'`),
  word.map((w) => `"${w}\\"q"`),
);
const scalar = fc.oneof(word, quoted);
const flowKey = fc.constantFrom(
  "a",
  "author",
  "version",
  "short-description",
  "b.c",
  '"emoji"',
  "'x y'",
  '"a:b"',
  "True",
  "null",
  "__proto__",
  "1",
);
const flowSep = fc.constantFrom(", ", ",", " , ", ",  ");
const flow = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    tie("seq"),
    tie("map"),
  ),
  seq: fc.tuple(
    fc.array(tie("value"), { maxLength: 3 }),
    flowSep,
    fc.constantFrom("", " ", ","),
  ).map(([items, sep, end]) => `[${items.join(sep)}${end}]`),
  map: fc.tuple(
    fc.array(
      fc.tuple(flowKey, fc.constantFrom(": ", ":", " : "), tie("value")),
      { maxLength: 3 },
    ),
    flowSep,
  ).map(([entries, sep]) =>
    `{${entries.map(([k, colon, v]) => `${k}${colon}${v}`).join(sep)}}`
  ),
})).value as fc.Arbitrary<string>;
const value = fc.oneof(scalar, flow);

/** A block node below a key: a value on its line, a nested mapping, or a list. */
type Node =
  | { readonly value: string }
  | { readonly folded: readonly string[]; readonly below: boolean }
  | { readonly map: readonly (readonly [string, Node])[] }
  | { readonly list: readonly string[]; readonly sameIndent: boolean };
const blockKey = fc.constantFrom(
  "name",
  "description",
  "metadata",
  "tags",
  "requires",
  "bins",
  "version",
  "x-y",
  "a.b",
  "True",
  "__proto__",
);
const node: fc.Arbitrary<Node> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    value.map((v): Node => ({ value: v })),
    fc.tuple(fc.array(word, { minLength: 2, maxLength: 3 }), fc.boolean())
      .map(([folded, below]): Node => ({ folded, below })),
    tie("map"),
    tie("list"),
  ),
  map: fc.array(fc.tuple(blockKey, tie("node")), {
    minLength: 1,
    maxLength: 3,
  }).map((entries) => ({ map: entries as [string, Node][] })),
  list: fc.tuple(
    fc.array(value, { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  ).map(([list, sameIndent]) => ({ list, sameIndent })),
})).node as fc.Arbitrary<Node>;

function render(key: string, n: Node, indent: number): string[] {
  const pad = " ".repeat(indent);
  if ("value" in n) return [`${pad}${key}: ${n.value}`.trimEnd()];
  if ("folded" in n) {
    // A plain scalar over several lines, starting on the key's line or below.
    const [first = "", ...rest] = n.below ? ["", ...n.folded] : n.folded;
    return [
      `${pad}${key}: ${first}`.trimEnd(),
      ...rest.map((l) => `${pad}  ${l}`.trimEnd()),
    ];
  }
  if ("list" in n) {
    const at = " ".repeat(n.sameIndent ? indent : indent + 2);
    // An item may go on over a deeper line (`- Read\n  - Bash` is one item).
    return [
      `${pad}${key}:`,
      ...n.list.flatMap((v) =>
        v.startsWith("+")
          ? [`${at}- a`, `${at}  ${v}`]
          : [`${at}- ${v}`.trimEnd()]
      ),
    ];
  }
  return [
    `${pad}${key}:`,
    ...n.map.flatMap(([k, child]) => render(k, child, indent + 2)),
  ];
}

const documents = fc.array(fc.tuple(blockKey, node), {
  minLength: 1,
  maxLength: 4,
}).map((entries) => entries.flatMap(([k, n]) => render(k, n, 0)).join("\n"));

Deno.test("parseSimpleYaml() yields what js-yaml yields for nested maps, lists, numbers and flow collections, with the core and the failsafe schema (property)", () => {
  let accepted = 0;
  fc.assert(
    fc.property(documents, (text) => {
      for (const failsafe of [false, true]) {
        const fast = parseSimpleYaml(text, { failsafe });
        if (fast !== undefined) {
          accepted++;
          assert.deepEqual(
            fast,
            reference(text, failsafe),
            JSON.stringify(text),
          );
        }
        // Repeated top-level keys: the last one wins, as js-yaml's json mode.
        const last = parseSimpleYaml(text, { failsafe, duplicates: [] });
        if (last === undefined) continue;
        assert.deepEqual(
          last,
          reference(text, failsafe, true),
          JSON.stringify(text),
        );
      }
    }),
    { numRuns: Number(Deno.env.get("FUZZ_RUNS") ?? "3000") },
  );
  assert.ok(accepted > 500, `the fast path accepted only ${accepted}`);
});

// Frontmatter shapes from public skills: each is read by the fast path.
const REAL_SHAPES = [
  // ClawHub / OpenClaw skills: JSON-style nested flow metadata.
  'name: gh\ndescription: GitHub CLI\nmetadata: {"clawdbot":{"emoji":"🐙","requires":{"bins":["gh"]}}}',
  "name: a\ndescription: b\nmetadata:\n  openclaw:\n    requires:\n      bins: [git, gh]\n    emoji: 🔧",
  "name: a\ndescription: b\ntags: [pdf, forms]\nversion: 1.0",
  "name: a\ndescription: b\nmetadata: {author: me, version: 1.0}",
  "name: a\ndescription: b\nmetadata:\n  version: 2\n  internal: true",
  "name: a\ndescription: b\nallowed-tools: [Read, Grep, 'Bash(git log:*)']",
  'name: a\ndescription: b\nglobs: ["**/*.ts", "src/**"]\nalwaysApply: false',
  "name: a\ndescription: b\narguments:\n- file\n- mode",
  "name: a\ndescription: b\nmetadata: {}\ntags: []",
];

Deno.test("the fast path reads the frontmatter shapes public skills use, as js-yaml does", () => {
  for (const text of REAL_SHAPES) {
    const fast = parseSimpleYaml(text);
    assert.notEqual(fast, undefined, text);
    assert.deepEqual(fast, reference(text, false), text);
  }
});

Deno.test("discoverSync() without the parser loads every skill of the realistic corpus that discover() loads, with the same fields", async () => {
  const { generateRealisticCorpus } = await import("../bench/realistic.ts");
  await using tmp = await tempDir();
  generateRealisticCorpus(tmp.path, 400);
  const options = {
    sources: [directorySource(tmp.path)],
    cache: false as const,
  };
  const sync = discoverSync(options);
  const full = await discover(options);
  assert.deepEqual(sync.skills, full.skills);
  // Only the invalid YAML differs: the fast path cannot say why it is invalid.
  const codes = (d: { code: string; path?: string | undefined }) =>
    `${d.path} ${
      d.code === "yaml-parser-not-loaded" ? "yaml-invalid" : d.code
    }`;
  assert.deepEqual(sync.diagnostics.map(codes), full.diagnostics.map(codes));
  const unread = sync.diagnostics.filter((d) =>
    d.code === "yaml-parser-not-loaded"
  );
  assert.ok(unread.length < 0.1 * sync.skills.length, `${unread.length}`);
});

/** Skills: one with `metadata: {a: 1}` (the issue's case), one beyond the fast path (an alias), one plain. */
async function skillTree(root: string): Promise<void> {
  await writeTree(root, {
    "flow/SKILL.md": skillMd(
      "name: flow\ndescription: Flow map\nmetadata: {a: 1}",
    ),
    "alias/SKILL.md": skillMd(
      "name: alias\ndescription: &d An alias\nmetadata:\n  about: *d",
    ),
    "plain/SKILL.md": skillMd("name: plain\ndescription: Plain"),
  });
}

Deno.test("discoverSync() gives the same answer before and after the process loads the YAML parser (discover, validateSkillDir, loadYamlParser)", async () => {
  await using tmp = await tempDir();
  await skillTree(tmp.path);
  const result = await inFreshProcess(
    tmp.path,
    `import { discover, discoverSync, directorySource, loadYamlParser, SkillSet, validateSkillDir } from "$MOD";
     const options = { sources: [directorySource("$DIR")] };
     const answer = (found) => ({
       names: found.skills.map((s) => s.name),
       metadata: found.skills.find((s) => s.name === "flow")?.metadata,
       codes: found.diagnostics.map((d) => [d.code, d.path?.split("/").at(-2)]),
     });
     const answers = [answer(discoverSync(options))];
     // An async discovery of the same root loads the parser and caches its scan.
     const async = answer(await discover(options));
     answers.push(answer(discoverSync(options)));
     await validateSkillDir("$DIR/alias");
     answers.push(answer(discoverSync(options)));
     const yamlParser = await loadYamlParser();
     answers.push(answer(discoverSync(options)));
     answers.push(answer(SkillSet.openSync(options).discovery));
     const given = answer(discoverSync({ ...options, yamlParser }));
     console.log(JSON.stringify({ answers, async, given }));`,
  );
  const sync = {
    names: ["flow", "plain"],
    metadata: { a: "1" },
    codes: [
      ["yaml-parser-not-loaded", "alias"],
      ["metadata-value-unquoted", "flow"],
    ],
  };
  const whole = {
    names: ["alias", "flow", "plain"],
    metadata: { a: "1" },
    codes: [["metadata-value-unquoted", "flow"]],
  };
  assert.deepEqual(result, {
    answers: [sync, sync, sync, sync, sync],
    async: whole,
    given: whole,
  });
});

Deno.test("parseSkillMd() and validateSkillMd() give the same answer before and after loadYamlParser(); the yamlParser option reads the rest", async () => {
  await using tmp = await tempDir();
  await skillTree(tmp.path);
  const result = await inFreshProcess(
    tmp.path,
    `import { loadYamlParser, parseSkillMd, validateSkillMd } from "$MOD";
     const flow = await Deno.readTextFile("$DIR/flow/SKILL.md");
     const alias = await Deno.readTextFile("$DIR/alias/SKILL.md");
     const answer = () => {
       let code;
       try { parseSkillMd(alias); } catch (e) { code = e.code; }
       return {
         flow: parseSkillMd(flow).frontmatter.metadata,
         alias: code,
         validate: validateSkillMd(alias, { dirName: "alias" }).map((d) => d.code),
       };
     };
     const before = answer();
     const yamlParser = await loadYamlParser();
     const after = answer();
     const given = parseSkillMd(alias, { yamlParser }).fields.metadata;
     console.log(JSON.stringify({ before, after, given }));`,
  );
  const answer = {
    flow: { a: "1" },
    alias: "yaml-parser-not-loaded",
    validate: ["yaml-parser-not-loaded"],
  };
  assert.deepEqual(result, {
    before: answer,
    after: answer,
    given: { about: "An alias" },
  });
});

Deno.test("a yamlParser that loadYamlParser() did not give is refused", () => {
  const forged = { kind: "yaml-parser" } as const;
  assert.throws(
    () =>
      parseSkillMd(skillMd("name: a\ndescription: b"), { yamlParser: forged }),
    TypeError,
  );
});
