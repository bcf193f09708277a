// Copyright 2026 the skillscope authors. MIT license.
/**
 * The audit rules that read a skill's frontmatter: over-broad tool grants in
 * `allowed-tools`, and names that mix scripts (homoglyphs).
 *
 * @module
 */
import { positionOf, reveal } from "./text_finding.ts";
import type { AuditFinding } from "./rules.ts";

// Grants of any shell, or of any network access.
const ANY_SHELL =
  /^(?:\*|Bash|Shell|Terminal|run_shell_command|Bash\(\s*\*?\s*(?::\s*\*\s*)?\)|Bash\(\s*(?:sh|bash|zsh|sudo|env|eval|exec|python[0-9.]*|node|deno)(?:\s*:\s*\*|\s+\*)\s*\))$/i;
const ANY_NETWORK =
  /^(?:WebFetch|WebFetch\(\s*\*?\s*\)|Fetch|web_fetch|Bash\(\s*(?:curl|wget|nc|ncat|ssh|scp)(?:\s*:\s*\*|\s+\*)\s*\))$/i;

/** The tools an `allowed-tools` value lists (a space- or comma-separated string, or a list). */
function toolsOf(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string")
    : typeof value === "string"
    ? [value]
    : [];
  const tools: string[] = [];
  for (const item of items) {
    // Split on spaces and commas outside parentheses: "Bash(git log:*) Read".
    let depth = 0;
    let current = "";
    for (const c of item) {
      if (c === "(") depth++;
      if (c === ")") depth = Math.max(0, depth - 1);
      if (depth === 0 && (c === " " || c === "," || c === "\t")) {
        if (current !== "") tools.push(current);
        current = "";
      } else current += c;
    }
    if (current !== "") tools.push(current);
  }
  return tools;
}

/** The index of `key:` at the start of a line of `text`, or 0. */
function keyIndex(text: string, key: string): number {
  const match = new RegExp(`^${key}\\s*:`, "m").exec(text);
  return match?.index ?? 0;
}

const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Armenian",
  "Cherokee",
  "Georgian",
  "Coptic",
  "Han",
  "Hiragana",
  "Katakana",
  "Hangul",
  "Arabic",
  "Hebrew",
  "Devanagari",
  "Thai",
] as const;
const SCRIPT_TESTS = SCRIPTS.map((script) => ({
  script,
  test: new RegExp(`\\p{Script=${script}}`, "u"),
}));
// Scripts written together in one language: not a homoglyph mix.
const TOGETHER = new Set([
  "Han,Hiragana",
  "Han,Katakana",
  "Han,Hiragana,Katakana",
  "Hiragana,Katakana",
  "Han,Hangul",
]);

/**
 * The scripts of the letters of `name`, when there is more than one.
 *
 * @param name A skill name.
 * @returns The scripts (sorted), or `undefined` for a single script.
 */
export function mixedScripts(name: string): string[] | undefined {
  const found = new Set<string>();
  for (const c of name) {
    if (!/\p{L}/u.test(c)) continue;
    const hit = SCRIPT_TESTS.find(({ test }) => test.test(c));
    found.add(hit?.script ?? "Other");
  }
  const scripts = [...found].sort();
  if (scripts.length < 2 || TOGETHER.has(scripts.join(","))) return undefined;
  return scripts;
}

/**
 * Runs the frontmatter rules.
 *
 * @param frontmatter The parsed frontmatter (or `undefined` when it did not parse).
 * @param text The `SKILL.md` text, for positions.
 * @param file The `SKILL.md` path and the skill directory's name.
 * @param push Receives each finding.
 */
export function auditFrontmatter(
  frontmatter: Readonly<Record<string, unknown>> | undefined,
  text: string,
  file: { path: string; dirName: string },
  push: (finding: AuditFinding) => void,
): void {
  const at = (key: string) => positionOf(text, keyIndex(text, key));
  if (frontmatter !== undefined) {
    for (const tool of toolsOf(frontmatter["allowed-tools"])) {
      const shell = ANY_SHELL.test(tool);
      if (!shell && !ANY_NETWORK.test(tool)) continue;
      push({
        code: "broad-tool-grant",
        severity: "high",
        message: shell
          ? `allowed-tools grants any shell command (${reveal(tool, 40)})`
          : `allowed-tools grants unrestricted network access (${
            reveal(tool, 40)
          })`,
        path: file.path,
        ...at("allowed-tools"),
        snippet: reveal(tool, 60),
      });
    }
  }
  const names = new Set<string>([file.dirName]);
  if (typeof frontmatter?.name === "string") names.add(frontmatter.name);
  for (const name of names) {
    const scripts = mixedScripts(name);
    if (scripts === undefined) continue;
    push({
      code: "mixed-script-name",
      severity: "high",
      message: `The name "${reveal(name, 64)}" mixes ${
        scripts.join(" and ")
      } letters, which can pass for another skill's name`,
      path: file.path,
      ...(name === frontmatter?.name ? at("name") : {}),
      snippet: reveal(name, 64),
    });
  }
}
