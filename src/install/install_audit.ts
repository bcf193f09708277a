// Copyright 2026 the skillscope authors. MIT license.
/**
 * The content audit of a locked install: run on the skill before it is
 * copied, a critical finding refusing it in `block` mode, and recorded in the
 * lock entry.
 *
 * @module
 */
import { isAbsolute, join, relative } from "../shared/path.ts";
import { audit } from "../audit/audit.ts";
import type { AuditFinding, Severity } from "../audit/rules.ts";
import { InstallError } from "./errors.ts";
import type { InstallSource } from "./install_source.ts";
import type { AuditMode, LockEntry } from "./lockfile.ts";

/** How {@linkcode auditForInstall} runs and what its refusal names. */
export interface InstallAuditOptions {
  /** `block`, `warn` or `off`. */
  readonly mode: AuditMode;
  /** The source as given: a local one is reviewed with `skillscope audit`. */
  readonly source: InstallSource;
  /** The source as the lock records it, for the message. */
  readonly label: string;
  /** Reports progress. */
  readonly progress: (message: string) => void;
  /** What is audited: as much as install places (its caps). */
  readonly limits?: { readonly maxFiles: number; readonly maxBytes: number };
}

/** What {@linkcode auditForInstall} found and what the lock records of it. */
export interface InstallAudit {
  /** The findings; `undefined` when the audit is off. */
  readonly findings: readonly AuditFinding[] | undefined;
  /** The lock entry's `audit`: the mode, and the findings by severity. */
  readonly record: NonNullable<LockEntry["audit"]>;
}

/**
 * Audits a skill about to be installed. In `block` mode a critical finding,
 * or content the audit could not read (`not-audited`), stops the install
 * with `audit-blocked`, naming the first few; `off` skips the audit.
 *
 * @example A clean skill passes
 * ```ts
 * import { auditForInstall } from "./install_audit.ts";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${path}/SKILL.md`, "---\nname: demo\ndescription: Demo\n---\n# Demo\n");
 * const { record } = await auditForInstall(path, "demo", {
 *   mode: "block",
 *   source: { kind: "local", path },
 *   label: path,
 *   progress: () => {},
 * });
 * assert.deepEqual(record, { mode: "block", findings: { critical: 0, high: 0, medium: 0, low: 0 } });
 * ```
 *
 * @param skillDir The skill's directory, as fetched.
 * @param name The skill's name.
 * @param options Mode, source and progress.
 * @returns The findings and the lock's record of them.
 * @throws {InstallError} `audit-blocked`.
 */
export async function auditForInstall(
  skillDir: string,
  name: string,
  options: InstallAuditOptions,
): Promise<InstallAudit> {
  const { mode } = options;
  if (mode === "off") return { findings: undefined, record: { mode } };
  options.progress(`Auditing ${name}…`);
  const findings = (await audit(skillDir, options.limits)).findings;
  const critical = findings.filter((f) => f.severity === "critical");
  // What the audit could not read may hold anything: block mode refuses it.
  const unread = findings.filter((f) => f.code === "not-audited");
  if (mode === "block" && critical.length === 0 && unread.length > 0) {
    throw new InstallError(
      "audit-blocked",
      `Refusing to install "${name}": the audit could not read all of it (${
        unread.slice(0, 5).map((f) =>
          `${relative(skillDir, f.path)}: ${f.message}`
        ).join("; ")
      }${
        unread.length > 5 ? "; …" : ""
      }); install with --audit=warn to install it with those parts unaudited`,
    );
  }
  if (mode === "block" && critical.length > 0) {
    throw new InstallError(
      "audit-blocked",
      `Refusing to install "${name}": the audit found ${critical.length} critical problem${
        critical.length === 1 ? "" : "s"
      } (${
        critical.slice(0, 5).map((f) =>
          `${f.code} in ${relative(skillDir, f.path)}${
            f.line === undefined ? "" : `:${f.line}`
          }`
        ).join(", ")
      }${critical.length > 5 ? ", …" : ""}); ${
        options.source.kind === "local"
          ? `review them with "skillscope audit ${skillDir}"`
          : `review them in ${options.label}`
      }, or install with --audit=warn`,
    );
  }
  return { findings, record: { mode, findings: countBySeverity(findings) } };
}

/**
 * The findings with the paths of the installed copy: the skill as audited
 * was in the source, or in a staging clone deleted once installed.
 *
 * @example Usage
 * ```ts
 * import { installedFindings } from "./install_audit.ts";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * const [finding] = installedFindings(
 *   [{ code: "zero-width", severity: "high", path: `${source}/SKILL.md`, message: "Zero-width text" }],
 *   source,
 *   "/skills/demo",
 * );
 * assert.equal(finding?.path, "/skills/demo/SKILL.md");
 * ```
 *
 * @param findings The audit's findings.
 * @param skillDir The directory audited.
 * @param final Where the skill is installed.
 * @returns The findings, paths inside `skillDir` moved to `final`.
 */
export function installedFindings(
  findings: readonly AuditFinding[],
  skillDir: string,
  final: string,
): AuditFinding[] {
  const bases = [skillDir, Deno.realPathSync(skillDir)];
  return findings.map((finding) => {
    for (const base of bases) {
      const rel = relative(base, finding.path);
      if (!rel.startsWith("..") && !isAbsolute(rel)) {
        return { ...finding, path: join(final, rel) };
      }
    }
    return finding;
  });
}

/** How many findings of each severity. */
function countBySeverity(
  findings: readonly AuditFinding[],
): Record<Severity, number> {
  const counts = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}
