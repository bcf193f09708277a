// Copyright 2026 the skillscope authors. MIT license.
/**
 * What the install commands print for people: one line per installed or
 * updated skill, unchanged skills counted on one line, audit findings on
 * stderr, a heading per scope, and a next-step hint.
 *
 * @module
 */
import type {
  InstallResult,
  InvalidSkill,
  OfferedSkill,
} from "../install/mod.ts";
import { describeInvalid } from "../install/locate_skill.ts";
import { outputWidth, renderTable } from "./table.ts";
import type { ValuesOf } from "./parse_args.ts";
import type { QUIET_OPTION } from "./install_options.ts";
import {
  field,
  writeDiagnostics,
  writeErr,
  writeJson,
  writeNotes,
  writeOut,
} from "./io.ts";
import type { Diagnostic } from "../shared/types.ts";
import { validateSkillDir } from "../parse/validate.ts";
import { scopeLabel } from "./skill_scope.ts";
import type { DirValues, SkillsDirs } from "./skills_dir_options.ts";
import { BACKUPS_KEPT } from "../install/backup.ts";
import { clientEntry } from "../clients/client_profile.ts";

/**
 * Shows what the audit found in an installed skill, on stderr.
 *
 * @param result The result (its findings name the installed files).
 */
export function writeFindings(result: InstallResult): void {
  for (const f of result.findings ?? []) {
    writeErr(
      `${field(f.path)}${
        f.line === undefined ? "" : `:${f.line}:${f.column ?? 1}`
      }: audit ${f.severity} ${f.code}: ${field(f.message)}\n`,
    );
  }
}

/**
 * Prints on stderr what `list` would warn about each installed or updated
 * skill (a placeholder description, a name that breaks a rule): said when
 * the skill arrives, not at the next `list`.
 *
 * @param results The results.
 * @param options `quiet`: print none; `verbose`: every one (else five per
 *   code and a count, as `list` prints them).
 */
export async function writeSkillWarnings(
  results: readonly InstallResult[],
  options: { quiet?: boolean; verbose?: boolean } = {},
): Promise<void> {
  if (options.quiet === true) return;
  const warnings: Diagnostic[] = [];
  for (const result of results) {
    for (const d of await skillWarnings(result)) warnings.push(d);
  }
  writeDiagnostics(warnings, { verbose: options.verbose === true });
}

/**
 * Results for JSON, each with `diagnostics`: the warnings
 * {@linkcode writeSkillWarnings} prints about it, every one (none for an
 * unchanged skill).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { withSkillWarnings } from "./install_report.ts";
 *
 * const unchanged = {
 *   name: "a",
 *   dir: "/skills/a",
 *   status: "unchanged",
 *   hash: "sha256-0",
 *   source: "./a",
 *   notes: [],
 * } as const;
 * const [result] = await withSkillWarnings([unchanged]);
 * assert.deepEqual(result?.diagnostics, []);
 * ```
 *
 * @param results The results.
 * @returns The results, with `diagnostics` added.
 */
export async function withSkillWarnings(
  results: readonly InstallResult[],
): Promise<(InstallResult & { diagnostics: Diagnostic[] })[]> {
  const out: (InstallResult & { diagnostics: Diagnostic[] })[] = [];
  for (const result of results) {
    out.push({ ...result, diagnostics: await skillWarnings(result) });
  }
  return out;
}

/** What `list` would warn about a skill install or update put in place. */
async function skillWarnings(result: InstallResult): Promise<Diagnostic[]> {
  if (result.status === "unchanged") return [];
  return (await validateSkillDir(result.dir, { strict: false })).filter((d) =>
    d.level === "warning"
  );
}

/**
 * Prints results of install or update: notes and findings on stderr, a
 * line per installed or changed skill; unchanged ones are counted on one
 * line (`3 up to date`) unless `verbose`, which names each with its hash.
 *
 * @param results The results.
 * @param options `verbose`; `scope`: the scope's label, for the lines;
 *   `seenBy`: the agents (labels) that see each result, said under it
 *   unless none does.
 */
export function writeResults(
  results: readonly InstallResult[],
  options: {
    verbose?: boolean;
    scope?: string | undefined;
    seenBy?: (result: InstallResult) => string;
  } = {},
): void {
  const where = options.scope === undefined ? "" : ` (${options.scope})`;
  let text = "";
  const unchanged: string[] = [];
  for (const result of results) {
    writeNotes(result.notes);
    writeFindings(result);
    if (
      result.status === "unchanged" && result.repaired === undefined &&
      options.verbose !== true
    ) {
      unchanged.push(result.name);
      continue;
    }
    text += describe(result, options.scope);
    const seen = options.seenBy?.(result) ?? "";
    if (seen !== "") text += `  seen by: ${seen}\n`;
  }
  if (unchanged.length === 1) {
    text += `${field(unchanged[0]!)} is up to date${where}\n`;
  } else if (unchanged.length > 1) {
    text += `${unchanged.length} up to date${where}\n`;
  }
  writeOut(text);
}

/**
 * Says on stderr which agents an install could not reach: those left out
 * for having no directory in the scope, then a warning naming the skills
 * no agent found here will see (none for `--dir`, which is where it was
 * asked to be, or with `quiet`).
 *
 * @param results The results.
 * @param seen The agents that see a result.
 * @param options `dirs`: where it was installed; `left`: agents left out;
 *   `quiet`: no warning.
 */
export function writeReach(
  results: readonly InstallResult[],
  seen: (result: InstallResult) => readonly string[],
  options: {
    dirs: SkillsDirs;
    left: readonly string[];
    quiet: boolean | undefined;
  },
): void {
  const { dirs, left } = options;
  for (const agent of left) {
    writeErr(
      `note: ${
        clientEntry(agent).label
      } has no ${dirs.scope} skills directory, so it was left out\n`,
    );
  }
  const unseen = results.filter((r) => seen(r).length === 0);
  if (unseen.length === 0 || dirs.scope === undefined || options.quiet) {
    return;
  }
  writeErr(
    `warning: No agent found on this machine reads ${
      dirs.dirs.map(field).join(" or ")
    }, so none will see ${
      unseen.map((r) => `"${field(r.name)}"`).join(", ")
    }: pass --client NAME for the agent you use\n`,
  );
}

/**
 * A heading naming the scope of the lines that follow, for commands that
 * cover both scopes: only when the scope was not named by `--dir`.
 *
 * @param dirs The scope.
 */
export function writeScopeHeading(dirs: SkillsDirs): void {
  if (dirs.scope !== undefined) writeOut(`${scopeLabel(dirs)}:\n`);
}

/**
 * Results for JSON, each with the scope it is in (none for `--dir`).
 *
 * @param dirs The scope.
 * @param items The results.
 * @returns The results, with `scope` added when known.
 */
export function scoped<T extends object>(
  dirs: SkillsDirs,
  items: readonly T[],
): (T | T & { scope: string })[] {
  const scope = dirs.scope;
  return scope === undefined ? [...items] : items.map((i) => ({ ...i, scope }));
}

/**
 * A one-line hint of what to run next, on stderr (none with `-q` or `--json`).
 *
 * @param values Parsed option values.
 * @param hint The hint, without `Next: `.
 */
export function writeHint(
  values: ValuesOf<typeof QUIET_OPTION> & Partial<Pick<DirValues, "json">>,
  hint: string,
): void {
  if (values.quiet === true || values.json === true) return;
  writeErr(`Next: ${hint}\n`);
}

function describe(result: InstallResult, scope: string | undefined): string {
  const also = result.targets === undefined || result.targets.length === 0 ||
      result.repaired !== undefined
    ? ""
    : `  also in: ${result.targets.map(field).join(", ")}\n`;
  return describeMain(result, scope) + also;
}

function describeMain(
  result: InstallResult,
  scope: string | undefined,
): string {
  const where = scope === undefined ? "" : ` (${scope})`;
  const name = field(result.name);
  const kept = (what: string): string =>
    result.backup === undefined
      ? ""
      : `; ${what} kept in ${
        field(result.backup)
      } (the newest ${BACKUPS_KEPT} backups of a skill are kept)`;
  switch (result.status) {
    case "installed":
      return `Installed ${name} (${result.hash}) into ${
        field(result.dir)
      }${where}${kept("the directory it replaced is")}\n`;
    case "updated":
      return result.previousHash === result.hash
        ? `Restored ${name} to its locked files (${result.hash})${where}${
          kept("your changes are")
        }\n`
        : `Updated ${name}: ${result.previousHash} -> ${result.hash}${where}${
          kept("your changes are")
        }\n`;
    default:
      if (result.repaired !== undefined) {
        return `Repaired ${name}: put back ${
          result.repaired.map(field).join(", ")
        }${where}\n`;
      }
      // One pair of parentheses: the hash and the scope together.
      return `${name} is up to date (${result.hash}${
        scope === undefined ? "" : `, ${scope}`
      })\n`;
  }
}

/**
 * The `list` command whose AGENTS column shows which agents see what was
 * installed: the agents given, else a placeholder for one (plain `list` has
 * no such column).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { listCommand } from "./install_report.ts";
 *
 * assert.equal(listCommand(["claude", "codex"]), "skillscope list --client claude --client codex");
 * assert.equal(listCommand(undefined), "skillscope list --client NAME");
 * ```
 *
 * @param clients The agents installed for (`--client`).
 * @returns The command.
 */
export function listCommand(clients: readonly string[] | undefined): string {
  const named = clients === undefined || clients.length === 0
    ? ["NAME"]
    : [...new Set(clients)];
  return `skillscope list ${named.map((c) => `--client ${c}`).join(" ")}`;
}

/**
 * Names on stderr the skill directories of a source that are invalid.
 *
 * @param invalid The invalid skills.
 * @param lead What comes before them (`"left out: "`).
 */
export function writeInvalid(
  invalid: readonly InvalidSkill[],
  lead: string,
): void {
  if (invalid.length > 0) {
    writeErr(`note: ${lead}${describeInvalid(invalid)}\n`);
  }
}

/**
 * What `install --list` prints: the skills a source offers (a table, or
 * JSON), then the invalid ones it left out.
 *
 * @param offered The skills offered.
 * @param invalid The invalid skills.
 * @param json Print JSON (the offered skills only).
 */
export function writeOffered(
  offered: readonly OfferedSkill[],
  invalid: readonly InvalidSkill[],
  json: boolean,
): void {
  if (json) return writeJson(offered);
  const width = outputWidth();
  writeOut(renderTable(
    ["NAME", "PATH", "DESCRIPTION"],
    offered.map((s) => [
      field(s.name),
      field(s.path),
      field(s.description.replace(/\s+/g, " ")),
    ]),
    { ...(width === undefined ? {} : { width }), shrink: 2, drop: 1 },
  ));
  writeInvalid(invalid, "");
}
