// Copyright 2026 the skillscope authors. MIT license.
/**
 * The audit rules that read text: invisible and deceptive Unicode, hidden
 * content, remote code execution, credential paths and literal secrets,
 * shell preprocessing and links leaving the skill. Each finding carries its
 * 1-based line and column and a shortened snippet with invisible characters
 * shown as escapes.
 *
 * @module
 */
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { escapeTerminal } from "../shared/escape.ts";
import {
  AUDIT_RULES,
  type AuditCode,
  type AuditFinding,
  type Severity,
} from "./rules.ts";

/** Where a text comes from. */
export interface TextSource {
  /** The file, absolute. */
  readonly path: string;
  /** The skill's directory, absolute. */
  readonly skillDir: string;
  /** Whether it is the skill's `SKILL.md` (the text a model is given). */
  readonly isSkillMd: boolean;
}

/** Positions of line starts, for index → line and column. */
class Lines {
  readonly #starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
      this.#starts.push(i + 1);
    }
  }
  at(index: number): { line: number; column: number } {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.#starts[mid]! <= index) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: index - this.#starts[low]! + 1 };
  }
}

// Format characters a reader cannot see, shown as escapes in snippets.
const INVISIBLE =
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFE00-\uFE0F\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;

/**
 * Shows text safely: control, bidi and invisible characters as escapes,
 * shortened to about `max` characters.
 *
 * @param text Any text.
 * @param max Most characters kept (before escaping).
 * @returns The visible text.
 */
export function reveal(text: string, max = 80): string {
  const cut = [...text].length > max
    ? `${[...text].slice(0, max).join("")}…`
    : text;
  return escapeTerminal(cut).replace(
    INVISIBLE,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}

type Push = (finding: AuditFinding) => void;

function finding(
  code: AuditCode,
  message: string,
  source: TextSource,
  lines: Lines,
  index: number,
  snippet: string,
  severity: Severity = AUDIT_RULES[code].severity,
): AuditFinding {
  return {
    code,
    severity,
    message,
    path: source.path,
    ...lines.at(index),
    snippet,
  };
}

/** The line around `index`, from `index`, for a snippet. */
function lineFrom(text: string, index: number, length: number): string {
  const end = text.indexOf("\n", index);
  const stop = end === -1 ? text.length : end;
  return text.slice(
    index,
    Math.max(index + length, Math.min(stop, index + 80)),
  );
}

const TAGS = /[\u{E0000}-\u{E007F}]+/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
const ZERO_WIDTH = /[\u200B\u200C\u200D\u2060\uFEFF]+/g;
const VARIATION_RUN = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{3,}/gu;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const NON_LATIN_LETTER = /[\p{L}\p{M}]/u;
const LATIN = /\p{Script=Latin}/u;

function unicodeRules(
  text: string,
  source: TextSource,
  lines: Lines,
  push: Push,
): void {
  for (const match of text.matchAll(TAGS)) {
    const decoded = [...match[0]].map((c) => {
      const code = c.codePointAt(0)! - 0xe0000;
      return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : "";
    }).join("");
    push(finding(
      "unicode-tag",
      `${[...match[0]].length} invisible Unicode tag characters${
        decoded === "" ? "" : `, which read as "${reveal(decoded, 60)}"`
      }`,
      source,
      lines,
      match.index!,
      reveal(match[0], 12),
    ));
  }
  for (const match of text.matchAll(BIDI)) {
    push(finding(
      "bidi-control",
      `A bidi control character (U+${
        match[0].charCodeAt(0).toString(16).toUpperCase()
      }) reorders how the text around it is shown`,
      source,
      lines,
      match.index!,
      reveal(lineFrom(text, Math.max(0, match.index! - 10), 30)),
    ));
  }
  for (const match of text.matchAll(ZERO_WIDTH)) {
    const index = match.index!;
    if (index === 0 && match[0] === "\uFEFF") continue; // a BOM
    const before = String.fromCodePoint(text.codePointAt(index - 1) ?? 0x20);
    const afterIndex = index + match[0].length;
    const after = text.slice(afterIndex, afterIndex + 2);
    // A joiner inside an emoji sequence, or a (non-)joiner between letters of
    // scripts that use them, is ordinary text.
    const surrogateBefore = index >= 2 ? text.slice(index - 2, index) : before;
    if (
      /^[\u200C\u200D]+$/.test(match[0]) &&
      ((PICTOGRAPHIC.test(surrogateBefore) || PICTOGRAPHIC.test(before)) &&
          PICTOGRAPHIC.test(after) ||
        (NON_LATIN_LETTER.test(before) && !LATIN.test(before) &&
          before.charCodeAt(0) >= 0x80))
    ) continue;
    push(finding(
      "zero-width",
      `${match[0].length} zero-width character${
        match[0].length === 1 ? "" : "s"
      } hidden in the text`,
      source,
      lines,
      index,
      reveal(text.slice(Math.max(0, index - 10), afterIndex + 10)),
    ));
  }
  for (const match of text.matchAll(VARIATION_RUN)) {
    push(finding(
      "variation-selector-run",
      `${[...match[0]].length} variation selectors in a row: invisible data`,
      source,
      lines,
      match.index!,
      reveal(match[0], 12),
    ));
  }
}

const COMMENT = /<!--([\s\S]*?)-->/g;
const INSTRUCTION =
  /\b(?:ignore|disregard|forget|override|must|always|never|instead|run|execute|install|download|curl|wget|send|upload|exfiltrat\w*|password|token|secret|system prompt|instructions?|do not (?:tell|mention|reveal|show))\b/i;
const DETAILS = /<details\b[^>]*>/gi;
const TRAILING = /[ \t\r\n\u00A0\u2000-\u200A\u3000]{200,}(?=\S)/g;
const PREPROCESS = /!`[^`\n]+`/g;

function hiddenContentRules(
  text: string,
  source: TextSource,
  lines: Lines,
  push: Push,
): void {
  if (source.isSkillMd) {
    for (const match of text.matchAll(COMMENT)) {
      const body = match[1]!.trim();
      if (body === "") continue;
      const instructs = INSTRUCTION.test(body);
      push(finding(
        "html-comment",
        instructs
          ? "An HTML comment holds instructions that readers of the rendered skill never see"
          : "An HTML comment: text readers of the rendered skill never see",
        source,
        lines,
        match.index!,
        reveal(body, 60),
        instructs ? "high" : "medium",
      ));
    }
    for (const match of text.matchAll(DETAILS)) {
      push(finding(
        "collapsed-block",
        "A <details> block, shown collapsed by Markdown viewers",
        source,
        lines,
        match.index!,
        reveal(lineFrom(text, match.index!, match[0].length)),
      ));
    }
    for (const match of text.matchAll(PREPROCESS)) {
      push(finding(
        "shell-preprocessing",
        "A !`command` line: some agents run it in a shell before the model sees the skill",
        source,
        lines,
        match.index!,
        reveal(match[0]),
      ));
    }
  }
  for (const match of text.matchAll(TRAILING)) {
    const after = match.index! + match[0].length;
    push(finding(
      "hidden-trailing-text",
      `Text after ${match[0].length} characters of whitespace, out of view`,
      source,
      lines,
      after,
      reveal(lineFrom(text, after, 1)),
    ));
  }
}

const SHELLS = String
  .raw`(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:sh|bash|zsh|dash|ksh|fish|python[0-9.]*|perl|ruby|node|deno|php|pwsh|powershell)\b`;
const PIPE_TO_SHELL = new RegExp(
  String
    .raw`\b(?:curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n|;&]*\|\s*${SHELLS}`,
  "gi",
);
const DOWNLOAD_EXEC = [
  /\b(?:iex|Invoke-Expression)\s*\(?\s*\(?\s*(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|New-Object\s+(?:System\.)?Net\.WebClient)\b/gi,
  /\beval\s+["']?\$\(\s*(?:curl|wget)\b/gi,
  /(?:\b(?:bash|sh|zsh|source)|(?:^|\s)\.)\s+<\(\s*(?:curl|wget)\b/gim,
  /\bpython[0-9.]*\s+-c\s+["']?\$\(\s*(?:curl|wget)\b/gi,
];
const ENCODED_EXEC = [
  new RegExp(
    String.raw`\bbase64\s+(?:-d|--decode|-D)\b[^\n]*?\|\s*${SHELLS}`,
    "gi",
  ),
  /\b(?:exec|eval)\s*\(\s*(?:base64\s*\.\s*)?b64decode\s*\(/gi,
  /\beval\s*\(\s*atob\s*\(/gi,
  /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]*\s-(?:e|ec|enc|encodedcommand)\s+[A-Za-z0-9+/=]{16,}/gi,
];

function executionRules(
  text: string,
  source: TextSource,
  lines: Lines,
  push: Push,
): void {
  for (const match of text.matchAll(PIPE_TO_SHELL)) {
    push(finding(
      "pipe-to-shell",
      "A download piped straight into a shell or interpreter",
      source,
      lines,
      match.index!,
      reveal(match[0]),
    ));
  }
  for (const pattern of DOWNLOAD_EXEC) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index! +
        (match[0].length - match[0].trimStart().length);
      push(finding(
        "download-exec",
        "Downloaded text run in place, never seen before it runs",
        source,
        lines,
        start,
        reveal(lineFrom(text, start, match[0].trim().length)),
      ));
    }
  }
  for (const pattern of ENCODED_EXEC) {
    for (const match of text.matchAll(pattern)) {
      push(finding(
        "encoded-exec",
        "Encoded text decoded and run, so a reader cannot see what runs",
        source,
        lines,
        match.index!,
        reveal(match[0]),
      ));
    }
  }
}

const HOME = String
  .raw`(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|/home/[^/\s'"]+|/Users/[^/\s'"]+|/root)`;
const CREDENTIAL_PATHS: readonly { pattern: RegExp; what: string }[] = [
  {
    pattern: new RegExp(
      String
        .raw`${HOME}[/\\]\.(?:ssh|aws|gnupg|kube|azure|netrc|git-credentials|npmrc|pypirc|docker[/\\]config\.json|config[/\\](?:gh|gcloud|hub))\b`,
      "gi",
    ),
    what: "a credentials directory or file",
  },
  { pattern: /\bid_(?:rsa|ed25519|ecdsa|dsa)\b/g, what: "an SSH private key" },
  {
    pattern:
      /(?:Google[/\\]Chrome|google-chrome|chromium|BraveSoftware|Microsoft[/\\]Edge|\.mozilla[/\\]firefox|Firefox[/\\]Profiles)\b[^\n]*?(?:Login Data|Cookies|Local State|logins\.json|key[34]\.db|cookies\.sqlite)/gi,
    what: "a browser profile's saved passwords or cookies",
  },
  {
    pattern:
      /\bsecurity\s+(?:find|dump)-(?:generic-password|internet-password|keychain)\b|Library[/\\]Keychains\b/g,
    what: "the system keychain",
  },
];
const DOTENV = /(?:^|[\s'"`(=/:,])(\.env(?:\.[A-Za-z0-9_-]+)?)(?![\w.-])/gm;

function credentialRules(
  text: string,
  source: TextSource,
  lines: Lines,
  push: Push,
): void {
  for (const { pattern, what } of CREDENTIAL_PATHS) {
    for (const match of text.matchAll(pattern)) {
      push(finding(
        "credential-path",
        `Reaches ${what}`,
        source,
        lines,
        match.index!,
        reveal(match[0]),
      ));
    }
  }
  for (const match of text.matchAll(DOTENV)) {
    const index = match.index! + match[0].indexOf(match[1]!);
    push(finding(
      "credential-path",
      `Reaches ${match[1]}, where projects keep their secrets`,
      source,
      lines,
      index,
      reveal(lineFrom(text, index, match[1]!.length)),
      "medium",
    ));
  }
}

const SECRETS: readonly { pattern: RegExp; what: string }[] = [
  {
    pattern:
      /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/g,
    what: "a private key",
  },
  { pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, what: "an AWS access key id" },
  { pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g, what: "a GitHub token" },
  { pattern: /\bgithub_pat_[A-Za-z0-9_]{40,}\b/g, what: "a GitHub token" },
  { pattern: /\bsk-ant-[A-Za-z0-9_-]{32,}/g, what: "an Anthropic API key" },
  {
    pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}/g,
    what: "an OpenAI API key",
  },
  { pattern: /\bxox[baprs]-[A-Za-z0-9-]{10,}/g, what: "a Slack token" },
  { pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g, what: "a Google API key" },
  { pattern: /\b(?:sk|rk)_live_[0-9A-Za-z]{24,}\b/g, what: "a Stripe key" },
];

function secretRules(
  text: string,
  source: TextSource,
  lines: Lines,
  push: Push,
): void {
  const seen = new Set<number>();
  for (const { pattern, what } of SECRETS) {
    for (const match of text.matchAll(pattern)) {
      if (seen.has(match.index!)) continue; // sk-ant- also looks like sk-
      seen.add(match.index!);
      // Never print a secret whole: its start is enough to find it.
      const masked = match[0].startsWith("-----")
        ? match[0]
        : `${match[0].slice(0, 8)}…`;
      push(finding(
        "secret-literal",
        `A literal secret: ${what}`,
        source,
        lines,
        match.index!,
        reveal(masked),
      ));
    }
  }
}

const LINK = /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)/g;

function linkRules(
  text: string,
  source: TextSource,
  lines: Lines,
  push: Push,
): void {
  if (!/\.(?:md|markdown|mdx)$/i.test(source.path)) return;
  for (const match of text.matchAll(LINK)) {
    const target = match[1]!;
    if (/^(?:[a-z][a-z0-9+.-]*:)/i.test(target) && !/^file:/i.test(target)) {
      continue; // http:, https:, mailto:, … (and Windows drives: C: below)
    }
    if (target.startsWith("#")) continue;
    let outside: string | undefined;
    if (/^file:/i.test(target)) outside = "a file: URL";
    else if (target.startsWith("~")) outside = "a path in the home directory";
    else if (isAbsolute(target) || /^[A-Za-z]:[\\/]/.test(target)) {
      outside = "an absolute path";
    } else {
      let path = target.split(/[?#]/)[0]!;
      try {
        path = decodeURIComponent(path);
      } catch {
        // keep it as written
      }
      const resolved = resolve(dirname(source.path), path);
      const rel = relative(source.skillDir, resolved);
      if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
        outside = "a path outside the skill";
      }
    }
    if (outside === undefined) continue;
    push(finding(
      "link-outside-skill",
      `A link to ${outside}: ${reveal(target, 60)}`,
      source,
      lines,
      match.index!,
      reveal(match[0]),
    ));
  }
}

/**
 * Runs every text rule over one file's text.
 *
 * @param text The text (decoded as UTF-8).
 * @param source Where it comes from.
 * @param push Receives each finding.
 */
export function auditText(text: string, source: TextSource, push: Push): void {
  const lines = new Lines(text);
  unicodeRules(text, source, lines, push);
  hiddenContentRules(text, source, lines, push);
  executionRules(text, source, lines, push);
  credentialRules(text, source, lines, push);
  secretRules(text, source, lines, push);
  linkRules(text, source, lines, push);
}

/**
 * The 1-based line and column of `index` in `text`.
 *
 * @param text The text.
 * @param index A UTF-16 index.
 * @returns Its line and column.
 */
export function positionOf(
  text: string,
  index: number,
): { line: number; column: number } {
  return new Lines(text).at(index);
}
