// Copyright 2026 the skillscope authors. MIT license.
/**
 * What `install` takes and gives back.
 *
 * @module
 */
import type { AuditFinding } from "../audit/rules.ts";
import type { AuditMode, LockEntry } from "./lockfile.ts";
import type { CommonInstallOptions } from "./options.ts";

/**
 * Options of {@linkcode install}.
 *
 * @example Install a local skill
 * ```ts
 * import { install, type InstallOptions } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${source}/SKILL.md`, "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n");
 * const options: InstallOptions = { source, dir: await Deno.makeTempDir() };
 * assert.equal((await install(options)).name, "demo");
 * ```
 */
export interface InstallOptions extends CommonInstallOptions {
  /** A local path, or a git URL with optional `#ref` and `:sub/path`. */
  source: string;
  /** The skills directory to install into. */
  dir: string;
  /** Replace a skill installed from another source, or a directory not in the lockfile. */
  force?: boolean;
  /** Which skill to take when the source holds several (as `owner/repo@skill` does). */
  skill?: string;
  /**
   * Let the only-skill choice count skills marked `metadata.internal: true`
   * (a skill named by `skill` is taken either way).
   */
  internal?: boolean;
  /**
   * Other skills directories (of other clients, beside `dir` in the same
   * project or home) that also get the skill: a symlink to the real copy in
   * `dir`, or a copy with `copy: true` (or for those in `copyInto`).
   * Recorded in the lock entry, so `verify`, `update`, `restore` and
   * `remove` handle them too (a copy is made again when the skill changes).
   */
  targets?: readonly string[];
  /** Copy into every one of `targets` instead of symlinking. */
  copy?: boolean;
  /**
   * The ones of `targets` that get a copy instead of a symlink (e.g. a
   * directory read by an agent not known to follow a symlinked directory);
   * the others get a symlink, unless `copy` is `true`.
   */
  copyInto?: readonly string[];
  /**
   * Hears the skill's name once the source is read, before anything is
   * written: what it throws stops the install with nothing changed (the
   * CLI refuses a name another `skills.lock` of the scope records).
   */
  checkName?: (name: string) => void;
  /**
   * The content audit run on the skill before it is copied (see
   * `@skillscope/skills/audit`): `"block"` (default) refuses a skill with a
   * critical finding (`audit-blocked`) and reports the others, `"warn"`
   * reports all, `"off"` skips it. Recorded in the lock entry.
   */
  audit?: AuditMode;
  /**
   * The name the installed skill must have (what `update NAME` passes): a
   * source whose skill was renamed upstream is refused with `name-changed`
   * instead of being installed beside the old one.
   */
  expectedName?: string;
}

/**
 * What {@linkcode install} did.
 *
 * @example Usage
 * ```ts
 * import { install, type InstallResult } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(join(source, "SKILL.md"), "---\nname: demo\ndescription: Demo\n---\n");
 * const result: InstallResult = await install({ source, dir: await Deno.makeTempDir() });
 * assert.match(result.hash, /^sha256-/);
 * ```
 */
export interface InstallResult {
  /** The skill's name (its directory name in the skills directory). */
  readonly name: string;
  /** Where it is now. */
  readonly dir: string;
  /** `installed` (new), `updated` (content changed) or `unchanged`. */
  readonly status: "installed" | "updated" | "unchanged";
  /** The tree hash now. */
  readonly hash: string;
  /** The tree hash before, for an update. */
  readonly previousHash?: string;
  /** The source, as recorded in the lockfile. */
  readonly source: string;
  /** The commit installed (git sources). */
  readonly commit?: string;
  /** The artifact's digest (website sources with a v0.2 index). */
  readonly digest?: string;
  /** Notes, e.g. an interrupted operation that was recovered first. */
  readonly notes: readonly string[];
  /** Where the replaced tree was kept (forced over local changes). */
  readonly backup?: string;
  /** The symlinks to it, or copies of it, in other client skills directories. */
  readonly targets?: readonly string[];
  /** The targets an unchanged skill had lost and got back (links remade, copies redone). */
  readonly repaired?: readonly string[];
  /** What the content audit found (when it ran). */
  readonly findings?: readonly AuditFinding[];
}

/** A locked entry to rebuild exactly (frozen restore): its name and entry. */
export interface FrozenTarget {
  /** The skill's name. */
  readonly name: string;
  /** Its lock entry: the commit to fetch and the tree hash to match. */
  readonly entry: LockEntry;
}
