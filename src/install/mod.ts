// Copyright 2026 the skillscope authors. MIT license.
/**
 * Installing skills into a skills directory with a lockfile
 * (`skills.lock`): install from a local path or a git URL, remove, show,
 * verify against the recorded tree hashes, update. Separate from the main
 * entry point, so discovering and serving skills never loads it.
 *
 * Needs `--allow-read` and `--allow-write` for the skills directory, and
 * `--allow-run=git` for git sources.
 *
 * @example Install a skill from a local directory and verify it
 * ```ts
 * import { install, verify } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.mkdir(join(source, "demo"));
 * await Deno.writeTextFile(
 *   join(source, "demo/SKILL.md"),
 *   "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n",
 * );
 * const skills = await Deno.makeTempDir();
 * const result = await install({ source: join(source, "demo"), dir: skills });
 * assert.equal(result.name, "demo");
 * const report = await verify(skills);
 * assert.equal(report.ok, true);
 * ```
 *
 * @module
 */
export { InstallError, InterruptedError } from "./errors.ts";
export type {
  CommonInstallOptions,
  InstallFs,
  WebSourceOptions,
} from "./options.ts";
export { install } from "./install.ts";
export type { InstallOptions, InstallResult } from "./install_types.ts";
export {
  listSource,
  type ListSourceOptions,
  type OfferedSkill,
} from "./list_source.ts";
export { remove } from "./remove.ts";
export { update } from "./update.ts";
export { check, type CheckStatus, type SkillCheck } from "./check.ts";
export { restore, type RestoreFailure, type RestoreReport } from "./restore.ts";
export { readLock } from "./read_lock.ts";
export {
  type FileDrift,
  skillInfo,
  type SkillVerification,
  verify,
  type VerifyReport,
} from "./verify.ts";
export type { InvalidSkill } from "./locate_skill.ts";
export type { AuditMode, LockEntry, Lockfile } from "./lockfile.ts";
export type { InstallTarget } from "./target_path.ts";
export type { LockOptions } from "./mutex.ts";
export type {
  GitOutputLimit,
  GitResult,
  GitRunner,
  GitRunOptions,
} from "./git.ts";
// The types of the main entry (and of the audit entry, for install), which
// the signatures above refer to: each entry point documents on its own.
export type * from "../../mod.ts";
export type * from "../audit/mod.ts";
// The website caps and address types that `CommonInstallOptions.web` names.
export type { WebLimits } from "../web/limits.ts";
export type { HostScope } from "../shared/host_scope.ts";
export type { HostResolver } from "../web/entry_hosts.ts";
