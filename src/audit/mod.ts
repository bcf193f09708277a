// Copyright 2026 the skillscope authors. MIT license.
/**
 * Auditing skills before they reach an agent, and consent bound to content.
 *
 * `audit()` reads every file of a skill (bounded, never following a symlink
 * out of it) through deterministic rules — invisible Unicode, hidden
 * content, remote code execution, credential access and literal secrets,
 * over-broad tool grants, bundled executables and archives, shell
 * preprocessing, links leaving the skill — and reports findings with a
 * stable code, a severity, `file:line:col` and an escaped snippet.
 * `approve()` records a skill's tree hash; `SkillSet.open({ requireApproval:
 * true })` then serves only skills whose files still give it.
 *
 * @example Audit, approve, serve only approved skills
 * ```ts
 * import { approve, audit } from "@skillscope/skills/audit";
 * import { directorySource, SkillSet } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/notes`);
 * await Deno.writeTextFile(`${root}/notes/SKILL.md`, "---\nname: notes\ndescription: Takes notes\n---\n# Notes\n");
 * assert.deepEqual((await audit(`${root}/notes`)).findings, []);
 * const open = () => SkillSet.open({ sources: [directorySource(root)], requireApproval: true, cache: false });
 * assert.equal((await open()).list().length, 0);
 * await approve(`${root}/notes`);
 * assert.deepEqual((await open()).list().map((s) => s.name), ["notes"]);
 * ```
 *
 * @module
 */
export type { AuditCode, AuditFinding, Severity } from "./rules.ts";
export { audit, type AuditOptions, type AuditReport } from "./audit.ts";
export {
  type Approval,
  approvalOf,
  type ApprovalState,
  approve,
} from "./approvals.ts";
export { keepApproved } from "./keep_approved.ts";
// The types of the main entry, which
// the signatures above refer to: each entry point documents on its own.
export type * from "../../mod.ts";
