// Copyright 2026 the skillscope authors. MIT license.
/**
 * The audit's rules: one `const` table of codes with their severity, what
 * each catches and what it does not, and the finding type they produce.
 *
 * @module
 */

/** The messages the execution rules (`exec_rules.ts`, `exec_walk.ts`) share. */
export const MESSAGES = {
  pipe: "A download piped straight into a shell or interpreter",
  socket: "A shell wired to a network socket runs what the other end sends",
  unpacked:
    "A downloaded archive unpacked and a file of it run, never seen before it runs",
  decoded: "Encoded text decoded and run, so a reader cannot see what runs",
  inPlace: "Downloaded text run in place, never seen before it runs",
};

/** How bad a finding is, worst first. */
export type Severity = "critical" | "high" | "medium" | "low";

/**
 * The severities, worst first.
 */
export const SEVERITIES: readonly Severity[] = Object.freeze([
  "critical",
  "high",
  "medium",
  "low",
]);

/** One audit rule: its severity, what it catches, and what it does not. */
export interface AuditRule {
  /** How bad a finding is. */
  readonly severity: Severity;
  /** What it catches (one line). */
  readonly catches: string;
  /** What it deliberately does not catch (one line). */
  readonly misses: string;
}

/** The code of an audit rule (a key of {@linkcode AUDIT_RULES}). */
export type AuditCode =
  | "unicode-tag"
  | "bidi-control"
  | "zero-width"
  | "variation-selector-run"
  | "mixed-script-name"
  | "html-comment"
  | "collapsed-block"
  | "hidden-trailing-text"
  | "pipe-to-shell"
  | "download-exec"
  | "encoded-exec"
  | "credential-path"
  | "secret-literal"
  | "broad-tool-grant"
  | "shell-preprocessing"
  | "link-outside-skill"
  | "binary-file"
  | "archive-file"
  | "executable-outside-scripts"
  | "large-file"
  | "unreadable-file"
  | "not-audited";

/**
 * Every audit rule by code. Deterministic, local, no network and no model.
 */
export const AUDIT_RULES: Readonly<Record<AuditCode, AuditRule>> = Object
  .freeze({
    "unicode-tag": {
      severity: "critical",
      catches:
        "Unicode tag characters (U+E0000–U+E007F): invisible text a model reads",
      misses:
        "nothing: no skill needs them (emoji flags of regions are not checked)",
    },
    "bidi-control": {
      severity: "high",
      catches:
        "bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what is shown",
      misses:
        "right-to-left text itself (Arabic, Hebrew), and LRM/RLM/ALM marks next to right-to-left letters (elsewhere they are zero-width)",
    },
    "zero-width": {
      severity: "medium",
      catches:
        "invisible characters by Unicode class: format characters (zero-width spaces and joiners, soft hyphens, invisible operators, LRM/RLM, a BOM inside text), default-ignorable code points (Hangul fillers, stray variation selectors) and control characters other than tab, LF and CR (ESC sequences)",
      misses:
        "a joiner inside an emoji sequence or between letters of a script that uses joiners, a variation selector after an emoji or a CJK character, bidi marks next to right-to-left letters, and a BOM at the start of a file",
    },
    "variation-selector-run": {
      severity: "high",
      catches:
        "three or more variation selectors in a row: a payload hidden in invisible selectors",
      misses: "the single selector after an emoji or a CJK character",
    },
    "mixed-script-name": {
      severity: "high",
      catches:
        "a skill name mixing letters of several scripts (a Cyrillic а in a Latin name)",
      misses: "a name wholly in one script other than Latin",
    },
    "html-comment": {
      severity: "medium",
      catches:
        "HTML comments in SKILL.md (high when they hold instructions such as ignore, must, run)",
      misses: "comments in other Markdown files and in code",
    },
    "collapsed-block": {
      severity: "low",
      catches: "<details> blocks in SKILL.md, which viewers show collapsed",
      misses: "text hidden by CSS or other HTML",
    },
    "hidden-trailing-text": {
      severity: "high",
      catches:
        "text after a long run of whitespace (200 or more characters), pushed out of view",
      misses: "trailing whitespace with nothing after it",
    },
    "pipe-to-shell": {
      severity: "critical",
      catches:
        'a download (or a socket: nc, /dev/tcp) piped into a shell or interpreter through any stages: curl … | sh, wget -qO- … | sudo bash, curl … | tee f | python3 -, irm … | iex, curl … | (bash), { curl …; } | sh, | $X, | "$SHELL", | xargs bash -c, | sh -c sh, | if …; then bash; fi, | while read l; do eval "$l"; done, | pwsh -c -, | % { iex $_ }; read with shell word rules (c\\url, curl${IFS}…, $\'\\x63url\'); SKILL.md code blocks fenced as a shell or PowerShell read as scripts; also quoted and in prose. Piped into any other command not known to only read it (grep, jq, tar t, …): high',
      misses:
        "a downloader with no target (prose about curl | bash), pipes into known filters (jq, grep), and commands that reach a shell through files or aliases",
    },
    "download-exec": {
      severity: "critical",
      catches:
        'downloaded code run without a pipe: sh -c "$(curl …)", eval "$(curl …)", bash <(curl …), `curl …` as a command, iex (iwr …), [scriptblock]::Create((irm …)), &("i"+"ex") (irm …); a variable given a download and run in the same script or block (x=$(curl …); eval "$x", $s = irm …; iex $s); a download saved and run on the same line or the next two (curl -o f … && bash f), or an archive downloaded, unpacked and a file of it run (curl … | tar xz && ./install.sh); python -c, node -e, perl -e, ruby -e code, or a here-document an interpreter reads, that downloads and evaluates; a shell wired to a socket (bash -i >& /dev/tcp/…, nc -e, socat exec:); deno run of a URL; npx -y, bunx, pnpm dlx of a package with no exact version',
      misses:
        "a saved download run further away, or through aliases, functions, files or archives; a variable passed through a function, an array, a file or another script; download-and-evaluate in a script's own source",
    },
    "encoded-exec": {
      severity: "critical",
      catches:
        "base64-decoded text run: base64 -d | sh (through any stages), exec(b64decode(…)), eval(atob(…)), powershell -EncodedCommand",
      misses: "other encodings (hex, rot13) and decoding split across steps",
    },
    "credential-path": {
      severity: "high",
      catches:
        "paths to credentials: ~/.ssh, id_rsa, ~/.aws, ~/.config/gh, .netrc, .docker/config.json, browser profiles, keychains (.env files: medium)",
      misses: "credentials reached through variables or computed paths",
    },
    "secret-literal": {
      severity: "critical",
      catches:
        "literal secrets: private key blocks, AWS, GitHub, OpenAI, Anthropic, Slack, Google and Stripe key patterns",
      misses: "secrets of other formats and split or encoded secrets",
    },
    "broad-tool-grant": {
      severity: "high",
      catches:
        "allowed-tools that grant any shell (Bash, Bash(*), Shell, *) or unrestricted network (WebFetch, curl:*)",
      misses: "narrow grants such as Bash(git status:*)",
    },
    "shell-preprocessing": {
      severity: "high",
      catches:
        "!`command` lines in SKILL.md, which some agents run before the model sees the skill",
      misses: "commands in code blocks the model may choose to run",
    },
    "link-outside-skill": {
      severity: "medium",
      catches:
        "Markdown links and images to absolute paths, file: URLs or ../ paths leaving the skill",
      misses: "web links (http, https) and paths built at run time",
    },
    "binary-file": {
      severity: "high",
      catches: "executables bundled in the skill: ELF, Mach-O and PE headers",
      misses: "scripts (they are text and go through the other rules)",
    },
    "archive-file": {
      severity: "medium",
      catches:
        "archives (zip, gzip, tar, 7z, rar, xz, bzip2), whose content is not audited",
      misses: "archives inside other files",
    },
    "executable-outside-scripts": {
      severity: "medium",
      catches: "files with an executable bit outside scripts/",
      misses: "executables in scripts/ (the documented place for them)",
    },
    "large-file": {
      severity: "low",
      catches:
        "files over the size limit (1 MiB): text is audited whole, in windows of it; other files by their first bytes",
      misses: "what lies past the first bytes of a file that is not text",
    },
    "unreadable-file": {
      severity: "medium",
      catches:
        "entries the audit does not open: symlinks (what one inside the skill leads to is audited), FIFOs, devices",
      misses: "their content",
    },
    "not-audited": {
      severity: "medium",
      catches:
        "content the audit could not read: files past the count bound, directories nested over 16 deep, names not valid UTF-8 (high)",
      misses: "what it holds (install in block mode refuses it)",
    },
  });

/** One thing the audit found. */
export interface AuditFinding {
  /** The rule (see {@linkcode AUDIT_RULES}). */
  readonly code: AuditCode;
  /** The rule's severity (`.env` paths are `medium`, instruction-like comments `high`). */
  readonly severity: Severity;
  /** What was found, in words. */
  readonly message: string;
  /** The file, absolute. */
  readonly path: string;
  /** 1-based line, when the finding is in text. */
  readonly line?: number;
  /** 1-based column (UTF-16 code units), when the finding is in text. */
  readonly column?: number;
  /** The offending text, shortened, invisible and control characters shown as escapes. */
  readonly snippet?: string;
}

/**
 * Whether `severity` is at least as bad as `threshold`.
 *
 * @example Usage
 * ```ts
 * import { atLeast } from "./rules.ts";
 * import assert from "node:assert/strict";
 *
 * assert.ok(atLeast("critical", "high"));
 * assert.ok(!atLeast("low", "medium"));
 * ```
 *
 * @param severity A finding's severity.
 * @param threshold The bar.
 * @returns `true` when `severity` is `threshold` or worse.
 */
export function atLeast(severity: Severity, threshold: Severity): boolean {
  return SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(threshold);
}
