// Copyright 2026 the skillscope authors. MIT license.
/**
 * Checking installed skills against their sources without changing
 * anything: is there an update, is the source reachable, was the installed
 * copy edited?
 *
 * @module
 */
import { join, resolve } from "../shared/path.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { InstallError } from "./errors.ts";
import { treeHash } from "./hash.ts";
import { readLockfileSync } from "./lockfile.ts";
import type { LockEntry } from "./lockfile.ts";
import { parseInstallSource, stripCredentials } from "./install_source.ts";
import { fetchGit } from "./fetch_git.ts";
import { latestWebOf, type WebIndexes } from "./fetch_web.ts";
import { commandDeadline } from "./web_source.ts";
import { locateSkill } from "./locate_skill.ts";
import { copyTree } from "./copy_tree.ts";
import { type CommonInstallOptions, limitsOf, realFs } from "./options.ts";
import { type FileDrift, verifyOne } from "./verify.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import { messageOf } from "../shared/errors.ts";

/** The state of one installed skill against its source. */
export type CheckStatus =
  | "up-to-date"
  | "update-available"
  | "source-unreachable"
  | "locally-modified";

/** What {@linkcode check} found for one skill. */
export interface SkillCheck {
  /** The skill's name. */
  readonly name: string;
  /**
   * `locally-modified` wins over the source's state (see `updateAvailable`);
   * `source-unreachable` when the source could not be read or fetched.
   */
  readonly status: CheckStatus;
  /** The source, as recorded in the lockfile. */
  readonly source: string;
  /** The locked tree hash. */
  readonly hash: string;
  /**
   * The tree hash the source would install now (when reachable; not for a
   * website whose digest answers the question).
   */
  readonly latestHash?: string;
  /** The locked artifact digest (websites with a v0.2 index). */
  readonly digest?: string;
  /** The digest the website's index publishes now (when reachable). */
  readonly latestDigest?: string;
  /** The locked commit (git sources). */
  readonly commit?: string;
  /** The commit the source's ref points to now (git sources, when reachable). */
  readonly latestCommit?: string;
  /** Whether the source holds different content (when reachable). */
  readonly updateAvailable?: boolean;
  /** The files changed since install (for `locally-modified`). */
  readonly files?: readonly FileDrift[];
  /** Why the source could not be read (for `source-unreachable`). */
  readonly reason?: string;
}

/**
 * For each locked skill (or the named ones), fetches its source and reports
 * whether an update is available, the source is unreachable, or the
 * installed copy was modified. Nothing in the skills directory is written;
 * a git source is fetched into a temporary directory, removed after; of a
 * website with digests, only the index is read and its digest compared
 * with the locked one.
 *
 * @example A source that moved on
 * ```ts
 * import { check, install } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * const skill = (text: string) =>
 *   Deno.writeTextFile(join(source, "SKILL.md"), `---\nname: demo\ndescription: ${text}\n---\n`);
 * await skill("A demo skill");
 * const dir = await Deno.makeTempDir();
 * await install({ source, dir });
 * assert.equal((await check(dir))[0]?.status, "up-to-date");
 * await skill("A demo skill, improved");
 * assert.equal((await check(dir))[0]?.status, "update-available");
 * ```
 *
 * @param dir The skills directory.
 * @param names Skills to check; omitted or empty = every locked skill.
 * @param options Git runner, timeouts, size caps; `commandDeadline`: the
 *   deadline of a command spanning several skills directories.
 * @returns One result per skill, in name order.
 * @throws {InstallError} `not-installed` for a name not in the lockfile.
 */
export async function check(
  dir: string,
  names: readonly string[] = [],
  options: CommonInstallOptions & {
    commandDeadline?: AbortSignal | undefined;
  } = {},
): Promise<SkillCheck[]> {
  await loadYamlParser(); // sources are searched synchronously
  const root = resolve(dir);
  assertReadPermission(root);
  const lock = readLockfileSync(root);
  const wanted = names.length === 0 ? Object.keys(lock.skills).sort() : [
    ...new Set(names),
  ].sort();
  for (const name of wanted) {
    if (!Object.hasOwn(lock.skills, name)) {
      throw new InstallError(
        "not-installed",
        `No skill "${name}" is recorded in ${join(root, "skills.lock")}`,
      );
    }
  }
  const results: SkillCheck[] = [];
  // Skills from one website share one index request, and every web request
  // of the command one deadline.
  const indexes: WebIndexes = new Map();
  using timed = commandDeadline(
    options,
    `Checking ${wanted.length} skill${wanted.length === 1 ? "" : "s"}`,
  );
  for (const [i, name] of wanted.entries()) {
    options.onProgress?.(`Checking ${name} (${i + 1}/${wanted.length})…`);
    results.push(
      await checkOne(root, name, lock.skills[name]!, timed, indexes),
    );
  }
  return results;
}

async function checkOne(
  root: string,
  name: string,
  entry: LockEntry,
  options: CommonInstallOptions,
  indexes: WebIndexes,
): Promise<SkillCheck> {
  const base = {
    name,
    source: entry.source,
    hash: entry.hash,
    ...(entry.commit === undefined ? {} : { commit: entry.commit }),
    ...(entry.digest === undefined ? {} : { digest: entry.digest }),
  };
  const drift = verifyOne(root, name, entry);
  const modified = drift.status === "ok" ? undefined : drift.files;
  let latest: { hash?: string; commit?: string; digest?: string };
  try {
    latest = await latestOf(
      entry,
      name,
      Deno.realPathSync(root),
      options,
      indexes,
    );
  } catch (error) {
    return {
      ...base,
      status: "source-unreachable",
      reason: stripCredentials(
        messageOf(error),
      ),
      ...(modified === undefined ? {} : { files: modified }),
    };
  }
  const updateAvailable =
    latest.digest !== undefined && entry.digest !== undefined
      ? latest.digest !== entry.digest
      : latest.hash !== entry.hash;
  return {
    ...base,
    status: modified !== undefined
      ? "locally-modified"
      : updateAvailable
      ? "update-available"
      : "up-to-date",
    ...(latest.hash === undefined ? {} : { latestHash: latest.hash }),
    ...(latest.digest === undefined ? {} : { latestDigest: latest.digest }),
    ...(latest.commit === undefined ? {} : { latestCommit: latest.commit }),
    updateAvailable,
    ...(modified === undefined ? {} : { files: modified }),
  };
}

/** The tree hash (and commit, or digest) the entry's source would install now. */
async function latestOf(
  entry: LockEntry,
  name: string,
  skip: string,
  options: CommonInstallOptions,
  indexes: WebIndexes,
): Promise<{ hash?: string; commit?: string; digest?: string }> {
  const hashOf = (sourceRoot: string) => {
    const skillDir = locateSkill(sourceRoot, entry.skill, entry.source);
    const files = copyTree(skillDir, undefined, {
      fs: options.fs ?? realFs,
      progress: () => {},
      touch: () => {},
      skip, // as install: a source holding the skills directory skips it
      ...limitsOf(options),
      what: `"${name}" from ${entry.source}`,
    });
    return treeHash(files).hash;
  };
  if (entry.kind === "web") {
    return await latestWebOf(entry, name, { ...options, indexes }, hashOf);
  }
  const parsed = parseInstallSource(entry.source);
  if (parsed.kind === "local") {
    assertReadPermission(parsed.path);
    return { hash: hashOf(parsed.path) };
  }
  const work = await Deno.makeTempDir({ prefix: "skillscope-check-" });
  try {
    const clone = join(work, "clone");
    const commit = await fetchGit(parsed, clone, options);
    const sourceRoot = parsed.subpath === undefined
      ? clone
      : join(clone, parsed.subpath);
    return { hash: hashOf(sourceRoot), commit };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}
