// Copyright 2026 the skillscope authors. MIT license.
/**
 * The table of skillscope's rule codes: each one's levels and what it
 * checks (data only; the README's rule table mirrors it, and a test keeps
 * the two equal).
 *
 * @module
 */
import type { DiagnosticLevel, RuleCode } from "./types.ts";

/**
 * One rule: its lenient level and what it checks.
 */
export interface Rule {
  /** Level while discovering (lenient). */
  readonly lenient: DiagnosticLevel;
  /**
   * Level in strict validation; `null` for a rule strict validation does
   * not report (what it flags, the specification accepts). @default {"error"}
   */
  readonly strict?: DiagnosticLevel | null;
  /** What the rule checks. */
  readonly summary: string;
}

/**
 * Every rule code skillscope emits, in documentation order.
 */
export const RULES: Readonly<Record<RuleCode, Rule>> = Object.freeze({
  "root-missing": {
    lenient: "warning",
    summary: "A skill root does not exist (an error for a `required` root)",
  },
  "root-invalid": {
    lenient: "warning",
    summary:
      "A default root exists but is not a readable directory (a file, a symlink loop); it is skipped",
  },
  "permission-skipped": {
    lenient: "warning",
    summary:
      "A default root or environment variable was skipped: Deno has not granted access",
  },
  "scan-truncated": {
    lenient: "warning",
    summary:
      "A recursive scan reached its depth or directory bound; deeper skills were not searched",
  },
  "symlink-cycle": {
    lenient: "warning",
    summary:
      "A symlinked directory leads to a directory already scanned; it is skipped",
  },
  "symlink-skipped": {
    lenient: "warning",
    summary:
      "A symlinked SKILL.md or directory was ignored (`followSymlinks: false`, or `followSymlinkedSkillMd: false` for the file)",
  },
  "asset-path-invalid": {
    lenient: "warning",
    summary:
      "An embedded skill lists an asset under an unsafe path; it is ignored",
  },
  "skill-shadowed": {
    lenient: "warning",
    summary: "A skill lost to an earlier one of the same name",
  },
  "path-missing": { lenient: "error", summary: "The path does not exist" },
  "not-a-directory": {
    lenient: "error",
    summary: "A skill path is neither a directory nor a SKILL.md file",
  },
  "skill-md-missing": {
    lenient: "error",
    summary: "The skill directory has no SKILL.md",
  },
  "skill-md-not-file": {
    lenient: "error",
    summary:
      "SKILL.md is not a regular file (directory, FIFO, device); it is never opened",
  },
  "read-failed": {
    lenient: "error",
    summary: "SKILL.md could not be read (I/O error)",
  },
  "frontmatter-missing": {
    lenient: "error",
    summary: 'The file does not start with a "---" line',
  },
  "frontmatter-unclosed": {
    lenient: "error",
    summary: 'No closing "---" line after the opening one',
  },
  "frontmatter-too-large": {
    lenient: "error",
    summary: "The frontmatter is not closed within the first 64 KiB",
  },
  "yaml-invalid": {
    lenient: "error",
    summary:
      'The YAML does not parse (a warning when it parses after quoting values containing ": ", or after moving text that follows a block scalar\'s | or > onto its own line)',
  },
  "yaml-parser-not-loaded": {
    lenient: "error",
    summary:
      "A synchronous call met YAML beyond the fast subset without the `yamlParser` option (the value `await loadYamlParser()` resolves to)",
  },
  "skill-unapproved": {
    lenient: "warning",
    summary:
      "With requireApproval, a skill never approved (or from a remote source) is left out",
  },
  "skill-changed-since-approval": {
    lenient: "warning",
    summary:
      "With requireApproval, a skill whose files changed since approval is left out (the files are named)",
  },
  "duplicate-key": {
    lenient: "warning",
    summary: "A top-level key appears twice (the last one is used)",
  },
  "frontmatter-not-map": {
    lenient: "error",
    summary: "The frontmatter is not a YAML mapping",
  },
  "name-missing": {
    lenient: "warning",
    summary:
      "`name` is missing or not a string (the directory name is used instead)",
  },
  "name-not-string": {
    lenient: "warning",
    strict: null,
    summary:
      "`name` is a YAML number or boolean (`name: 123`): read as its text, as the reference validator reads it; strict checks that text by the naming rules",
  },
  "name-too-long": {
    lenient: "warning",
    summary: "`name` is longer than 64 characters",
  },
  "name-not-lowercase": {
    lenient: "warning",
    summary: "`name` contains uppercase letters",
  },
  "name-hyphen-edge": {
    lenient: "warning",
    summary: '`name` starts or ends with "-"',
  },
  "name-consecutive-hyphens": {
    lenient: "warning",
    summary: '`name` contains "--"',
  },
  "name-invalid-chars": {
    lenient: "warning",
    summary: '`name` has characters other than letters, digits and "-"',
  },
  "name-dir-mismatch": {
    lenient: "warning",
    summary: "`name` differs from the directory name (after NFKC)",
  },
  "description-missing": {
    lenient: "error",
    summary: "`description` is missing, empty or not a string",
  },
  "description-from-body": {
    lenient: "warning",
    summary:
      "No `description`: the first paragraph of the body is used, as Claude Code does (its roots only)",
  },
  "description-not-string": {
    lenient: "warning",
    summary:
      "`description` is a YAML number or boolean: read as written, rejected when strict",
  },
  "description-too-long": {
    lenient: "warning",
    summary: "`description` is longer than 1024 characters (loaded in full)",
  },
  "description-placeholder": {
    lenient: "warning",
    strict: "warning",
    summary:
      '`description` is still the placeholder of `skillscope init` ("TODO: …"); a warning even when strict: the file is valid, only unfinished',
  },
  "compatibility-not-string": {
    lenient: "warning",
    summary: "`compatibility` is not a string",
  },
  "compatibility-too-long": {
    lenient: "warning",
    summary: "`compatibility` is longer than 500 characters",
  },
  "metadata-not-map": {
    lenient: "warning",
    summary: "`metadata` is not a map of string keys to string values",
  },
  "metadata-value-unquoted": {
    lenient: "warning",
    strict: null,
    summary:
      'A `metadata` value YAML reads as a number or boolean (`version: 1.0`): kept as written (`"1.0"`); strict validation accepts it, as the reference validator does',
  },
  "allowed-tools-not-string": {
    lenient: "warning",
    summary:
      "`allowed-tools` is not a space-separated string (a list of strings is accepted leniently)",
  },
  "globs-invalid": {
    lenient: "warning",
    summary: "`globs` / `paths` is not a string or a list of strings",
  },
  "always-apply-not-boolean": {
    lenient: "warning",
    summary: "`alwaysApply` / `always_apply` is not a boolean",
  },
  "noncanonical-boolean": {
    lenient: "warning",
    summary:
      'A client flag written as yes/no, on/off or a quoted "true"/"false": read as the boolean, but other agents may not',
  },
  "codex-metadata-invalid": {
    lenient: "warning",
    summary:
      "A skill's agents/openai.yaml (Codex) is not a small regular YAML mapping and is ignored",
  },
  "client-field-invalid": {
    lenient: "warning",
    summary:
      "A client field (disable-model-invocation, user-invocable, argument-hint, arguments, when_to_use, model) has the wrong type and is ignored",
  },
  "extension-field": {
    lenient: "warning",
    summary:
      "A field another agent defines (globs, paths, disable-model-invocation, …): reported only when strict, unless allowed",
  },
  "unknown-field": {
    lenient: "warning",
    summary:
      "A top-level field outside the specification (other agents' known fields pass silently when lenient)",
  },
  "dir-read-failed": {
    lenient: "warning",
    summary:
      "A directory inside a root could not be listed; the scan goes on without it",
  },
  "undecodable-name": {
    lenient: "warning",
    summary:
      "A file or directory name that is not valid UTF-8 cannot be read by its name: it is reported and left out, the rest goes on",
  },
  "frontmatter-capped": {
    lenient: "warning",
    summary:
      "The frontmatter is over 8 KiB: the skill keeps only its known fields, strings cut to 4096 characters",
  },
  "embed-truncated": {
    lenient: "warning",
    summary:
      "`embed` reached its file or byte cap for a skill; the rest of its files were left out",
  },
  "embed-skipped-file": {
    lenient: "warning",
    summary:
      "`embed` left out one file of a skill (unreadable or over the cap)",
  },
  "embed-skipped-skill": {
    lenient: "error",
    summary:
      "`embed` left out a whole skill (its SKILL.md unreadable or over 8 MiB)",
  },
  "remote-source-failed": {
    lenient: "error",
    summary:
      "An MCP source (`mcpSource`) could not be listed; the other sources still load",
  },
  "remote-source-async-only": {
    lenient: "warning",
    summary:
      "An MCP source was given to `discoverSync` / `SkillSet.openSync`, which cannot read it",
  },
  "remote-no-skills": {
    lenient: "warning",
    summary: "The MCP server does not offer the skills extension",
  },
  "remote-entry-invalid": {
    lenient: "error",
    summary:
      "The MCP server listed a skill entry that breaks the extension's rules; it is left out",
  },
  "web-schema-unknown": {
    lenient: "warning",
    summary:
      "A well-known index names an unknown `$schema`; none of its skills are read",
  },
  "web-entry-invalid": {
    lenient: "error",
    summary:
      "A well-known index entry has no valid name, description, url, digest or files (or repeats a name); it is left out",
  },
  "web-entry-skipped": {
    lenient: "warning",
    summary: "A well-known index entry has an unknown `type`; it is skipped",
  },
  "web-index-truncated": {
    lenient: "warning",
    summary:
      "A well-known index lists more than 10,000 skills; the rest are left out",
  },
  "web-unverified": {
    lenient: "warning",
    summary:
      "A v0.1 well-known index gives no digests: the content of its skills is not verified",
  },
  "web-publish-skipped": {
    lenient: "error",
    summary:
      "`publish` leaves a skill out: a symlink or special file in it, a name an index cannot carry or already published, over the caps",
  },
  "mcp-skill-not-listed": {
    lenient: "warning",
    summary:
      "`skillscope mcp` leaves a skill out of `skills/list` (name not a URI authority, unreadable, remote)",
  },
  "mcp-skill-dynamic": {
    lenient: "warning",
    summary:
      '`skillscope mcp` lists a skill over 512 files or 16 MiB as `"dynamic"`',
  },
});
