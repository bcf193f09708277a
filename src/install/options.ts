// Copyright 2026 the skillscope authors. MIT license.
/**
 * Options and limits shared by the install operations, and the file operations they use (replaceable to inject faults).
 *
 * @module
 */
import type { WebLimits } from "../web/limits.ts";
import type { HostResolver } from "../web/entry_hosts.ts";
import type { HostScope } from "../shared/host_scope.ts";
import { PermissionDeniedError } from "../shared/errors.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import {
  MAX_INSTALL_BYTES,
  MAX_INSTALL_FILES,
} from "../shared/install_limits.ts";
import type { GitRunner } from "./git.ts";
import type { LockOptions } from "./mutex.ts";

/**
 * The file operations install uses; replaceable to inject faults in tests.
 *
 * @example Count the files install writes
 * ```ts
 * import { install, type InstallFs } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${source}/SKILL.md`, "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n");
 * const written: string[] = [];
 * const fs: InstallFs = {
 *   writeFile: (path, data, mode) => {
 *     written.push(path);
 *     Deno.writeFileSync(path, data, mode === undefined ? {} : { mode });
 *   },
 *   rename: Deno.renameSync,
 * };
 * await install({ source, dir: await Deno.makeTempDir(), fs });
 * assert.ok(written.length > 0);
 * ```
 */
export interface InstallFs {
  /** Writes a file. */
  writeFile(path: string, data: Uint8Array, mode: number | undefined): void;
  /** Renames a path. */
  rename(from: string, to: string): void;
}

/** The real file operations. */
export const realFs: InstallFs = {
  writeFile(path, data, mode): void {
    Deno.writeFileSync(path, data, mode === undefined ? {} : { mode });
  },
  rename(from, to): void {
    Deno.renameSync(from, to);
  },
};

/**
 * What fetching from a website may be given beyond the common install
 * options: its caps (the time of one request, the deadline of one
 * operation, requests per skill; files and bytes come from `limits`), how
 * the hosts an index names are resolved, and what its host is taken for.
 *
 * @example Give up on an unreachable website quickly
 * ```ts
 * import { InstallError, listSource, type WebSourceOptions } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const web: WebSourceOptions = { limits: { deadlineMs: 2_000 } };
 * await assert.rejects(listSource("http://127.0.0.1:9/", { web }), InstallError);
 * ```
 */
export interface WebSourceOptions {
  /**
   * Caps: index size and entries, files and requests per v0.1 skill, the
   * time of one request, the deadline of one skill and of a whole command.
   */
  readonly limits?: WebLimits | undefined;
  /** How the host names an index leads to are resolved (default: DNS, when every host is granted). */
  readonly resolveHost?: HostResolver | undefined;
  /** What the index's host is taken for instead of its address (`"public"` for a local mirror of a public index). */
  readonly indexScope?: HostScope | undefined;
}

/**
 * Options shared by install, update and remove.
 *
 * @example Refuse a skill over the file cap
 * ```ts
 * import { type CommonInstallOptions, install, InstallError } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${source}/SKILL.md`, "---\nname: demo\ndescription: A demo skill\n---\n");
 * await Deno.writeTextFile(`${source}/notes.md`, "# Notes\n");
 * const options: CommonInstallOptions = { limits: { maxFiles: 1 } };
 * await assert.rejects(install({ source, dir: await Deno.makeTempDir(), ...options }), InstallError);
 * ```
 */
export interface CommonInstallOptions extends LockOptions {
  /** The git runner (default: the `git` executable). */
  git?: GitRunner;
  /** Longest a git command may run (ms). Default 120 000. */
  gitTimeoutMs?: number;
  /** Progress messages (cloning, copying). */
  onProgress?: (message: string) => void;
  /** File operations (for fault injection). */
  fs?: InstallFs;
  /**
   * Caps on one skill: files (default 10 000) and bytes (default 200 MiB).
   * For git sources they are enforced on the fetched tree before checkout.
   */
  limits?: { maxFiles?: number; maxBytes?: number };
  /**
   * When `force` replaces or removes a skill with local changes (or a
   * directory skills.lock does not know), keep the old tree as a hidden
   * backup inside the skills directory. Default `true`.
   */
  backup?: boolean;
  /**
   * Stops the operation (Ctrl-C): git is stopped, the scratch directories
   * removed and the lock released before it rejects with `interrupted`.
   */
  signal?: AbortSignal;
  /**
   * For skills from a website: its caps (`web.limits`: the time of one
   * request, the deadline of one skill and of a whole command, requests
   * per skill), how the hosts an index names are resolved, and what its
   * host is taken for.
   */
  web?: WebSourceOptions | undefined;
}

/** The file-count and size caps of an operation, defaults applied. */
export function limitsOf(
  options: CommonInstallOptions,
): { maxFiles: number; maxBytes: number } {
  return {
    maxFiles: options.limits?.maxFiles ?? MAX_INSTALL_FILES,
    maxBytes: options.limits?.maxBytes ?? MAX_INSTALL_BYTES,
  };
}

/** Throws `PermissionDeniedError` naming `--allow-write` (or `--allow-read`) when the skills directory may not be changed. */
export function assertWritable(dir: string): void {
  if (
    Deno.permissions.querySync({ name: "write", path: dir }).state !== "granted"
  ) {
    throw new PermissionDeniedError("write", dir, `--allow-write=${dir}`);
  }
  assertReadPermission(dir);
}
