// Copyright 2026 the skillscope authors. MIT license.
/**
 * The lockfile (`skills.lock`): reading it as untrusted input (a cloned
 * project ships its own), validating every key before it becomes a path,
 * and writing it atomically.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import { isValidSkillName } from "../parse/skill_name.ts";
import { isDigest } from "../web/digest.ts";
import { assertWebUrl } from "../web/url_policy.ts";
import { InstallError } from "./errors.ts";
import { type DirIdentity, workName } from "./owner.ts";
import { MAX_LOCKFILE_BYTES, readStateFileSync } from "./state_file.ts";
import { type InstallTarget, targetProblem } from "./target_path.ts";
import { writeViaTempSync } from "../shared/atomic_write.ts";

/** The lockfile's name inside a skills directory. */
export const LOCKFILE = "skills.lock";
/** Version of the lockfile format. */
export const LOCKFILE_VERSION = 1;

/**
 * One installed skill in the lockfile.
 *
 * @example What the lockfile records of an install
 * ```ts
 * import { install, type LockEntry, readLock } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${source}/SKILL.md`, "---\nname: demo\ndescription: A demo skill\n---\n# Demo\n");
 * const dir = await Deno.makeTempDir();
 * await install({ source, dir });
 * const entry: LockEntry | undefined = readLock(dir).skills["demo"];
 * assert.equal(entry?.kind, "local");
 * assert.match(entry?.hash ?? "", /^sha256-/);
 * ```
 */
export interface LockEntry {
  /**
   * The source as given to install (local paths made absolute, credentials
   * removed); for a website, its index URL.
   */
  readonly source: string;
  /** `"git"`, `"local"` or `"web"` (a website's well-known index). */
  readonly kind: "git" | "local" | "web";
  /** The git ref asked for, if any. */
  readonly ref?: string;
  /** The commit installed (git sources). */
  readonly commit?: string;
  /** The artifact's URL (v0.2) or the skill folder's (v0.1), for a website. */
  readonly url?: string;
  /** The artifact's digest, `sha256:<64 hex>` (a website with a v0.2 index). */
  readonly digest?: string;
  /** The skill picked among several in the source (`--skill`). */
  readonly skill?: string;
  /** Tree hash (see `hash.ts`). */
  readonly hash: string;
  /** Per-file hashes, by relative path. */
  readonly files: Readonly<Record<string, string>>;
  /** When it was installed (ISO 8601). */
  readonly installedAt: string;
  /** Other client skills directories holding a symlink to it or a copy of it. */
  readonly targets?: readonly InstallTarget[];
  /** The content audit at install: its mode and how many findings of each severity. */
  readonly audit?: {
    readonly mode: AuditMode;
    readonly findings?: Readonly<
      Record<"critical" | "high" | "medium" | "low", number>
    >;
  };
}

/** How install uses the content audit: refuse critical findings, only report, or skip it. */
export type AuditMode = "block" | "warn" | "off";

/**
 * The lockfile.
 *
 * @example Usage
 * ```ts
 * import { type Lockfile, readLock } from "@skillscope/skills/install";
 * import assert from "node:assert/strict";
 *
 * const lock: Lockfile = readLock(await Deno.makeTempDir());
 * assert.deepEqual(Object.keys(lock.skills), []);
 * ```
 */
export interface Lockfile {
  /** Format version. */
  readonly lockfileVersion: number;
  /** Installed skills by name. */
  readonly skills: Readonly<Record<string, LockEntry>>;
}

const DIGEST = /^sha256-[0-9a-f]{64}$/;
const COMMIT = /^[0-9a-f]{7,64}$/;

/**
 * Checks one lock entry read from disk; returns why it is invalid, or
 * `undefined` when it is valid.
 *
 * @param value The entry as parsed from JSON.
 * @param root The skills directory holding the lock: its targets must name
 *   client skills directories of the same owner (see `target_path.ts`).
 * @returns The problem, or `undefined`.
 */
export function lockEntryProblem(
  value: unknown,
  root?: string,
): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "is not an object";
  }
  const e = value as Record<string, unknown>;
  if (typeof e.source !== "string" || e.source === "") {
    return `has no "source" string`;
  }
  if (e.kind !== "git" && e.kind !== "local" && e.kind !== "web") {
    return `has "kind" ${
      JSON.stringify(e.kind)
    }; expected "git", "local" or "web"`;
  }
  const web = webFieldsProblem(e);
  if (web !== undefined) return web;
  for (const key of ["ref", "skill", "installedAt"] as const) {
    if (e[key] !== undefined && typeof e[key] !== "string") {
      return `has a "${key}" that is not a string`;
    }
  }
  if (
    e.commit !== undefined &&
    !(typeof e.commit === "string" && COMMIT.test(e.commit))
  ) {
    return `has a "commit" that is not a commit id`;
  }
  if (typeof e.hash !== "string" || !DIGEST.test(e.hash)) {
    return `has a "hash" that is not sha256-<64 hex digits>`;
  }
  if (
    typeof e.files !== "object" || e.files === null || Array.isArray(e.files)
  ) {
    return `has no "files" object`;
  }
  if (e.audit !== undefined) {
    const audit = e.audit as Record<string, unknown>;
    if (
      typeof audit !== "object" || audit === null ||
      !["block", "warn", "off"].includes(audit.mode as string)
    ) return `has an "audit" without a mode of block, warn or off`;
    const findings = audit.findings as Record<string, unknown> | undefined;
    if (
      findings !== undefined &&
      (typeof findings !== "object" || findings === null ||
        !Object.entries(findings).every(([k, v]) =>
          ["critical", "high", "medium", "low"].includes(k) &&
          Number.isSafeInteger(v) && (v as number) >= 0
        ))
    ) return `has "audit.findings" that are not counts by severity`;
  }
  if (e.targets !== undefined) {
    if (!Array.isArray(e.targets)) return `has "targets" that is not a list`;
    for (const target of e.targets) {
      const problem = targetProblem(target, root);
      if (problem !== undefined) return problem;
    }
  }
  for (const [path, digest] of Object.entries(e.files)) {
    if (normalizeAssetPath(path) !== path || path.split("/").includes(".git")) {
      return `lists the file ${
        JSON.stringify(path)
      }, which is not a normalized relative path inside the skill`;
    }
    if (typeof digest !== "string" || !DIGEST.test(digest)) {
      return `has a hash for ${
        JSON.stringify(path)
      } that is not sha256-<64 hex digits>`;
    }
  }
  return undefined;
}

/** Whether `value` is a URL the web client may fetch (HTTPS, or HTTP to a loopback host). */
function isFetchableUrl(value: unknown): boolean {
  const url = typeof value === "string" ? URL.parse(value) : null;
  if (url === null) return false;
  try {
    assertWebUrl(url);
    return true;
  } catch {
    return false;
  }
}

/** The website fields of an entry: a fetchable index URL as `source`, `url` and `digest` only for websites. */
function webFieldsProblem(e: Record<string, unknown>): string | undefined {
  if (e.kind !== "web") {
    return e.url !== undefined || e.digest !== undefined
      ? `has a "url" or "digest" but is not a website source`
      : undefined;
  }
  if (!isFetchableUrl(e.source)) {
    return `has a "source" that is not an HTTPS URL (or HTTP to a loopback host)`;
  }
  if (e.url !== undefined && !isFetchableUrl(e.url)) {
    return `has a "url" that is not an HTTPS URL (or HTTP to a loopback host)`;
  }
  if (e.digest !== undefined && !isDigest(e.digest)) {
    return `has a "digest" that is not sha256:<64 hex digits>`;
  }
  return undefined;
}

/**
 * Reads `skills.lock` of a skills directory (an empty lockfile when absent).
 * Every key must be a valid skill name and every entry must pass
 * {@linkcode lockEntryProblem}: keys become paths, so one bad key rejects
 * the whole file and nothing is done on its word.
 *
 * @param dir The skills directory.
 * @returns The lockfile.
 * @throws {InstallError} `lockfile-invalid` when it exists but is not a valid
 *   lockfile; `state-file-invalid` when it is not a regular file or too large.
 */
export function readLockfileSync(dir: string): Lockfile {
  const path = join(dir, LOCKFILE);
  const text = readStateFileSync(path, MAX_LOCKFILE_BYTES);
  if (text === undefined) {
    return { lockfileVersion: LOCKFILE_VERSION, skills: Object.create(null) };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw invalidLock(
      `${path} is not valid JSON: ${(error as Error).message}`,
    );
  }
  const lock = data as Partial<Lockfile>;
  if (
    typeof data !== "object" || data === null || Array.isArray(data) ||
    lock.lockfileVersion !== LOCKFILE_VERSION ||
    typeof lock.skills !== "object" || lock.skills === null ||
    Array.isArray(lock.skills)
  ) {
    throw invalidLock(
      `${path} is not a version ${LOCKFILE_VERSION} skills lockfile`,
    );
  }
  const skills: Record<string, LockEntry> = Object.create(null);
  for (const [name, entry] of Object.entries(lock.skills)) {
    if (!isValidSkillName(name)) {
      throw invalidLock(
        `${path} lists ${
          JSON.stringify(name)
        }, which is not a valid skill name`,
      );
    }
    const problem = lockEntryProblem(entry, dir);
    if (problem !== undefined) {
      throw invalidLock(`${path}: the entry of "${name}" ${problem}`);
    }
    skills[name] = entry as LockEntry;
  }
  return { lockfileVersion: LOCKFILE_VERSION, skills };
}

/** A `lockfile-invalid` error: what is wrong, that nothing changed, and how to recover. */
function invalidLock(problem: string): InstallError {
  return new InstallError(
    "lockfile-invalid",
    `${problem}; nothing was changed. Restore the file from version control, or move it aside and install the skills again to record them anew`,
  );
}

/**
 * JSON with object keys sorted at every level, two-space indented, ending
 * in a newline — stable diffs.
 *
 * @param value The value.
 * @returns The JSON text.
 */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v === "object" && v !== null) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v).sort()) {
        out[key] = sort((v as Record<string, unknown>)[key]);
      }
      return out;
    }
    return v;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/**
 * Writes a file atomically: a temporary file in the same directory (a
 * tagged working name, see `owner.ts`), flushed to disk, then renamed over
 * the target.
 *
 * @param dir The skills directory.
 * @param identity The directory's identity.
 * @param name The target's name inside `dir`.
 * @param text The content.
 */
export function writeAtomicSync(
  dir: string,
  identity: DirIdentity,
  name: string,
  text: string,
): void {
  writeViaTempSync(
    join(dir, workName(identity, "tmp")),
    join(dir, name),
    new TextEncoder().encode(text),
  );
}

/**
 * Writes the lockfile atomically.
 *
 * @param dir The skills directory.
 * @param identity The directory's identity.
 * @param lock The lockfile.
 */
export function writeLockfileSync(
  dir: string,
  identity: DirIdentity,
  lock: Lockfile,
): void {
  writeAtomicSync(dir, identity, LOCKFILE, stableJson(lock));
}
