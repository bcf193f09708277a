// Copyright 2026 the skillscope authors. MIT license.
// Invisible characters by Unicode class: every format character, default-
// ignorable code point and control character (but tab, LF, CR) in a skill is
// found; printable text of any script is not.
import assert from "node:assert/strict";
import { join } from "node:path";
import fc from "fast-check";
import { audit } from "../src/audit/mod.ts";
import { auditText } from "../src/audit/text_rules.ts";
import { skillMd, tempDir, writeTree } from "./_helpers.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? "500");
const INVISIBLE_CODES = new Set([
  "zero-width",
  "bidi-control",
  "unicode-tag",
  "variation-selector-run",
]);

/** Every code point of the classes the rule is defined by, from the Unicode data V8 carries. */
const CLASS_MEMBERS: readonly string[] = (() => {
  const test = new RegExp(
    String.raw`^[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]$`,
    "u",
  );
  const members: string[] = [];
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const s = String.fromCodePoint(c);
    if (s !== "\t" && s !== "\n" && s !== "\r" && test.test(s)) members.push(s);
  }
  return members;
})();

function invisibleFindings(text: string, path = "/s/SKILL.md"): string[] {
  const found: string[] = [];
  auditText(text, { path, skillDir: "/s", isSkillMd: true }, (f) => {
    if (INVISIBLE_CODES.has(f.code)) found.push(`${f.code}@${f.column}`);
  });
  return found;
}

Deno.test("the audit finds U+2062, U+00AD, U+180E, U+200F, U+3164 and a raw ESC[8m in a body", async () => {
  await using tmp = await tempDir();
  const dir = join(tmp.path, "hidden");
  await writeTree(dir, {
    "SKILL.md": skillMd(
      "name: hidden\ndescription: Hides text",
      "a\u2062b\nsoft\u00ADhyphen\nmongolian\u180Eseparator\nright\u200Fmark\nhangul\u3164filler\n\x1b[8mconcealed\x1b[0m\n",
    ),
  });
  const found = (await audit(dir)).findings;
  assert.deepEqual(found.map((f) => [f.code, f.severity, f.line, f.column]), [
    ["zero-width", "medium", 5, 2],
    ["zero-width", "medium", 6, 5],
    ["zero-width", "medium", 7, 10],
    ["zero-width", "medium", 8, 6],
    ["zero-width", "medium", 9, 7],
    ["zero-width", "medium", 10, 1],
    ["zero-width", "medium", 10, 14],
  ]);
  assert.match(found[0]!.message, /1 invisible character \(U\+2062\)/);
  assert.match(found[5]!.message, /\(U\+001B\)/);
  assert.match(found[5]!.snippet!, /\\x1b\[8mconceal/);
});

Deno.test("any printable text with one invisible character inserted gets a finding at it (property)", () => {
  assert.ok(CLASS_MEMBERS.length > 4000, `${CLASS_MEMBERS.length} members`);
  const printable = fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) =>
      String.fromCharCode(c)
    ),
    maxLength: 60,
  });
  fc.assert(
    fc.property(
      printable,
      printable,
      fc.constantFrom(...CLASS_MEMBERS),
      (before, after, c) => {
        // A BOM that starts a file is a BOM, not hidden text.
        const head = c === "\uFEFF" && before === "" ? "x" : before;
        const found = invisibleFindings(`${head}${c}${after}\n`);
        assert.ok(
          found.some((f) => f.endsWith(`@${head.length + 1}`)),
          `U+${c.codePointAt(0)!.toString(16)} after ${
            JSON.stringify(head)
          }: ${found}`,
        );
      },
    ),
    { numRuns: RUNS },
  );
  // And every member once, not only a sample of them.
  const missed = CLASS_MEMBERS.filter((c) =>
    invisibleFindings(`ab${c}cd\n`).length === 0
  );
  assert.deepEqual(missed.map((c) => c.codePointAt(0)!.toString(16)), []);
});

Deno.test("printable text in any script, emoji sequences and RTL marks next to RTL letters get no invisible-text finding (property)", () => {
  // Letters, digits, punctuation and symbols of many scripts, all visible.
  const alphabet = [
    ..."abcXYZ019 .,;:!?-_()[]{}<>/\\'\"`$#*&%@~|+=\t",
    ..."éçñßøÅÆŒ", // Latin
    ..."αβγΩ", // Greek
    ..."жщЯ", // Cyrillic
    ..."日本語中文한국어", // CJK
    ..."مرحبا", // Arabic
    ..."שלום", // Hebrew
    ..."😀🚀✅", // emoji
  ];
  const visible = fc.string({
    unit: fc.constantFrom(...alphabet),
    maxLength: 80,
  });
  fc.assert(
    fc.property(fc.array(visible, { maxLength: 4 }), (lines) => {
      const text = `${lines.join("\n")}\n`;
      assert.deepEqual(invisibleFindings(text), [], JSON.stringify(text));
    }),
    { numRuns: RUNS },
  );
  // Sequences where invisible characters are ordinary text.
  for (
    const text of [
      "\uFEFF# A BOM starts the file\n",
      "👨‍👩‍👧 a family, ❤️ a heart, 🏳️‍🌈 a flag, 1️⃣ a keycap, 👩🏽‍💻 a coder\n",
      "فارسی‌ها and क्‍ष joiners in scripts that use them\n",
      "שלום\u200F עולם, مرحبا\u200E!, السلام\u061C عليكم\n",
      "葛\uDB40\uDD00 a CJK variant\n",
    ]
  ) {
    assert.deepEqual(invisibleFindings(text), [], JSON.stringify(text));
  }
});
