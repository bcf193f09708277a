// Copyright 2026 the skillscope authors. MIT license.
// One registry of diagnostic codes: every code the code base can emit is in
// RULES with the level it is emitted at, and in the README's table.
import assert from "node:assert/strict";
import { AUDIT_RULES } from "../src/audit/rules.ts";
import { join } from "node:path";
import { RULES } from "../src/shared/diagnostics.ts";

const REPO = new URL("..", import.meta.url).pathname;

async function sources(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith(".ts")) {
        out.set(path.slice(REPO.length), await Deno.readTextFile(path));
      }
    }
  };
  await walk(join(REPO, "src"));
  return out;
}

/** Every code literal the sources emit, with the file it is in. */
async function emitted(): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  const patterns = [
    /\bcode: "([a-z][a-z-]*)"/g,
    /\breport\(\s*"([a-z][a-z-]*)"/g,
    /new SkillParseError\(\s*"([a-z][a-z-]*)"/g,
    /levelOf\(\s*"([a-z][a-z-]*)"/g,
  ];
  for (const [file, text] of await sources()) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) codes.set(match[1]!, file);
    }
  }
  return codes;
}

// Codes of errors (thrown, with a `code`), not diagnostics.
const ERROR_CODES = new Set([
  "permission-denied",
  "transport-failed",
  "invalid-cursor",
  // Tool results the model reads (callSkillTool), not diagnostics.
  "unknown-tool",
  "invalid-input",
  "internal-error",
]);

Deno.test("every diagnostic code in the sources is in RULES", async () => {
  const codes = await emitted();
  assert.ok(codes.size > 30, `found only ${codes.size} codes`);
  for (const [code, file] of codes) {
    if (ERROR_CODES.has(code)) continue;
    if (file.startsWith("src/install/") || file.startsWith("src/cli/")) {
      continue; // InstallError / CLI error codes, listed in the README separately
    }
    if (file.startsWith("src/audit/") && code in AUDIT_RULES) {
      continue; // audit findings: their own registry, checked in audit_test.ts
    }
    if (
      /^(asset-|body-|skill-not-found|no-assets|remote-verification)/.test(
        code,
      ) && !(code in RULES)
    ) {
      continue; // SkillAccessError codes
    }
    assert.ok(code in RULES, `${code} (in ${file}) is not in RULES`);
  }
});

Deno.test("a diagnostic written with a fixed level has the level RULES gives its code", async () => {
  const mismatches: string[] = [];
  for (const [file, text] of await sources()) {
    for (
      const match of text.matchAll(
        /level: "(error|warning)",\s*\n?\s*code: "([a-z-]+)"/g,
      )
    ) {
      const [, level, code] = match;
      const rule = RULES[code as keyof typeof RULES];
      if (rule === undefined) continue;
      if (rule.lenient !== level) {
        mismatches.push(
          `${file}: ${code} is emitted as ${level}, RULES says ${rule.lenient}`,
        );
      }
    }
  }
  assert.deepEqual(mismatches, []);
});

Deno.test("the README's rule table lists exactly the codes of RULES, with their levels", async () => {
  const readme = await Deno.readTextFile(join(REPO, "README.md"));
  const section = readme.slice(
    readme.indexOf("## Rule codes"),
    readme.indexOf("\n## ", readme.indexOf("## Rule codes") + 5),
  );
  const rows = new Map<string, [string, string]>();
  for (
    const match of section.matchAll(
      /^\| `([a-z-]+)` +\| (error|warning) +\| (error|warning|—) +\|/gm,
    )
  ) {
    rows.set(match[1]!, [match[2]!, match[3]!]);
  }
  assert.deepEqual([...rows.keys()].sort(), Object.keys(RULES).sort());
  for (const [code, rule] of Object.entries(RULES)) {
    const strict = rule.strict === undefined ? "error" : rule.strict ?? "—";
    assert.deepEqual(rows.get(code), [rule.lenient, strict], code);
  }
});
