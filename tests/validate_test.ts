// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import { join } from "node:path";
import { RULES } from "../src/shared/diagnostics.ts";
import {
  validateSkillDir,
  validateSkillDirSync,
  validateSkillMd,
} from "../src/parse/validate.ts";
import { mkfifo, skillMd, tempDir, writeSkill, writeTree } from "./_helpers.ts";
import { loadYamlParser } from "../src/parse/yaml.ts";

// These tests reach the full YAML parser through synchronous functions.
const yamlParser = await loadYamlParser();

const base = (extra = "") =>
  skillMd(`name: demo\ndescription: A demo skill${extra ? `\n${extra}` : ""}`);

interface TextCase {
  code: string;
  bad: string;
  good: string;
  dirName?: string;
  /** Level expected in lenient mode. */
  lenient: "error" | "warning";
}

const TEXT_CASES: TextCase[] = [
  {
    code: "frontmatter-missing",
    bad: "# no frontmatter\n",
    good: base(),
    lenient: "error",
  },
  {
    code: "frontmatter-unclosed",
    bad: "---\nname: demo\n",
    good: base(),
    lenient: "error",
  },
  {
    code: "yaml-invalid",
    bad: skillMd("name: demo\ndescription: [oops"),
    good: base(),
    lenient: "error",
  },
  {
    code: "duplicate-key",
    bad: skillMd("name: demo\ndescription: a\ndescription: b"),
    good: base(),
    lenient: "warning",
  },
  {
    code: "frontmatter-not-map",
    bad: skillMd("- name\n- demo"),
    good: base(),
    lenient: "error",
  },
  {
    code: "name-missing",
    bad: skillMd("description: A demo"),
    good: base(),
    lenient: "warning",
  },
  {
    code: "name-too-long",
    bad: skillMd(`name: ${"a".repeat(65)}\ndescription: d`),
    good: skillMd(`name: ${"a".repeat(64)}\ndescription: d`),
    dirName: "a".repeat(65),
    lenient: "warning",
  },
  {
    code: "name-not-lowercase",
    bad: skillMd("name: Demo\ndescription: d"),
    good: skillMd("name: мой-навык\ndescription: d"),
    dirName: "мой-навык",
    lenient: "warning",
  },
  {
    code: "name-hyphen-edge",
    bad: skillMd("name: -demo\ndescription: d"),
    good: skillMd("name: de-mo\ndescription: d"),
    dirName: "-demo",
    lenient: "warning",
  },
  {
    code: "name-consecutive-hyphens",
    bad: skillMd("name: de--mo\ndescription: d"),
    good: skillMd("name: de-mo\ndescription: d"),
    dirName: "de--mo",
    lenient: "warning",
  },
  {
    code: "name-invalid-chars",
    bad: skillMd("name: de_mo.v2\ndescription: d"),
    good: skillMd("name: 技能\ndescription: d"),
    dirName: "技能",
    lenient: "warning",
  },
  {
    code: "name-dir-mismatch",
    bad: skillMd("name: other\ndescription: d"),
    good: skillMd("name: café\ndescription: d"),
    dirName: "cafe\u0301", // NFKC-equal to "café"
    lenient: "warning",
  },
  {
    code: "description-missing",
    bad: skillMd("name: demo\ndescription: '  '"),
    good: base(),
    lenient: "error",
  },
  {
    code: "description-too-long",
    bad: skillMd(`name: demo\ndescription: ${"é".repeat(1025)}`),
    good: skillMd(`name: demo\ndescription: ${"é".repeat(1024)}`),
    lenient: "warning",
  },
  {
    code: "compatibility-not-string",
    bad: base("compatibility: [a, b]"),
    good: base("compatibility: Needs git"),
    lenient: "warning",
  },
  {
    code: "compatibility-too-long",
    bad: base(`compatibility: ${"c".repeat(501)}`),
    good: base(`compatibility: ${"c".repeat(500)}`),
    lenient: "warning",
  },
  {
    code: "metadata-not-map",
    bad: base("metadata: [a]"),
    good: base("metadata:\n  a: b"),
    lenient: "warning",
  },
  {
    code: "allowed-tools-not-string",
    bad: base("allowed-tools: {a: 1}"),
    good: base("allowed-tools: Bash Read"),
    lenient: "warning",
  },
  {
    code: "globs-invalid",
    bad: base("globs: {a: 1}"),
    good: base("globs: ['*.md']"),
    lenient: "warning",
  },
  {
    code: "always-apply-not-boolean",
    bad: base("alwaysApply: sometimes"),
    good: base("alwaysApply: true"),
    lenient: "warning",
  },
  {
    code: "unknown-field",
    bad: base("colour: blue"),
    good: base("license: MIT"),
    lenient: "warning",
  },
];

for (const c of TEXT_CASES) {
  Deno.test(`validateSkillMd() reports ${c.code} only for the failing case`, () => {
    const dirName = c.dirName ?? "demo";
    const bad = validateSkillMd(c.bad, {
      yamlParser,
      dirName,
      path: "/skills/x/SKILL.md",
    });
    const hit = bad.find((d) => d.code === c.code);
    assert.ok(hit, `expected ${c.code} in ${JSON.stringify(bad)}`);
    assert.equal(hit.level, c.lenient);
    assert.ok(hit.message.includes("/skills/x/SKILL.md"), hit.message);
    const strict = validateSkillMd(c.bad, { yamlParser, dirName, strict: true })
      .find((d) => d.code === c.code);
    assert.equal(strict?.level, "error");
    const goodDirName = c.dirName === undefined ? "demo" : goodDir(c);
    const good = validateSkillMd(c.good, { yamlParser, dirName: goodDirName });
    assert.deepEqual(
      good,
      [],
      `expected no diagnostics for the passing case of ${c.code}`,
    );
    const goodStrict = validateSkillMd(c.good, {
      yamlParser,
      dirName: goodDirName,
      strict: true,
    });
    assert.deepEqual(goodStrict.filter((d) => d.code === c.code), []);
  });
}

function goodDir(c: TextCase): string {
  return /name: (.*)/.exec(c.good)?.[1] ?? "demo";
}

Deno.test("every rule code in RULES is asserted by some test", async () => {
  let tests = "";
  for await (const entry of Deno.readDir(new URL(".", import.meta.url))) {
    if (entry.name.endsWith("_test.ts")) {
      tests += await Deno.readTextFile(new URL(entry.name, import.meta.url));
    }
  }
  const textCodes = new Set(TEXT_CASES.map((c) => c.code));
  const untested = Object.keys(RULES).filter((code) =>
    !textCodes.has(code) && !tests.includes(`"${code}"`)
  );
  assert.deepEqual(untested, []);
});

Deno.test("validateSkillMd() points field diagnostics at the key's line", () => {
  const [d] = validateSkillMd(
    skillMd("name: demo\ndescription: d\n\n# comment\ncolour: blue"),
    { dirName: "demo" },
  );
  assert.deepEqual([d?.code, d?.line, d?.column], ["unknown-field", 6, 1]);
});

Deno.test("validateSkillMd() leaves other agents' fields silent when lenient, extension-field errors when strict unless allowed", () => {
  const text = base(
    "globs: ['*.ts']\nalwaysApply: false\ndisable-model-invocation: true\ncolour: blue",
  );
  assert.deepEqual(
    validateSkillMd(text, { dirName: "demo" }).map((d) => d.code),
    ["unknown-field"],
  );
  assert.deepEqual(
    validateSkillMd(text, { dirName: "demo", strict: true }).map((d) => [
      d.code,
      d.level,
      d.line,
    ]),
    [
      ["extension-field", "error", 4],
      ["extension-field", "error", 5],
      ["extension-field", "error", 6],
      ["unknown-field", "error", 7],
    ],
  );
  assert.deepEqual(
    validateSkillMd(text, {
      dirName: "demo",
      strict: true,
      allowFields: [
        "globs",
        "alwaysApply",
        "disable-model-invocation",
        "colour",
      ],
    }),
    [],
  );
});

Deno.test("validateSkillMd() accepts a description of 1024 characters counted as code points", () => {
  const emoji = "😀".repeat(1024); // 2048 UTF-16 units
  assert.deepEqual(
    validateSkillMd(skillMd(`name: demo\ndescription: ${emoji}`), {
      dirName: "demo",
      strict: true,
    }),
    [],
  );
});

Deno.test("validateSkillDir() validates a directory and its SKILL.md path alike", async () => {
  await using dir = await tempDir();
  await writeSkill(dir.path, "good");
  assert.deepEqual(
    await validateSkillDir(join(dir.path, "good"), { strict: true }),
    [],
  );
  assert.deepEqual(
    await validateSkillDir(join(dir.path, "good", "SKILL.md"), {
      strict: true,
    }),
    [],
  );
  await writeSkill(dir.path, "bad", { name: "Other" });
  const codes = (await validateSkillDir(join(dir.path, "bad", "SKILL.md"))).map(
    (d) => d.code,
  );
  assert.deepEqual(codes, ["name-not-lowercase", "name-dir-mismatch"]);
});

Deno.test("validateSkillDir() reports path-missing, not-a-directory and skill-md-missing", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    "notes.txt": "hi",
    "empty/.keep": "",
    "lower/skill.md": base(),
  });
  const code = async (p: string) =>
    (await validateSkillDir(join(dir.path, p))).map((d) => d.code);
  assert.deepEqual(await code("nope"), ["path-missing"]);
  assert.deepEqual(await code("notes.txt"), ["not-a-directory"]);
  assert.deepEqual(await code("empty"), ["skill-md-missing"]);
  const [lower] = await validateSkillDir(join(dir.path, "lower"));
  assert.equal(lower?.code, "skill-md-missing");
  assert.match(lower!.message, /rename it to SKILL\.md/);
});

Deno.test("validateSkillDir() never opens a SKILL.md that is a directory or a FIFO", async () => {
  await using dir = await tempDir();
  await Deno.mkdir(join(dir.path, "dir-skill", "SKILL.md"), {
    recursive: true,
  });
  await Deno.mkdir(join(dir.path, "fifo-skill"));
  await mkfifo(join(dir.path, "fifo-skill", "SKILL.md"));
  const [d1] = validateSkillDirSync(join(dir.path, "dir-skill"));
  assert.equal(d1?.code, "skill-md-not-file");
  assert.match(d1!.message, /a directory/);
  const [d2] = validateSkillDirSync(join(dir.path, "fifo-skill"));
  assert.equal(d2?.code, "skill-md-not-file");
  assert.match(d2!.message, /a FIFO/);
  const [d3] = validateSkillDirSync(join(dir.path, "fifo-skill", "SKILL.md"));
  assert.equal(d3?.code, "skill-md-not-file");
});

Deno.test("validateSkillDir() reports frontmatter-too-large for a frontmatter over 64 KiB", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    "huge/SKILL.md": `---\nname: huge\ndescription: ${
      "d".repeat(70_000)
    }\n---\n`,
  });
  const [d] = await validateSkillDir(join(dir.path, "huge"));
  assert.equal(d?.code, "frontmatter-too-large");
});

Deno.test("validateSkillDir() reports read-failed when SKILL.md cannot be resolved", async () => {
  await using dir = await tempDir();
  await Deno.mkdir(join(dir.path, "s"));
  const loop = join(dir.path, "s", "SKILL.md");
  await Deno.symlink(loop, loop); // ELOOP on every access
  const [d] = validateSkillDirSync(join(dir.path, "s"));
  assert.equal(d?.code, "read-failed");
  assert.ok(d!.message.includes(loop), d!.message);
});
